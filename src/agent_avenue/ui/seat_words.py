"""How the app names the seats and their players: colours, default names, names with colours.

Light on imports (the engine's seats and the strings only): the start screen uses it before
any game module is loaded.
"""

from __future__ import annotations

from agent_avenue.engine import is_team_game, side_of
from agent_avenue.i18n import LANGUAGES, catalogue, t

SEAT_KEYS = ("seat.green", "seat.blue")

__all__ = [
    "SEAT_KEYS",
    "colour_name",
    "default_names",
    "local_names",
    "local_seat_names",
    "team_seat_names",
    "who",
]


def colour_name(seat: int) -> str:
    """The colour of a seat, in words ("Green" or "Blue")."""
    return t(SEAT_KEYS[seat])


def default_names(players: int) -> tuple[str, ...]:
    """Names for seats nobody named: the colours, and "Green 2", "Blue 2" for the partners."""
    names = [colour_name(side_of(seat)) for seat in range(min(players, 2))]
    for seat in range(2, players):
        names.append(t("team.default_partner", colour=colour_name(side_of(seat))))
    return tuple(names)


def local_seat_names(seats: tuple[str, ...]) -> tuple[str, ...]:
    """Seat names with a name that is its side's colour in any language ("Green", "Vert") given
    in the language in use, so the default names follow a change of language."""

    def local(seat: int) -> str:
        name = seats[seat]
        colours = {catalogue(code)[SEAT_KEYS[side_of(seat)]].casefold() for code in LANGUAGES}
        return colour_name(side_of(seat)) if name.casefold() in colours else name

    return tuple(local(seat) for seat in range(len(seats)))


def team_seat_names(players: int, seats: tuple[str, ...]) -> tuple[str, ...]:
    """Every player's name by seat (`local_seat_names`) in a team game of `players`; empty in a
    duel (its sides' names are enough)."""
    return local_seat_names(seats) if is_team_game(players) else ()


def local_names(names: tuple[str, str]) -> tuple[str, str]:
    """The two sides' names as `local_seat_names` gives them."""
    green, blue = local_seat_names(names)
    return green, blue


def who(seat: int, names: tuple[str, ...]) -> str:
    """A player's name with their colour, unless the name already is the colour (`names` by
    seat: in a team game seats 2 and 3 are green's and blue's second players)."""
    name = names[seat]
    colour = colour_name(side_of(seat))
    if name.casefold() == colour.casefold():
        return name
    return t("app.name_colour", name=name, colour=colour)
