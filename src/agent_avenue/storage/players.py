"""The seats' kinds as saves and the score sheet store them: "human" or "bot:<level>"."""

from __future__ import annotations

from collections.abc import Sequence

from agent_avenue.data.seat_kinds import HUMAN
from agent_avenue.engine import GameRecord
from agent_avenue.storage.atomic import StorageError

__all__ = [
    "HUMAN",
    "Players",
    "player_kind",
    "players_tuple",
]


Players = tuple[str, ...]
"""Each seat's kind ("human" or "bot:<level>"): two in a duel, 3 or 4 in a team game."""


def player_kind(bot_level: str | None = None) -> str:
    """How a seat is played, as stored: "human", or "bot:<level>" for a computer opponent."""
    return HUMAN if bot_level is None else f"bot:{bot_level}"


def players_tuple(players: Sequence[str], record: GameRecord) -> Players:
    """The seats' kinds, one per name of the record; StorageError if the counts differ."""
    if len(players) != len(record.names):
        # A caller's mistake, never a player's: it stays in English.
        raise StorageError(
            f"The game has {len(record.names)} players, but {len(players)} kinds were given."
        )
    return tuple(players)
