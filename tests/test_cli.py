"""Tests for the `agent-avenue` command line: help, version, options and every refusal."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from agent_avenue import __version__
from agent_avenue.cli import commands as cli
from agent_avenue.cli import main
from agent_avenue.data import DataError
from agent_avenue.engine import Rules

EXAMPLE = Path(__file__).parent / "scenarios" / "example.toml"


@pytest.fixture
def short_paths(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Work in the test's own folder, so files are named by a short relative path that the
    messages show whole (a long one, such as a parallel worker's tmp path, is cut with "…")."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


def one_line_error(capsys: pytest.CaptureFixture[str]) -> str:
    """The single stderr line of a refused command (nothing may reach stdout)."""
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith("agent-avenue: ")
    assert err.endswith(".\n")
    assert err.count("\n") == 1
    assert "Traceback" not in err
    return err


# Help and version ------------------------------------------------------------------------------


def test_help_lists_the_commands(capsys: pytest.CaptureFixture[str]) -> None:
    """`--help` exits 0 and names both commands and --version."""
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    for word in ("play", "referee", "--version"):
        assert word in out


@pytest.mark.parametrize(
    ("command", "options"),
    [
        (
            "referee",
            ["--scenario", "--mode", "--seed", "--first", "--players", "--moves", "--moves-file"],
        ),
        ("play", ["--mode", "--seed", "--names", "--first"]),
    ],
)
def test_command_help_lists_every_option(
    capsys: pytest.CaptureFixture[str], command: str, options: list[str]
) -> None:
    """Each command's --help lists every option, each with a help text."""
    assert main([command, "--help"]) == 0
    out = capsys.readouterr().out
    for option in options:
        assert option in out
    parser = cli.build_parser()
    sub = next(
        action
        for action in parser._actions
        if isinstance(action.choices, dict) and command in action.choices
    )
    assert isinstance(sub.choices, dict)
    for action in sub.choices[command]._actions:
        assert action.help, action.option_strings


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    """`--version` prints the package version."""
    assert main(["--version"]) == 0
    assert capsys.readouterr().out.strip() == f"agent-avenue {__version__}"


def test_referee_does_not_import_textual() -> None:
    """The referee runs without the app's toolkit being imported (checked in a fresh process)."""
    code = (
        "import sys, contextlib, io\n"
        "from agent_avenue.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    assert main(['referee', '--moves', 'discard sentinel']) == 0\n"
        "assert 'textual' not in sys.modules, 'textual was imported'\n"
    )
    src = str(Path(cli.__file__).resolve().parents[1])
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([src, os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr


# Refusals --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        ([], "a command is needed: play or referee"),
        (["dance"], "invalid choice: 'dance'"),
        (["--bogus"], "unrecognized arguments: --bogus"),
        (["--bogus", "referee"], "unrecognized arguments: --bogus"),
        (["referee", "--bogus"], "unrecognized arguments: --bogus"),
        (["referee", "--mode", "hard"], "argument --mode: invalid choice: 'hard'"),
        (["referee", "--seed", "x"], "argument --seed: 'x' is not a whole number"),
        (["referee", "--seed", "-3"], "argument --seed: -3 is negative"),
        (["referee", "--first", "2"], "argument --first: invalid choice: 2"),
        (["referee", "--first", "green"], "argument --first"),
        (["referee", "--players", "5"], "argument --players: invalid choice: 5"),
        (["referee", "--players", "1"], "argument --players: invalid choice: 1"),
        (["referee", "--players", "four"], "argument --players: invalid int value: 'four'"),
        (["referee", "--moves", "a", "--moves-file", "b"], "not allowed with argument --moves"),
        (["play", "--mode", "hard"], "argument --mode: invalid choice: 'hard'"),
        (["play", "--names", "Ada"], "should be two names separated by a comma"),
        (["play", "--names", "Ada,Bob,Cy"], "should be two names separated by a comma"),
        (["play", "--names", "Ada, "], "should be two names separated by a comma"),
        (["play", "--players", "5"], "argument --players: invalid choice: 5"),
        (
            ["play", "--players", "4", "--names", "Ann,Bob,Cid"],
            "'Ann,Bob,Cid' should be 4 names separated by commas for --players 4, in seat order",
        ),
        (
            ["play", "--players", "3", "--names", "Ann,Bob"],
            "should be 3 names separated by commas for --players 3",
        ),
        (["play", "--names", "A,B,C,D,E"], "should be two names separated by a comma"),
        (["play", "--first", "0"], "argument --first: invalid choice: '0'"),
        (["play", "--seed", "1.5"], "argument --seed: '1.5' is not a whole number"),
    ],
)
def test_bad_arguments(capsys: pytest.CaptureFixture[str], argv: list[str], expected: str) -> None:
    """Every bad argument: exit 2, one sentence on stderr, nothing on stdout."""
    assert main(argv) == 2
    assert expected in one_line_error(capsys)


