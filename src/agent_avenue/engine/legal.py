"""Legality in one place: `refusal` says why the rules refuse an action, or that they allow it.

Every rule is written once, in the `_..._refused` functions and the sets they accept
(`take_seats`, `lead_seats`, `choice_options`); `legal_actions` lists exactly the actions those
accept, and `is_legal`, `why_illegal` and `apply` ask `refusal`. A property test checks that
they agree on every action met in thousands of random games.
"""

from __future__ import annotations

from enum import StrEnum
from functools import lru_cache
from typing import NamedTuple

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
from agent_avenue.engine.seats import seat_of
from agent_avenue.engine.state import (
    CHOOSE,
    CONFIRM,
    LEAD,
    OFFER,
    OVER,
    PICK,
    PLAY_DOWN,
    PLAY_UP,
    RECRUIT,
    GameState,
    Phase,
    acting_member,
)


class RefusalReason(StrEnum):
    """Which rule refuses an action (for a translated sentence; `Refusal.message` is English)."""

    GAME_OVER = "game_over"
    WRONG_STEP = "wrong_step"  # the game waits for another kind of decision
    NOT_IN_HAND = "not_in_hand"
    SINGLE_COPY = "single_copy"  # the same card offered twice from one copy
    SAME_NAMES = "same_names"  # two cards of one name while the hand holds other names
    DECK_EMPTY = "deck_empty"  # no discarding when the agent deck is empty
    NO_DISCARDS_LEFT = "no_discards_left"
    NOT_IN_SUPPLY = "not_in_supply"
    SEAT_NEEDED = "seat_needed"  # a team takes a card: say which player
    SEAT_NOT_NEEDED = "seat_not_needed"  # a player alone takes a card: no seat
    NOT_PICKING = "not_picking"  # that seat is not on the side taking a card
    NOT_LEADING = "not_leading"  # that seat is not on the active team
    NOT_A_CHOICE = "not_a_choice"  # an instant card cannot take that agent


class Refusal(NamedTuple):
    """Why the rules refuse an action: which rule, and a sentence saying so."""

    reason: RefusalReason
    message: str


_EXPECTED = {
    Phase.OFFER: "offer two cards or discard",
    Phase.LEAD: "choose which team member plays the face-up card",
    Phase.PLAY_UP: "play a card face up or discard",
    Phase.PLAY_DOWN: "play a card face down or discard",
    Phase.RECRUIT: "recruit the face-up or the face-down card",
    Phase.PICK: "take a black market card from the supply",
    Phase.CHOOSE: "choose an agent for the card being resolved",
    Phase.CONFIRM: "answer yes or no",
}
"""What each step waits for, to end "now the player must ..."."""

_FITTING: dict[Phase, tuple[type, ...]] = {
    Phase.OFFER: (Offer, Discard),
    Phase.LEAD: (Lead,),
    Phase.PLAY_UP: (PlayUp, Discard),
    Phase.PLAY_DOWN: (PlayDown, Discard),
    Phase.RECRUIT: (Recruit,),
    Phase.PICK: (Take,),
    Phase.CHOOSE: (Choose,),
    Phase.CONFIRM: (Answer,),
}
"""The kinds of action each step accepts."""


