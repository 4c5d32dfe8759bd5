"""Run the whole test suite several times in a row with every core also kept busy by another
process, and report each run's outcome and time: the check that no test depends on timing.

    .venv/bin/python tools/suite_under_load.py [--runs 3] [--busy N] [-- PYTEST_ARGS...]

The busy processes (one per core unless `--busy` says otherwise) are started and ended here,
whatever happens to the runs. Exit status 0 only if every run passed.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
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
    parser.add_argument("pytest_args", nargs="*", help="arguments after -- go to pytest")
    return parser.parse_args()


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
    pytest = ROOT / ".venv" / "bin" / "pytest"
    busy = [subprocess.Popen([sys.executable, "-c", BUSY_LOOP]) for _ in range(args.busy)]
    failures = 0
    try:
        print(f"{args.busy} busy processes started; {args.runs} runs of {pytest.name}", flush=True)
        for run in range(1, args.runs + 1):
            log = ROOT / f".suite-under-load-{run}.log"
            status, elapsed, summary = _run_suite(pytest, args.pytest_args, log)
            failures += status != 0
            print(f"run {run}: exit {status}, {elapsed / 60:.1f} min: {summary} ({log.name})")
    finally:
        for process in busy:
            process.terminate()
        for process in busy:
            process.wait()
    print("all runs passed" if failures == 0 else f"{failures} run(s) failed")
    return 0 if failures == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
