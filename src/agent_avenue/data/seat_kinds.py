"""How a seat is played, as saves spell it: a person ("human") or the computer at a level.

Defined once here, below the bots, the saves and the flow of play, which all import it; light
enough for the start screen (it imports nothing).
"""

from __future__ import annotations

__all__ = ["BOT", "DEFAULT_LEVEL", "EASY", "HARD", "HUMAN", "LEVELS", "NORMAL"]

HUMAN = "human"
"""The kind of a seat played by a person at the terminal."""
BOT = "bot"
"""The prefix of a computer seat's kind: "bot:<level>"."""
EASY = "easy"
"""The weakest level: the greedy bot with random jitter."""
NORMAL = "normal"
"""The middle level: a fixed amount of search (bots.ismcts.LEVELS)."""
HARD = "hard"
"""The strongest level: more search than normal."""
LEVELS: tuple[str, ...] = (EASY, NORMAL, HARD)
"""The computer's levels, weakest first: easy is the greedy bot, the others amounts of search."""
DEFAULT_LEVEL = NORMAL
"""The level of `bot` alone."""
