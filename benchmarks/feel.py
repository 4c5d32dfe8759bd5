"""What a player feels: the time from a key press to the screen being complete, in a real
terminal, for every kind of screen change of seeded games.

Run: python benchmarks/feel.py [--sizes 80x24,160x45] [--games N] [--json FILE]
(needs the bench extra: pip install -e '.[bench]', which brings the pyte terminal emulator)

Each game runs `agent-avenue` as a new process in a pseudo-terminal of the given size, exactly as
a player starts it; a reader thread stamps every chunk the program writes with the time it
arrived. After each key the benchmark waits until the terminal has been quiet for a while, then
replays the chunks through pyte (a VT100 emulator) to get the screen after every chunk. The
screen is complete at the first chunk after which it no longer changes, except for what is a
deliberate pause: the handoff's countdown line ("Ready in 0.6 s") and the meeples moving space
by space. Those are measured apart (from the complete screen to the terminal's last change).

The games are played by keys chosen from the screen alone (the key bar says which panel is
shown): a hand offers its first two cards, a recruit takes the face-up card, a pick or a choice
takes the first option, a question is answered yes. Kinds of transition, by what the screen
showed before and after the key: launch, start, handoff, offer, recruit, reveal, the computer's
move (from its thinking indicator going away), a network move (on the other terminal, from the
key on the first), resume, and the result. Keys inside a panel (choosing a card, face up, face
down) are a separate row.

Targets (issue 23, this 2-core machine with nothing else running): every transition median at
most 100 ms and 95th percentile at most 200 ms; keys inside a panel median at most 50 ms;
resume at most 1 s; a network move on the other terminal median at most 150 ms.
"""

from __future__ import annotations

import argparse
import json
import os
import pty
import re
import shutil
import signal
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import threading
import time
from collections import defaultdict
from dataclasses import dataclass, field
from fcntl import ioctl
from pathlib import Path

import pyte
from transition_rows import transition

COMPUTER_PAUSE = 0.3
"""Seconds the computer seems to think at least (ui/computer.py's BOT_PAUSE; it has no move to
show before)."""
QUIET = 0.3
"""Seconds without output after which a screen is taken to hold still (longer than the
countdown's and the animation's ticks)."""
LIMIT = 20.0
"""Seconds to wait at most for a screen to hold still."""
KEYS = {"enter": b"\r", "escape": b"\x1b"}
COUNTDOWN = re.compile(r"Ready in(\s+\d+[.,]\d s)?\s*$")
"""The handoff's countdown (English; the line may wrap before the number)."""
SECONDS = re.compile(r"^\s*\d+[.,]\d s\s*$")
COMPUTER_STATUS = re.compile(r"\(computer\) (is thinking…|has decided\.)")
"""A reveal's last line while the computer thinks about its next move (then it has decided):
that change is the computer's time, not the key's."""
MOVING = "The spies move"
"""The reveal's line while the meeples move space by space (then the prompt takes its place)."""
TOKENS = re.compile(r"[GB][●▲]")
WALK_WORDS = re.compile(r"\b\d{1,2} to\b|\bcatch\b|\bhome\b|\bmarket\b")
"""What else a step of the meeples changes on the board's tiles: the word a token covered
("home", "market") and the tiles' distances ("5 to / catch"), which follow the meeples."""
START_READING = 2.0
"""Seconds the start screen is read before its key: a player reads it at least that long (and
the program uses that time: it loads the game's modules, parses their styles and makes the next
game's table under the start screen). Pressed 0.3 s after the start screen is drawn, the key
waited for that work."""
SAME_FRAME = 0.010
"""Seconds between two pieces of output that belong to the same frame."""
TRANSITION_TARGET = (0.100, 0.200)
PANEL_KEY_TARGET = 0.050
RESUME_TARGET = 1.0
NETWORK_TARGET = 0.150


