"""The legal actions: what whoever must decide next may do, and why anything else is refused."""

from __future__ import annotations

from functools import lru_cache

from agent_avenue.engine.actions import (
    NO,
    RECRUIT_DOWN,
    RECRUIT_UP,
    YES,
    Action,
    Answer,
    Choose,
    Discard,
    Lead,
    Offer,
    PlayDown,
    PlayUp,
    Recruit,
    Take,
)
from agent_avenue.engine.market import choice_options
from agent_avenue.engine.state import (
    CHOOSE,
    CONFIRM,
    LEAD,
    OFFER,
    PICK,
    PLAY_DOWN,
    PLAY_UP,
    RECRUIT,
    GameState,
    Phase,
    acting_member,
    seat_of,
)


@lru_cache(maxsize=4096)
def offers_for(hand: tuple[str, ...]) -> tuple[Offer, ...]:
    """Every legal offer from a hand: two different names, or a pair if all cards match."""
    names = sorted(set(hand))
    if len(hand) < 2:
        return ()
    if len(names) == 1:
        return (Offer(names[0], names[0]),)
    return tuple(Offer(u, d) for u in names for d in names if u != d)


@lru_cache(maxsize=4096)
def discards_for(hand: tuple[str, ...]) -> tuple[Discard, ...]:
    """One discard action for each different name in a hand."""
    return tuple(Discard(a) for a in sorted(set(hand)))


def can_discard(state: GameState) -> bool:
    """Whether the player about to play may discard now: allowance left and cards in the deck."""
    member = state.sides[state.active].members[acting_member(state)]
    return bool(state.deck) and member.discards_left > 0


@lru_cache(maxsize=4096)
def face_down_choices(hand: tuple[str, ...], face_up: str) -> tuple[PlayDown, ...]:
    """Team game: the partner's face-down card must differ from the face-up one, unless every
    card in the partner's hand has that name."""
    if all(card == face_up for card in hand):
        return (PlayDown(face_up),) if hand else ()
    return tuple(PlayDown(a) for a in sorted(set(hand)) if a != face_up)


def legal_offers(state: GameState) -> tuple[Offer, ...]:
    """The offers the active player may make now (no discards), or () outside the Play step."""
    if state.phase is not OFFER:
        return ()
    return offers_for(state.sides[state.active].members[0].hand)


def legal_actions(state: GameState) -> tuple[Action, ...]:
    """Every action the player who must decide next may take (empty when the game is over)."""
    phase = state.phase
    if phase is OFFER:
        hand = state.sides[state.active].members[0].hand
        offers = offers_for(hand)
        return offers + discards_for(hand) if can_discard(state) else offers
    if phase is RECRUIT:
        return (RECRUIT_UP, RECRUIT_DOWN)
    if phase is PICK:
        assert state.picker is not None
        if len(state.sides[state.picker].members) == 1:
            return tuple(Take(c) for c in state.supply)
        seats = (state.picker, state.picker + 2)
        return tuple(Take(c, seat) for c in state.supply for seat in seats)
    if phase is LEAD:
        return tuple(Lead(seat_of(state.active, m)) for m in (0, 1))
    if phase is PLAY_UP or phase is PLAY_DOWN:
        hand = state.sides[state.active].members[acting_member(state)].hand
        plays: tuple[Action, ...]
        if phase is PLAY_UP:
            plays = tuple(PlayUp(a) for a in sorted(set(hand)))
        else:
            assert state.played_up is not None
            plays = face_down_choices(hand, state.played_up)
        return plays + discards_for(hand) if can_discard(state) else plays
    if phase is CHOOSE:
        assert state.pending is not None
        return tuple(Choose(a) for a in choice_options(state, state.pending))
    if phase is CONFIRM:
        return (YES, NO)
    return ()


