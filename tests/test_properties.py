"""Properties of random legal games in both modes: purity, immutability, card conservation,
hidden information, termination and replay.

Moves are chosen uniformly among the legal actions by a `random.Random` seeded from the game's
seed, so discards, every black market pick and every instant's choice (and Spycation's yes/no)
all occur. A plain loop over thousands of seeds checks the cheap invariants; hypothesis runs the
expensive ones (deep snapshots, immutability, replay, a twin state with different secrets) and
shrinks any failure to a small seed.
"""

from __future__ import annotations

import dataclasses
import random
import re
from collections import Counter
from collections.abc import Iterator
from enum import Enum
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from agent_avenue.data import default_rules
from agent_avenue.engine import (
    Action,
    Answer,
    Choose,
    Discard,
    Event,
    EventKind,
    GameState,
    IllegalAction,
    Mode,
    Offer,
    Phase,
    Recruit,
    Rules,
    Take,
    apply,
    legal_actions,
    new_game,
    player_view,
)

RULES = default_rules()
AGENT_COPIES = Counter({a.id: a.copies for a in RULES.agents})
MARKET_CARDS = Counter(RULES.card_ids)
MAX_STEPS = 200
LOOP_SEEDS = 1500
HYPOTHESIS_EXAMPLES = 100


# Helpers ---------------------------------------------------------------------------------------


_FIELD_NAMES: dict[type, tuple[str, ...] | None] = {}


def _fields(obj: object) -> tuple[str, ...] | None:
    """Field names of a dataclass or NamedTuple instance, else None."""
    kind = type(obj)
    try:
        return _FIELD_NAMES[kind]
    except KeyError:
        pass
    names: tuple[str, ...] | None = None
    if dataclasses.is_dataclass(kind):
        names = tuple(f.name for f in dataclasses.fields(kind))
    elif issubclass(kind, tuple) and isinstance(getattr(kind, "_fields", None), tuple):
        names = kind._fields  # type: ignore[attr-defined]
    _FIELD_NAMES[kind] = names
    return names


def _replace(obj: Any, **changes: Any) -> Any:
    """A copy with some fields changed, for dataclasses and NamedTuples alike."""
    if dataclasses.is_dataclass(obj):
        return dataclasses.replace(obj, **changes)
    return obj._replace(**changes)


def snapshot(obj: object) -> object:
    """A deep structural copy made of plain tuples and values (the shared Rules left out)."""
    if isinstance(obj, Rules):
        return "<rules>"
    names = _fields(obj)
    if names is not None:
        return (type(obj).__name__, tuple((n, snapshot(getattr(obj, n))) for n in names))
    if isinstance(obj, (tuple, list)):
        return (type(obj).__name__, tuple(snapshot(x) for x in obj))
    if isinstance(obj, (set, frozenset)):
        return (type(obj).__name__, tuple(sorted(snapshot(x) for x in obj)))  # type: ignore[type-var]
    if isinstance(obj, dict):
        return ("dict", tuple(sorted((k, snapshot(v)) for k, v in obj.items())))
    assert obj is None or isinstance(obj, (str, int, float, bool, Enum)), type(obj)
    return obj


def assert_deeply_immutable(obj: object, path: str = "state") -> None:
    """Every record in the state refuses attribute assignment; no mutable container anywhere."""
    if isinstance(obj, Rules):
        return
    assert not isinstance(obj, (list, dict, set, bytearray)), f"{path} is a mutable {type(obj)}"
    names = _fields(obj)
    if names is not None:
        for name in names:
            value = getattr(obj, name)
            _assert_refuses(obj, name, value)
            assert getattr(obj, name) is value, f"{path}.{name} was changed"
            assert_deeply_immutable(value, f"{path}.{name}")
        _assert_refuses(obj, "not_a_field", 1)
    elif isinstance(obj, (tuple, frozenset)):
        for i, item in enumerate(obj):
            assert_deeply_immutable(item, f"{path}[{i}]")


def _assert_refuses(obj: object, name: str, value: object) -> None:
    # (TypeError: Python 3.11's frozen dataclasses with slots refuse new names that way.)
    try:
        setattr(obj, name, value)
    except (AttributeError, TypeError):
        return
    raise AssertionError(f"{type(obj).__name__}.{name} could be assigned")


