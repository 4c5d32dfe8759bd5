"""The Play and Recruit steps: discards, the offer, and the opponent's recruit choice."""

from __future__ import annotations

from agent_avenue.engine.cards import add_to_hand, draw_up, remove_one
from agent_avenue.engine.end_step import end_step
from agent_avenue.engine.events import Event, EventKind
from agent_avenue.engine.market import continue_turn
from agent_avenue.engine.movement import recruit_agent
from agent_avenue.engine.rules import HAND_SIZE
from agent_avenue.engine.seats import seat_of
from agent_avenue.engine.state import (
    GameState,
    Member,
    Mode,
    Phase,
    Side,
    acting_member,
    make_state,
    partner,
)

_OFFER = EventKind.OFFER
_RECRUIT_PHASE = Phase.RECRUIT
_PICK_PHASE = Phase.PICK
_ADVANCED = Mode.ADVANCED


def _with_member(state: GameState, index: int, slot: int, member: Member) -> tuple[Side, ...]:
    """The sides with member `slot` of side `index` replaced."""
    side = state.sides[index]
    members = side.members
    new_members = (
        (member,) if len(members) == 1 else (*members[:slot], member, *members[slot + 1 :])
    )
    new_side = Side(
        home=side.home,
        progress=side.progress,
        in_play=side.in_play,
        ongoing=side.ongoing,
        members=new_members,
    )
    return (new_side, state.sides[1]) if index == 0 else (state.sides[0], new_side)


def discard(state: GameState, agent: str) -> GameState:
    """The player about to play discards one card (out of the game, hidden) and draws another."""
    active = state.active
    slot = acting_member(state)
    member = state.sides[active].members[slot]
    drawn = state.deck[:1]
    hand = add_to_hand(remove_one(member.hand, agent), drawn)
    new_member = Member(
        hand=hand, discards_left=member.discards_left - 1, discarded=(*member.discarded, agent)
    )
    seat = seat_of(active, slot) if slot else None
    events = (Event(EventKind.DISCARD, active, agent=agent, count=1, agents=drawn, seat=seat),)
    return state._replace(
        sides=_with_member(state, active, slot, new_member), deck=state.deck[1:], events=events
    )


def lead(state: GameState, seat: int) -> GameState:
    """Team game: the member at `seat` will play the face-up card."""
    event = Event(EventKind.LEAD, state.active, seat=seat)
    return state._replace(phase=Phase.PLAY_UP, leader=seat // 2, events=(event,))


def play_up(state: GameState, agent: str) -> GameState:
    """Team game: the leader plays one card face up (the draw waits for the partner's card)."""
    active = state.active
    assert state.leader is not None
    member = state.sides[active].members[state.leader]
    played = Member(
        hand=remove_one(member.hand, agent),
        discards_left=member.discards_left,
        discarded=member.discarded,
    )
    event = Event(EventKind.PLAY_UP, active, agent=agent, seat=seat_of(active, state.leader))
    return state._replace(
        phase=Phase.PLAY_DOWN,
        played_up=agent,
        sides=_with_member(state, active, state.leader, played),
        events=(event,),
    )


def play_down(state: GameState, agent: str) -> GameState:
    """Team game: the partner plays a card face down; both draw back up to 4, leader first."""
    active = state.active
    leader = state.leader
    up = state.played_up
    assert leader is not None and up is not None
    other = partner(state.sides[active], leader)
    sides = state.sides
    side = sides[active]
    down_member = side.members[other]
    members = list(side.members)
    members[other] = Member(
        hand=remove_one(down_member.hand, agent),
        discards_left=down_member.discards_left,
        discarded=down_member.discarded,
    )
    deck = state.deck
    events: list[Event] = []
    drawn_by: dict[int, tuple[str, ...]] = {}
    for slot in (leader, other):
        hand, deck, drawn = draw_up(members[slot].hand, deck, HAND_SIZE)
        members[slot] = members[slot]._replace(hand=hand)
        drawn_by[slot] = drawn
    events.append(
        Event(
            EventKind.OFFER,
            active,
            up,
            agent,
            len(drawn_by[other]),
            agents=drawn_by[other],
            seat=seat_of(active, other),
        )
    )
    if drawn_by[leader]:
        events.append(
            Event(
                EventKind.DRAW,
                active,
                count=len(drawn_by[leader]),
                agents=drawn_by[leader],
                seat=seat_of(active, leader),
            )
        )
    new_side = side._replace(members=tuple(members))
    sides = (new_side, sides[1]) if active == 0 else (sides[0], new_side)
    return state._replace(
        phase=Phase.RECRUIT,
        sides=sides,
        deck=deck,
        offer=(up, agent),
        played_up=None,
        events=tuple(events),
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
    return make_state(
        rules=state.rules,
        mode=state.mode,
        turn=state.turn,
        active=active,
        phase=_RECRUIT_PHASE,
        sides=_with_member(
            state,
            active,
            0,
            Member(hand=hand, discards_left=member.discards_left, discarded=member.discarded),
        ),
        deck=deck,
        offer=(face_up, face_down),
        supply=state.supply,
        market_deck=state.market_deck,
        market_discard=state.market_discard,
        queue=(),
        pending=None,
        picker=None,
        result=None,
        events=events,
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
    moved = make_state(
        rules=rules,
        mode=state.mode,
        turn=state.turn,
        active=active,
        phase=_PICK_PHASE,
        sides=sides,
        deck=state.deck,
        offer=None,
        supply=state.supply,
        market_deck=state.market_deck,
        market_discard=state.market_discard,
        queue=queue,
    )
    return continue_turn(moved, their_events + my_events)
