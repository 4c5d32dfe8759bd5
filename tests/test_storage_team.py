"""Saves, the score sheet, game files and replays of team games (3 or 4 players), and the old
two-name files next to them."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from rich.console import Console

from agent_avenue import storage
from agent_avenue.cli import history
from agent_avenue.engine import (
    GameState,
    Mode,
    Rules,
    apply,
    format_action,
    legal_actions,
    new_game,
)
from agent_avenue.play import score_sheet
from agent_avenue.play.session import GameRecord
from agent_avenue.storage import StorageError

FOUR = ("Ann", "Bob", "Cid", "Dee")
THREE = ("Ann", "Bob", "Cid")
KINDS = {3: ("human", "bot:easy", "human"), 4: ("human", "human", "bot:normal", "bot:hard")}

SAVE_ID = "20250101-120000-abcdef"
"""One game's save id: these tests look at its file."""


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh data folder set as $AGENT_AVENUE_HOME."""
    folder = tmp_path / "data"
    monkeypatch.setenv(storage.HOME_ENV, str(folder))
    return folder


def team_game(rules: Rules, players: int, seed: int = 3) -> tuple[GameRecord, GameState]:
    """A whole team game of random legal moves, as a record and its final state."""
    rng = random.Random(seed)
    mode = Mode.ADVANCED
    state = new_game(rules, mode, seed, 1, players=players)
    moves: list[str] = []
    while not state.is_over:
        action = rng.choice(legal_actions(state))
        moves.append(format_action(action))
        state = apply(state, action)
    names = FOUR if players == 4 else THREE
    return GameRecord(mode, seed, 1, names, tuple(moves), rules.version, players), state


def cut(record: GameRecord, moves: int) -> GameRecord:
    """The same game after only its first `moves` moves."""
    return GameRecord(
        record.mode,
        record.seed,
        record.first,
        record.names,
        record.moves[:moves],
        record.rules_version,
        record.players,
    )


@pytest.mark.parametrize("players", [3, 4])
def test_a_team_game_is_saved_and_resumed(rules: Rules, players: int) -> None:
    record, _ = team_game(rules, players)
    unfinished = cut(record, len(record.moves) // 2)
    assert storage.save_game(unfinished, KINDS[players], save_id=SAVE_ID) is None
    data = json.loads(storage.save_path(save_id=SAVE_ID).read_text("utf-8"))
    assert data["version"] == 2
    assert data["names"] == list(unfinished.names)
    assert data["players"] == list(KINDS[players])
    loaded, problem = storage.load_save(rules=rules)
    assert problem is None and loaded is not None
    assert loaded.record == unfinished
    assert loaded.record.players == players
    assert loaded.players == KINDS[players]
    # Secrets stay out of the repr (the record holds the moves).
    assert not any(move in repr(loaded) for move in unfinished.moves)


def test_a_duel_is_still_written_in_the_old_format(rules: Rules) -> None:
    """Version 1, two names and two kinds: an older program still reads a duel's save."""
    state = new_game(rules, Mode.SIMPLE, 2, 0)
    move = format_action(legal_actions(state)[0])
    record = GameRecord(Mode.SIMPLE, 2, 0, ("Ada", "Bob"), (move,), rules.version)
    storage.save_game(record, ("human", "bot:easy"), save_id=SAVE_ID)
    data = json.loads(storage.save_path(save_id=SAVE_ID).read_text("utf-8"))
    assert data["version"] == 1 and data["names"] == ["Ada", "Bob"]


def test_an_old_two_name_save_still_loads(rules: Rules) -> None:
    state = new_game(rules, Mode.SIMPLE, 2, 0)
    move = format_action(legal_actions(state)[0])
    old = {
        "format": "agent-avenue-save",
        "version": 1,
        "mode": "simple",
        "seed": 2,
        "first": 0,
        "names": ["Ada", "Bob"],
        "moves": [move],
        "rules_version": rules.version,
        "players": ["human", "human"],
        "saved_at": "2025-01-02T10:30:00+01:00",
    }
    path = storage.save_path(save_id=SAVE_ID)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(old), "utf-8")
    loaded, problem = storage.load_save(rules=rules)
    assert problem is None and loaded is not None
    assert loaded.record.names == ("Ada", "Bob") and loaded.record.players == 2


