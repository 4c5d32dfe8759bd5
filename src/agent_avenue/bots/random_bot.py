"""The random bot: any legal action, uniformly."""

from __future__ import annotations

import random

from agent_avenue.bots.base import BotStats, check_view
from agent_avenue.engine import Action, PlayerView

__all__ = ["RandomBot"]


class RandomBot:
    """Plays a uniformly random legal action (discards included)."""

    def __init__(self, name: str = "random") -> None:
        """A random bot called `name`."""
        self.name = name
        self.stats = BotStats()

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        """A uniformly random action of `view.legal`."""
        check_view(view)
        with self.stats.timed():
            self.stats.decisions += 1
            return view.legal[int(rng.random() * len(view.legal))]
