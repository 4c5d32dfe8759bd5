"""Who plays each seat: a person at the terminal ("human") or a computer ("bot:<level>").

The kinds are spelled as saves and the score sheet store them (`storage.players.player_kind`),
one per seat in the engine's order (green, blue, then green's and blue's partners). The app
asks `is_bot(kind)` for the seat that must act; nothing here knows anything about a game.
"""

from __future__ import annotations

from agent_avenue.data.seat_kinds import BOT, DEFAULT_LEVEL, HUMAN, LEVELS
from agent_avenue.engine import side_of

BOT_PLAYER_COUNTS: tuple[int, ...] = (2, 3, 4)
"""The games the computer can play: duels and team games (any seat, bots/team.py)."""

SeatKinds = tuple[str, ...]

__all__ = [
    "BOT",
    "BOT_PLAYER_COUNTS",
    "DEFAULT_LEVEL",
    "HUMAN",
    "LEVELS",
    "SeatKinds",
    "bot_kind",
    "bot_level",
    "bot_seats",
    "is_bot",
    "list_opponent",
    "opponent_kind",
    "opponent_kinds",
    "seat_kinds",
    "solo_human",
]


def bot_kind(level: str = DEFAULT_LEVEL) -> str:
    """The kind of a computer player at `level`: "bot:easy", "bot:normal" or "bot:hard"."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}")
    return f"{BOT}:{level}"


def opponent_kind(text: str) -> str:
    """The kind a `--vs` value names: "human", or "bot:<level>" (`bot` alone is bot:normal).

    Raises ValueError for anything else.
    """
    value = text.strip().lower()
    if value == HUMAN:
        return HUMAN
    if value == BOT:
        return bot_kind(DEFAULT_LEVEL)
    kind, _, level = value.partition(":")
    if kind == BOT and level in LEVELS:
        return bot_kind(level)
    raise ValueError(f"unknown opponent {text!r}")


def opponent_kinds(text: str) -> SeatKinds:
    """The kinds a `--vs` value names: one kind, or a comma-separated list (one per seat).

    Raises ValueError, naming the first unknown part, for anything else.
    """
    kinds: list[str] = []
    for part in text.split(","):
        try:
            kinds.append(opponent_kind(part))
        except ValueError:
            raise ValueError(part.strip()) from None
    return tuple(kinds)


def list_opponent(kinds: SeatKinds) -> str:
    """The opponent a per-seat list stands for on the start screen: its first computer's kind."""
    computer = bot_seats(kinds)
    return kinds[computer[0]] if computer else HUMAN


def is_bot(kind: str) -> bool:
    """Whether a seat of this kind is played by the computer."""
    return kind.partition(":")[0] == BOT


def bot_level(kind: str) -> str:
    """The level of a computer seat; an unknown level (a newer save) plays at the default."""
    level = kind.partition(":")[2]
    return level if level in LEVELS else DEFAULT_LEVEL


def seat_kinds(opponent: str = HUMAN, players: int = 2, human_side: int = 0) -> SeatKinds:
    """One kind per seat: people on `human_side` (0 green, 1 blue), `opponent` on the other.

    With a human opponent every seat is human. Seats are numbered as the engine numbers them
    (seat = side + 2 * member), so in a team game the opponent's kind fills a whole side.
    """
    return tuple(HUMAN if side_of(seat) == human_side else opponent for seat in range(players))


def bot_seats(kinds: SeatKinds) -> tuple[int, ...]:
    """The seats the computer plays."""
    return tuple(seat for seat, kind in enumerate(kinds) if is_bot(kind))


def solo_human(kinds: SeatKinds) -> int | None:
    """The one human seat when a single person plays against the computer, else None.

    Then nobody else looks at the terminal: no handoff is needed between that person's own
    decisions, and the computer's seat is never shown.
    """
    humans = [seat for seat, kind in enumerate(kinds) if not is_bot(kind)]
    return humans[0] if len(humans) == 1 and len(kinds) > 1 else None