def agents_everywhere(state: GameState) -> Counter[str]:
    """Every agent card: deck, hands, discards, in play and the pending offer."""
    cards: Counter[str] = Counter(state.deck)
    for side in state.sides:
        cards.update(side.in_play)
        for member in side.members:
            cards.update(member.hand)
            cards.update(member.discarded)
    if state.offer is not None:
        cards.update(state.offer)
    return cards


def market_everywhere(state: GameState) -> Counter[str]:
    """Every black market card: supply, deck, discard pile and the ongoing cards of both sides."""
    cards = Counter(state.supply + state.market_deck + state.market_discard)
    for side in state.sides:
        cards.update(side.ongoing)
    return cards


def check_state(state: GameState, thorough: bool = True) -> None:
    """The invariants every state must satisfy."""
    legal = legal_actions(state)
    if state.phase is Phase.OVER:
        assert state.is_over
        assert state.result is not None
        assert state.result.winner in (0, 1)
        assert state.result.reasons
        assert legal == ()
        assert state.to_act is None
    else:
        assert not state.is_over
        assert state.result is None
        assert legal, f"no legal action in phase {state.phase}"
        assert state.to_act in (0, 1)
        assert len(set(legal)) == len(legal)
    assert (state.offer is not None) == (state.phase is Phase.RECRUIT)
    assert agents_everywhere(state) == AGENT_COPIES
    if state.mode is Mode.ADVANCED:
        assert market_everywhere(state) == MARKET_CARDS
        assert len(state.supply) <= 3
        assert len(state.supply) == 3 or not state.market_deck
    else:
        assert not market_everywhere(state)
    for side in state.sides:
        for member in side.members:
            assert 0 <= member.discards_left <= 4
            assert member.discards_left + len(member.discarded) == 4
            assert len(member.hand) <= 4 or state.mode is Mode.ADVANCED
            # Hands are topped up to 4 at once (4.1.3, 5.1) whenever the deck allows.
            assert len(member.hand) >= 4 or not state.deck
    check_legal_actions(state, legal)
    for seat in (0, 1, None) if thorough else (0, 1):
        check_view(state, seat, thorough)


def check_legal_actions(state: GameState, legal: tuple[Action, ...]) -> None:
    """The legal actions recomputed from RULES.md 4.1, 4.2 and 5.1."""
    if state.phase is Phase.OFFER:
        member = state.sides[state.active].members[0]
        hand = member.hand
        names = set(hand)
        if len(names) == 1 and len(hand) >= 2:
            offers = {(a, a) for a in names}
        else:
            offers = {(u, d) for u in names for d in names if u != d}
        assert {(a.face_up, a.face_down) for a in legal if isinstance(a, Offer)} == offers
        # Discards: one of each name in hand, only with allowance left and a non-empty deck.
        discards = {a.agent for a in legal if isinstance(a, Discard)}
        assert discards == (names if state.deck and member.discards_left > 0 else set())
        assert all(isinstance(a, (Offer, Discard)) for a in legal)
    elif state.phase is Phase.RECRUIT:
        assert set(legal) == {Recruit(face_up=True), Recruit(face_up=False)}
    elif state.phase is Phase.PICK:
        assert set(legal) == {Take(c) for c in state.supply}
    elif state.phase is Phase.CHOOSE:
        assert state.pending is not None
        owner = state.sides[state.pending.side]
        hand = owner.members[0].hand
        theirs = state.sides[1 - state.pending.side].in_play
        options = {
            "mind_control": set(theirs),
            "secret_recruit": set(hand) - set(owner.in_play),
            "double_trouble": {a for a in hand if hand.count(a) >= 2},
            "spycation": set(owner.in_play),
        }[state.pending.card]
        assert options, "an ability that cannot be carried out must be skipped (5.1)"
        assert all(isinstance(a, Choose) for a in legal)
        assert {a.agent for a in legal if isinstance(a, Choose)} == options
    elif state.phase is Phase.CONFIRM:
        assert set(legal) == {Answer(yes=True), Answer(yes=False)}


