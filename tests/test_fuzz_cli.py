"""Issue 13: a bounded fuzz test of the command line and of scenario and moves files.

Whatever the arguments or the file's bytes: exit status 0 or 2, no traceback, at most one
sentence on stderr, no control character on the terminal, and an answer within a time limit.
"""

from __future__ import annotations

import io
import time
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from agent_avenue import storage
from agent_avenue.cli import commands as cli

TIME_LIMIT = 5.0
"""Seconds one command may take."""
FUZZ = settings(
    max_examples=500,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

COMMANDS = [
    *("play", "referee", "resume", "history", "export", "replay", "review", "tutorial"),
    "simulate",
]
OPTIONS = [
    "--mode",
    "--seed",
    "--names",
    "--players",
    "--first",
    "--vs",
    "--seat",
    "--lang",
    "--scenario",
    "--moves",
    "--moves-file",
    "--game",
    "--games",
    "--workers",
    "--json",
    "--force",
    "--iterations",
]
PIECES = [
    *("\x1b", "\x07", "\n", "\r", "\x00", "\x9b", "\u202e", "[", "]", ";", ",", "0", "9"),
    *("a", "bot", "up", "human", "random", " ", "é", "x" * 300),
]
NASTY = (
    st.lists(st.sampled_from(PIECES), min_size=1, max_size=12)
    .map("".join)
    .filter(lambda text: "\x1b" in text or "\x07" in text or "\x00" in text)
)
"""Values that always hold a control character, so none is a valid name, number or path."""


def control_characters(text: str) -> list[str]:
    """Every character a terminal would act on rather than print (line ends allowed)."""
    return [ch for ch in text if not ch.isprintable() and ch != "\n"]


def check_run(argv: list[str]) -> None:
    """Run the command line in this process and check every promise about its output."""
    out, err = io.StringIO(), io.StringIO()
    started = time.monotonic()
    with redirect_stdout(out), redirect_stderr(err):
        code = cli.main(argv)
    assert time.monotonic() - started < TIME_LIMIT
    assert code in (0, 2), (argv, code)
    error = err.getvalue()
    assert "Traceback" not in error
    assert not control_characters(out.getvalue()), argv
    assert not control_characters(error), (argv, error[:200])
    if code == 2:
        assert error.count("\n") == 1 and len(error) <= 700, error[:200]


@pytest.fixture
def quiet(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty data folder, the work folder beside it, and no terminal app."""
    monkeypatch.setenv(storage.HOME_ENV, str(tmp_path / "home"))
    monkeypatch.chdir(tmp_path)

    def run_app(**kwargs: Any) -> int:
        return 0

    monkeypatch.setattr(cli, "_load_run_app", lambda: run_app)
    return tmp_path


@pytest.mark.slow
@FUZZ
@given(
    command=st.sampled_from([*COMMANDS, None]),
    parts=st.lists(st.one_of(st.sampled_from(OPTIONS), NASTY), min_size=1, max_size=6),
)
def test_any_arguments_get_an_answer_or_one_safe_sentence(
    quiet: Path, command: str | None, parts: list[str]
) -> None:
    """Random options and hostile values for every command."""
    check_run(([command] if command else []) + parts)


SCENARIO_BITS = st.sampled_from(
    [
        "mode = ",
        '"advanced"',
        "players = ",
        "4",
        "active = ",
        "1",
        "deck = ",
        "[",
        "]",
        '"mole"',
        '"\\u001b[2J"',
        ", ",
        "\n",
        "[[seats]]\n",
        "hand = ",
        "[market]\n",
        "supply = ",
        '"sinister_twin"',
        "{",
        "}",
        "=",
        "\x1b",
        "\x00",
        "é",
    ]
)


@FUZZ
@given(bits=st.lists(SCENARIO_BITS, max_size=40), raw=st.binary(max_size=40))
def test_any_scenario_file_gets_a_position_or_one_safe_sentence(
    quiet: Path, bits: list[str], raw: bytes
) -> None:
    """Scenario files assembled from TOML pieces, hostile ids and random bytes."""
    path = quiet / "scenario.toml"
    path.write_bytes("".join(bits).encode("utf-8") + raw)
    check_run(["referee", "--scenario", str(path)])


MOVE_BITS = st.sampled_from(
    [
        *("offer ", "recruit ", "up", "down", "discard ", "lead ", "0", "2", "mole"),
        *("daredevil", " ", ";", "\n", "#", "\x1b[2J", "\x07", "sinister_twin", "take ", "pass"),
    ]
)


@FUZZ
@given(bits=st.lists(MOVE_BITS, max_size=30), raw=st.binary(max_size=20))
def test_any_moves_file_gets_a_position_or_one_safe_sentence(
    quiet: Path, bits: list[str], raw: bytes
) -> None:
    """Moves files of notation pieces, escapes and random bytes, applied to a new game."""
    path = quiet / "moves.txt"
    path.write_bytes("".join(bits).encode("utf-8") + raw)
    check_run(["referee", "--seed", "3", "--moves-file", str(path)])
