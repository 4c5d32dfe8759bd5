"""Team games on the table: each member's hand size and discards left, by name (public facts)."""

from __future__ import annotations

from agent_avenue.engine import PlayerView, seat_of, side_of
from agent_avenue.i18n import t

__all__ = ["decider_name", "decider_side", "is_team_side", "member_discards", "member_hands"]


def is_team_side(view: PlayerView, side: int, seats: tuple[str, ...]) -> bool:
    """Whether side `side` has two members and their names are known."""
    return len(view.sides[side].member_hand_sizes) > 1 and len(seats) > seat_of(side, 1)


def _members(view: PlayerView, side: int, seats: tuple[str, ...], counts: tuple[int, ...]) -> str:
    return t("team.member_separator").join(
        t("team.member_count", name=seats[seat_of(side, member)], n=count)
        for member, count in enumerate(counts)
        if seat_of(side, member) < len(seats)
    )


def member_hands(view: PlayerView, side: int, seats: tuple[str, ...]) -> str:
    """ "Ann 4 · Cid 3": how many cards each member of a side holds."""
    return _members(view, side, seats, view.sides[side].member_hand_sizes)


def member_discards(view: PlayerView, side: int, seats: tuple[str, ...]) -> str:
    """ "Ann 2 · Cid 1": how many discards each member of a side has left."""
    return _members(view, side, seats, view.sides[side].member_discards_left)


def decider_name(view: PlayerView, names: tuple[str, str], seats: tuple[str, ...] = ()) -> str:
    """Who decides now (`view.to_act`): the seat's own name in a team game, the side's name in
    a duel; the active side once nobody is to act (the game is over)."""
    seat = view.to_act
    if seat is None:
        return names[view.active]
    if len(seats) > 2 and seat < len(seats):
        return seats[seat]
    return names[side_of(seat)]


def decider_side(view: PlayerView) -> int | None:
    """The side of whoever decides now, None once the game is over."""
    if view.result is not None or view.to_act is None:
        return None
    return side_of(view.to_act)
