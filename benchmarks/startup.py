"""Startup time of the terminal app: from process start to the first screen drawn.

Run: PYTHONPATH=src python benchmarks/startup.py [--runs N]

Each run starts `python -m agent_avenue play` as a new process in a pseudo-terminal (so Textual
uses its real terminal driver, not the headless one), with AGENT_AVENUE_READY_FILE set: the app
writes the wall-clock time into that file right after the start screen's first refresh, then
exits. "ready" is that time minus the time just before the process was spawned, so it includes
the interpreter starting, every import, loading the rules and locale files, building the start
screen and drawing it. "exit" also includes shutting Textual down. Both are wall-clock seconds on
this machine; the best and the median of the runs are printed.
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


def one_run(python: str, cwd: Path) -> tuple[float, float]:
    """Start the app once; return (seconds until the first screen, seconds until exit)."""
    with tempfile.TemporaryDirectory() as folder:
        ready_file = Path(folder) / "ready"
        env = dict(os.environ, **{READY_FILE_ENV: str(ready_file), "TERM": "xterm-256color"})
        env.setdefault("PYTHONPATH", str(cwd / "src"))
        controller, terminal = pty.openpty()
        os.set_blocking(controller, False)
        start = time.time()
        process = subprocess.Popen(
            [python, "-m", "agent_avenue", "play", "--seed", "1"],
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


def main() -> None:
    """Print the best and median startup times over several runs."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="number of runs (default 7)")
    args = parser.parse_args()
    cwd = Path(__file__).resolve().parent.parent
    one_run(sys.executable, cwd)  # warm the OS file cache and the bytecode cache
    results = [one_run(sys.executable, cwd) for _ in range(args.runs)]
    ready = [r for r, _ in results]
    done = [d for _, d in results]
    print(
        f"first screen ready: best {min(ready):.3f} s, median {statistics.median(ready):.3f} s; "
        f"process exit: median {statistics.median(done):.3f} s ({args.runs} runs)"
    )
    verdict = "within" if statistics.median(ready) < TARGET else "OVER"
    print(f"{verdict} the {TARGET:.1f} s target")


if __name__ == "__main__":
    main()
