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
    Offer,
    Recruit,
    Take,
)
from agent_avenue.engine.market import choice_options
from agent_avenue.engine.state import CHOOSE, CONFIRM, OFFER, PICK, RECRUIT, GameState, Phase


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
    """Whether the active player may discard now: allowance left and cards in the deck."""
    return bool(state.deck) and state.sides[state.active].members[0].discards_left > 0


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
        return tuple(Take(c) for c in state.supply)
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
        Phase.RECRUIT: "recruit the face-up or the face-down card",
        Phase.PICK: "take a black market card from the supply",
        Phase.CHOOSE: "choose an agent for the card being resolved",
        Phase.CONFIRM: "answer yes or no",
    }[phase]
    fits = {
        Phase.OFFER: (Offer, Discard),
        Phase.RECRUIT: (Recruit,),
        Phase.PICK: (Take,),
        Phase.CHOOSE: (Choose,),
        Phase.CONFIRM: (Answer,),
    }[phase]
    if not isinstance(action, fits):
        return f"now the player must {expected}"
    if isinstance(action, Discard):
        return _why_not_discard(state, action)
    if isinstance(action, Offer):
        return _why_not_offer(state, action)
    if isinstance(action, Take):
        return f"{action.card} is not in the black market supply"
    if isinstance(action, Choose):
        assert state.pending is not None
        options = choice_options(state, state.pending)
        listed = ", ".join(options) or "none"
        return f"{action.agent} cannot be chosen for {state.pending.card} (choices: {listed})"
    return "that action is not allowed now"


def _why_not_discard(state: GameState, action: Discard) -> str:
    member = state.sides[state.active].members[0]
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
