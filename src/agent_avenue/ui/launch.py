"""How the app is started: one frozen value of launch options (ui/run.py's `run_app` builds the
app from them), and the seed and first player chosen at random."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from agent_avenue.engine import Mode
from agent_avenue.play.seats import HUMAN, SeatKinds

if TYPE_CHECKING:
    from agent_avenue.engine import GameRecord, Rules
    from agent_avenue.play.session import Session
    from agent_avenue.ui.screens.start import StartSettings

SEED_LIMIT = 2**31

__all__ = ["LaunchOptions", "new_session", "random_first", "random_seed"]


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


def new_session(rules: Rules, seed: int, settings: StartSettings) -> Session:
    """The game the start screen's `settings` begin with `seed` (a first player not chosen
    is drawn from the seed)."""
    from agent_avenue.play.session import Session

    first = random_first(seed) if settings.first is None else settings.first
    return Session.new(rules, settings.mode, seed, first, settings.names, settings.players)
