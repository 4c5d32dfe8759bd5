"""Computer opponents: each sees only its seat's view and returns one of the legal actions.

`make_bot(spec)` builds one by name (`random`, `greedy`, `search`, `bot:easy|normal|hard`, ...);
`think(bot, view, seed)` is the call the app makes from a worker thread.
"""

from __future__ import annotations

import random

from agent_avenue.bots.base import Bot, BotStats, NoLegalAction
from agent_avenue.bots.registry import BOT_SPECS, LEVEL_NAMES, bot_for_level, make_bot
from agent_avenue.engine import Action, PlayerView

__all__ = [
    "BOT_SPECS",
    "LEVEL_NAMES",
    "Bot",
    "BotStats",
    "NoLegalAction",
    "bot_for_level",
    "make_bot",
    "think",
]


def think(bot: Bot | str, view: PlayerView, seed: int | None = None) -> Action:
    """The action `bot` (a Bot, or a spec such as "bot:hard") chooses for the view's seat.

    Safe to run in a worker thread: it only reads the view (an immutable value) and returns
    one of `view.legal`; the hard level returns within about a second. `seed` makes the choice
    repeatable; None draws a fresh seed. Raises NoLegalAction if the seat has nothing to decide.
    """
    player = make_bot(bot) if isinstance(bot, str) else bot
    rng = random.Random(seed) if seed is not None else random.Random()
    return player.choose(view, rng)