@dataclass
class Terminal:
    """A program running in a pseudo-terminal of `cols` x `rows`, its output stamped."""

    argv: list[str]
    cols: int
    rows: int
    env: dict[str, str]
    chunks: list[tuple[float, bytes]] = field(default_factory=list)
    started: float = 0.0
    networked: bool = False
    """Whether others play elsewhere (then "Waiting for ..." is a screen, not half of one)."""
    _fed: int = 0

    def __post_init__(self) -> None:
        self.screen = pyte.Screen(self.cols, self.rows)
        self.stream = pyte.ByteStream(self.screen)
        self._lock = threading.Lock()
        controller, terminal = pty.openpty()
        ioctl(terminal, termios.TIOCSWINSZ, struct.pack("HHHH", self.rows, self.cols, 0, 0))
        self.controller = controller
        self.started = time.monotonic()
        self.process = subprocess.Popen(
            self.argv,
            stdin=terminal,
            stdout=terminal,
            stderr=terminal,
            env=self.env,
            close_fds=True,
            start_new_session=True,
            # The terminal becomes the program's controlling terminal, as a real one is: if
            # this benchmark ends without its clean-up, the closed terminal hangs the program
            # up (SIGHUP) instead of leaving it running on a terminal nobody reads.
            preexec_fn=_take_terminal,
        )
        os.close(terminal)
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        while True:
            try:
                data = os.read(self.controller, 65536)
            except OSError:
                return
            if not data:
                return
            now = time.monotonic()
            with self._lock:
                self.chunks.append((now, data))

    def last_output(self) -> float:
        """When the program last wrote (its start if it has not yet)."""
        with self._lock:
            return self.chunks[-1][0] if self.chunks else self.started

    def send(self, key: str) -> float:
        """Type one key; returns the time it was typed."""
        data = KEYS.get(key, key.encode())
        now = time.monotonic()
        os.write(self.controller, data)
        return now

    def frames(self) -> list[tuple[float, str]]:
        """The screen after each chunk written since the last call, in order."""
        with self._lock:
            new = self.chunks[self._fed :]
            self._fed = len(self.chunks)
        shown: list[tuple[float, str]] = []
        for stamp, data in new:
            self.stream.feed(data)
            shown.append((stamp, "\n".join(self.screen.display)))
        return shown

    @property
    def text(self) -> str:
        """The screen as last replayed."""
        return "\n".join(self.screen.display)

    def close(self) -> None:
        """Stop the program."""
        if self.process.poll() is None:
            try:
                os.killpg(self.process.pid, signal.SIGTERM)
                self.process.wait(timeout=5)
            except (ProcessLookupError, subprocess.TimeoutExpired):
                os.killpg(self.process.pid, signal.SIGKILL)
        os.close(self.controller)


def _take_terminal() -> None:
    """In the new program's own session: make its standard input its controlling terminal."""
    ioctl(0, termios.TIOCSCTTY, 0)


def settle(*terminals: Terminal, after: float, limit: float = LIMIT) -> None:
    """Wait until every terminal has written something after `after` (or `limit` passed) and
    then been quiet for QUIET seconds."""
    deadline = after + limit
    while time.monotonic() < deadline:
        time.sleep(0.02)
        now = time.monotonic()
        quiet = all(now - t.last_output() >= QUIET for t in terminals)
        if quiet and all(t.last_output() > after for t in terminals):
            return
        if quiet and now - after > 3.0:
            return  # nothing changed on some terminal: the key did nothing visible there


def masked(text: str, rows: frozenset[int] = frozenset(), walking: bool = False) -> str:
    """The screen without what moves on purpose: the meeples, and the given rows; `walking`
    (a reveal whose meeples move space by space): the tile words their steps change too."""
    text = TOKENS.sub("  ", text)
    if walking:
        text = WALK_WORDS.sub(lambda found: " " * len(found.group()), text)
    lines = text.splitlines()
    return "\n".join("" if n in rows else line for n, line in enumerate(lines))


