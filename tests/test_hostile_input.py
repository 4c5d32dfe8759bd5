"""Issue 13: hostile arguments, files and terminals. Nothing is echoed raw, nothing hangs, every
refusal is one sentence with exit status 2, and `| head` is not an error."""

from __future__ import annotations

import io
import json
import os
import random
import subprocess
import sys
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any

import pytest

from agent_avenue import storage
from agent_avenue.cli import commands as cli
from agent_avenue.data import default_rules
from agent_avenue.engine import Mode, apply, format_action, legal_actions, new_game
from agent_avenue.play.session import GameRecord
from agent_avenue.ui.crash import save_crash_report

RULES = default_rules()
SRC = Path(storage.__file__).resolve().parents[2]
EVIL = "\x1b]0;pwned\x07\x1b[2J\nline two\r" + "x" * 5000
"""A title-setting escape, a bell, a screen clear, a newline and 5,000 characters."""
LINE_LIMIT = 700
"""The longest error line allowed (the sentence limit and the program's name)."""


def control_bytes(text: str) -> list[str]:
    """Every character a terminal would act on rather than print (line ends allowed)."""
    return [ch for ch in text if not ch.isprintable() and ch != "\n"]


def run_main(argv: list[str]) -> tuple[int, str, str]:
    """Run the command line in this process; its status, stdout and stderr."""
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = cli.main(argv)
    return code, out.getvalue(), err.getvalue()


def run_program(
    argv: list[str], home: Path, timeout: float = 20.0, **kwargs: Any
) -> subprocess.CompletedProcess[bytes]:
    """Run `agent-avenue` as its own process, with a time limit."""
    env = {**os.environ, "PYTHONPATH": str(SRC), storage.HOME_ENV: str(home)}
    return subprocess.run(
        [sys.executable, "-m", "agent_avenue", *argv],
        env=env,
        capture_output="stdout" not in kwargs,
        timeout=timeout,
        check=False,
        **kwargs,
    )