@pytest.mark.parametrize(
    "option", [["--seed", "3"], ["--mode", "advanced"], ["--first", "1"], ["--players", "4"]]
)
def test_scenario_excludes_new_game_options(
    capsys: pytest.CaptureFixture[str], option: list[str]
) -> None:
    """--scenario sets up the whole game, so --mode, --seed, --first and --players are refused
    with it."""
    assert main(["referee", "--scenario", str(EXAMPLE), *option]) == 2
    assert f"--scenario cannot be combined with {option[0]}" in one_line_error(capsys)


def test_missing_scenario(capsys: pytest.CaptureFixture[str], short_paths: Path) -> None:
    """A scenario file that does not exist."""
    missing = Path("missing.toml")
    assert main(["referee", "--scenario", str(missing)]) == 2
    assert one_line_error(capsys) == f"agent-avenue: {missing}: scenario file not found.\n"


def test_broken_scenario(capsys: pytest.CaptureFixture[str], short_paths: Path) -> None:
    """A scenario file with a bad key names the file and the key."""
    path = Path("broken.toml")
    path.write_text("[[seats]]\n[[seats]]\nposition = 99\n", encoding="utf-8")
    assert main(["referee", "--scenario", str(path)]) == 2
    assert f"{path}: seats[1].position should be from 0 to 13" in one_line_error(capsys)