def countdown_rows(frames: list[tuple[float, str]]) -> frozenset[int]:
    """The rows a deliberate pause changes: the countdown's line (and the number, if it wraps),
    which becomes the prompt when it is over, the key bar (whose key works then), the
    reveal's line while the meeples move (with the row below it: the prompt that replaces it
    once they stop may wrap onto two lines on a narrow terminal), and the line saying that the
    computer thinks, then has decided."""
    rows: set[int] = set()
    for _, text in frames:
        lines = text.splitlines()
        for n, line in enumerate(lines):
            if COMPUTER_STATUS.search(line):
                rows.add(n)
            if COUNTDOWN.search(line) or MOVING in line:
                rows.add(n)
                below = n + 1 < len(lines)
                if below and (MOVING in line or SECONDS.match(lines[n + 1])):
                    rows.add(n + 1)
                rows.add(len(lines) - 1)  # the key bar, docked at the bottom
    return frozenset(rows)


def completion(frames: list[tuple[float, str]], start: float) -> tuple[float, float] | None:
    """(seconds from `start` to the complete screen, seconds of deliberate change after it);
    None when nothing changed."""
    if not frames:
        return None
    rows = countdown_rows(frames)
    walking = any(MOVING in text for _, text in frames)
    final = masked(frames[-1][1], rows, walking)
    done = frames[-1][0]
    for stamp, text in reversed(frames):
        if masked(text, rows, walking) != final:
            break
        done = stamp
    return done - start, frames[-1][0] - done


def key_bar(text: str) -> str:
    """The last line with text on it: the key bar."""
    lines = [line for line in text.splitlines() if line.strip()]
    return lines[-1] if lines else ""


def screen_kind(text: str) -> str:
    """What the screen shows, read from its text (English)."""
    bar = key_bar(text)
    if "Start the game" in text and "Tutorial" in bar:
        return "start"
    if "Resume" in bar or "Take up the saved game" in text:
        return "resume-offer"
    if "I am ready" in bar or "Pass the terminal" in text:
        return "handoff"
    if "Offer" in bar and "Face up" in bar:
        return "offer"
    if "Take face-up" in bar:
        return "recruit"
    if "New game" in bar or "Play again" in bar or "Rematch" in bar:
        return "result"  # a network game's result offers a rematch instead
    if "thinking" in text.lower() and "⏎" not in bar:
        return "thinking"
    if "Waiting for" in text:
        return "waiting"
    if " y " in f" {bar} " or "y Yes" in bar:
        return "confirm"
    if "Select" in bar or "Choose" in bar or "Take" in bar:
        return "choice"
    if "⏎" in bar:
        return "reveal"
    return "other"


def keys_for(kind: str) -> list[str]:
    """What a player presses on this kind of screen: the last key changes the screen."""
    return {
        "handoff": ["enter"],
        "offer": ["1", "u", "2", "d", "enter"],
        "recruit": ["u"],
        "choice": ["1"],
        "confirm": ["y"],
        "reveal": ["enter"],
        "start": ["enter"],
        "resume-offer": ["enter"],
    }.get(kind, [])


@dataclass
class Figures:
    """Seconds per row, and the deliberate pauses apart."""

    rows: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    pauses: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))

    def add(self, row: str, measured: tuple[float, float] | None) -> None:
        """Count one measurement (nothing if the screen did not change)."""
        if measured is None:
            return
        seconds, pause = measured
        self.rows[row].append(seconds)
        if pause > 0.05:
            self.pauses[row].append(pause)


def environment(home: Path) -> dict[str, str]:
    """The environment of a player's terminal: an empty data folder, English, colour."""
    env = dict(os.environ, TERM="xterm-256color", AGENT_AVENUE_HOME=str(home))
    env["AGENT_AVENUE_LANG"] = "en"
    if SOURCE:
        env["PYTHONPATH"] = str(SOURCE[0])
    env.pop("NO_COLOR", None)
    env.pop("TEXTUAL", None)
    return env


SOURCE: list[Path] = []
"""Another source folder of the package to time (--source), instead of the installed one."""


