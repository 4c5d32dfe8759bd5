"""What the command line prints: one safe refusal sentence on stderr, and stdout that a reader
may close early (`| head`)."""

from __future__ import annotations

import contextlib
import os
import sys

from agent_avenue.data.printable import shown_sentence

PROG = "agent-avenue"

__all__ = ["PROG", "fail", "quiet_stdout", "write_stdout"]


def fail(message: str) -> int:
    """Print one sentence to stderr, prefixed with the program name, and return exit status 2.

    The sentence is made safe first: control characters escaped, over-long values cut.
    """
    sentence = shown_sentence(message)
    if not sentence.endswith("."):
        sentence += "."
    print(f"{PROG}: {sentence}", file=sys.stderr)
    return 2


def write_stdout(text: str) -> None:
    """Print to stdout; a reader that stops early (`| head`) is not an error."""
    try:
        sys.stdout.write(text)
        sys.stdout.flush()
    except BrokenPipeError:
        quiet_stdout()


def quiet_stdout() -> None:
    """The reader of stdout went away (`| head`): point stdout at /dev/null so that Python's
    final flush at exit does not complain again."""
    with contextlib.suppress(OSError, ValueError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
