"""The End step (RULES.md 2.1 and 4.3) against an independent oracle, for every combination.

For each seat: caught the opponent or not, 3 Codebreakers or not, 3 Daredevils or not; either seat
active; agent deck still full or exhausted (deck empty and the next player unable to play). Every
possible combination is built as a real position with `from_position`, played for one offer and
one recruit, and the engine's result compared with the oracle below, which re-implements the tie
rule of 4.3 from the text and does not use the engine's `end_step` module.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass

import pytest

from agent_avenue.data import default_rules
from agent_avenue.engine import (
    Discard,
    GameState,
    Offer,
    Phase,
    PositionSetup,
    Recruit,
    SeatSetup,
    apply,
    from_position,
    legal_actions,
)

RULES = default_rules()

CODEBREAKER = "codebreaker"
DAREDEVIL = "daredevil"
ENFORCER = "enforcer"  # first copy: +1
SABOTEUR = "saboteur"  # first copy: -1
SENTINEL = "sentinel"  # first copy: 0
FILLER = "double_agent"  # never recruited here: padding for hands and the deck

# RULES.md 4.3 / GameState docs: the documented order of result reasons.
DOCUMENTED_ORDER = (
    "catch",
    "codebreakers",
    "daredevils",
    "exhaustion",
    "masterplan",
    "security_system",
    "leader_of_the_pack",
)


# The oracle ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Flags:
    """The End-step conditions one seat should meet."""

    catch: bool
    codebreakers: bool
    daredevils: bool


@dataclass(frozen=True)
class Outcome:
    """What the End step should decide: no winner means play on."""

    winner: int | None
    conditions: frozenset[tuple[int, str, bool]]
    by_tie_rule: bool

    @property
    def reasons(self) -> tuple[str, ...]:
        met = {reason for _, reason, _ in self.conditions}
        return tuple(r for r in DOCUMENTED_ORDER if r in met)


def oracle(flags: tuple[Flags, Flags], active: int, exhausted: bool, green_lead: int) -> Outcome:
    """RULES.md 4.3 written out: candidates, the tie rule, then running out of cards."""
    conditions: set[tuple[int, str, bool]] = set()
    for seat, f in enumerate(flags):
        if f.catch:
            conditions.add((seat, "catch", True))
        if f.codebreakers:
            conditions.add((seat, "codebreakers", True))
        if f.daredevils:
            conditions.add((seat, "daredevils", False))
    # A side that wins is a candidate; so is the opponent of a side that loses.
    candidates = {seat if wins else 1 - seat for seat, _, wins in conditions}
    if len(candidates) == 1:
        return Outcome(candidates.pop(), frozenset(conditions), False)
    if len(candidates) == 2:
        return Outcome(active, frozenset(conditions), True)
    if not exhausted:
        return Outcome(None, frozenset(), False)
    # Out of cards: the side closer to catching (the larger lead) wins; equal -> the active player.
    active_lead = green_lead if active == 0 else -green_lead
    winner = active if active_lead >= 0 else 1 - active
    return Outcome(winner, frozenset({(winner, "exhaustion", True)}), active_lead == 0)


# Building the positions ------------------------------------------------------------------------


@dataclass(frozen=True)
class Plan:
    """One seat's part of a scenario: agents already in play, the agent it recruits, the move."""

    in_play: tuple[str, ...]
    recruit: str
    move: int


@dataclass(frozen=True)
class Scenario:
    """A position, the two actions to play, and what the meeples should do."""

    setup: PositionSetup
    actions: tuple[Offer, Recruit]
    plans: tuple[Plan, Plan]
    start_green_lead: int

    @property
    def final_green_lead(self) -> int:
        return self.start_green_lead + self.plans[0].move - self.plans[1].move


