"""The command line and the computer: `play --vs bot[:level] [--seat]` and `simulate`."""

from __future__ import annotations

import re
from typing import Any

import pytest

from agent_avenue.cli import commands as cli
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

    monkeypatch.setattr(cli, "_load_run_app", lambda: run_app)
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
        (["play", "--vs", "human,robot"], "argument --vs: 'robot' is not an opponent"),
        (["play", "--vs", "human,"], "argument --vs: '' is not an opponent"),
        (["play", "--players", "4", "--vs", "human,bot"], "names 2 seats but the game has 4"),
        (["play", "--vs", "human,bot,human"], "names 3 seats but the game has 2 players"),
        (["play", "--players", "3", "--vs", "bot,bot,bot:easy"], "leaves no seat to a person"),
        (["play", "--vs", "human,bot", "--seat", "blue"], "--seat is not needed"),
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


@pytest.mark.parametrize(
    ("argv", "opponent", "seat"),
    [
        (["--players", "3", "--vs", "bot"], "bot:normal", 0),
        (["--players", "4", "--vs", "bot:hard", "--seat", "blue"], "bot:hard", 1),
    ],
)
def test_the_computer_takes_a_whole_side_of_a_team_game(
    app_calls: list[dict[str, Any]], argv: list[str], opponent: str, seat: int
) -> None:
    """`--players 3|4 --vs bot[:level]`: the computer plays the other side; --seat the people's."""
    assert main(["play", *argv]) == 0
    call = app_calls[0]
    assert (call["opponent"], call["seat"], call["kinds"]) == (opponent, seat, None)


@pytest.mark.parametrize(
    ("argv", "kinds", "opponent"),
    [
        (
            ["--players", "4", "--vs", "human,bot:hard,human,human"],
            ("human", "bot:hard", "human", "human"),
            "bot:hard",
        ),
        (
            ["--players", "3", "--vs", "Bot, human ,human"],
            ("bot:normal", "human", "human"),
            "bot:normal",
        ),
        (["--vs", "bot:easy,human"], ("bot:easy", "human"), "bot:easy"),
        (["--players", "3", "--vs", "human,human,human"], ("human", "human", "human"), "human"),
    ],
)
def test_one_kind_per_seat(
    app_calls: list[dict[str, Any]], argv: list[str], kinds: tuple[str, ...], opponent: str
) -> None:
    """A comma-separated --vs gives each seat, in seat order, to a person or the computer."""
    assert main(["play", *argv]) == 0
    call = app_calls[0]
    assert call["kinds"] == kinds
    assert call["opponent"] == opponent


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("fr", "--vs human,bot:normal nomme 2 places mais la partie compte 4 joueurs"),
        ("nl", "--vs human,bot:normal noemt 2 plaatsen maar het spel heeft 4 spelers"),
        ("es", "--vs human,bot:normal nombra 2 asientos pero la partida tiene 4 jugadores"),
    ],
)
def test_a_wrong_seat_list_is_refused_in_the_chosen_language(
    capsys: pytest.CaptureFixture[str], lang: str, expected: str
) -> None:
    """The count refusal is one translated sentence."""
    assert main(["play", "--lang", lang, "--players", "4", "--vs", "human,bot"]) == 2
    assert expected in one_line_error(capsys)


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
    import agent_avenue.cli.simulate as simulate

    seen: list[Any] = []
    monkeypatch.setattr(simulate, "simulate_command", lambda args: seen.append(args) or 0)
    argv = ["simulate", "--games", "2000", "--mode", "advanced", "search", "greedy"]
    assert main(argv) == 0
    args = seen[0]
    assert (args.games, args.mode, args.bot_a, args.bot_b) == (2000, "advanced", "search", "greedy")
    assert args.workers is None and args.seed == 0


ENGLISH_WORDS = re.compile(
    r"(?<![-\w])(games?|wins?|interval|average|length|speed|seed|workers?|turns|default|opponent|"
    r"against|decisions?|measure|value|wall|how|ended|show|help message)\b",
    re.IGNORECASE,
)
"""English words of simulate's help and table a French screen must not show (option names aside)."""


def test_simulate_help_and_results_are_in_french(capsys: pytest.CaptureFixture[str]) -> None:
    """`--lang fr`: the options' help, the errors and the results table are all French."""
    assert main(["simulate", "--lang", "fr", "--help"]) == 0
    out = capsys.readouterr().out
    assert "parties à jouer" in out and "ROBOT_A" in out and "processus de calcul" in out
    assert ENGLISH_WORDS.findall(out) == []
    assert main(["simulate", "--lang", "fr", "--games", "0", "greedy", "random"]) == 2
    assert "0 est trop petit" in one_line_error(capsys)
    assert main(["simulate", "--lang", "fr", "greedy", "nobody"]) == 2
    assert "bot inconnu « nobody »" in one_line_error(capsys)
    argv = ["simulate", "--lang", "fr", "--games", "4", "--workers", "1", "--seed", "3"]
    assert main([*argv, "greedy", "random"]) == 0
    out = capsys.readouterr().out
    for words in ("greedy contre random", "Victoires de greedy", "intervalle", "Fins de partie"):
        assert words in out
    assert ENGLISH_WORDS.findall(out) == []