def program() -> list[str]:
    """The installed command, else the package run from this checkout (or from --source)."""
    if SOURCE:
        return [sys.executable, "-m", "agent_avenue"]
    found = shutil.which("agent-avenue")
    if found:
        return [found]
    return [sys.executable, "-m", "agent_avenue"]


def press(
    term: Terminal, key: str, *others: Terminal, changes: bool = False
) -> tuple[float, list[tuple[float, str]]]:
    """Type `key` and wait for every terminal to hold still; returns when it was typed and the
    screens `term` showed after it (the others' are read with their own `frames`). A key that
    `changes` the screen is waited for until the screen has changed, however long it pauses."""
    for shown in (term, *others):
        shown.frames()  # what came before the key is not this key's
    before = masked(term.text, countdown_rows([(0.0, term.text)]))
    sent = term.send(key)
    settle(term, *others, after=sent)
    frames = term.frames()

    def unfinished() -> bool:
        kind = screen_kind(term.text)
        if kind == "other" or (kind == "waiting" and not term.networked):
            return True  # half a screen (no keys yet), or the table behind a handoff
        return changes and masked(term.text, countdown_rows([(0.0, term.text)])) == before

    while unfinished() and time.monotonic() - sent < LIMIT:
        settle(term, after=time.monotonic(), limit=1.0)
        frames += term.frames()
    return sent, frames


def until_the_computer_moves(
    frames: list[tuple[float, str]],
) -> tuple[list[tuple[float, str]], list[tuple[float, str]]]:
    """A key's frames cut where the computer, thinking after it, has moved: what the key
    showed (up to its thinking screen), and what the computer's move showed (none if it did
    not think). Its thinking time is not the key's."""
    kinds = [screen_kind(text) for _, text in frames]
    if "thinking" not in kinds:
        return frames, []
    start = kinds.index("thinking")
    gone = next((i for i in range(start, len(kinds)) if kinds[i] != "thinking"), None)
    if gone is None:
        return frames, []
    # The move's frame reaches the terminal in pieces: those written just before the first
    # piece that no longer reads as the thinking screen (the board's rows) are the move's too.
    while gone > start + 1 and frames[gone][0] - frames[gone - 1][0] <= SAME_FRAME:
        gone -= 1
    # The computer seems to think for COMPUTER_PAUSE at least: what changes on its thinking
    # screen after that (a card it discarded, in the log, before it thinks again) is its own.
    mine = next(
        (i for i in range(start, gone) if frames[i][0] - frames[start][0] >= COMPUTER_PAUSE),
        gone,
    )
    return frames[:mine], frames[gone:]


def watch_computer(term: Terminal, figures: Figures, label: str) -> None:
    """The computer thinks: from its indicator going away to the screen being complete."""
    term.frames()
    began = time.monotonic()
    while screen_kind(term.text) == "thinking" and time.monotonic() - began < LIMIT:
        settle(term, after=time.monotonic())
        frames = term.frames()
        gone = next((i for i, (_, s) in enumerate(frames) if screen_kind(s) != "thinking"), None)
        if gone is not None:
            shown = frames[gone:]
            figures.add(label + "computer's move → your screen", completion(shown, shown[0][0]))
            return


def play_keys(term: Terminal, figures: Figures, label: str, *others: Terminal) -> str:
    """Press the keys of the screen shown on `term`; returns the kind of screen it was."""
    kind = screen_kind(term.text)
    keys = keys_for(kind)
    if not keys:
        raise RuntimeError(f"no key for this screen ({kind}):\n{term.text}")
    if kind == "start":
        time.sleep(START_READING)
    for key in keys[:-1]:
        sent, frames = press(term, key)
        figures.add(label + "keys inside a panel", completion(frames, sent))
    sent, frames = press(term, keys[-1], *others, changes=True)
    after = screen_kind(term.text)
    if kind == "offer" and after == "offer":
        # Two cards that cannot go together (or a hand of one): discard instead.
        sent, frames = press(term, "x", *others, changes=True)
        after = screen_kind(term.text)
    frames, computer = until_the_computer_moves(frames)
    if computer:
        after = "thinking"
        shown = computer
        figures.add(label + "computer's move → your screen", completion(shown, shown[0][0]))
    figures.add(label + transition(kind, after), completion(frames, sent))
    if VERBOSE:
        print(
            f"{label}{kind} -> {after}: {completion(frames, sent)} [{key_bar(term.text)}]",
            file=sys.stderr,
        )
    for other in others:
        figures.add(label + "network move → other terminal", completion(other.frames(), sent))
    return kind


