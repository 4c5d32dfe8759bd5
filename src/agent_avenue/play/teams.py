"""Who sits where in a team game (3 or 4 players), and the names of its sides and seats.

Seats are numbered as the engine numbers them (agent_avenue.engine.seats, where the seat
functions live): seats 0 and 2 play for green, 1 and 3 for blue.
"""

from __future__ import annotations

from agent_avenue.engine import PLAYER_COUNTS, partner_of, seats_of
from agent_avenue.i18n import t


def side_names(seat_names: tuple[str, ...]) -> tuple[str, str]:
    """Each side's name, green first: a player's own name, or "Ann & Cid" for a team of two."""
    players = len(seat_names)

    def name(side: int) -> str:
        seats = seats_of(side, players)
        if len(seats) == 1:
            return seat_names[seats[0]]
        return t("team.side_name", first=seat_names[seats[0]], second=seat_names[seats[1]])

    return name(0), name(1)


def team_of_two(side: int, players: int) -> bool:
    """Whether a side has two players (a team of a 3- or 4-player game), as the engine seats
    them: its name ("Ann & Cid") then takes the plural form of a verb (i18n.plural_key)."""
    return len(seats_of(side, players)) > 1


def check_names(seat_names: tuple[str, ...], players: int) -> None:
    """Raise ValueError unless there is one name per player."""
    if players not in PLAYER_COUNTS:
        raise ValueError(f"a game has 2, 3 or 4 players, not {players}")
    if len(seat_names) != players:
        raise ValueError(f"{players} players need {players} names, not {len(seat_names)}")


__all__ = [
    "PLAYER_COUNTS",
    "check_names",
    "partner_of",
    "seats_of",
    "side_names",
    "team_of_two",
]