def test_a_version_1_save_with_four_names_is_set_aside_in_one_sentence(rules: Rules) -> None:
    record, _ = team_game(rules, 4)
    storage.save_game(cut(record, 5), KINDS[4], save_id=SAVE_ID)
    path = storage.save_path(save_id=SAVE_ID)
    data = json.loads(path.read_text("utf-8"))
    data["version"] = 1
    path.write_text(json.dumps(data), "utf-8")
    loaded, problem = storage.load_save(rules=rules)
    assert loaded is None and problem is not None
    assert "\n" not in problem and problem.endswith(".")
    assert "set aside" in problem
    assert not path.exists() and list(path.parent.glob(f"{SAVE_ID}.json.bad-*"))
    # The move texts are secret: never quoted.
    assert record.moves[0] not in problem


def test_a_save_needs_one_kind_per_player(rules: Rules) -> None:
    record, _ = team_game(rules, 4)
    with pytest.raises(StorageError):
        storage.save_game(cut(record, 3), ("human", "human"), save_id=SAVE_ID)


@pytest.mark.parametrize("players", [3, 4])
def test_a_finished_team_game_is_recorded_listed_and_replayed(rules: Rules, players: int) -> None:
    record, final = team_game(rules, players)
    storage.save_game(cut(record, 4), KINDS[players], save_id=SAVE_ID)
    recorded = storage.record_finished(record, KINDS[players], rules=rules)
    assert not storage.save_path(save_id=SAVE_ID).exists()  # the autosave of this game is dropped
    row = recorded.row
    assert final.result is not None
    assert row.winner == final.result.winner
    winners = [record.names[s] for s in range(players) if s % 2 == row.winner]
    assert row.winner_name == " & ".join(winners)
    rows, problem = storage.load_history()
    assert problem is None and rows == [row]
    sheet = json.loads(storage.history_path().read_text("utf-8"))
    assert sheet["version"] == 2
    # The score sheet: each side's players, the winning team's names, each player's totals.
    console = Console(width=200, record=True)
    console.print(score_sheet.render_history(rows))
    text = console.export_text()
    assert "Ann & Cid" in text
    totals = {t.player: t for t in score_sheet.player_totals(rows)}
    for seat, name in enumerate(record.names):
        label = score_sheet.player_label(name, KINDS[players][seat])
        assert totals[label].games == 1
        assert totals[label].wins == (seat % 2 == row.winner)
    assert score_sheet.winner_label(row) == " & ".join(winners)
    # The game file replays to the same end, every state of it.
    stored = storage.find_game("last", rules=rules)
    assert stored.record == record and stored.players == KINDS[players]
    states = storage.replay_states(stored.record, rules=rules)
    assert states[-1] == final
    assert len(states[-1].sides[1].members) == players - 2


def test_a_duel_score_sheet_stays_version_1_until_a_team_game_joins(rules: Rules) -> None:
    state = new_game(rules, Mode.SIMPLE, 0, 0)
    rng = random.Random(0)
    moves = []
    while not state.is_over:
        action = rng.choice(legal_actions(state))
        moves.append(format_action(action))
        state = apply(state, action)
    duel = GameRecord(Mode.SIMPLE, 0, 0, ("Ada", "Bob"), tuple(moves), rules.version)
    storage.record_finished(duel, ("human", "human"), rules=rules)
    assert json.loads(storage.history_path().read_text("utf-8"))["version"] == 1
    team, _ = team_game(rules, 4)
    storage.record_finished(team, KINDS[4], rules=rules)
    assert json.loads(storage.history_path().read_text("utf-8"))["version"] == 2
    rows, problem = storage.load_history()
    assert problem is None and [len(r.names) for r in rows] == [2, 4]


def test_a_team_game_is_exported_and_read_back(rules: Rules, tmp_path: Path) -> None:
    record, _ = team_game(rules, 3)
    path = storage.export_game(record, tmp_path / "game.json", players=KINDS[3])
    stored = storage.read_game_file(path, rules=rules)
    assert stored.record == record and stored.record.players == 3
    with pytest.raises(StorageError, match="not finished"):
        storage.game_file_text(cut(record, 6), players=KINDS[3])


def test_the_history_and_export_commands_handle_team_games(
    rules: Rules, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record, _ = team_game(rules, 4)
    storage.record_finished(record, KINDS[4], rules=rules)
    assert history.main_history(["--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"][0]["names"] == list(FOUR)
    target = tmp_path / "out.json"
    assert history.main_export(["1", str(target)]) == 0
    assert storage.read_game_file(target, rules=rules).record == record