def is_legal(state: GameState, action: Action) -> bool:
    """Whether `action` is among the legal actions (a fast check for the common cases)."""
    phase = state.phase
    if phase is OFFER:
        hand = state.sides[state.active].members[0].hand
        if type(action) is Offer:
            # The same rule as offers_for, checked without building the list.
            up, down = action.face_up, action.face_down
            if up != down:
                return up in hand and down in hand
            return len(hand) >= 2 and hand.count(up) == len(hand)
        return type(action) is Discard and can_discard(state) and action.agent in hand
    if phase is RECRUIT:
        return type(action) is Recruit
    return action in legal_actions(state)


def why_illegal(state: GameState, action: Action) -> str:
    """A sentence saying why `action` is not legal now (assumes it is not)."""
    phase = state.phase
    if phase is Phase.OVER:
        return "the game is over"
    expected = {
        Phase.OFFER: "offer two cards or discard",
        Phase.LEAD: "choose which team member plays the face-up card",
        Phase.PLAY_UP: "play a card face up or discard",
        Phase.PLAY_DOWN: "play a card face down or discard",
        Phase.RECRUIT: "recruit the face-up or the face-down card",
        Phase.PICK: "take a black market card from the supply",
        Phase.CHOOSE: "choose an agent for the card being resolved",
        Phase.CONFIRM: "answer yes or no",
    }[phase]
    fitting: dict[Phase, tuple[type, ...]] = {
        Phase.OFFER: (Offer, Discard),
        Phase.LEAD: (Lead,),
        Phase.PLAY_UP: (PlayUp, Discard),
        Phase.PLAY_DOWN: (PlayDown, Discard),
        Phase.RECRUIT: (Recruit,),
        Phase.PICK: (Take,),
        Phase.CHOOSE: (Choose,),
        Phase.CONFIRM: (Answer,),
    }
    if not isinstance(action, fitting[phase]):
        return f"now the player must {expected}"
    if isinstance(action, Discard):
        return _why_not_discard(state, action)
    if isinstance(action, Offer):
        return _why_not_offer(state, action)
    if isinstance(action, Take):
        if action.card not in state.supply:
            return f"{action.card} is not in the black market supply"
        if action.seat is None:
            return "in a team game, say which player takes the card (take CARD SEAT)"
        assert state.picker is not None
        if len(state.sides[state.picker].members) == 1:
            return "a player alone on a side names no seat when taking a card (take CARD)"
        return f"seat {action.seat} is not a player of the side taking the card"
    if isinstance(action, Lead):
        return f"seat {action.seat} is not a player of the active team"
    if isinstance(action, PlayUp):
        return f"there is no {action.agent} in the hand"
    if isinstance(action, PlayDown):
        return _why_not_play_down(state, action)
    if isinstance(action, Choose):
        assert state.pending is not None
        options = choice_options(state, state.pending)
        listed = ", ".join(options) or "none"
        return f"{action.agent} cannot be chosen for {state.pending.card} (choices: {listed})"
    return "that action is not allowed now"


def _why_not_play_down(state: GameState, action: PlayDown) -> str:
    hand = state.sides[state.active].members[acting_member(state)].hand
    if action.agent not in hand:
        return f"there is no {action.agent} in the hand"
    return (
        "the face-down card must have another name than the face-up card, unless every card "
        "in the hand has that name"
    )


def _why_not_discard(state: GameState, action: Discard) -> str:
    member = state.sides[state.active].members[acting_member(state)]
    if not state.deck:
        return "discarding is not allowed when the agent deck is empty"
    if member.discards_left <= 0:
        return "no discards are left for this player"
    return f"there is no {action.agent} in the hand"


def _why_not_offer(state: GameState, action: Offer) -> str:
    hand = state.sides[state.active].members[0].hand
    for agent in (action.face_up, action.face_down):
        held = hand.count(agent)
        if held == 0:
            return f"there is no {agent} in the hand"
        if action.face_up == action.face_down and held < 2:
            return f"the hand holds only one {agent}, so it cannot be played twice"
    return "the two cards must have different names unless every card in the hand has the same name"
