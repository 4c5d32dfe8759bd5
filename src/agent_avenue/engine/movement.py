"""How far a meeple moves for a recruit, with ongoing modifiers, home boosts and landings."""

from __future__ import annotations

from agent_avenue.engine.events import Event, EventKind
from agent_avenue.engine.rules import (
    BOARD_SIZE,
    HOMES,
    MARKET_SPACES,
    HomeBoost,
    MoveModifier,
    Rules,
)
from agent_avenue.engine.state import Side

_RECRUIT = EventKind.RECRUIT
_MOVE = EventKind.MOVE
_HOME_BOOST = EventKind.HOME_BOOST
_LAND = EventKind.LAND


def modified_move(rules: Rules, ongoing: tuple[str, ...], agent: str, amount: int) -> int:
    """A recruit's printed move after the owner's ongoing modifiers for that agent."""
    for card in ongoing:
        effect = rules.card_by_id[card].effect
        if isinstance(effect, MoveModifier) and effect.agent == agent:
            if effect.operation == "forward":
                amount = abs(amount)
            elif effect.operation == "multiply":
                amount *= effect.value
            elif effect.operation == "add":
                amount += effect.value
            else:
                amount = effect.value
    return amount


def home_boost(rules: Rules, ongoing: tuple[str, ...]) -> int:
    """Extra spaces after a move that stops exactly on a home (Getaway Car), or 0."""
    total = 0
    for card in ongoing:
        effect = rules.card_by_id[card].effect
        if isinstance(effect, HomeBoost):
            total += effect.value
    return total


def _finish_move(
    rules: Rules, side: Side, index: int, end: int, advanced: bool, events: list[Event]
) -> tuple[int, bool]:
    """Apply a home boost to a move ending at `end`; report the final progress and a landing."""
    home = side.home
    if side.ongoing and (home + end) % BOARD_SIZE in HOMES:
        boost = home_boost(rules, side.ongoing)
        if boost:
            events.append(Event(_HOME_BOOST, index, value=boost, start=end, end=end + boost))
            end += boost
    landed = advanced and (home + end) % BOARD_SIZE in MARKET_SPACES
    if landed:
        events.append(Event(_LAND, index, end=(home + end) % BOARD_SIZE))
    return end, landed


def move_side(
    rules: Rules, side: Side, index: int, amount: int, advanced: bool
) -> tuple[Side, tuple[Event, ...], bool]:
    """Move a side's meeple (an ability's move); returns the side, events and any landing.

    A move of 0 moves nothing and lands nowhere.
    """
    if amount == 0:
        return side, (), False
    start = side.progress
    events = [Event(_MOVE, index, value=amount, start=start, end=start + amount)]
    end, landed = _finish_move(rules, side, index, start + amount, advanced, events)
    return side._replace(progress=end), tuple(events), landed


def recruit_agent(
    rules: Rules, side: Side, index: int, agent: str, advanced: bool, via: str | None = None
) -> tuple[Side, tuple[Event, ...], bool]:
    """Put `agent` into play for a side and move for it (count rule and modifiers)."""
    in_play = (*side.in_play, agent)
    count = in_play.count(agent)
    amount = rules.moves[agent][count]
    ongoing = side.ongoing
    if ongoing:
        amount = modified_move(rules, ongoing, agent, amount)
    start = side.progress
    end = start + amount
    event = Event(_RECRUIT, index, agent, via, count, amount, start, end)
    if amount == 0 or not (advanced or ongoing):
        return (
            Side(
                home=side.home, progress=end, in_play=in_play, ongoing=ongoing, members=side.members
            ),
            (event,),
            False,
        )
    events = [event]
    end, landed = _finish_move(rules, side, index, end, advanced, events)
    return (
        Side(home=side.home, progress=end, in_play=in_play, ongoing=ongoing, members=side.members),
        tuple(events),
        landed,
    )
