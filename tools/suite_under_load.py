"""Run the whole test suite several times in a row with every core also kept busy by another
process, and report each run's outcome and time: the check that no test depends on timing.

    .venv/bin/python tools/suite_under_load.py [--runs 3] [--busy N] [--load CMD ...]
        [-- PYTEST_ARGS...]

The busy processes (one per core unless `--busy` says otherwise) are started and ended here,
whatever happens to the runs. `--load CMD` makes one of them a shell command that keeps a core
busy with useful work (a benchmark of one process); when it ends before the runs do, a busy
loop takes its place, so the cores stay loaded throughout. Exit status 0 only if every run
passed.
"""

from __future__ import annotations

import argparse
import os
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SUMMARY = re.compile(r"^(?:=+ )?(\d+ (?:passed|failed|errors?)\b.*?) in [\d.]+s", re.M)
BUSY_LOOP = "while True: pass"


def _arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="how many runs in a row (3)")
    parser.add_argument(
        "--busy", type=int, default=os.cpu_count() or 1, help="busy processes (one per core)"
    )
    parser.add_argument(
        "--load",
        action="append",
        default=[],
        metavar="CMD",
        help="a shell command that takes one busy process's place (a busy loop after it ends)",
    )
    parser.add_argument("pytest_args", nargs="*", help="arguments after -- go to pytest")
    return parser.parse_args()


class Load:
    """The processes that keep the cores busy: the `--load` commands first, busy loops for the
    rest, and a busy loop in place of each command that ends before the runs do."""

    def __init__(self, busy: int, commands: list[str]) -> None:
        """Start `busy` processes, the first ones running `commands`."""
        self.processes: list[subprocess.Popen[bytes]] = []
        self.commands = commands[:busy]
        for command in self.commands:
            print(f"load: {command}", flush=True)
            # A session of its own, so that ending it ends every process the command started.
            self.processes.append(
                subprocess.Popen(["bash", "-c", command], cwd=ROOT, start_new_session=True)
            )
        while len(self.processes) < busy:
            self.processes.append(_busy_loop())
        self.stopping = threading.Event()
        self.watcher = threading.Thread(target=self._watch, daemon=True)
        self.watcher.start()

    def _watch(self) -> None:
        while not self.stopping.wait(1.0):
            for slot, process in enumerate(self.processes):
                if process.poll() is not None:
                    print(f"load {slot + 1} ended ({process.returncode}); a busy loop goes on")
                    self.processes[slot] = _busy_loop()

    def stop(self) -> None:
        """End every load process (a command that has not finished is ended too)."""
        self.stopping.set()
        self.watcher.join()
        for process in self.processes:
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGTERM)
        for process in self.processes:
            process.wait()


def _busy_loop() -> subprocess.Popen[bytes]:
    return subprocess.Popen([sys.executable, "-c", BUSY_LOOP], start_new_session=True)


def _run_suite(pytest: Path, extra: list[str], log: Path) -> tuple[int, float, str]:
    """One run of the README's test command; its exit status, wall time and summary line."""
    started = time.perf_counter()
    with log.open("w", encoding="utf-8") as out:
        status = subprocess.call([str(pytest), *extra], cwd=ROOT, stdout=out, stderr=out)
    elapsed = time.perf_counter() - started
    text = log.read_text(encoding="utf-8", errors="replace")
    found = SUMMARY.findall(text)
    return status, elapsed, found[-1] if found else "no summary line"


def main() -> int:
    """Start the busy processes, run the suite, stop them, report."""
    args = _arguments()
    # A SIGTERM ends the runs like Ctrl-C, so that the load is ended too (the `finally` below).
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    pytest = ROOT / ".venv" / "bin" / "pytest"
    load = Load(args.busy, args.load)
    failures = 0
    try:
        print(f"{args.busy} busy processes started; {args.runs} runs of {pytest.name}", flush=True)
        for run in range(1, args.runs + 1):
            log = ROOT / f".suite-under-load-{run}.log"
            status, elapsed, summary = _run_suite(pytest, args.pytest_args, log)
            failures += status != 0
            print(f"run {run}: exit {status}, {elapsed / 60:.1f} min: {summary} ({log.name})")
    finally:
        load.stop()
    print("all runs passed" if failures == 0 else f"{failures} run(s) failed")
    return 0 if failures == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
