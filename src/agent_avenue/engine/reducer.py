"""Applying an action: ask `refusal` whether the rules allow it, then run the matching step."""

from __future__ import annotations

from agent_avenue.engine.actions import (
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
from agent_avenue.engine.errors import IllegalAction
from agent_avenue.engine.legal import refusal
from agent_avenue.engine.market import choose, confirm, take
from agent_avenue.engine.state import GameState
from agent_avenue.engine.steps import discard, lead, offer, play_down, play_up, recruit


def apply(state: GameState, action: Action) -> GameState:
    """The state after `action`; raises IllegalAction (saying why) if the rules forbid it."""
    refused = refusal(state, action)
    if refused is not None:
        raise IllegalAction(refused.message)
    # The two commonest steps first.
    kind = type(action)
    if kind is Recruit:
        assert isinstance(action, Recruit)
        return recruit(state, action.face_up)
    if kind is Offer:
        assert isinstance(action, Offer)
        return offer(state, action.face_up, action.face_down)
    if kind is Discard:
        assert isinstance(action, Discard)
        return discard(state, action.agent)
    if kind is Take:
        assert isinstance(action, Take)
        return take(state, action.card, 0 if action.seat is None else action.seat // 2)
    if kind is Lead:
        assert isinstance(action, Lead)
        return lead(state, action.seat)
    if kind is PlayUp:
        assert isinstance(action, PlayUp)
        return play_up(state, action.agent)
    if kind is PlayDown:
        assert isinstance(action, PlayDown)
        return play_down(state, action.agent)
    if kind is Choose:
        assert isinstance(action, Choose)
        return choose(state, action.agent)
    assert isinstance(action, Answer)
    return confirm(state, action.yes)
