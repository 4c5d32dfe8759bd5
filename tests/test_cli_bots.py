"""The command line and the computer: `play --vs bot[:level] [--seat]` and `simulate`."""

from __future__ import annotations

import sys
import types
from typing import Any

import pytest

from agent_avenue import cli
from agent_avenue.cli import main


def one_line_error(capsys: pytest.CaptureFixture[str]) -> str:
    """The single stderr line of a refused command (nothing on stdout, no traceback)."""
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith("agent-avenue: ")
    assert err.endswith(".\n")
    assert err.count("\n") == 1
    assert "Traceback" not in err
    return err


@pytest.fixture
def app_calls(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """The keyword arguments of every run_app call (a stand-in app records them)."""
    calls: list[dict[str, Any]] = []

    def run_app(**kwargs: Any) -> int:
        """A stand-in for the app that records how it was called."""
        kwargs.pop("rules")
        calls.append(kwargs)
        return 0

    fake = types.ModuleType("agent_avenue.ui.fake_app")
    fake.run_app = run_app  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "agent_avenue.ui.fake_app", fake)
    monkeypatch.setattr(cli, "APP_MODULE", "agent_avenue.ui.fake_app")
    return calls


@pytest.mark.parametrize(
    ("argv", "opponent", "seat"),
    [
        ([], "human", 0),
        (["--vs", "human"], "human", 0),
        (["--vs", "bot"], "bot:normal", 0),
        (["--vs", "bot:easy"], "bot:easy", 0),
        (["--vs", "BOT:Hard"], "bot:hard", 0),
        (["--vs", "bot:normal", "--seat", "blue"], "bot:normal", 1),
        (["--vs", "bot", "--seat", "green"], "bot:normal", 0),
    ],
)
def test_play_vs(
    app_calls: list[dict[str, Any]], argv: list[str], opponent: str, seat: int
) -> None:
    """--vs names the opponent as saves spell it; --seat is the person's colour."""
    assert main(["play", *argv]) == 0
    assert (app_calls[0]["opponent"], app_calls[0]["seat"]) == (opponent, seat)


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["play", "--vs", "robot"], "argument --vs: 'robot' is not an opponent"),
        (["play", "--vs", "bot:expert"], "argument --vs: 'bot:expert' is not an opponent"),
        (["play", "--vs", "search"], "'search' is not an opponent"),
        (["play", "--seat", "blue"], "--seat chooses your colour against the computer"),
        (["play", "--vs", "bot", "--seat", "red"], "argument --seat: invalid choice: 'red'"),
        (["play", "--vs", "bot", "--players", "3"], "two-player games only for now"),
        (["simulate", "greedy", "nobody"], "argument BOT_B: unknown bot 'nobody'"),
        (["simulate", "--games", "0", "greedy", "random"], "argument --games: 0 is too small"),
        (["simulate", "--games", "-4", "greedy", "random"], "argument --games: -4 is too small"),
        (["simulate", "--games", "many", "greedy", "random"], "'many' is not a whole number"),
        (["simulate", "--mode", "hard", "greedy", "random"], "argument --mode: invalid choice"),
        (["simulate", "greedy"], "the following arguments are required: BOT_B"),
        (["simulate", "--workers", "0", "greedy", "random"], "argument --workers: 0 is too"),
    ],
)
def test_bad_arguments(
    capsys: pytest.CaptureFixture[str],
    app_calls: list[dict[str, Any]],
    argv: list[str],
    expected: str,
) -> None:
    """A bad opponent, seat or simulation: exit 2, one sentence, no app, no traceback."""
    assert main(argv) == 2
    assert expected in one_line_error(capsys)
    assert app_calls == []


def test_an_unknown_opponent_is_refused_in_the_chosen_language(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The refusal is in the language of --lang."""
    assert main(["play", "--lang", "fr", "--vs", "robot"]) == 2
    assert "« robot » n'est pas un adversaire" in one_line_error(capsys)


def test_help_lists_the_new_options(capsys: pytest.CaptureFixture[str]) -> None:
    """`play --help` shows --vs and --seat; the main help lists simulate."""
    assert main(["play", "--help"]) == 0
    out = capsys.readouterr().out
    assert "--vs" in out and "--seat" in out
    assert main(["--help"]) == 0
    assert "simulate" in capsys.readouterr().out
    assert main(["simulate", "--help"]) == 0
    out = capsys.readouterr().out
    for option in ("--games", "--mode", "--workers", "--seed", "BOT_A", "BOT_B"):
        assert option in out


def test_simulate_plays_and_prints_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    """`simulate` plays seat-balanced games and prints the results table on stdout."""
    argv = ["simulate", "--games", "4", "--workers", "1", "--seed", "3", "greedy", "random"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "greedy against random" in out
    for measure in ("greedy wins", "random wins", "First player wins", "Average length"):
        assert measure in out
    assert "95 % interval" in out
    assert "How games ended" in out


def test_simulate_uses_simulate_py(monkeypatch: pytest.MonkeyPatch) -> None:
    """The command runs simulate.simulate_command with the parsed arguments (no copy)."""
    import agent_avenue.simulate as simulate

    seen: list[Any] = []
    monkeypatch.setattr(simulate, "simulate_command", lambda args: seen.append(args) or 0)
    argv = ["simulate", "--games", "2000", "--mode", "advanced", "search", "greedy"]
    assert main(argv) == 0
    args = seen[0]
    assert (args.games, args.mode, args.bot_a, args.bot_b) == (2000, "advanced", "search", "greedy")
    assert args.workers is None and args.seed == 0