def play_here(term: Terminal, figures: Figures, label: str) -> None:
    """Play the game shown on `term` to its result by keys."""
    for _ in range(MAX_STEPS):
        kind = screen_kind(term.text)
        if kind == "result":
            return
        if kind == "thinking":
            watch_computer(term, figures, label)
            continue
        play_keys(term, figures, label)
    raise RuntimeError("the game did not end")


def launch(argv: list[str], size: tuple[int, int], home: Path) -> tuple[Terminal, float]:
    """Start a program and wait for its first screen; returns it and the seconds it took."""
    term = Terminal(argv, size[0], size[1], environment(home))
    settle(term, after=term.started)
    frames = term.frames()
    while screen_kind(term.text) == "other" and time.monotonic() - term.started < LIMIT:
        settle(term, after=time.monotonic(), limit=1.0)  # set up, nothing drawn yet
        frames += term.frames()
    measured = completion(frames, term.started)
    assert measured is not None, "the program drew nothing"
    return term, measured[0]


def hot_seat(size: tuple[int, int], mode: str, seed: int, figures: Figures, vs: str) -> None:
    """A whole game at one terminal (two people, or one against the computer), then a
    resumed one: the same deal left after a few keys and taken up again with `resume`."""
    label = "" if vs == "human" else "vs computer: "
    with tempfile.TemporaryDirectory() as folder:
        home = Path(folder)
        argv = [*program(), "play", "--mode", mode, "--seed", str(seed), "--first", "green"]
        argv += ["--vs", vs]
        term, seconds = launch(argv, size, home)
        try:
            figures.add("launch → first screen", (seconds, 0.0))
            play_here(term, figures, label)
        finally:
            term.close()
        if vs != "human":
            return
        term, seconds = launch(argv, size, home)
        try:
            for _ in range(8):  # the start screen, then a few decisions
                play_keys(term, Figures(), "")
        finally:
            term.close()
        term, seconds = launch([*program(), "resume"], size, home)
        figures.add("resume → its first screen", (seconds, 0.0))
        term.close()


def network(size: tuple[int, int], mode: str, seed: int, figures: Figures) -> None:
    """A game hosted in one terminal and joined from another, both played by keys."""
    with tempfile.TemporaryDirectory() as one, tempfile.TemporaryDirectory() as two:
        host_argv = [*program(), "host", "--seat", "green", "--name", "Ann", "--port", "0"]
        host_argv += ["--mode", mode, "--seed", str(seed), "--first", "green"]
        host, _ = launch(host_argv, size, Path(one))
        host.networked = True
        try:
            text = host.text
            code = re.search(r"Room code: (\S+)", text)
            address = re.search(r"Listening on (\S+?),", text)
            if code is None or address is None:
                raise RuntimeError(f"the host did not say where it listens:\n{text}")
            join_argv = [*program(), "join", address.group(1), code.group(1), "--name", "Bob"]
            guest, _ = launch(join_argv, size, Path(two))
            guest.networked = True
            try:
                settle(host, after=time.monotonic())
                host.frames()
                network_game(host, guest, figures)
            finally:
                guest.close()
        finally:
            host.close()


