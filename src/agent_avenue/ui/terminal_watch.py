"""Whether the terminal the app draws on is still there.

A terminal window closed, or an SSH connection dropped, ends the program with SIGHUP only
when the terminal is the program's controlling terminal. When it is not (a program started
under another session, a pseudo-terminal whose other end a tool just closed), reading the
keys returns end-of-file at once, for ever, and Textual's input loop asks again and again: the
app would spin at most of a core with nobody to see it. Polling the terminal for a hang-up,
without reading from it, tells the app to leave instead.
"""

from __future__ import annotations

import os
import select
import sys

__all__ = ["GONE_EVENTS", "terminal_fd", "terminal_gone"]

GONE_EVENTS = select.POLLHUP | select.POLLERR | select.POLLNVAL
"""What poll() reports of a terminal whose other end has closed."""


def terminal_fd() -> int | None:
    """The file descriptor of the terminal the keys come from, or None when the program does
    not read its keys from a terminal (a pipe, a browser session, a test)."""
    stream = sys.__stdin__
    if stream is None:
        return None
    try:
        fd = stream.fileno()
    except (OSError, ValueError):
        return None
    return fd if os.isatty(fd) else None


def terminal_gone(fd: int) -> bool:
    """Whether the terminal on `fd` has hung up (nothing is read from it)."""
    poller = select.poll()
    poller.register(fd, select.POLLIN)
    return any(events & GONE_EVENTS for _, events in poller.poll(0))