def _trigger(f: Flags) -> Plan | None:
    """A recruit with no move that completes the seat's Codebreaker or Daredevil condition."""
    if f.codebreakers:
        # The recruited Codebreaker is the 3rd; the Daredevils (if any) are already 3.
        return Plan((CODEBREAKER,) * 2 + (DAREDEVIL,) * 3 * f.daredevils, CODEBREAKER, 0)
    if f.daredevils:
        return Plan((DAREDEVIL,) * 2, DAREDEVIL, 0)
    return None


def _preloaded(f: Flags, recruit: str, move: int) -> Plan:
    """The seat's conditions already met in play; it recruits a mover (first copy)."""
    in_play = (CODEBREAKER,) * 3 * f.codebreakers + (DAREDEVIL,) * 3 * f.daredevils
    return Plan(in_play, recruit, move)


def _plans(flags: tuple[Flags, Flags], active: int) -> tuple[tuple[Plan, Plan], int] | None:
    """Each seat's plan and the starting lead of green, or None if no position can do it."""
    catchers = [seat for seat in (0, 1) if flags[seat].catch]
    if len(catchers) == 2:
        return None  # a lead of at least 7 for both sides at once cannot exist
    plans: dict[int, Plan] = {}
    if catchers:
        c = catchers[0]
        o = 1 - c
        trig_c, trig_o = _trigger(flags[c]), _trigger(flags[o])
        if trig_c is None or trig_o is not None:
            # The catcher steps forward from a lead of 6 onto the opponent, who stays put.
            plans[c] = _preloaded(flags[c], ENFORCER, +1)
            plans[o] = trig_o or Plan((), SENTINEL, 0)
        else:
            # The opponent steps backward onto the catcher, who completes its own condition.
            plans[c] = trig_c
            plans[o] = _preloaded(flags[o], SABOTEUR, -1)
        start_lead_c = 6
        green_lead = start_lead_c if c == 0 else -start_lead_c
    else:
        trig = [_trigger(flags[0]), _trigger(flags[1])]
        free = [seat for seat in (0, 1) if trig[seat] is None]
        for seat in (0, 1):
            plans[seat] = trig[seat] or Plan((), ENFORCER, +1)
        if len(free) == 2:
            # The active player reaches the opponent's space, but the opponent moves away too.
            green_lead = 6 if active == 0 else -6
        elif len(free) == 1:
            # The free seat closes in to one space short of a catch.
            green_lead = 5 if free[0] == 0 else -5
        else:
            green_lead = 6 if active == 1 else -6  # nobody moves; one short of a catch
    return (plans[0], plans[1]), green_lead


def build(
    flags: tuple[Flags, Flags], active: int, exhausted: bool, take_face_up: bool
) -> Scenario | None:
    """The position and moves that make exactly these conditions hold at the End step."""
    made = _plans(flags, active)
    if made is None:
        return None
    plans, green_lead = made
    assert -6 <= green_lead <= 6
    mine, theirs = plans[active].recruit, plans[1 - active].recruit
    # green's clockwise distance to blue is 7 - lead (RULES.md 2.1); green stays home.
    positions = (0, (7 - green_lead) % 14)
    opponent_hand = (FILLER,) if exhausted else (FILLER, FILLER)
    seats = []
    for seat in (0, 1):
        hand = (mine, theirs) if seat == active else opponent_hand
        seats.append(SeatSetup(hand=hand, in_play=plans[seat].in_play, position=positions[seat]))
    deck = () if exhausted else (FILLER,) * 4 + ("mole", "sidekick")
    setup = PositionSetup(active=active, deck=deck, seats=(seats[0], seats[1]))
    if take_face_up:
        actions = (Offer(face_up=theirs, face_down=mine), Recruit(face_up=True))
    else:
        actions = (Offer(face_up=mine, face_down=theirs), Recruit(face_up=False))
    return Scenario(setup, actions, plans, green_lead)


