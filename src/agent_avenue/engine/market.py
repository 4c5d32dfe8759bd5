"""Black market pickups: taking a supply card, refilling, and resolving instant abilities."""

from __future__ import annotations

from dataclasses import replace

from agent_avenue.engine.cards import add_to_hand, distinct, draw_up, remove_last, remove_one
from agent_avenue.engine.end_step import end_step
from agent_avenue.engine.events import Event, EventKind
from agent_avenue.engine.movement import move_side, recruit_agent
from agent_avenue.engine.rules import (
    HAND_SIZE,
    MoveSelf,
    RecruitNamedFromHand,
    RecruitNewNameFromHand,
    RecruitPairFromHand,
    RecruitTopOfDeck,
    ReturnAndRerecruit,
    Rules,
    StealFromPlay,
)
from agent_avenue.engine.state import GameState, Member, Pending, Phase, Side


def with_side(sides: tuple[Side, ...], index: int, side: Side) -> tuple[Side, ...]:
    """The sides with one replaced."""
    return (*sides[:index], side, *sides[index + 1 :])


def with_hand(side: Side, member: int, hand: tuple[str, ...]) -> Side:
    """A side whose member holds a new hand."""
    old = side.members[member]
    members = list(side.members)
    members[member] = Member(hand=hand, discards_left=old.discards_left, discarded=old.discarded)
    return side._replace(members=tuple(members))


def continue_turn(state: GameState, events: tuple[Event, ...]) -> GameState:
    """Run the pickups still queued; stop at the next decision, else go to the End step."""
    queue = state.queue
    while queue:
        picker = queue[0]
        queue = queue[1:]
        if state.supply:
            return state._replace(
                phase=Phase.PICK, picker=picker, queue=queue, pending=None, events=events
            )
        events = (*events, Event(EventKind.NO_CARD, picker))
    return end_step(state, events)


def take(state: GameState, card: str, member: int = 0) -> GameState:
    """The picker takes a supply card; the supply refills at once, then the card resolves."""
    picker = state.picker
    assert picker is not None
    seat = picker + 2 * member if len(state.sides[picker].members) > 1 else None
    events: tuple[Event, ...] = (Event(EventKind.TAKE, picker, card=card, seat=seat),)
    slot = state.supply.index(card)
    supply = list(state.supply)
    market_deck = state.market_deck
    if market_deck:
        supply[slot] = market_deck[0]
        market_deck = market_deck[1:]
        events = (*events, Event(EventKind.REFILL, picker, card=supply[slot]))
    else:
        del supply[slot]
    spec = state.rules.card_by_id[card]
    side = state.sides[picker]
    if spec.kind == "ongoing":
        sides = with_side(state.sides, picker, side._replace(ongoing=(*side.ongoing, card)))
        state = state._replace(sides=sides, supply=tuple(supply), market_deck=market_deck)
        return continue_turn(state, events)
    state = state._replace(
        supply=tuple(supply),
        market_deck=market_deck,
        market_discard=(*state.market_discard, card),
    )
    return start_instant(state, picker, card, events, member)


def choice_uses_hand(state: GameState) -> bool:
    """Whether the pending choice is made from its owner's secret hand (so is private)."""
    pending = state.pending
    if pending is None or state.phase is not Phase.CHOOSE:
        return False
    effect = state.rules.card_by_id[pending.card].effect
    return isinstance(effect, RecruitNewNameFromHand | RecruitPairFromHand)


def choice_recruits(rules: Rules, card: str | None) -> bool:
    """Whether the choice a black market card asks for recruits the chosen agent (so the move
    it makes is the reason to choose it), by the card's effect."""
    spec = rules.card_by_id.get(card) if card is not None else None
    return spec is not None and isinstance(
        spec.effect, RecruitNewNameFromHand | RecruitNamedFromHand | RecruitPairFromHand
    )


def choice_options(state: GameState, pending: Pending) -> tuple[str, ...]:
    """The agents the owner of a pending instant may choose, in table order."""
    rules = state.rules
    effect = rules.card_by_id[pending.card].effect
    side = state.sides[pending.side]
    hand = side.members[pending.member].hand
    order = rules.agent_ids
    if isinstance(effect, StealFromPlay):
        return distinct(state.sides[1 - pending.side].in_play, order)
    if isinstance(effect, RecruitNewNameFromHand):
        owned = set(side.in_play)
        return tuple(a for a in distinct(hand, order) if a not in owned)
    if isinstance(effect, RecruitPairFromHand):
        return tuple(a for a in distinct(hand, order) if hand.count(a) >= 2)
    if isinstance(effect, ReturnAndRerecruit):
        return distinct(side.in_play, order)
    return ()