def refusal(state: GameState, action: Action) -> Refusal | None:
    """Why the rules refuse `action` now, or None if it is legal: the one place that decides."""
    phase = state.phase
    # The commonest decisions first: apply asks this before every step.
    if phase is RECRUIT and type(action) is Recruit:
        return None
    if phase is OFFER and isinstance(action, Offer):
        hand = state.sides[state.active].members[0].hand
        return offer_refusal(hand, action.face_up, action.face_down)
    if phase is OVER:
        return Refusal(RefusalReason.GAME_OVER, "the game is over")
    if not isinstance(action, _FITTING[phase]):
        return Refusal(RefusalReason.WRONG_STEP, f"now the player must {_EXPECTED[phase]}")
    if isinstance(action, Discard):
        return _discard_refused(state, action.agent)
    if isinstance(action, Take):
        return _take_refused(state, action)
    if isinstance(action, Lead):
        if action.seat in lead_seats(state):
            return None
        return Refusal(
            RefusalReason.NOT_LEADING, f"seat {action.seat} is not a player of the active team"
        )
    if isinstance(action, PlayUp):
        return _not_in_hand(acting_hand(state), action.agent)
    if isinstance(action, PlayDown):
        assert state.played_up is not None
        return face_down_refusal(acting_hand(state), state.played_up, action.agent)
    if isinstance(action, Choose):
        assert state.pending is not None
        options = choice_options(state, state.pending)
        if action.agent in options:
            return None
        listed = ", ".join(options) or "none"
        return Refusal(
            RefusalReason.NOT_A_CHOICE,
            f"{action.agent} cannot be chosen for {state.pending.card} (choices: {listed})",
        )
    return None  # a recruit while recruiting, an answer while confirming: always allowed


def is_legal(state: GameState, action: Action) -> bool:
    """Whether the rules allow `action` now."""
    return refusal(state, action) is None


def why_illegal(state: GameState, action: Action) -> str | None:
    """A sentence saying why `action` is not legal now, or None if it is."""
    refused = refusal(state, action)
    return None if refused is None else refused.message


def legal_actions(state: GameState) -> tuple[Action, ...]:
    """Every action the player who must decide next may take (empty when the game is over):
    exactly the actions `refusal` allows."""
    phase = state.phase
    if phase is OFFER:
        hand = state.sides[state.active].members[0].hand
        offers = offers_for(hand)
        return offers + discards_for(hand) if discarding_refusal(state) is None else offers
    if phase is RECRUIT:
        return (RECRUIT_UP, RECRUIT_DOWN)
    if phase is PICK:
        return tuple(Take(card, seat) for card in state.supply for seat in take_seats(state))
    if phase is LEAD:
        return tuple(Lead(seat) for seat in lead_seats(state))
    if phase is PLAY_UP or phase is PLAY_DOWN:
        hand = acting_hand(state)
        plays: tuple[Action, ...]
        if phase is PLAY_UP:
            plays = tuple(PlayUp(a) for a in sorted(set(hand)))
        else:
            assert state.played_up is not None
            plays = face_down_choices(hand, state.played_up)
        return plays + discards_for(hand) if discarding_refusal(state) is None else plays
    if phase is CHOOSE:
        assert state.pending is not None
        return tuple(Choose(a) for a in choice_options(state, state.pending))
    if phase is CONFIRM:
        return (YES, NO)
    return ()


def legal_offers(state: GameState) -> tuple[Offer, ...]:
    """The offers the active player may make now (no discards), or () outside the Play step."""
    if state.phase is not OFFER:
        return ()
    return offers_for(state.sides[state.active].members[0].hand)


# The rules, each written once ------------------------------------------------------------------


def offer_refusal(hand: tuple[str, ...], face_up: str, face_down: str) -> Refusal | None:
    """Why offering these two cards from `hand` is refused, or None: they must be in the hand
    and have different names, unless every card in the hand has the same name."""
    if face_up != face_down:
        if face_up in hand and face_down in hand:
            return None
    elif len(hand) >= 2 and hand.count(face_up) == len(hand):
        return None
    for agent in (face_up, face_down):
        held = hand.count(agent)
        if held == 0:
            return Refusal(RefusalReason.NOT_IN_HAND, f"there is no {agent} in the hand")
        if face_up == face_down and held < 2:
            return Refusal(
                RefusalReason.SINGLE_COPY,
                f"the hand holds only one {agent}, so it cannot be played twice",
            )
    return Refusal(
        RefusalReason.SAME_NAMES,
        "the two cards must have different names unless every card in the hand has the same name",
    )


