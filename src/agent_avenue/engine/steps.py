"""The Play and Recruit steps: discards, the offer, and the opponent's recruit choice."""

from __future__ import annotations

from agent_avenue.engine.cards import add_to_hand, remove_one
from agent_avenue.engine.end_step import end_step
from agent_avenue.engine.events import Event, EventKind
from agent_avenue.engine.market import continue_turn
from agent_avenue.engine.movement import recruit_agent
from agent_avenue.engine.rules import HAND_SIZE
from agent_avenue.engine.state import GameState, Member, Mode, Phase, Side

_OFFER = EventKind.OFFER
_RECRUIT_PHASE = Phase.RECRUIT
_PICK_PHASE = Phase.PICK
_ADVANCED = Mode.ADVANCED


def _with_member(state: GameState, index: int, member: Member) -> tuple[Side, ...]:
    side = state.sides[index]
    new_side = Side(side.home, side.progress, side.in_play, side.ongoing, (member,))
    return (new_side, state.sides[1]) if index == 0 else (state.sides[0], new_side)


def discard(state: GameState, agent: str) -> GameState:
    """The active player discards one card (out of the game, hidden) and draws a replacement."""
    active = state.active
    member = state.sides[active].members[0]
    drawn = state.deck[:1]
    hand = add_to_hand(remove_one(member.hand, agent), drawn)
    new_member = Member(hand, member.discards_left - 1, (*member.discarded, agent))
    events = (Event(EventKind.DISCARD, active, agent=agent, count=1, agents=drawn),)
    return GameState(
        rules=state.rules,
        mode=state.mode,
        turn=state.turn,
        active=active,
        phase=Phase.OFFER,
        sides=_with_member(state, active, new_member),
        deck=state.deck[1:],
        supply=state.supply,
        market_deck=state.market_deck,
        market_discard=state.market_discard,
        events=events,
    )


def offer(state: GameState, face_up: str, face_down: str) -> GameState:
    """The active player plays two cards, then draws back up to 4 at once."""
    active = state.active
    member = state.sides[active].members[0]
    rest = list(member.hand)
    rest.remove(face_up)
    rest.remove(face_down)
    deck = state.deck
    drawn = deck[: HAND_SIZE - len(rest)] if len(rest) < HAND_SIZE else ()
    if drawn:
        rest += drawn
        rest.sort()
        deck = deck[len(drawn) :]
    hand = tuple(rest)
    events = (Event(_OFFER, active, face_up, face_down, len(drawn), 0, 0, 0, drawn),)
    return GameState(
        state.rules,
        state.mode,
        state.turn,
        active,
        _RECRUIT_PHASE,
        _with_member(state, active, Member(hand, member.discards_left, member.discarded)),
        deck,
        (face_up, face_down),
        state.supply,
        state.market_deck,
        state.market_discard,
        (),
        None,
        None,
        None,
        events,
    )


def recruit(state: GameState, face_up: bool) -> GameState:
    """The opponent takes one offered card, the active player the other; both move at once."""
    assert state.offer is not None
    rules = state.rules
    active = state.active
    up, down = state.offer
    theirs, mine = (up, down) if face_up else (down, up)
    advanced = state.mode is _ADVANCED
    me, my_events, i_landed = recruit_agent(rules, state.sides[active], active, mine, advanced)
    them, their_events, they_landed = recruit_agent(
        rules, state.sides[1 - active], 1 - active, theirs, advanced
    )
    sides = (me, them) if active == 0 else (them, me)
    if not (i_landed or they_landed):
        return end_step(state, their_events + my_events, sides)
    queue = (active,) * i_landed + (1 - active,) * they_landed
    moved = GameState(
        rules,
        state.mode,
        state.turn,
        active,
        _PICK_PHASE,
        sides,
        state.deck,
        None,
        state.supply,
        state.market_deck,
        state.market_discard,
        queue,
    )
    return continue_turn(moved, their_events + my_events)