def start_instant(
    state: GameState, owner: int, card: str, events: tuple[Event, ...], member: int = 0
) -> GameState:
    """Resolve an instant card at once, or stop to ask its owner a choice."""
    rules = state.rules
    effect = rules.card_by_id[card].effect
    advanced = True  # instants exist only in advanced mode
    side = state.sides[owner]
    if isinstance(effect, RecruitTopOfDeck):
        if not state.deck:
            return finish(
                state, owner, member, False, (*events, Event(EventKind.IGNORED, owner, card=card))
            )
        agent = state.deck[0]
        moved, more, landed = recruit_agent(rules, side, owner, agent, advanced, via=card)
        state = state._replace(deck=state.deck[1:], sides=with_side(state.sides, owner, moved))
        return finish(state, owner, member, landed, events + more)
    if isinstance(effect, MoveSelf):
        moved, more, landed = move_side(rules, side, owner, effect.value, advanced)
        state = state._replace(sides=with_side(state.sides, owner, moved))
        return finish(state, owner, member, landed, events + more)
    if isinstance(effect, RecruitNamedFromHand):
        hand = side.members[member].hand
        if effect.agent not in hand:
            return finish(
                state, owner, member, False, (*events, Event(EventKind.IGNORED, owner, card=card))
            )
        side = with_hand(side, member, remove_one(hand, effect.agent))
        moved, more, landed = recruit_agent(rules, side, owner, effect.agent, advanced, via=card)
        state = state._replace(sides=with_side(state.sides, owner, moved))
        return finish(state, owner, member, landed, events + more)
    pending = Pending(card, owner, member)
    if not choice_options(state, pending):
        return finish(
            state, owner, member, False, (*events, Event(EventKind.IGNORED, owner, card=card))
        )
    return state._replace(phase=Phase.CHOOSE, pending=pending, picker=None, events=events)


def _seat(state: GameState, pending: Pending) -> int | None:
    """The seat of the member resolving a card, in a team game (None for a player alone)."""
    if len(state.sides[pending.side].members) == 1:
        return None
    return pending.side + 2 * pending.member


def choose(state: GameState, agent: str) -> GameState:
    """Carry out the pending instant with the chosen agent."""
    pending = state.pending
    assert pending is not None
    rules = state.rules
    owner = pending.side
    effect = rules.card_by_id[pending.card].effect
    side = state.sides[owner]
    hand = side.members[pending.member].hand
    if isinstance(effect, StealFromPlay):
        victim = state.sides[1 - owner]
        sides = with_side(
            state.sides, 1 - owner, victim._replace(in_play=remove_last(victim.in_play, agent))
        )
        sides = with_side(
            sides, owner, with_hand(side, pending.member, add_to_hand(hand, (agent,)))
        )
        event = Event(
            EventKind.STEAL, owner, agent=agent, card=pending.card, seat=owner + 2 * pending.member
        )
        return finish(state._replace(sides=sides), owner, pending.member, False, (event,))
    if isinstance(effect, ReturnAndRerecruit):
        side = side._replace(in_play=remove_last(side.in_play, agent))
        side = with_hand(side, pending.member, add_to_hand(hand, (agent,)))
        event = Event(
            EventKind.RETURN, owner, agent=agent, card=pending.card, seat=_seat(state, pending)
        )
        return state._replace(
            sides=with_side(state.sides, owner, side),
            phase=Phase.CONFIRM,
            pending=replace(pending, agent=agent),
            events=(event,),
        )
    events: tuple[Event, ...] = ()
    if isinstance(effect, RecruitPairFromHand):
        events = (
            Event(
                EventKind.REVEAL_PAIR,
                owner,
                agent=agent,
                card=pending.card,
                seat=_seat(state, pending),
            ),
        )
    side = with_hand(side, pending.member, remove_one(hand, agent))
    moved, more, landed = recruit_agent(rules, side, owner, agent, True, via=pending.card)
    state = state._replace(sides=with_side(state.sides, owner, moved))
    return finish(state, owner, pending.member, landed, events + more)


def confirm(state: GameState, yes: bool) -> GameState:
    """Spycation's follow-up: recruit the returned agent again, or keep it in hand."""
    pending = state.pending
    assert pending is not None and pending.agent is not None
    owner = pending.side
    agent = pending.agent
    side = state.sides[owner]
    if not yes:
        return finish(
            state, owner, pending.member, False, (Event(EventKind.KEEP, owner, agent=agent),)
        )
    side = with_hand(side, pending.member, remove_one(side.members[pending.member].hand, agent))
    moved, more, landed = recruit_agent(state.rules, side, owner, agent, True, via=pending.card)
    return finish(
        state._replace(sides=with_side(state.sides, owner, moved)),
        owner,
        pending.member,
        landed,
        more,
    )


def finish(
    state: GameState, owner: int, member: int, landed: bool, events: tuple[Event, ...]
) -> GameState:
    """End an ability: draw its owner back up to 4, then queue the pickup its move earned."""
    side = state.sides[owner]
    hand, deck, drawn = draw_up(side.members[member].hand, state.deck, HAND_SIZE)
    if drawn:
        side = with_hand(side, member, hand)
        events = (
            *events,
            Event(EventKind.DRAW, owner, count=len(drawn), agents=drawn, seat=owner + 2 * member),
        )
        state = state._replace(sides=with_side(state.sides, owner, side), deck=deck)
    queue = (owner, *state.queue) if landed else state.queue
    return continue_turn(state._replace(queue=queue, pending=None, phase=Phase.PICK), events)