def network_game(host: Terminal, guest: Terminal, figures: Figures) -> None:
    """Play on whichever terminal has a decision until both show the result."""
    for _ in range(MAX_STEPS):
        kinds = (screen_kind(host.text), screen_kind(guest.text))
        if "result" in kinds:
            return
        playing = [t for t, k in zip((host, guest), kinds, strict=True) if keys_for(k)]
        if not playing:
            settle(host, guest, after=time.monotonic())
            host.frames()
            guest.frames()
            if (screen_kind(host.text), screen_kind(guest.text)) == kinds:
                raise RuntimeError(f"nobody can play:\n{host.text}\n{guest.text}")
            continue
        term = playing[0]
        other = guest if term is host else host
        play_keys(term, figures, "network: ", other)
    raise RuntimeError("the network game did not end")


def percentile(values: list[float], share: float) -> float:
    """The value below which `share` of the values lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def target_of(row: str) -> tuple[float, float | None]:
    """The row's target: (median, 95th percentile or None)."""
    if row.endswith("keys inside a panel"):
        return PANEL_KEY_TARGET, None
    if row.startswith("resume"):
        return RESUME_TARGET, None
    if row.endswith("network move → other terminal"):
        return NETWORK_TARGET, None
    if row.startswith("launch"):
        return RESUME_TARGET, None
    return TRANSITION_TARGET


def report(figures: Figures, size: str) -> list[dict[str, object]]:
    """Print one size's table; returns its rows."""
    print(f"\n{size}: median / 95th percentile / most, milliseconds (count); target")
    rows: list[dict[str, object]] = []
    for row in sorted(figures.rows):
        values = figures.rows[row]
        median, p95 = statistics.median(values), percentile(values, 0.95)
        target = target_of(row)
        met = median <= target[0] and (target[1] is None or p95 <= target[1])
        wanted = f"≤ {target[0] * 1000:.0f}" + (f" / ≤ {target[1] * 1000:.0f}" if target[1] else "")
        line = f"  {row:<52} {median * 1000:6.0f} {p95 * 1000:6.0f} {max(values) * 1000:6.0f}"
        print(f"{line}  ({len(values):3})  {wanted} {'ok' if met else 'OVER'}")
        pauses = figures.pauses.get(row, [])
        if pauses:
            print(
                f"  {'':<52} deliberate pause after it: "
                f"median {statistics.median(pauses) * 1000:.0f} ms"
            )
        rows.append(
            {
                "size": size,
                "row": row,
                "median": median,
                "p95": p95,
                "count": len(values),
                "met": met,
            }
        )
    return rows


MAX_STEPS = 800
VERBOSE = bool(os.environ.get("FEEL_VERBOSE"))


def main() -> None:
    """Play the seeded games at each size and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--sizes", default="80x24,160x45", help="terminal sizes (default 80x24,160x45)"
    )
    parser.add_argument(
        "--games", type=int, default=1, help="games of each kind per size (default 1)"
    )
    parser.add_argument("--only", default="hot,computer,network", help="kinds of game to play")
    parser.add_argument("--modes", default="simple,advanced", help="board sides to play")
    parser.add_argument("--source", type=Path, default=None, help="time this src folder")
    parser.add_argument("--json", type=Path, default=None, help="write the rows as JSON here")
    args = parser.parse_args()
    kinds = set(args.only.split(","))
    if args.source is not None:
        SOURCE.append(args.source.resolve())
    everything: list[dict[str, object]] = []
    for size_text in args.sizes.split(","):
        cols, rows = (int(n) for n in size_text.split("x"))
        size = (cols, rows)
        figures = Figures()
        for game in range(args.games):
            seed = 11 + game
            for mode in args.modes.split(","):
                if "hot" in kinds:
                    hot_seat(size, mode, seed, figures, "human")
                if "computer" in kinds:
                    hot_seat(size, mode, seed, figures, "bot:normal")
                if "network" in kinds:
                    network(size, mode, seed, figures)
        everything.extend(report(figures, size_text))
    if args.json is not None:
        args.json.write_text(json.dumps(everything, indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()