def face_down_refusal(hand: tuple[str, ...], face_up: str, agent: str) -> Refusal | None:
    """Team game: why the partner may not play `agent` face down under `face_up`, or None. It
    must be in the hand and have another name, unless every card in the hand has that name."""
    missing = _not_in_hand(hand, agent)
    if missing is not None:
        return missing
    if agent != face_up or all(card == face_up for card in hand):
        return None
    return Refusal(
        RefusalReason.SAME_NAMES,
        "the face-down card must have another name than the face-up card, unless every card "
        "in the hand has that name",
    )


def discarding_refusal(state: GameState) -> Refusal | None:
    """Why the player about to play may not discard at all now, or None: a discard needs an
    allowance left and cards in the agent deck."""
    if not state.deck:
        return Refusal(
            RefusalReason.DECK_EMPTY, "discarding is not allowed when the agent deck is empty"
        )
    if state.sides[state.active].members[acting_member(state)].discards_left <= 0:
        return Refusal(RefusalReason.NO_DISCARDS_LEFT, "no discards are left for this player")
    return None


def take_seats(state: GameState) -> tuple[int | None, ...]:
    """Who may be named taking a black market card: None for a player alone on the picking
    side, else each of the team's seats."""
    assert state.picker is not None
    if len(state.sides[state.picker].members) == 1:
        return (None,)
    return tuple(seat_of(state.picker, m) for m in (0, 1))


def lead_seats(state: GameState) -> tuple[int, ...]:
    """Team game: the seats that may lead (play the face-up card): the active team's."""
    return tuple(seat_of(state.active, m) for m in range(len(state.sides[state.active].members)))


def acting_hand(state: GameState) -> tuple[str, ...]:
    """The hand of the player about to play a card (or to offer, alone on a side)."""
    return state.sides[state.active].members[acting_member(state)].hand


@lru_cache(maxsize=4096)
def offers_for(hand: tuple[str, ...]) -> tuple[Offer, ...]:
    """Every legal offer from a hand: the name pairs `offer_refusal` allows."""
    names = sorted(set(hand))
    return tuple(
        Offer(up, down) for up in names for down in names if offer_refusal(hand, up, down) is None
    )


@lru_cache(maxsize=4096)
def discards_for(hand: tuple[str, ...]) -> tuple[Discard, ...]:
    """One discard action for each different name in a hand."""
    return tuple(Discard(a) for a in sorted(set(hand)))


@lru_cache(maxsize=4096)
def face_down_choices(hand: tuple[str, ...], face_up: str) -> tuple[PlayDown, ...]:
    """Team game: the partner's legal face-down cards: the names `face_down_refusal` allows."""
    return tuple(
        PlayDown(a) for a in sorted(set(hand)) if face_down_refusal(hand, face_up, a) is None
    )


def _not_in_hand(hand: tuple[str, ...], agent: str) -> Refusal | None:
    """Refuse a card the hand does not hold."""
    if agent in hand:
        return None
    return Refusal(RefusalReason.NOT_IN_HAND, f"there is no {agent} in the hand")


def _discard_refused(state: GameState, agent: str) -> Refusal | None:
    """Why discarding `agent` now is refused, or None."""
    return discarding_refusal(state) or _not_in_hand(acting_hand(state), agent)


def _take_refused(state: GameState, action: Take) -> Refusal | None:
    """Why taking this black market card (for this seat) is refused, or None."""
    if action.card not in state.supply:
        return Refusal(
            RefusalReason.NOT_IN_SUPPLY, f"{action.card} is not in the black market supply"
        )
    seats = take_seats(state)
    if action.seat in seats:
        return None
    if action.seat is None:
        return Refusal(
            RefusalReason.SEAT_NEEDED,
            "in a team game, say which player takes the card (take CARD SEAT)",
        )
    if seats == (None,):
        return Refusal(
            RefusalReason.SEAT_NOT_NEEDED,
            "a player alone on a side names no seat when taking a card (take CARD)",
        )
    return Refusal(
        RefusalReason.NOT_PICKING, f"seat {action.seat} is not a player of the side taking the card"
    )