def check_view(state: GameState, seat: int | None, thorough: bool = True) -> None:
    """A view holds the seat's own secrets, the public state, and nothing hidden from the seat.

    Seat None is the spectators' view: nobody's secrets.
    """
    view = player_view(state, seat)
    hidden = (0, 1) if seat is None else (1 - seat,)
    assert view.seat == seat
    if seat is None:
        assert view.hand == ()
        assert view.discarded == ()
    else:
        own = state.sides[seat].members[0]
        assert view.hand == own.hand
        assert view.discarded == own.discarded
    if seat is not None and seat == state.active and state.offer is not None:
        assert view.face_down == state.offer[1]
    else:
        assert view.face_down is None
    assert view.face_up == (state.offer[0] if state.offer is not None else None)
    # The seat sees its own events whole and the other side's without the cards they hide.
    assert view.events == tuple(as_seen_by(e, seat) for e in state.events)
    for event in view.events:
        assert getattr(event, "visible_to", None) in (None, seat)
        if event.side in hidden and event.kind in SECRET_KINDS:
            assert event.agents == ()
            assert event.card is None
            if event.kind is EventKind.DISCARD:
                assert event.agent is None
    assert view.deck_size == len(state.deck)
    assert view.market_deck_size == len(state.market_deck)
    assert view.supply == state.supply
    assert view.market_discard == state.market_discard
    assert view.result == state.result
    mine = seat is not None and state.to_act == seat
    assert view.legal == (legal_actions(state) if mine else ())
    for i, side_view in enumerate(view.sides):
        side = state.sides[i]
        assert side_view.in_play == side.in_play
        assert side_view.ongoing == side.ongoing
        assert side_view.progress == side.progress
        assert side_view.position == side.position
        assert side_view.hand_size == sum(len(m.hand) for m in side.members)
        assert not {"hand", "discarded", "members"} & set(_fields(side_view) or ())
    if thorough:
        for i in hidden:
            assert "hand=" not in repr(view.sides[i])
        # At most the seat's own hand is shown by name (a dataclass hides it, a NamedTuple not).
        for text in (repr(view), str(view)):
            assert len(re.findall(r"\bhand=", text)) <= 1


AGENT_IDS = RULES.agent_ids
# Events whose cards are known only to their side (RULES.md 4.1): the discarded card and its
# replacement, cards drawn, and the face-down card offered.
SECRET_KINDS = frozenset({EventKind.DISCARD, EventKind.DRAW, EventKind.OFFER})


def as_seen_by(event: Event, seat: int | None) -> Event:
    """An event as `seat` may know it: the opponent's hidden cards blanked."""
    if event.side == seat or event.kind not in SECRET_KINDS:
        return event
    agent = None if event.kind is EventKind.DISCARD else event.agent
    return _replace(event, agent=agent, card=None, agents=())


def _other_agent(agent: str | None) -> str | None:
    if agent is None:
        return None
    return AGENT_IDS[(AGENT_IDS.index(agent) + 1) % len(AGENT_IDS)]


def with_other_secrets(state: GameState, seat: int | None) -> GameState:
    """The same state with everything `seat` may not know changed (and made up)."""
    hidden = (0, 1) if seat is None else (1 - seat,)
    sides = list(state.sides)
    for i in hidden:
        members = tuple(
            _replace(
                m,
                hand=tuple(sorted(_other_agent(a) for a in m.hand)),  # type: ignore[type-var]
                discarded=tuple(_other_agent(a) for a in reversed(m.discarded)),
            )
            for m in sides[i].members
        )
        sides[i] = _replace(sides[i], members=members)
    changes: dict[str, Any] = {
        "sides": tuple(sides),
        "deck": tuple(_other_agent(a) for a in reversed(state.deck)),
        "market_deck": tuple(reversed(state.market_deck)),
        "events": tuple(
            _replace(
                e,
                agent=_other_agent(e.agent) if e.kind is EventKind.DISCARD else e.agent,
                card=_other_agent(e.card),
                agents=tuple(_other_agent(a) for a in e.agents),
            )
            if e.side in hidden and e.kind in SECRET_KINDS
            else e
            for e in state.events
        ),
    }
    if state.offer is not None and state.active != seat:
        changes["offer"] = (state.offer[0], _other_agent(state.offer[1]))
    return _replace(state, **changes)


def random_game(seed: int, mode: Mode, first: int) -> Iterator[tuple[GameState, Action, GameState]]:
    """Play one game of uniformly random legal moves; yield (before, action, after) per step."""
    rng = random.Random(f"moves-{seed}")
    state = new_game(RULES, mode, seed, first)
    for _ in range(MAX_STEPS):
        if state.is_over:
            return
        action = rng.choice(legal_actions(state))
        after = apply(state, action)
        yield state, action, after
        state = after
    raise AssertionError(f"game {seed} ({mode}, first {first}) still running after {MAX_STEPS}")


