"""Shared helpers for the rules tests: hand-made positions and moves written in notation.

The helpers are plain functions (import them with `from positions import ...`) so that
scenarios read like the rules: build a `position(...)`, then `play(state, "offer a b; recruit
up")`. They use only the engine's public API and attribute names, never dataclass internals.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from agent_avenue.data import default_rules
from agent_avenue.engine import (
    EventKind,
    GameState,
    Mode,
    Offer,
    Phase,
    PositionSetup,
    Recruit,
    SeatSetup,
    apply,
    from_position,
    parse_action,
)

GREEN = 0
BLUE = 1

_TUPLE_FIELDS = ("deck", "supply", "market_deck")
_SEAT_TUPLE_FIELDS = ("hand", "in_play", "black_market")


def seat(value: SeatSetup | Mapping[str, Any] | None = None, **kw: Any) -> SeatSetup:
    """A SeatSetup from keyword arguments (lists are accepted where tuples are expected)."""
    if isinstance(value, SeatSetup):
        return value
    fields = dict(value or {}, **kw)
    for name in _SEAT_TUPLE_FIELDS:
        if name in fields:
            fields[name] = tuple(fields[name])
    return SeatSetup(**fields)


def position(
    *,
    green: SeatSetup | Mapping[str, Any] | None = None,
    blue: SeatSetup | Mapping[str, Any] | None = None,
    **kw: Any,
) -> GameState:
    """A state built with `from_position` from a PositionSetup.

    `green` and `blue` are the two seats (a SeatSetup or a dict of its fields); every other
    keyword is a PositionSetup field (`mode` may be a string, piles may be lists).
    """
    if "seats" not in kw:
        kw["seats"] = (seat(green), seat(blue))
    for name in _TUPLE_FIELDS:
        if name in kw:
            kw[name] = tuple(kw[name])
    if "mode" in kw:
        kw["mode"] = Mode(kw["mode"])
    return from_position(default_rules(), PositionSetup(**kw))


def play(state: GameState, moves: str) -> GameState:
    """Apply moves written in notation and separated by `;`, e.g. "offer a b; recruit up"."""
    for text in moves.split(";"):
        if text.strip():
            state = apply(state, parse_action(text, state.rules))
    return state


def deal(state: GameState, active_gets: str, opponent_gets: str) -> GameState:
    """One offer and recruit in which the active player ends up with `active_gets`.

    The active player offers `opponent_gets` face up and `active_gets` face down; the opponent
    takes the face-up card (`recruit up`), so the active player keeps the face-down one.
    """
    return play(state, f"offer {opponent_gets} {active_gets}; recruit up")


def landing(card: str) -> GameState:
    """Green will stop on black market space 2 and must take `card`, the only supply card."""
    state = position(
        mode=Mode.ADVANCED,
        active=1,
        deck=("saboteur", "saboteur", "double_agent", "sentinel", "enforcer", "codebreaker"),
        seats=(
            SeatSetup(
                hand=("codebreaker", "enforcer", "enforcer", "sentinel"),
                in_play=("saboteur", "enforcer"),
                position=0,
            ),
            SeatSetup(
                hand=("daredevil", "mole", "double_agent", "sentinel"), in_play=("saboteur",)
            ),
        ),
        supply=(card,),
    )
    state = apply(state, Offer("daredevil", "mole"))
    state = apply(state, Recruit(face_up=True))  # green recruits the Daredevil: +2, onto space 2
    assert state.phase is Phase.PICK and state.to_act == 0
    return state


def hand(state: GameState, side: int) -> tuple[str, ...]:
    """The hand of the (only) player of a side."""
    return tuple(state.sides[side].members[0].hand)


def kinds(state: GameState) -> list[EventKind]:
    """The kinds of the events of the last step, in order."""
    return [e.kind for e in state.events]


def snapshot(state: GameState) -> tuple[Any, ...]:
    """Every public part of a state, to check that a refused action changed nothing."""
    return (
        state.mode,
        state.turn,
        state.active,
        state.phase,
        state.to_act,
        tuple(
            (
                s.home,
                s.progress,
                s.position,
                tuple(s.in_play),
                tuple(s.ongoing),
                tuple((tuple(m.hand), m.discards_left, tuple(m.discarded)) for m in s.members),
            )
            for s in state.sides
        ),
        tuple(state.deck),
        state.offer,
        tuple(state.supply),
        tuple(state.market_deck),
        tuple(state.market_discard),
        state.pending,
        state.picker,
        state.result,
        tuple(state.events),
    )
