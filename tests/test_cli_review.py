"""`agent-avenue review [GAME] [--seat S] [--json]`: the text, the JSON, the stored review used
again, and bad input as one sentence with exit status 2 (no traceback)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from agent_avenue import storage
from agent_avenue.cli import main
from agent_avenue.data import default_rules
from agent_avenue.engine import GameRecord, Mode
from agent_avenue.storage import HUMAN, game_file_text, record_finished
from agent_avenue.storage.reviews import review_path
from bot_games import bot_game
from test_cli_storage import one_line_error, random_record

RULES = default_rules()
FAST = ["--iterations", "16"]


def greedy_record(seed: int, mode: Mode = Mode.ADVANCED) -> GameRecord:
    """A finished duel between greedy bots (it gives marked decisions to review)."""
    return bot_game(mode, seed, first=0, names=("Ada", "Bob"))


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A data folder holding one finished game, chosen with AGENT_AVENUE_HOME."""
    folder = tmp_path / "home"
    monkeypatch.setenv(storage.HOME_ENV, str(folder))
    record_finished(greedy_record(3), (HUMAN, HUMAN))
    return folder


def test_review_last_prints_accuracies_the_marked_decisions_and_a_plot(
    home: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "150")
    assert main(["review", "last", *FAST]) == 0
    out, err = capsys.readouterr()
    assert err == ""  # no progress line when stderr is not a terminal
    assert out.startswith("Review of Ada vs Bob, Advanced mode:")
    assert "Ada: accuracy " in out and "Bob: accuracy " in out
    assert "Decisions that gave up winning chance" in out
    assert "Winning chance over the game" in out and "move" in out
    assert "\x1b[" not in out  # no colour codes when stdout is not a terminal


def test_review_json_has_every_decision_and_the_curves(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["review", *FAST, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["game"]["names"] == ["Ada", "Bob"] and data["game"]["mode"] == "advanced"
    assert data["thresholds"] == {"inaccuracy": 10.0, "mistake": 20.0, "blunder": 30.0}
    assert {seat["seat"] for seat in data["seats"]} == {0, 1}
    decisions = data["decisions"]
    assert decisions and all(0 <= d["chance_taken"] <= 1 for d in decisions)
    marked = [d for d in decisions if d["mark"] != "none"]
    assert marked and all(d["why"] for d in marked)
    assert all(d["why"] is None for d in decisions if d["mark"] == "none")
    assert set(data["curves"]) == {"0", "1"}
    last = len(greedy_record(3).moves)
    winner = data["game"]["winner"]
    assert data["curves"][str(winner)][-1] == [last, 1.0]


def test_review_of_one_seat_and_the_stored_review_used_again(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["review", "1", *FAST, "--json"]) == 0
    both = json.loads(capsys.readouterr().out)
    path = review_path(greedy_record(3), home)
    stamp = path.stat().st_mtime_ns
    assert main(["review", "1", *FAST, "--json", "--seat", "1"]) == 0
    one = json.loads(capsys.readouterr().out)
    assert path.stat().st_mtime_ns == stamp  # read, not computed again
    assert [s["seat"] for s in one["seats"]] == [1]
    assert one["decisions"] == [d for d in both["decisions"] if d["seat"] == 1]


def test_review_of_a_game_file(
    home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.json"
    path.write_text(game_file_text(greedy_record(5, Mode.SIMPLE)), encoding="utf-8")
    assert main(["review", str(path), *FAST, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["game"]["mode"] == "simple"


@pytest.mark.parametrize(
    ("arguments", "words"),
    [
        (["7"], "7"),
        (["/no/such/game.json"], "game.json"),
        (["last", "--seat", "3"], "no seat 3"),
        (["last", "--seat", "-1"], "no seat -1"),
        (["last", "--iterations", "0"], "--iterations"),
        (["last", "--seat", "green"], "green"),
    ],
)
def test_bad_input_is_one_sentence_and_exit_2(
    home: Path, capsys: pytest.CaptureFixture[str], arguments: list[str], words: str
) -> None:
    assert main(["review", *arguments]) == 2
    assert words in one_line_error(capsys)


def test_no_game_and_an_unfinished_game_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(storage.HOME_ENV, str(tmp_path / "empty"))
    assert main(["review"]) == 2
    one_line_error(capsys)
    path = tmp_path / "part.json"
    path.write_text(
        game_file_text(random_record(9, finish=False, moves=3), allow_unfinished=True), "utf-8"
    )
    assert main(["review", str(path)]) == 2
    assert "not finished" in one_line_error(capsys)


def test_ctrl_c_during_a_review_stops_it_in_one_line(
    home: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from agent_avenue.cli import review as review_command

    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(review_command, "stored_or_new", interrupted)
    assert main(["review", *FAST]) == 130
    out, err = capsys.readouterr()
    assert out == "" and err == "Review interrupted: nothing was stored.\n"
    assert not review_path(greedy_record(3), home).exists()


def test_iterations_scale_the_whole_budget_as_the_default_is_proportioned() -> None:
    """--iterations N: N/2 playouts for the two actions compared and N more for each candidate
    of a doubtful decision, as the default's 500, 250 and 500 (a small N stays quick)."""
    from agent_avenue.cli.review import _budget
    from agent_avenue.teaching.review_judge import ReviewBudget

    default = ReviewBudget()
    assert (default.iterations, default.playouts, default.refine_playouts) == (500, 250, 500)
    small = _budget(16)
    assert (small.iterations, small.playouts, small.refine_playouts) == (16, 8, 16)
    assert _budget(None) == default