def play(scenario: Scenario) -> GameState:
    state = from_position(RULES, scenario.setup)
    for action in scenario.actions:
        assert action in legal_actions(state), (action, legal_actions(state))
        state = apply(state, action)
    return state


# The table -------------------------------------------------------------------------------------

ALL_FLAGS = [Flags(*bits) for bits in itertools.product((False, True), repeat=3)]


def all_combos() -> Iterator[tuple[tuple[Flags, Flags], int, bool]]:
    for f0, f1, active, exhausted in itertools.product(ALL_FLAGS, ALL_FLAGS, (0, 1), (False, True)):
        yield (f0, f1), active, exhausted


def _label(flags: tuple[Flags, Flags], active: int, exhausted: bool) -> str:
    def seat(f: Flags) -> str:
        return "".join(
            c if on else "-"
            for c, on in zip("CBD", (f.catch, f.codebreakers, f.daredevils), strict=True)
        )

    return f"g{seat(flags[0])}_b{seat(flags[1])}_a{active}{'_x' if exhausted else ''}"


POSSIBLE = []
for _i, (_flags, _active, _exhausted) in enumerate(all_combos()):
    if not (_flags[0].catch and _flags[1].catch):
        POSSIBLE.append(
            pytest.param(
                _flags, _active, _exhausted, _i % 2 == 0, id=_label(_flags, _active, _exhausted)
            )
        )


def test_table_size() -> None:
    # 2^3 conditions per seat, squared, times 2 active seats and 2 deck states: 256 combinations,
    # of which the 2^2 * 2^2 * 2 * 2 = 64 with both catches are impossible.
    assert len(list(all_combos())) == 256
    assert len(POSSIBLE) == 192


@pytest.mark.parametrize(("flags", "active", "exhausted", "take_face_up"), POSSIBLE)
def test_end_step_matches_oracle(
    flags: tuple[Flags, Flags], active: int, exhausted: bool, take_face_up: bool
) -> None:
    scenario = build(flags, active, exhausted, take_face_up)
    assert scenario is not None
    state = play(scenario)

    # The scenario does what it claims (so a mismatch below is about the End step).
    final_lead = state.sides[0].progress - state.sides[1].progress
    assert final_lead == scenario.final_green_lead
    for seat in (0, 1):
        in_play = state.sides[seat].in_play
        assert sorted(in_play) == sorted(
            (*scenario.plans[seat].in_play, scenario.plans[seat].recruit)
        )
        lead = final_lead if seat == 0 else -final_lead
        assert (lead >= 7) == flags[seat].catch
        assert (in_play.count(CODEBREAKER) >= 3) == flags[seat].codebreakers
        assert (in_play.count(DAREDEVIL) >= 3) == flags[seat].daredevils
    assert (not state.deck) == exhausted

    expected = oracle(flags, active, exhausted, final_lead)
    if expected.winner is None:
        assert state.phase is Phase.OFFER
        assert not state.is_over
        assert state.result is None
        assert state.active == 1 - active
        assert state.turn == scenario.setup.turn + 1
        assert legal_actions(state)
        return
    assert state.phase is Phase.OVER
    assert state.is_over
    assert legal_actions(state) == ()
    result = state.result
    assert result is not None
    assert result.winner == expected.winner
    assert result.reasons == expected.reasons
    assert result.by_tie_rule == expected.by_tie_rule
    assert {(c.side, c.reason, c.wins) for c in result.conditions} == expected.conditions


def test_impossible_combinations_are_exactly_the_double_catches() -> None:
    impossible = [
        (flags, active, exhausted)
        for flags, active, exhausted in all_combos()
        if build(flags, active, exhausted, True) is None
    ]
    assert impossible == [
        (flags, active, exhausted)
        for flags, active, exhausted in all_combos()
        if flags[0].catch and flags[1].catch
    ]


