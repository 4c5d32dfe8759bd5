"""Startup time of the terminal app: from process start to the first screen drawn, side by side
with a minimal Textual app (benchmarks/minimal_app.py: one Static, the same ready file).

Run: PYTHONPATH=src python benchmarks/startup.py [--runs N]

Each run starts `python -m agent_avenue play` as a new process in a pseudo-terminal (so Textual
uses its real terminal driver, not the headless one), with AGENT_AVENUE_READY_FILE set: the app
writes the wall-clock time into that file right after the start screen's first refresh, then
exits. "ready" is that time minus the time just before the process was spawned, so it includes
the interpreter starting, every import, loading the rules and locale files, building the start
screen and drawing it. "exit" also includes shutting Textual down. Both are wall-clock seconds on
this machine; the best and the median of the runs are printed.

The minimal app is started the same way, its runs interleaved with the game's (minimal, game,
minimal, game, ...) so both see the same machine load; the ratio of the medians is the figure
to watch (target: the game within 1.5 times the minimal app).
"""

from __future__ import annotations

import argparse
import os
import pty
import select
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

READY_FILE_ENV = "AGENT_AVENUE_READY_FILE"
TARGET = 1.0
RATIO_TARGET = 1.5
GAME = ("-m", "agent_avenue", "play", "--seed", "1")
MINIMAL = (str(Path(__file__).resolve().parent / "minimal_app.py"),)


def one_run(
    python: str, cwd: Path, command: tuple[str, ...] = GAME, source: Path | None = None
) -> tuple[float, float]:
    """Start the app once (from the `source` folder of the package, default cwd/src); return
    (seconds until the first screen, seconds until exit)."""
    with tempfile.TemporaryDirectory() as folder:
        ready_file = Path(folder) / "ready"
        env = dict(os.environ, **{READY_FILE_ENV: str(ready_file), "TERM": "xterm-256color"})
        if source is not None:
            env["PYTHONPATH"] = str(source)
        env.setdefault("PYTHONPATH", str(cwd / "src"))
        controller, terminal = pty.openpty()
        os.set_blocking(controller, False)
        start = time.time()
        process = subprocess.Popen(
            [python, *command],
            stdin=terminal,
            stdout=terminal,
            stderr=terminal,
            cwd=cwd,
            env=env,
            close_fds=True,
        )
        os.close(terminal)
        # Drain the terminal output so the app never blocks on a full pty buffer.
        while process.poll() is None:
            readable, _, _ = select.select([controller], [], [], 0.05)
            if readable:
                try:
                    os.read(controller, 65536)
                except OSError:
                    break
        process.wait(timeout=30)
        finished = time.time()
        os.close(controller)
        if not ready_file.exists():
            raise RuntimeError("the app exited without reporting that it was ready")
        ready = float(ready_file.read_text(encoding="utf-8"))
        return ready - start, finished - start


def report(label: str, results: list[tuple[float, float]]) -> float:
    """Print one app's best and median times; return its median time to the first screen."""
    ready = [r for r, _ in results]
    done = [d for _, d in results]
    median = statistics.median(ready)
    print(
        f"{label}: first screen ready: best {min(ready):.3f} s, median {median:.3f} s; "
        f"process exit: median {statistics.median(done):.3f} s ({len(results)} runs)"
    )
    return median


def main() -> None:
    """Print the best and median startup times of the game and of a minimal Textual app, their
    runs interleaved, and the ratio of the medians."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="number of runs (default 7)")
    parser.add_argument(
        "--compare",
        type=Path,
        default=None,
        metavar="SRC",
        help="another source folder of the package (e.g. an older version's src), timed too",
    )
    args = parser.parse_args()
    cwd = Path(__file__).resolve().parent.parent
    minimal: list[tuple[float, float]] = []
    game: list[tuple[float, float]] = []
    other: list[tuple[float, float]] = []
    with tempfile.TemporaryDirectory() as home, tempfile.TemporaryDirectory() as bytecode:
        os.environ["AGENT_AVENUE_HOME"] = home  # never the players' own saves
        # An installed package has its bytecode (pip compiles it): the warm-up runs write it,
        # outside the checkout, even where the environment says not to write bytecode.
        os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
        os.environ["PYTHONPYCACHEPREFIX"] = bytecode
        for command in (MINIMAL, GAME):  # warm the OS file cache and the bytecode cache
            one_run(sys.executable, cwd, command)
        if args.compare is not None:
            one_run(sys.executable, cwd, GAME, args.compare)
        for _ in range(args.runs):
            minimal.append(one_run(sys.executable, cwd, MINIMAL))
            game.append(one_run(sys.executable, cwd, GAME))
            if args.compare is not None:
                other.append(one_run(sys.executable, cwd, GAME, args.compare))
    base = report("minimal Textual app", minimal)
    if other:
        compared = report(f"play from {args.compare}", other)
        print(f"ratio {compared / base:.2f} for {args.compare}")
    median = report("agent-avenue play  ", game)
    ratio = median / base
    verdict = "within" if ratio <= RATIO_TARGET else "OVER"
    print(f"ratio {ratio:.2f}: {verdict} the {RATIO_TARGET:.1f}x target")
    verdict = "within" if median < TARGET else "OVER"
    print(f"{verdict} the {TARGET:.1f} s target")


if __name__ == "__main__":
    main()
