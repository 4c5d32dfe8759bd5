"""Events: what one step of the game did, for logs, animations and explanations."""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple


class EventKind(StrEnum):
    """What happened."""

    # Secret fields (see Event.public): the discarded `agent`, the face-down `card`, and the
    # cards drawn in `agents` are known only to the side that holds them.
    DISCARD = "discard"  # side discarded `agent` and drew the replacement in `agents`
    DRAW = "draw"  # side drew `count` cards (`agents`) after an ability
    OFFER = "offer"  # side offered face-up `agent`, face-down `card`, then drew `agents`
    # (in a team game the face-down card and the draws belong to `seat`, the partner)
    LEAD = "lead"  # team game: the member at `seat` plays the face-up card
    PLAY_UP = "play_up"  # team game: the member at `seat` played `agent` face up
    RECRUIT = "recruit"  # side recruited `agent`, now `count` in play, by `card` (or None);
    # it moved `value` spaces, from `start` to `end` (progress, before any home boost)
    MOVE = "move"  # side moved `value` spaces from `start` to `end` (an ability's move)
    HOME_BOOST = "home_boost"  # a move stopped on a home and went on `value` more
    LAND = "land"  # side stopped exactly on a black market space `end`
    NO_CARD = "no_card"  # side landed but the supply was empty
    TAKE = "take"  # side took black market `card`
    REFILL = "refill"  # `card` was turned face up into the supply
    IGNORED = "ignored"  # `card`'s ability could not be carried out
    STEAL = "steal"  # side took `agent` from the opponent's play into hand
    RETURN = "return"  # side returned `agent` from play to hand
    REVEAL_PAIR = "reveal_pair"  # side revealed two `agent` cards from hand
    KEEP = "keep"  # side kept the returned `agent` in hand
    TURN = "turn"  # turn `count` begins; side is the active player
    GAME_OVER = "game_over"  # side won


class Event(NamedTuple):
    """One thing that happened. Some fields are secret to `side`: see `public()`."""

    kind: EventKind
    side: int
    agent: str | None = None
    card: str | None = None
    # Shadows tuple.count, which nobody calls on an event; the name reads best for the log.
    count: int = 0  # type: ignore[assignment]
    value: int = 0
    start: int = 0
    end: int = 0
    agents: tuple[str, ...] = ()
    seat: int | None = None  # who knows the secret fields, when not the side's only player

    def public(self) -> Event:
        """This event as everyone may know it: the hidden cards removed."""
        if self.kind not in SECRET_KINDS:
            return self
        agent = None if self.kind is EventKind.DISCARD else self.agent
        return self._replace(agent=agent, card=None, agents=())

    def seen_by(self, seat: int) -> Event:
        """This event as `seat` may know it."""
        owner = self.side if self.seat is None else self.seat
        return self if owner == seat else self.public()


SECRET_KINDS = frozenset({EventKind.DISCARD, EventKind.DRAW, EventKind.OFFER})
