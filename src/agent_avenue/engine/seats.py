"""Who sits where, the one place that knows it: seat = side + 2 * member.

Seats 0 and 1 are green's and blue's first players, 2 and 3 their partners: seats 0 and 2 play
for green, 1 and 3 for blue. With 3 players green is the team of two and blue plays alone.
"""

from __future__ import annotations

PLAYER_COUNTS = (2, 3, 4)
"""How many players a game may have: a duel, two against one, two teams of two."""


def is_team_game(players: int) -> bool:
    """Whether a game of this many players is played in teams (3 or 4 players)."""
    return players > 2


def side_of(seat: int) -> int:
    """The side a seat plays for (0 green, 1 blue)."""
    return seat % 2


def member_of_seat(seat: int) -> int:
    """Which member of its side a seat is: 0 the side's first player, 1 the partner."""
    return seat // 2


def seat_of(side: int, member: int) -> int:
    """The seat of a side's member: 0 and 1 are the first members, 2 and 3 their partners."""
    return side + 2 * member


def seats_of(side: int, players: int) -> tuple[int, ...]:
    """The seats of one side's players (green: 0 and 2; blue: 1, and 3 with 4 players)."""
    return tuple(seat for seat in (side, side + 2) if seat < players)


def partner_of(seat: int, players: int) -> int:
    """The teammate of the player at `seat` (a player alone on a side: themself)."""
    other = seat + 2 if seat < 2 else seat - 2
    return other if other < players else seat