def test_invalid_toml_scenario(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """A scenario that is not TOML gives the line and column."""
    path = tmp_path / "broken.toml"
    path.write_text('mode = "simple"\nturn = = 3\n', encoding="utf-8")
    assert main(["referee", "--scenario", str(path)]) == 2
    assert "invalid TOML at line 2, column" in one_line_error(capsys)


def test_missing_moves_file(capsys: pytest.CaptureFixture[str], short_paths: Path) -> None:
    """A moves file that does not exist."""
    missing = Path("moves.txt")
    assert main(["referee", "--moves-file", str(missing)]) == 2
    assert one_line_error(capsys) == f"agent-avenue: {missing}: moves file not found.\n"


def test_moves_file_not_utf8(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """A moves file that is not UTF-8 text."""
    path = tmp_path / "moves.txt"
    path.write_bytes(b"offer \xff\n")
    assert main(["referee", "--moves-file", str(path)]) == 2
    assert "not valid UTF-8" in one_line_error(capsys)


def test_moves_file_is_a_directory(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """A directory given as a moves file."""
    assert main(["referee", "--moves-file", str(tmp_path)]) == 2
    assert "moves file cannot be read" in one_line_error(capsys)


def test_illegal_move(capsys: pytest.CaptureFixture[str]) -> None:
    """A move the rules forbid names its number and text."""
    assert main(["referee", "--moves", "recruit up"]) == 2
    err = one_line_error(capsys)
    assert err.startswith('agent-avenue: move 1 ("recruit up"): ')


def test_moves_after_the_game_is_over(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """A move after the end is refused: the game is over."""
    path = tmp_path / "end.toml"
    path.write_text(
        'deck = []\n[[seats]]\nhand = ["mole", "sidekick"]\n[[seats]]\nhand = ["enforcer"]\n',
        encoding="utf-8",
    )
    moves = "offer mole sidekick; recruit up; offer enforcer sentinel"
    assert main(["referee", "--scenario", str(path), "--moves", moves]) == 2
    assert 'move 3 ("offer enforcer sentinel"): the game is over' in one_line_error(capsys)


@pytest.mark.parametrize("argv", [["referee"], ["play"]])
def test_broken_data_file(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, argv: list[str]
) -> None:
    """A bad data file (DataError from the loader) is one line on stderr and exit 2."""

    def broken(*args: object) -> Rules:
        """A loader whose data file is broken."""
        raise DataError("/data/agents.toml: agents[2] field copies should be an integer.")

    # Each command loads the tables in its own module (cli/play.py, cli/referee.py).
    monkeypatch.setattr(f"agent_avenue.cli.{argv[0]}.load_rules", broken)
    assert main(argv) == 2
    err = one_line_error(capsys)
    assert err == "agent-avenue: /data/agents.toml: agents[2] field copies should be an integer.\n"


# play ------------------------------------------------------------------------------------------


def test_play_without_the_app(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Until the app exists, `play` says so in one line and exits 0."""
    monkeypatch.setitem(sys.modules, cli.APP_MODULE, None)  # as if the app were not installed
    assert main(["play", "--mode", "advanced", "--seed", "3"]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert out.count("\n") == 1
    assert "not available" in out


def test_play_calls_run_app(monkeypatch: pytest.MonkeyPatch) -> None:
    """`play` passes its parsed options to agent_avenue.ui.run.run_app."""
    calls: list[dict[str, Any]] = []

    def run_app(**kwargs: Any) -> int:
        """A stand-in for the app that records how it was called."""
        calls.append(kwargs)
        return 0

    monkeypatch.setattr(cli, "_load_run_app", lambda: run_app)
    argv = ["play", "--mode", "advanced", "--seed", "9", "--names", " Ada , Bob", "--first", "blue"]
    assert main(argv) == 0
    assert len(calls) == 1
    call = calls[0]
    assert isinstance(call.pop("rules"), Rules)
    assert call == {
        "mode": "advanced",
        "seed": 9,
        "names": ("Ada", "Bob"),
        "first": 1,
        "players": 2,
        "opponent": "human",
        "seat": 0,
        "kinds": None,
        "new_game": True,
    }


def test_play_defaults(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without options: simple mode, a random seed and first player, the app's default names."""
    calls: list[dict[str, Any]] = []

    def run_app(**kwargs: Any) -> int:
        """A stand-in for the app that records how it was called."""
        calls.append(kwargs)
        return 3

    monkeypatch.setattr(cli, "_load_run_app", lambda: run_app)
    assert main(["play"]) == 3
    call = calls[0]
    call.pop("rules")
    assert call == {
        "mode": "simple",
        "seed": None,
        "names": None,
        "first": None,
        "players": 2,
        "opponent": "human",
        "seat": 0,
        "kinds": None,
        "new_game": False,
    }


def test_play_a_team_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """`play --players 4` passes one name per seat, in seat order, and the number of players."""
    calls: list[dict[str, Any]] = []

    def run_app(**kwargs: Any) -> int:
        """A stand-in for the app that records how it was called."""
        calls.append(kwargs)
        return 0

    monkeypatch.setattr(cli, "_load_run_app", lambda: run_app)
    assert main(["play", "--players", "4", "--names", "Ann,Bob, Cid,Dee"]) == 0
    assert main(["play", "--players", "3"]) == 0
    assert [(c["players"], c["names"]) for c in calls] == [
        (4, ("Ann", "Bob", "Cid", "Dee")),
        (3, None),
    ]
    assert all(c["new_game"] for c in calls)  # options describe a new game: no resume offer


def test_team_move_after_the_game_is_over(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A move after a team game has ended (green catches blue) is refused."""
    path = tmp_path / "end.toml"
    path.write_text(
        'players = 3\n[[seats]]\nhand = ["mole"]\n[[seats]]\nhand = ["enforcer"]\n'
        '[[seats]]\nhand = ["sidekick"]\n',
        encoding="utf-8",
    )
    moves = "lead 0; up mole; down sidekick; recruit up; offer enforcer sentinel"
    assert main(["referee", "--scenario", str(path), "--moves", moves]) == 2
    assert 'move 5 ("offer enforcer sentinel"): the game is over' in one_line_error(capsys)


def test_team_scenario_with_a_bad_seat_count(
    capsys: pytest.CaptureFixture[str], short_paths: Path
) -> None:
    """A team scenario with too few [[seats]] tables names the file and the key."""
    path = Path("team.toml")
    path.write_text("players = 4\n[[seats]]\n[[seats]]\n", encoding="utf-8")
    assert main(["referee", "--scenario", str(path)]) == 2
    err = one_line_error(capsys)
    assert f"{path}: seats should have exactly 4 entries" in err