# Tests -----------------------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("mode", list(Mode))
def test_thousands_of_random_games_keep_the_invariants(mode: Mode) -> None:
    kinds: Counter[str] = Counter()
    taken: set[str] = set()
    answers: set[bool] = set()
    reasons: Counter[str] = Counter()
    steps: list[int] = []
    for seed in range(LOOP_SEEDS):
        first = seed % 2
        start = new_game(RULES, mode, seed, first)
        assert start.active == first
        check_state(start)
        n = 0
        last = start
        for before, action, after in random_game(seed, mode, first):
            assert after is not before
            # The repr checks are the slow part: every few steps is plenty.
            check_state(after, thorough=after.is_over or n % 8 == 0)
            kinds[type(action).__name__] += 1
            if isinstance(action, Take):
                taken.add(action.card)
            if isinstance(action, Answer):
                answers.add(action.yes)
            n += 1
            last = after
        assert last.is_over
        assert last.result is not None
        reasons.update(last.result.reasons)
        steps.append(n)
    # The random player really exercised the rules.
    assert kinds["Discard"] > LOOP_SEEDS
    assert reasons["catch"] and reasons["codebreakers"] and reasons["daredevils"]
    if mode is Mode.ADVANCED:
        assert taken == set(MARKET_CARDS)
        assert kinds["Choose"] > 0
        assert answers == {True, False}
        assert reasons["masterplan"] and reasons["security_system"]
        assert reasons["leader_of_the_pack"]
    else:
        assert not kinds.keys() & {"Take", "Choose", "Answer"}
    assert max(steps) < MAX_STEPS


@pytest.mark.slow
@settings(max_examples=HYPOTHESIS_EXAMPLES, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=2**64 - 1),
    mode=st.sampled_from(list(Mode)),
    first=st.integers(min_value=0, max_value=1),
)
def test_random_game_is_pure_immutable_secret_and_replayable(
    seed: int, mode: Mode, first: int
) -> None:
    actions: list[Action] = []
    state = new_game(RULES, mode, seed, first)
    assert_deeply_immutable(state)
    check_state(state)
    frozen = snapshot(state)
    for before, action, after in random_game(seed, mode, first):
        assert snapshot(before) == frozen, f"apply({action}) changed its input state"
        assert apply(before, action) == after  # apply is a function of its input
        frozen = snapshot(after)
        assert_deeply_immutable(after)
        check_state(after)
        for seat in (0, 1, None):
            twin = with_other_secrets(after, seat)
            assert snapshot(twin) != snapshot(after) or not _has_secrets(after, seat)
            assert player_view(twin, seat) == player_view(after, seat)
        actions.append(action)
        state = after
    assert state.is_over
    assert not actions or not isinstance(actions[-1], Discard)

    replayed = new_game(RULES, mode, seed, first)
    for action in actions:
        replayed = apply(replayed, action)
    assert replayed == state
    assert snapshot(replayed) == snapshot(state)


def _has_secrets(state: GameState, seat: int | None) -> bool:
    hidden = (0, 1) if seat is None else (1 - seat,)
    members = [m for i in hidden for m in state.sides[i].members]
    return bool(state.deck) or any(m.hand or m.discarded for m in members)


@pytest.mark.parametrize("mode", list(Mode))
def test_different_choices_lead_to_different_games(mode: Mode) -> None:
    """Sanity for the generator: the seed drives both the deal and the moves."""
    endings = set()
    for seed in range(20):
        final = None
        for _, _, after in random_game(seed, mode, 0):
            final = after
        assert final is not None
        endings.add(snapshot(final))
    assert len(endings) == 20


def test_illegal_actions_never_change_the_state() -> None:
    """Actions outside legal_actions are refused and leave the input untouched."""
    for seed in range(30):
        for before, _, after in random_game(seed, Mode.ADVANCED, seed % 2):
            frozen = snapshot(before)
            legal = set(legal_actions(before))
            candidates: list[Action] = [
                Offer("mole", "sidekick"),
                Recruit(face_up=True),
                Discard("mole"),
                Take("spycation"),
                Choose("mole"),
                Answer(yes=True),
            ]
            for candidate in candidates:
                if candidate in legal:
                    continue
                with pytest.raises(IllegalAction):
                    apply(before, candidate)
            assert snapshot(before) == frozen
            if after.is_over:
                with pytest.raises(IllegalAction):
                    apply(after, Recruit(face_up=True))