@pytest.mark.parametrize("active", [0, 1])
def test_no_move_pair_lets_both_sides_catch(active: int) -> None:
    """From every starting distance, every pair of first-copy moves: at most one side catches."""
    movers = ("double_agent", "enforcer", "daredevil", "saboteur", "sentinel", "sidekick", "mole")
    seen: set[tuple[bool, bool]] = set()
    for green_lead in range(-6, 7):
        positions = (0, (7 - green_lead) % 14)
        for mine, theirs in itertools.product(movers, movers):
            if mine == theirs and RULES.agent_by_id[mine].copies < 2:
                continue
            seats = tuple(
                SeatSetup(
                    hand=(mine, theirs) if seat == active else (CODEBREAKER, CODEBREAKER),
                    position=positions[seat],
                )
                for seat in (0, 1)
            )
            setup = PositionSetup(
                active=active, deck=(CODEBREAKER,) * 4, seats=(seats[0], seats[1])
            )
            state = from_position(RULES, setup)
            state = apply(state, Offer(face_up=theirs, face_down=mine))
            state = apply(state, Recruit(face_up=True))
            conditions = state.result.conditions if state.result else ()
            catches = tuple(
                any(c.side == seat and c.reason == "catch" for c in conditions) for seat in (0, 1)
            )
            lead = state.sides[0].progress - state.sides[1].progress
            assert catches == (lead >= 7, -lead >= 7)
            seen.add(catches)
    assert seen == {(False, False), (True, False), (False, True)}


@pytest.mark.parametrize("active", [0, 1])
@pytest.mark.parametrize("green_lead", range(-6, 7))
def test_running_out_of_cards_closer_side_wins(active: int, green_lead: int) -> None:
    """No condition met, deck empty, the next player holds 1 card: the larger lead wins."""
    positions = (0, (7 - green_lead) % 14)
    seats = tuple(
        SeatSetup(
            hand=(SENTINEL, CODEBREAKER) if seat == active else (FILLER,),
            position=positions[seat],
        )
        for seat in (0, 1)
    )
    state = from_position(RULES, PositionSetup(active=active, seats=(seats[0], seats[1])))
    state = apply(state, Offer(face_up=SENTINEL, face_down=CODEBREAKER))
    state = apply(state, Recruit(face_up=True))  # both first copies: nobody moves
    expected = oracle((Flags(False, False, False),) * 2, active, True, green_lead)
    assert state.result is not None
    assert state.result.winner == expected.winner
    assert state.result.reasons == ("exhaustion",)
    assert state.result.by_tie_rule == expected.by_tie_rule == (green_lead == 0)


@pytest.mark.parametrize("active", [0, 1])
def test_empty_deck_plays_on_while_the_next_player_can_offer(active: int) -> None:
    """Deck empty: the game goes on while the next player holds 2 cards, then ends (4.3)."""
    seats = tuple(
        SeatSetup(
            hand=(SENTINEL, CODEBREAKER, FILLER) if seat == active else (CODEBREAKER,) * 2,
            position=(0, 7)[seat],
        )
        for seat in (0, 1)
    )
    state = from_position(RULES, PositionSetup(active=active, seats=(seats[0], seats[1])))
    assert not any(isinstance(a, Discard) for a in legal_actions(state))  # deck empty (4.1)
    state = apply(state, Offer(face_up=SENTINEL, face_down=CODEBREAKER))
    state = apply(state, Recruit(face_up=False))  # nobody moves
    assert state.result is None
    assert state.phase is Phase.OFFER
    assert state.active == 1 - active
    state = apply(state, Offer(face_up=CODEBREAKER, face_down=CODEBREAKER))
    state = apply(state, Recruit(face_up=True))  # nobody moves; the next player holds 1 card
    expected = oracle((Flags(False, False, False),) * 2, 1 - active, True, 0)
    assert state.result is not None
    assert state.result.winner == expected.winner == 1 - active
    assert state.result.reasons == ("exhaustion",)
    assert state.result.by_tie_rule is expected.by_tie_rule is True
