"""The one interface every computer opponent implements: a seat's view in, a legal action out."""

from __future__ import annotations

import random
import time
from typing import Protocol, runtime_checkable

from agent_avenue.engine import Action, PlayerView

__all__ = ["Bot", "BotStats", "NoLegalAction"]


class NoLegalAction(ValueError):
    """A bot was asked to act in a view where its seat has nothing to decide."""


class BotStats:
    """Work counters a bot keeps: decisions made, playouts run, seconds spent thinking.

    `seconds` is wall-clock time; `cpu_seconds` the processor time of the thinking process,
    which other load on the machine does not inflate.
    """

    __slots__ = ("cpu_seconds", "decisions", "playouts", "seconds")

    def __init__(self) -> None:
        """Start every counter at zero."""
        self.decisions = 0
        self.playouts = 0
        self.seconds = 0.0
        self.cpu_seconds = 0.0

    def timed(self) -> Timer:
        """A context manager that adds the time spent inside it to the counters."""
        return Timer(self)


class Timer:
    """Adds the wall and processor time of a `with` block to a BotStats."""

    __slots__ = ("cpu", "stats", "wall")

    def __init__(self, stats: BotStats) -> None:
        """A timer for `stats`."""
        self.stats = stats
        self.wall = 0.0
        self.cpu = 0.0

    def __enter__(self) -> Timer:
        """Start timing."""
        self.wall = time.perf_counter()
        self.cpu = time.process_time()
        return self

    def __exit__(self, *exc: object) -> None:
        """Stop timing and add the times."""
        self.stats.seconds += time.perf_counter() - self.wall
        self.stats.cpu_seconds += time.process_time() - self.cpu


@runtime_checkable
class Bot(Protocol):
    """A computer opponent.

    `choose` gets only the deciding seat's view (its own hand, the public table and the legal
    actions in `view.legal`) and a random generator; it returns one of `view.legal`. A bot never
    sees the game state, so it cannot peek at the opponent's hand or the deck.
    """

    name: str
    stats: BotStats

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        """One of `view.legal`, chosen for `view.seat`."""
        ...


def check_view(view: PlayerView) -> None:
    """Raise NoLegalAction unless the view's seat must decide now."""
    if view.seat is None or not view.my_turn or not view.legal:
        raise NoLegalAction("this view's seat has no decision to make")
