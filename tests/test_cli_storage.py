"""The command line's stored-game commands: resume, history, export, replay, referee --game."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from agent_avenue import storage
from agent_avenue.cli import commands as cli
from agent_avenue.cli import main
from agent_avenue.data import default_rules
from agent_avenue.engine import Mode, Rules, apply, format_action, legal_actions, new_game
from agent_avenue.play.session import GameRecord
from agent_avenue.storage import HUMAN, game_file_text, record_finished, replay_states, save_game

RULES = default_rules()
PLAYERS = (HUMAN, "bot:normal")


def one_line_error(capsys: pytest.CaptureFixture[str]) -> str:
    """The single stderr line of a refused command (nothing may reach stdout)."""
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith("agent-avenue: ")
    assert err.endswith(".\n")
    assert err.count("\n") == 1
    assert "Traceback" not in err
    return err


def random_record(seed: int, *, finish: bool = True, moves: int = 0) -> GameRecord:
    """A game of random legal moves: to its end, or `moves` long."""
    state = new_game(RULES, Mode.SIMPLE, seed, 0)
    rng = random.Random(seed)
    played: list[str] = []
    while not state.is_over and (finish or len(played) < moves):
        action = rng.choice(legal_actions(state))
        played.append(format_action(action))
        state = apply(state, action)
    return GameRecord(Mode.SIMPLE, seed, 0, ("Ada", "Bob"), tuple(played), RULES.version)


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty data folder, chosen with AGENT_AVENUE_HOME."""
    folder = tmp_path / "home"
    monkeypatch.setenv(storage.HOME_ENV, str(folder))
    return folder


