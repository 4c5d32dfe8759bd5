"""How the app is started: one frozen value of launch options, and `run_app`, the command
line's way in."""

from __future__ import annotations

import gc
import random
import sys
from dataclasses import dataclass
from typing import TYPE_CHECKING

from agent_avenue.engine import Mode
from agent_avenue.i18n import t
from agent_avenue.play.seats import HUMAN, SeatKinds

if TYPE_CHECKING:
    from agent_avenue.engine import GameRecord, Rules

SEED_LIMIT = 2**31

__all__ = ["LaunchOptions", "random_first", "random_seed", "run_app"]


@dataclass(frozen=True, slots=True)
class LaunchOptions:
    """What the command line asked for; the start screen may change a new game's settings."""

    mode: Mode = Mode.SIMPLE
    seed: int | None = None
    """None: a fresh random seed."""
    names: tuple[str, ...] | None = None
    """One name per seat: green, blue, then (team games) green's and blue's partners."""
    first: int | None = None
    """0 green, 1 blue, None: chosen at random (from the seed)."""
    resume: bool = False
    """Resume the saved game at once (`agent-avenue resume`) instead of the start screen."""
    replay: GameRecord | None = None
    """A finished game to replay instead of playing (`agent-avenue replay`)."""
    players: int = 2
    """2 for a duel, 3 or 4 for a team game (the start screen can change it)."""
    tutorial: bool = False
    """Open the lessons over the start screen (`agent-avenue tutorial`)."""
    opponent: str = HUMAN
    """Who plays against the people at the terminal: "human" or "bot:<level>"."""
    seat: int = 0
    """The side the people play against the computer: 0 green, 1 blue."""
    kinds: SeatKinds | None = None
    """One kind per seat (`play --vs human,bot:hard,...`); None: `opponent` fills the other side."""
    new_game: bool = False
    """The command line described a new game (`play --mode ...`): it starts without the offer
    to resume a saved game, which stays on disk for `agent-avenue resume` or a bare `play`."""


def random_seed() -> int:
    """A fresh seed for a game nobody asked to repeat."""
    return random.SystemRandom().randrange(SEED_LIMIT)


def random_first(seed: int) -> int:
    """The first player chosen "at random": derived from the seed, so a replay repeats it."""
    return random.Random(f"first-{seed}").randrange(2)


def run_app(*, rules: Rules | None = None, **options: object) -> int:
    """Run the app until the players quit; returns the exit status.

    The keywords are LaunchOptions' fields (`mode` may be a string): `resume` goes straight to
    the saved game (exit status 2 if there is none); `replay` shows a finished game's replay
    instead of playing; `tutorial` opens the lessons first; `opponent` is "human" or
    "bot:<level>"; against the computer the people play side `seat`; `kinds` instead gives one
    kind per seat (`play --vs human,bot:hard,human,human`).
    """
    from agent_avenue.ui.app import AgentAvenueApp

    if rules is None:
        from agent_avenue.data import load_rules

        rules = load_rules()
    if "mode" in options:
        options["mode"] = Mode(str(options["mode"]))
    app = AgentAvenueApp(rules, LaunchOptions(**options))  # type: ignore[arg-type]
    # What is loaded by now (modules, classes, tables) lives as long as the program: the cycle
    # collector need not walk it again. A full collection during the first frame cost more
    # than a third of drawing the start screen.
    gc.freeze()
    try:
        app.run()
    except Exception as error:  # never print locals: one line only
        print(t("app.crashed", kind=type(error).__name__), file=sys.stderr)
        return 1
    code = app.return_code
    return code if code is not None else 0
