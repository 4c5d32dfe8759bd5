"""`run_app`, what the command line calls to start the terminal app: the app is built from the
launch options and run until the players quit."""

from __future__ import annotations

import sys

from textual.app import App

from agent_avenue.engine import Mode, Rules
from agent_avenue.i18n import t
from agent_avenue.support.collector import tune_collector
from agent_avenue.ui.hot_seat_app import HotSeatApp
from agent_avenue.ui.launch import LaunchOptions

__all__ = ["run_app", "run_to_the_end"]


def run_app(*, rules: Rules | None = None, **options: object) -> int:
    """Run the app until the players quit; returns the exit status.

    The keywords are LaunchOptions' fields (`mode` may be a string): `resume` goes straight to
    the saved game (exit status 2 if there is none); `replay` shows a finished game's replay
    instead of playing; `tutorial` opens the lessons first; `opponent` is "human" or
    "bot:<level>"; against the computer the people play side `seat`; `kinds` instead gives one
    kind per seat (`play --vs human,bot:hard,human,human`).
    """
    if rules is None:
        from agent_avenue.data import load_rules

        rules = load_rules()
    if "mode" in options:
        options["mode"] = Mode(str(options["mode"]))
    app = HotSeatApp(rules, LaunchOptions(**options))  # type: ignore[arg-type]
    # What is loaded by now lives as long as the program: the cycle collector need not walk it
    # again (a full collection during the first frame cost a third of drawing the start screen).
    tune_collector()
    return run_to_the_end(app)


def run_to_the_end(app: App[int]) -> int:
    """Run an app until it exits: its exit status, or 1 with one line on stderr if it crashed."""
    try:
        app.run()
    except Exception as error:  # never print locals: one line only
        print(t("app.crashed", kind=type(error).__name__), file=sys.stderr)
        return 1
    code = app.return_code
    return code if code is not None else 0