@pytest.fixture
def fake_app(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """A stand-in for the terminal app: each call's keyword arguments are recorded."""
    calls: list[dict[str, Any]] = []

    def run_app(**kwargs: Any) -> int:
        """Record the call instead of running the app."""
        calls.append(kwargs)
        return 0

    monkeypatch.setattr(cli, "_load_run_app", lambda: run_app)
    return calls


# Help ------------------------------------------------------------------------------------------


def test_help_lists_the_new_commands(capsys: pytest.CaptureFixture[str]) -> None:
    """`--help` names every command."""
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    for word in ("resume", "history", "export", "replay"):
        assert word in out


@pytest.mark.parametrize(
    ("command", "options"),
    [
        (["resume"], []),
        (["history"], ["--json"]),
        (["export"], ["GAME", "OUT", "--force"]),
        (["replay"], ["GAME"]),
        (["referee"], ["--game"]),
    ],
)
def test_command_help_lists_every_option(
    capsys: pytest.CaptureFixture[str], command: list[str], options: list[str]
) -> None:
    """Each command's `--help` lists its options."""
    assert main([*command, "--help"]) == 0
    out = capsys.readouterr().out
    for option in options:
        assert option in out


# resume ----------------------------------------------------------------------------------------


def test_resume_without_a_saved_game(
    home: Path, capsys: pytest.CaptureFixture[str], fake_app: list[dict[str, Any]]
) -> None:
    """Nothing to resume: one sentence, exit 2, and the app never starts."""
    assert main(["resume"]) == 2
    assert "no saved game to resume" in one_line_error(capsys)
    assert fake_app == []


def test_resume_with_a_bad_save(
    home: Path, capsys: pytest.CaptureFixture[str], fake_app: list[dict[str, Any]]
) -> None:
    """A broken save: one sentence naming it, exit 2; the file is set aside, not lost."""
    path = storage.save_path()
    path.parent.mkdir(parents=True)
    path.write_text("[]", encoding="utf-8")
    assert main(["resume"]) == 2
    err = one_line_error(capsys)
    assert str(path) in err and "set aside" in err
    assert not path.exists()
    (aside,) = path.parent.glob("save.json.bad-*")
    assert aside.read_text(encoding="utf-8") == "[]"
    assert fake_app == []


@pytest.mark.parametrize(
    ("code", "words"),
    [("fr", "n'est pas une partie enregistrée"), ("es", "no es una partida guardada")],
)
def test_resume_with_a_bad_save_speaks_the_chosen_language(
    home: Path,
    capsys: pytest.CaptureFixture[str],
    fake_app: list[dict[str, Any]],
    code: str,
    words: str,
) -> None:
    """`--lang` translates the sentence about a broken save; the path is in it as it is."""
    path = storage.save_path()
    path.parent.mkdir(parents=True)
    path.write_text("[]", encoding="utf-8")
    assert main(["--lang", code, "resume"]) == 2
    err = one_line_error(capsys)
    assert str(path) in err and words in err
    assert "set aside" not in err and "saved game" not in err
    (aside,) = path.parent.glob("save.json.bad-*")
    assert aside.name in err
    assert fake_app == []


def test_resume_starts_the_app_in_resume_mode(home: Path, fake_app: list[dict[str, Any]]) -> None:
    """With a saved game, `resume` runs the app with resume=True."""
    save_game(random_record(3, finish=False, moves=4), (HUMAN, HUMAN))
    assert main(["resume"]) == 0
    assert len(fake_app) == 1
    call = fake_app[0]
    assert isinstance(call.pop("rules"), Rules)
    assert call == {"resume": True}


# history ---------------------------------------------------------------------------------------


def test_history_json(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`history --json`: the games, most recent first, and the totals, for scripts."""
    assert main(["history", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == []
    first = record_finished(random_record(1), PLAYERS)
    second = record_finished(random_record(2), PLAYERS)
    assert main(["history", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    games = data["games"]
    assert [g["game"] for g in games] == [second.game_id, first.game_id]
    assert games[0]["number"] == 1
    assert games[0]["names"] == ["Ada", "Bob"]
    assert games[0]["players"] == ["human", "bot:normal"]
    assert "moves" not in games[0] and "seed" not in games[0]  # public facts only
    assert sum(p["games"] for p in data["totals"]["players"]) == 4


def test_history_table(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`history` prints the tables with the totals."""
    record_finished(random_record(1), PLAYERS)
    assert main(["history"]) == 0
    out = capsys.readouterr().out
    assert "Finished games" in out and "Totals per player" in out
    assert "Ada" in out and "Bob (bot, normal)" in out


def test_history_table_names_both_players_on_one_line(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The players' column reads "Ada vs Bob", not one name stacked above the other."""
    record_finished(random_record(1), (HUMAN, HUMAN))
    assert main(["history"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert any("Ada vs Bob" in line for line in lines)
    assert any("Players" in line for line in lines)
    assert not any(line.split() == ["Blue"] for line in lines)  # no header cell broken in two


def test_a_bad_score_sheet_is_reported_and_set_aside(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A broken score sheet: one sentence, exit 2, the file set aside."""
    path = storage.history_path()
    path.parent.mkdir(parents=True)
    path.write_text("{", encoding="utf-8")
    assert main(["history", "--json"]) == 2
    assert "set aside" in one_line_error(capsys)
    assert not path.exists()
    assert len(list(path.parent.glob("history.json.bad-*"))) == 1


# export and referee --game ---------------------------------------------------------------------


def test_export_then_referee_reads_the_game(
    home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An exported game replays in the referee to the same final position."""
    record = random_record(7)
    record_finished(record, PLAYERS)
    out = tmp_path / "game.json"
    assert main(["export", "last", str(out)]) == 0
    assert str(out) in capsys.readouterr().out
    assert main(["referee", "--game", str(out)]) == 0
    report = json.loads(capsys.readouterr().out)
    final = replay_states(record)[-1]
    assert final.result is not None
    assert report["winner"] == final.result.winner
    assert report["turn"] == final.turn
    assert report["legal"] == []


def test_referee_game_with_more_moves(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """--moves apply after the game file's moves (an unfinished exported game)."""
    record = random_record(9, finish=False, moves=2)
    path = tmp_path / "part.json"
    path.write_text(game_file_text(record, allow_unfinished=True), encoding="utf-8")
    assert main(["referee", "--game", str(path)]) == 0
    report = json.loads(capsys.readouterr().out)
    move = report["legal"][0]
    assert main(["referee", "--game", str(path), "--moves", move]) == 0
    after = json.loads(capsys.readouterr().out)
    assert after != report


@pytest.mark.parametrize("option", [["--seed", "3"], ["--mode", "advanced"], ["--scenario", "x"]])
def test_referee_game_excludes_other_starts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], option: list[str]
) -> None:
    """--game sets up the whole game: --scenario and the new-game options are refused."""
    assert main(["referee", "--game", str(tmp_path / "g.json"), *option]) == 2
    assert "--game cannot be combined with" in one_line_error(capsys)


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (None, "does not exist"),
        ("not json", "game file"),
        ('{"format": "agent-avenue-save", "version": 1}', "game file"),
    ],
)
def test_referee_with_a_bad_game_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str | None, expected: str
) -> None:
    """A missing or bad game file: one sentence, exit 2, and the file left as it is."""
    path = tmp_path / "bad.json"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    assert main(["referee", "--game", str(path)]) == 2
    assert expected in one_line_error(capsys)
    if content is not None:
        assert path.read_text(encoding="utf-8") == content


def test_export_refuses_to_overwrite(
    home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An existing OUT is never replaced without --force."""
    record_finished(random_record(7), PLAYERS)
    out = tmp_path / "game.json"
    out.write_text("mine", encoding="utf-8")
    assert main(["export", "1", str(out)]) == 2
    assert "already exists" in one_line_error(capsys)
    assert out.read_text(encoding="utf-8") == "mine"


# replay ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("game", ["7", "20240101-000000-abcdef", "no-such-file.json", "last"])
def test_replay_of_an_unknown_game(
    home: Path,
    capsys: pytest.CaptureFixture[str],
    fake_app: list[dict[str, Any]],
    game: str,
) -> None:
    """An unknown GAME (number, id, path, or none recorded): one sentence, exit 2, no app."""
    assert main(["replay", game]) == 2
    one_line_error(capsys)
    assert fake_app == []


def test_replay_of_a_bad_game_file(
    home: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    fake_app: list[dict[str, Any]],
) -> None:
    """A game file that is not one: one sentence naming it, exit 2, the file untouched."""
    path = tmp_path / "bad.json"
    path.write_text('{"format": "agent-avenue-game"}', encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    assert str(path) in one_line_error(capsys)
    assert path.read_text(encoding="utf-8") == '{"format": "agent-avenue-game"}'
    assert fake_app == []


def test_replay_refuses_an_unfinished_game(
    home: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    fake_app: list[dict[str, Any]],
) -> None:
    """A replay reveals every hand, so a game that has not ended is refused."""
    path = tmp_path / "part.json"
    record = random_record(9, finish=False, moves=3)
    path.write_text(game_file_text(record, allow_unfinished=True), encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    assert "not finished" in one_line_error(capsys)
    assert fake_app == []


def test_replay_runs_the_app_with_the_game(
    home: Path, tmp_path: Path, fake_app: list[dict[str, Any]]
) -> None:
    """`replay` (the last game by default) and `replay FILE` run the app in replay mode."""
    record = random_record(11)
    record_finished(record, PLAYERS)
    assert main(["replay"]) == 0
    out = tmp_path / "game.json"
    assert main(["export", "1", str(out)]) == 0
    assert main(["replay", str(out)]) == 0
    assert len(fake_app) == 2
    for call in fake_app:
        assert isinstance(call.pop("rules"), Rules)
        assert call == {"replay": record}


@pytest.mark.parametrize("players", [3, 4])
def test_export_then_referee_reads_a_team_game(
    home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], players: int
) -> None:
    """An exported 3- or 4-player game replays in the referee to the same final position."""
    rng = random.Random(players)
    state = new_game(RULES, Mode.ADVANCED, 5, 1, players=players)
    played: list[str] = []
    while not state.is_over:
        action = rng.choice(legal_actions(state))
        played.append(format_action(action))
        state = apply(state, action)
    names = ("Ada", "Bob", "Cid", "Dee")[:players]
    record = GameRecord(Mode.ADVANCED, 5, 1, names, tuple(played), RULES.version, players)
    record_finished(record, (HUMAN,) * players)
    out = tmp_path / "team.json"
    assert main(["export", "last", str(out)]) == 0
    capsys.readouterr()
    assert main(["referee", "--game", str(out)]) == 0
    report = json.loads(capsys.readouterr().out)
    assert state.result is not None
    assert report["players"] == players
    assert report["winner"] == state.result.winner
    assert report["turn"] == state.turn
    assert report["legal"] == []