def finished_record(seed: int) -> GameRecord:
    """A whole game of random legal moves."""
    state = new_game(RULES, Mode.SIMPLE, seed, 0)
    rng = random.Random(seed)
    moves: list[str] = []
    while not state.is_over:
        action = rng.choice(legal_actions(state))
        moves.append(format_action(action))
        state = apply(state, action)
    return GameRecord(Mode.SIMPLE, seed, 0, ("Ada", "Bob"), tuple(moves), RULES.version)


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty data folder (AGENT_AVENUE_HOME), the work folder beside it."""
    folder = tmp_path / "home"
    monkeypatch.setenv(storage.HOME_ENV, str(folder))
    monkeypatch.chdir(tmp_path)
    return folder


@pytest.fixture
def no_app(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """The terminal app replaced by a stand-in that records its calls."""
    calls: list[dict[str, Any]] = []

    def run_app(**kwargs: Any) -> int:
        calls.append(kwargs)
        return 0

    monkeypatch.setattr(cli, "_load_run_app", lambda: run_app)
    return calls


# Case 3: names that could never be saved are refused at the start ------------------------------


@pytest.mark.parametrize(
    "names",
    ["A" * 65 + ",Bob", "Ada,Ada", "Ada,ada", "Ada,B\u202eob"],
    ids=["65 characters", "twice", "twice in other case", "unprintable"],
)
def test_names_that_could_not_be_saved_are_refused_before_the_game_starts(
    home: Path, no_app: list[dict[str, Any]], names: str
) -> None:
    """`play --names` refuses, in one sentence and exit 2, what the save format would refuse
    later (the game would never be saved nor recorded)."""
    code, out, err = run_main(["play", "--names", names])
    assert code == 2 and out == "" and no_app == []
    assert err.count("\n") == 1 and not control_bytes(err)


def test_the_longest_name_accepted_is_one_a_save_holds(
    home: Path, no_app: list[dict[str, Any]]
) -> None:
    """64 characters start the game, and such a game saves."""
    name = "A" * 64
    code, _, _ = run_main(["play", "--names", f"{name},Bob"])
    assert code == 0 and no_app[0]["names"] == (name, "Bob")
    storage.save_game(GameRecord(Mode.SIMPLE, 1, 0, (name, "Bob")), ("human", "human"))


# Case 4 and 7: every echoed value is made printable and cut -----------------------------------


ECHO_CASES = [
    ["referee", "--scenario", EVIL],
    ["referee", "--moves-file", EVIL],
    ["referee", "--game", EVIL],
    ["referee", "--seed", EVIL],
    ["referee", "--moves", EVIL],
    ["referee", "--mode", EVIL],
    ["referee", "--players", EVIL],
    ["replay", EVIL],
    ["export", EVIL, "out.json"],
    ["export", "last", EVIL],
    ["simulate", EVIL, "random"],
    ["simulate", "--games", EVIL, "random", "random"],
    ["simulate", "--workers", EVIL, "random", "random"],
    ["simulate", "--seed", EVIL, "random", "random"],
    ["play", "--names", EVIL],
    ["play", "--vs", EVIL],
    ["play", "--seed", EVIL],
    ["play", "--first", EVIL],
    ["play", "--lang", EVIL],
    ["--lang", EVIL, "play"],
    ["history", EVIL],
    [EVIL],
]


@pytest.mark.parametrize("argv", ECHO_CASES, ids=lambda argv: " ".join(a[:12] for a in argv))
def test_no_control_byte_of_an_argument_reaches_the_terminal(
    home: Path, no_app: list[dict[str, Any]], argv: list[str]
) -> None:
    """ESC, BEL, a newline and 5,000 characters in any value: one short sentence, exit 2."""
    code, out, err = run_main(argv)
    assert code == 2, err
    assert out == "" and no_app == []
    assert not control_bytes(err), repr(err[:300])
    assert err.count("\n") == 1 and len(err) <= LINE_LIMIT, len(err)


def test_ids_inside_scenario_and_moves_files_are_escaped(
    home: Path, tmp_path: Path, no_app: list[dict[str, Any]]
) -> None:
    """`move 1 ("up <ESC>[2J sinister_twin")` no longer clears the screen; a 5,000-character id
    in a scenario is cut."""
    moves = tmp_path / "moves.txt"
    moves.write_text("up \x1b[2J sinister_twin\n", encoding="utf-8")
    scenario = tmp_path / "scenario.toml"
    scenario.write_text(f'deck = ["\\u001b[2J{"y" * 5000}"]\n', encoding="utf-8")
    for argv in (["referee", "--moves-file", str(moves)], ["referee", "--scenario", str(scenario)]):
        code, out, err = run_main(argv)
        assert code == 2 and out == ""
        assert not control_bytes(err), repr(err[:300])
        assert err.count("\n") == 1 and len(err) <= LINE_LIMIT


def test_an_absurd_number_of_games_is_refused_at_once(home: Path) -> None:
    """`simulate --games 10**30` used to build a task list until memory ran out."""
    code, out, err = run_main(["simulate", "--games", "1" + "0" * 30, "random", "random"])
    assert code == 2 and out == ""
    assert "at most" in err and err.count("\n") == 1


# Case 5: special and huge files -----------------------------------------------------------------


@pytest.fixture
def fifo(tmp_path: Path) -> Path:
    """A named pipe nobody writes to."""
    path = tmp_path / "fifo"
    os.mkfifo(path)
    return path


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
@pytest.mark.parametrize("option", ["--scenario", "--moves-file", "--game"])
@pytest.mark.parametrize("kind", ["fifo", "/dev/zero", "/dev/urandom"])
def test_pipes_and_devices_are_refused_without_waiting(
    home: Path, fifo: Path, option: str, kind: str
) -> None:
    """A named pipe used to hang forever, /dev/zero to end in a MemoryError traceback."""
    path = str(fifo) if kind == "fifo" else kind
    done = run_program(["referee", option, path], home, timeout=15)
    err = done.stderr.decode("utf-8")
    assert done.returncode == 2, err
    assert done.stdout == b"" and "Traceback" not in err
    assert err.count("\n") == 1


def test_a_scenario_too_large_or_nested_too_deep_is_one_sentence(
    home: Path, tmp_path: Path
) -> None:
    """Over 1 MiB is refused unread; 500 nested arrays used to end in a RecursionError."""
    big = tmp_path / "big.toml"
    big.write_text("# " + "x" * (1024 * 1024) + "\n", encoding="utf-8")
    deep = tmp_path / "deep.toml"
    deep.write_text("deck = " + "[" * 500 + "]" * 500 + "\n", encoding="utf-8")
    moves = tmp_path / "moves.txt"
    moves.write_text("up\n" * 400_000, encoding="utf-8")
    for argv in (
        ["referee", "--scenario", str(big)],
        ["referee", "--scenario", str(deep)],
        ["referee", "--moves-file", str(moves)],
    ):
        code, out, err = run_main(argv)
        assert code == 2 and out == "", err
        assert err.count("\n") == 1 and "Traceback" not in err


# Case 6: the crash report -----------------------------------------------------------------------


def test_the_crash_report_never_follows_a_symlink_and_is_private_from_the_start(
    home: Path, tmp_path: Path
) -> None:
    """crash.txt pointing at another file: that file is untouched, the report is a new private
    regular file (written through a temporary file, never world-readable)."""
    home.mkdir()
    target = tmp_path / "precious.txt"
    target.write_text("keep me\n", encoding="utf-8")
    link = home / "crash.txt"
    link.symlink_to(target)
    old_mask = os.umask(0o022)
    try:
        saved = save_crash_report(RuntimeError("boom"), None)
    finally:
        os.umask(old_mask)
    assert saved == link
    assert target.read_text(encoding="utf-8") == "keep me\n"
    assert not link.is_symlink() and link.is_file()
    assert link.stat().st_mode & 0o777 == 0o600
    assert "boom" in link.read_text(encoding="utf-8")


# Case 9: a reader that stops early -------------------------------------------------------------


def test_history_into_a_closed_pipe_ends_quietly(home: Path) -> None:
    """`agent-avenue history --json | head -1` used to end with a BrokenPipeError traceback."""
    storage.record_finished(finished_record(3), ("human", "human"))
    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader is gone before anything is written
    try:
        done = run_program(["history", "--json"], home, stdout=write_end, stderr=subprocess.PIPE)
    finally:
        os.close(write_end)
    err = done.stderr.decode("utf-8")
    assert done.returncode == 0, err
    assert "Traceback" not in err and "BrokenPipe" not in err


def test_history_json_is_still_whole_for_a_reader_that_reads_it(home: Path) -> None:
    """The quiet ending changes nothing for a reader that reads everything."""
    storage.record_finished(finished_record(3), ("human", "human"))
    done = run_program(["history", "--json"], home)
    assert done.returncode == 0
    assert json.loads(done.stdout)["games"][0]["names"] == ["Ada", "Bob"]
