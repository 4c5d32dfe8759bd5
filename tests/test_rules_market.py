"""Advanced mode: the black market rules of RULES.md section 5, one scenario per rule or card.

Seat 0 is green (home 0), seat 1 is blue (home 7); black market spaces are 2, 5, 9 and 12.
The active player offers and the OPPONENT chooses: `recruit up` gives the opponent the face-up
card and the active player the face-down card. Most scenarios start from `landing(...)`: green
(active) on 1 recruits the Sidekick (+4) and stops on 5 while blue on 10 recruits a 1st
Codebreaker (no move).
"""

from __future__ import annotations

import pytest

from agent_avenue.engine import (
    NO,
    YES,
    Choose,
    EventKind,
    IllegalAction,
    Phase,
    Take,
    legal_actions,
)
from positions import BLUE, GREEN, deal, hand, kinds, play, position, snapshot

MARKET_SPACES = (2, 5, 9, 12)
HARMLESS_SUPPLY = ("masterplan", "leader_of_the_pack", "watchtower")
DEFAULT_DECK = ("saboteur", "saboteur", "sentinel", "sentinel")
DEFAULT_BLUE_HAND = ("double_agent", "double_agent", "sentinel", "sentinel")


def landing(
    *,
    supply=HARMLESS_SUPPLY,
    market_deck=(),
    extra=("enforcer", "enforcer"),
    in_play=(),
    deck=DEFAULT_DECK,
    black_market=(),
    blue_hand=DEFAULT_BLUE_HAND,
    blue_in_play=(),
    blue_at=10,
):
    """Green on 1 recruits the Sidekick and stops on black market space 5 (phase PICK)."""
    state = position(
        mode="advanced",
        supply=supply,
        market_deck=market_deck,
        deck=deck,
        green={
            "hand": ["sidekick", "codebreaker", *extra],
            "in_play": in_play,
            "position": 1,
            "black_market": black_market,
        },
        blue={"hand": blue_hand, "in_play": blue_in_play, "position": blue_at},
    )
    state = deal(state, "sidekick", "codebreaker")
    assert state.sides[GREEN].position == 5
    return state


def takes(state):
    return {a for a in legal_actions(state) if isinstance(a, Take)}


def choices(state):
    return [a.agent for a in legal_actions(state)]


# --- 5.1 Gaining a card -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("start", "agent", "end"),
    [
        (0, "daredevil", 2),
        (3, "daredevil", 5),
        (7, "daredevil", 9),
        (10, "daredevil", 12),
        (3, "saboteur", 2),
        (6, "saboteur", 5),
        (10, "saboteur", 9),
        (13, "saboteur", 12),
    ],
)
def test_stopping_exactly_on_a_market_space_gains_a_pick(start, agent, end):
    """5.1: stopping exactly on a black market space (forward or backward) gains a pick."""
    state = position(
        mode="advanced",
        supply=HARMLESS_SUPPLY,
        deck=DEFAULT_DECK,
        green={"hand": [agent, "codebreaker"], "position": start},
        blue={"hand": DEFAULT_BLUE_HAND, "position": (start + 7) % 14},
    )
    after = deal(state, agent, "codebreaker")
    assert after.sides[GREEN].position == end
    assert after.phase == Phase.PICK
    assert after.to_act == GREEN
    assert takes(after) == {Take(c) for c in HARMLESS_SUPPLY}
    assert [e.end for e in after.events if e.kind == EventKind.LAND] == [end]
    after = play(after, "take watchtower")
    assert after.sides[GREEN].ongoing == ("watchtower",)
    assert after.phase == Phase.OFFER
    assert after.active == BLUE


@pytest.mark.parametrize(
    ("start", "agent", "in_play", "end"),
    [
        (0, "sidekick", [], 4),  # over 2
        (11, "mole", [], 8),  # backward over 9
        (1, "double_agent", ["double_agent"], 7),  # over 2 and 5
    ],
)
def test_passing_over_a_market_space_gains_nothing(start, agent, in_play, end):
    """5.1: passing over a black market space does not gain a card."""
    state = position(
        mode="advanced",
        supply=HARMLESS_SUPPLY,
        market_deck=["getaway_car"],
        deck=DEFAULT_DECK,
        green={"hand": [agent, "codebreaker"], "in_play": in_play, "position": start},
        blue={"hand": DEFAULT_BLUE_HAND, "position": (start + 7) % 14},
    )
    after = deal(state, agent, "codebreaker")
    assert after.sides[GREEN].position == end
    assert after.phase == Phase.OFFER
    assert after.active == BLUE
    assert EventKind.LAND not in kinds(after)
    assert after.supply == HARMLESS_SUPPLY
    assert after.sides[GREEN].ongoing == ()


@pytest.mark.parametrize(
    ("agent", "in_play", "phase"),
    [
        ("sentinel", [], Phase.OFFER),  # icon 0
        ("codebreaker", [], Phase.OFFER),  # icon 0
        ("codebreaker", ["codebreaker"] * 2, Phase.OVER),  # WIN mark
        ("daredevil", ["daredevil"] * 2, Phase.OVER),  # LOSE mark
    ],
)
def test_no_move_while_standing_on_a_market_space_gains_nothing(agent, in_play, phase):
    """5.1: a meeple on a black market space whose icon does not move it (0/WIN/LOSE) gains
    nothing."""
    harmless = "sentinel" if agent == "codebreaker" else "codebreaker"
    state = position(
        mode="advanced",
        supply=HARMLESS_SUPPLY,
        deck=DEFAULT_DECK,
        green={"hand": [agent, harmless], "in_play": in_play, "position": 5},
        blue={"hand": ["enforcer", "enforcer"], "position": 12},
    )
    after = deal(state, agent, harmless)
    assert after.positions == (5, 12)
    assert after.phase == phase
    assert EventKind.LAND not in kinds(after)
    assert after.supply == HARMLESS_SUPPLY
    assert [s.ongoing for s in after.sides] == [(), ()]


def test_supply_refills_at_once_before_the_card_resolves():
    """5.1: the supply refills from the black market deck before the taken card resolves."""
    state = landing(
        supply=("mind_control", "watchtower", "masterplan"),
        market_deck=("outpost", "spycation"),
    )
    choosing = play(state, "take mind_control")
    # Mind Control waits for its owner's choice, and the supply is already full again.
    assert choosing.phase == Phase.CHOOSE
    assert choosing.to_act == GREEN
    assert sorted(choosing.supply) == ["masterplan", "outpost", "watchtower"]
    assert choosing.market_deck == ("spycation",)
    after = play(choosing, "choose codebreaker")
    assert "mind_control" in after.market_discard
    assert "mind_control" not in after.supply
    assert sorted(after.supply) == ["masterplan", "outpost", "watchtower"]


def test_supply_shrinks_when_the_market_deck_is_empty():
    """5.1 [decision]: with the black market deck empty, a taken card is not replaced."""
    state = landing(supply=("mind_control", "watchtower", "masterplan"), market_deck=())
    after = play(state, "take watchtower")
    assert sorted(after.supply) == ["masterplan", "mind_control"]
    assert after.market_deck == ()


def test_empty_supply_gains_nothing():
    """5.1 [decision]: with deck and supply exhausted, landing gains nothing; no reshuffle."""
    state = landing(supply=(), market_deck=())
    assert state.phase == Phase.OFFER
    assert state.active == BLUE
    assert EventKind.NO_CARD in kinds(state)
    assert state.sides[GREEN].ongoing == ()
    assert state.supply == ()
    assert len(state.market_discard) == 15  # every card is in the discard pile and stays there


def test_instant_goes_to_discard_ongoing_stays_with_owner():
    """5.1: instants go to the black market discard pile; ongoing cards stay with the owner."""
    state = landing(supply=("surveillance_truck", "watchtower", "masterplan"))
    after = play(state, "take surveillance_truck")
    assert "surveillance_truck" in after.market_discard
    assert after.sides[GREEN].ongoing == ()
    state = landing(supply=("surveillance_truck", "watchtower", "masterplan"))
    after = play(state, "take watchtower")
    assert after.sides[GREEN].ongoing == ("watchtower",)
    assert "watchtower" not in after.market_discard


@pytest.mark.parametrize("active", [GREEN, BLUE])
def test_both_land_active_picks_and_resolves_first(active):
    """5.1: both meeples land: the active player chooses, refills and fully resolves first."""
    other = 1 - active
    seats = [{}, {}]
    seats[active] = {"hand": ["sidekick", "daredevil"], "position": (1 + 7 * active) % 14}
    seats[other] = {"hand": list(DEFAULT_BLUE_HAND), "position": (10 + 7 * active) % 14}
    state = position(
        mode="advanced",
        active=active,
        supply=("mind_control", "watchtower", "masterplan"),
        market_deck=("leader_of_the_pack", "getaway_car"),
        deck=DEFAULT_DECK,
        green=seats[0],
        blue=seats[1],
    )
    state = deal(state, "sidekick", "daredevil")
    assert sorted(e.side for e in state.events if e.kind == EventKind.LAND) == [0, 1]
    assert state.phase == Phase.PICK
    assert state.to_act == active
    state = play(state, "take mind_control")
    # Even with a single option the owner is asked (5.1 [decision]).
    assert state.phase == Phase.CHOOSE
    assert state.to_act == active
    assert choices(state) == ["daredevil"]
    other_progress = state.sides[other].progress
    state = play(state, "choose daredevil")
    assert state.phase == Phase.PICK
    assert state.to_act == other
    assert state.sides[other].in_play == ()
    assert state.sides[other].progress == other_progress
    assert "daredevil" in hand(state, active)
    assert "leader_of_the_pack" in state.supply  # the refill happened before the other's pick
    state = play(state, "take leader_of_the_pack")
    assert state.sides[other].ongoing == ("leader_of_the_pack",)
    assert state.phase == Phase.OFFER
    assert state.active == other
    assert state.turn == 2


def test_chain_gives_another_pick_before_the_opponents():
    """5.1: an instant's move that stops on another market space gains another pick first."""
    # Green 1 -> 5 (Sidekick), blue 10 -> 12 (1st Daredevil): both landed.
    # Smoke Screen recruits the Mole (-3): green 5 -> 2, another black market space.
    state = position(
        mode="advanced",
        supply=("smoke_screen", "watchtower", "masterplan"),
        market_deck=("leader_of_the_pack", "getaway_car", "supercomputer"),
        deck=["saboteur", "saboteur", "mole", "enforcer"],
        green={"hand": ["sidekick", "daredevil", "enforcer", "enforcer"], "position": 1},
        blue={"hand": DEFAULT_BLUE_HAND, "position": 10},
    )
    state = deal(state, "sidekick", "daredevil")
    assert state.positions == (5, 12)
    assert state.to_act == GREEN
    state = play(state, "take smoke_screen")
    assert state.sides[GREEN].in_play == ("sidekick", "mole")
    assert state.sides[GREEN].position == 2
    assert state.phase == Phase.PICK
    assert state.to_act == GREEN  # green's chained pick comes before blue's
    assert sorted(state.supply) == ["leader_of_the_pack", "masterplan", "watchtower"]
    state = play(state, "take watchtower")
    assert state.phase == Phase.PICK
    assert state.to_act == BLUE
    state = play(state, "take getaway_car")
    assert state.sides[BLUE].ongoing == ("getaway_car",)
    assert state.sides[GREEN].ongoing == ("watchtower",)
    assert state.phase == Phase.OFFER
    assert state.active == BLUE


def test_surveillance_truck_never_chains():
    """5.2 derived: Surveillance Truck's +1 from a market space never lands on another one."""
    for space in MARKET_SPACES:
        assert (space + 1) % 14 not in MARKET_SPACES
    state = landing(supply=("surveillance_truck", "watchtower", "masterplan"))
    after = play(state, "take surveillance_truck")
    assert after.sides[GREEN].position == 6
    assert after.phase == Phase.OFFER
    assert after.active == BLUE


@pytest.mark.parametrize(
    ("agent", "card", "start", "blue_at", "first_end", "second_end"),
    [
        ("enforcer", "watchtower", 3, 12, 5, 10),  # 2nd +2 (not +4); then 3rd +5
        ("double_agent", "sinister_twin", 6, 1, 12, 10),  # 2nd +6 (not +12); then 3rd -2
    ],
)
def test_ongoing_card_does_not_apply_to_the_move_that_earned_it(
    agent, card, start, blue_at, first_end, second_end
):
    """5.1: an ongoing card never affects the agent that brought you onto the space; it applies
    from then on."""
    state = position(
        mode="advanced",
        supply=(card, "masterplan", "leader_of_the_pack"),
        deck=DEFAULT_DECK,
        green={"hand": [agent, "codebreaker"], "in_play": [agent], "position": start},
        blue={"hand": [agent, "sentinel", "enforcer", "codebreaker"], "position": blue_at},
    )
    state = deal(state, agent, "codebreaker")
    assert state.sides[GREEN].position == first_end
    state = play(state, f"take {card}")
    assert state.sides[GREEN].ongoing == (card,)
    assert state.sides[GREEN].position == first_end  # no retroactive extra move
    # Blue's turn: blue offers the same agent face up and green takes it (its 3rd copy).
    state = play(state, f"offer {agent} sentinel; recruit up")
    assert state.sides[GREEN].in_play.count(agent) == 3
    assert state.sides[GREEN].position == second_end


def test_when_you_recruit_effects_apply_to_ability_recruits():
    """5.1: "when you recruit X" effects trigger however X is recruited (here Smoke Screen)."""
    state = landing(
        supply=("smoke_screen", "masterplan", "leader_of_the_pack"),
        deck=["saboteur", "saboteur", "enforcer", "saboteur"],
        black_market=("watchtower",),
    )
    state = play(state, "take smoke_screen")
    assert state.sides[GREEN].in_play == ("sidekick", "enforcer")
    assert state.sides[GREEN].position == 8  # 1st Enforcer with Watchtower: +3


def test_ability_draw_comes_before_the_chained_pick():
    """5.1 [decision]: finishing an ability includes drawing up to 4, before its chained pick."""
    state = landing(
        supply=("secret_recruit", "watchtower", "masterplan"),
        market_deck=("leader_of_the_pack",),
        extra=("mole", "enforcer"),
        deck=["saboteur", "saboteur", "sentinel", "double_agent"],
    )
    assert hand(state, GREEN) == ("enforcer", "mole", "saboteur", "saboteur")
    state = play(state, "take secret_recruit; choose mole")
    assert state.sides[GREEN].position == 2  # 5 - 3: another black market space
    assert state.phase == Phase.PICK
    assert state.to_act == GREEN
    assert hand(state, GREEN) == ("enforcer", "saboteur", "saboteur", "sentinel")
    assert state.deck == ("double_agent",)


# --- 5.1 Abilities that cannot be carried out ----------------------------------------------------


def test_outpost_without_a_sentinel_is_ignored():
    """5.1: an ability that cannot be carried out is ignored (Outpost, no Sentinel in hand)."""
    state = landing(supply=("outpost", "watchtower", "masterplan"))
    before_hand = hand(state, GREEN)
    after = play(state, "take outpost")
    assert EventKind.IGNORED in kinds(after)
    assert hand(after, GREEN) == before_hand
    assert after.sides[GREEN].in_play == ("sidekick",)
    assert after.sides[GREEN].position == 5
    assert "outpost" in after.market_discard
    assert after.phase == Phase.OFFER
    assert after.active == BLUE


def test_smoke_screen_with_an_empty_deck_is_ignored():
    """5.1: Smoke Screen with an empty agent deck is ignored."""
    state = landing(supply=("smoke_screen", "watchtower", "masterplan"), deck=["saboteur"] * 2)
    assert state.deck == ()
    after = play(state, "take smoke_screen")
    assert EventKind.IGNORED in kinds(after)
    assert after.sides[GREEN].in_play == ("sidekick",)
    assert after.sides[GREEN].position == 5
    assert after.phase == Phase.OFFER
    assert after.active == BLUE


def test_double_trouble_without_a_pair_is_ignored():
    """5.1: Double Trouble with no two identical agents in hand is ignored."""
    state = landing(
        supply=("double_trouble", "watchtower", "masterplan"),
        extra=("enforcer", "mole"),
        deck=["saboteur", "sentinel"],
    )
    assert hand(state, GREEN) == ("enforcer", "mole", "saboteur", "sentinel")
    after = play(state, "take double_trouble")
    assert EventKind.IGNORED in kinds(after)
    assert after.sides[GREEN].in_play == ("sidekick",)
    assert after.phase == Phase.OFFER


def test_mind_control_with_nothing_to_take_is_ignored():
    """5.1: Mind Control when the opponent has no agent in play is ignored.

    Green (no agents before) lands and uses Spycation to return its only agent, keeping it;
    blue landed too and then takes Mind Control: green has nothing in play.
    """
    state = position(
        mode="advanced",
        supply=("spycation", "mind_control", "watchtower"),
        market_deck=("masterplan",),
        deck=DEFAULT_DECK,
        green={"hand": ["sidekick", "daredevil", "enforcer", "enforcer"], "position": 1},
        blue={"hand": DEFAULT_BLUE_HAND, "position": 10},
    )
    state = deal(state, "sidekick", "daredevil")
    state = play(state, "take spycation; choose sidekick; no")
    assert state.sides[GREEN].in_play == ()
    assert state.phase == Phase.PICK
    assert state.to_act == BLUE
    blue_hand = hand(state, BLUE)
    green_hand = hand(state, GREEN)
    after = play(state, "take mind_control")
    assert EventKind.IGNORED in kinds(after)
    assert hand(after, BLUE) == blue_hand
    assert hand(after, GREEN) == green_hand
    assert after.phase == Phase.OFFER
    assert after.active == BLUE


def test_removing_an_agent_never_moves_a_meeple():
    """5.1: removing an agent from play (Mind Control, Spycation) never moves a meeple."""
    state = landing(
        supply=("mind_control", "spycation", "masterplan"),
        market_deck=("watchtower",),
        blue_in_play=("enforcer", "enforcer"),
    )
    progress = [s.progress for s in state.sides]
    after = play(state, "take mind_control; choose enforcer")
    assert [s.progress for s in after.sides] == progress
    assert after.sides[BLUE].in_play.count("enforcer") == 1
    # Spycation returning the very agent that moved green does not move green back.
    state = landing(supply=("spycation", "masterplan", "watchtower"))
    progress = [s.progress for s in state.sides]
    after = play(state, "take spycation; choose sidekick; no")
    assert after.sides[GREEN].in_play == ()
    assert [s.progress for s in after.sides] == progress


# --- 5.2 [decision] catches are judged on final progress -----------------------------------------


def test_ability_move_can_create_the_catch():
    """5.2: catches are judged at the End step on final progress, after ability moves."""
    state = landing(supply=("surveillance_truck", "watchtower", "masterplan"), blue_at=6)
    assert state.phase == Phase.PICK  # one behind blue: not caught yet
    after = play(state, "take surveillance_truck")
    assert after.positions == (6, 6)
    assert after.phase == Phase.OVER
    assert after.result.winner == GREEN
    assert after.result.reasons == ("catch",)


def test_passing_then_moving_back_by_ability_is_no_catch():
    """5.2: passing the opponent with the recruit move is no catch if an ability moves you back
    behind them before the End step."""
    state = landing(
        supply=("smoke_screen", "watchtower", "masterplan"),
        deck=["saboteur", "saboteur", "mole", "enforcer"],
        blue_at=4,
    )
    assert state.positions == (5, 4)  # green has passed blue for now
    assert state.phase == Phase.PICK
    assert state.result is None
    state = play(state, "take smoke_screen")
    assert state.positions == (2, 4)  # the Mole took green back behind blue, onto space 2
    state = play(state, "take masterplan")
    assert state.result is None
    assert state.phase == Phase.OFFER
    assert state.active == BLUE


# --- Getaway Car -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("start", "agent", "in_play", "blue_at", "end"),
    [
        (5, "sentinel", ["sentinel"], 1, 10),  # 2nd Sentinel +2 stops on blue's home 7
        (12, "daredevil", [], 8, 3),  # 1st Daredevil +2 stops on green's own home 0
    ],
)
def test_getaway_car_on_a_recruit_move(start, agent, in_play, blue_at, end):
    """5.2: Getaway Car: a move that stops exactly on either home goes on 3 (lands on 3 or 10)."""
    state = position(
        mode="advanced",
        supply=HARMLESS_SUPPLY,
        deck=DEFAULT_DECK,
        green={
            "hand": [agent, "codebreaker"],
            "in_play": in_play,
            "position": start,
            "black_market": ["getaway_car"],
        },
        blue={"hand": DEFAULT_BLUE_HAND, "position": blue_at},
    )
    after = deal(state, agent, "codebreaker")
    assert after.sides[GREEN].position == end
    assert EventKind.HOME_BOOST in kinds(after)
    assert EventKind.LAND not in kinds(after)
    assert after.phase == Phase.OFFER


def test_getaway_car_on_an_ability_move():
    """5.2: Getaway Car also applies to an ability's move (Secret Recruit 5 -> 7 -> 10)."""
    state = landing(
        supply=("secret_recruit", "watchtower", "masterplan"),
        extra=("daredevil", "enforcer"),
        black_market=("getaway_car",),
        blue_at=12,
    )
    after = play(state, "take secret_recruit; choose daredevil")
    assert after.sides[GREEN].position == 10
    assert EventKind.HOME_BOOST in kinds(after)
    assert after.phase == Phase.OFFER


def test_getaway_car_needs_a_move():
    """5.2: Getaway Car needs a non-zero move: a 0 icon while standing on a home does nothing."""
    state = position(
        mode="advanced",
        supply=HARMLESS_SUPPLY,
        deck=DEFAULT_DECK,
        green={"hand": ["sentinel", "codebreaker"], "black_market": ["getaway_car"]},
        blue={"hand": ["enforcer", "enforcer"], "position": 9},
    )
    after = deal(state, "sentinel", "codebreaker")
    assert after.sides[GREEN].position == 0
    assert EventKind.HOME_BOOST not in kinds(after)


# --- 5.2 The 15 cards: move modifiers ------------------------------------------------------------


def modified_move(card, agent, copy, harmless="codebreaker"):
    """Green (owning `card`) on 1 recruits copy number `copy` of `agent`; blue sits on 0."""
    state = position(
        mode="advanced",
        deck=[],
        green={
            "hand": [agent, harmless],
            "in_play": [agent] * (copy - 1),
            "position": 1,
            "black_market": [card],
        },
        blue={"hand": ["enforcer", "enforcer"], "position": 0},
    )
    after = deal(state, agent, harmless)
    return after, after.sides[GREEN].progress - state.sides[GREEN].progress


@pytest.mark.parametrize(("copy", "move"), [(1, +1), (2, +1), (3, +2)])
def test_distraction_device(copy, move):
    """5.2 distraction_device: recruiting a Saboteur moves forward instead (+1/+1/+2)."""
    after, moved = modified_move("distraction_device", "saboteur", copy)
    assert moved == move
    assert after.result is None


@pytest.mark.parametrize(("copy", "move"), [(1, +3), (2, +3), (3, +3)])
def test_supercomputer(copy, move):
    """5.2 supercomputer: every Codebreaker recruited moves forward 3 (the 3rd still wins)."""
    after, moved = modified_move("supercomputer", "codebreaker", copy, harmless="sentinel")
    assert moved == move
    if copy == 3:
        assert after.result.winner == GREEN
        assert after.result.reasons == ("codebreakers",)
    else:
        assert after.result is None


@pytest.mark.parametrize(("copy", "move"), [(1, +3), (2, +4), (3, +5)])
def test_watchtower(copy, move):
    """5.2 watchtower: recruiting an Enforcer moves 2 more (+3/+4/+5)."""
    _, moved = modified_move("watchtower", "enforcer", copy)
    assert moved == move


@pytest.mark.parametrize(("copy", "move"), [(1, -2), (2, +12), (3, -2)])
def test_sinister_twin(copy, move):
    """5.2 sinister_twin: recruiting a Double Agent moves twice as far (-2/+12/-2)."""
    _, moved = modified_move("sinister_twin", "double_agent", copy)
    assert moved == move


@pytest.mark.parametrize(
    ("card", "agent"),
    [
        ("distraction_device", "enforcer"),
        ("supercomputer", "sentinel"),
        ("watchtower", "daredevil"),
        ("sinister_twin", "saboteur"),
    ],
)
def test_modifiers_leave_other_agents_alone(card, agent):
    """5.2: each modifier changes only its own agent's move (printed icon otherwise)."""
    printed = {"enforcer": 1, "sentinel": 0, "daredevil": 2, "saboteur": -1}
    _, moved = modified_move(card, agent, 1)
    assert moved == printed[agent]


def test_getaway_car_card_effect():
    """5.2 getaway_car: a move stopping exactly on a home goes on 3 more (own home too)."""
    state = position(
        mode="advanced",
        deck=DEFAULT_DECK,
        green={"hand": ["mole", "codebreaker"], "position": 3, "black_market": ["getaway_car"]},
        blue={"hand": ["enforcer", "enforcer"], "position": 8},
    )
    after = deal(state, "mole", "codebreaker")
    assert after.sides[GREEN].progress - state.sides[GREEN].progress == -3 + 3
    assert after.sides[GREEN].position == 3  # 3 -> 0 (home) -> 3


# --- 5.2 The 15 cards: End-step wins -------------------------------------------------------------


SIX_NAMES = ["double_agent", "enforcer", "codebreaker", "daredevil", "saboteur", "sentinel"]


def test_masterplan_seven_names_win():
    """5.2 masterplan: at the End step, 7 different agent names in play win."""
    state = position(
        mode="advanced",
        deck=DEFAULT_DECK,
        green={
            "hand": ["sidekick", "codebreaker"],
            "in_play": SIX_NAMES,
            "position": 3,
            "black_market": ["masterplan"],
        },
        blue={"hand": ["enforcer", "enforcer"], "position": 10},
    )
    after = deal(state, "sidekick", "codebreaker")
    assert after.phase == Phase.OVER
    assert after.result.winner == GREEN
    assert after.result.reasons == ("masterplan",)
    assert not after.result.by_tie_rule


def test_masterplan_six_names_do_not_win():
    """5.2 masterplan: 6 names (a duplicate recruited) are not enough."""
    state = position(
        mode="advanced",
        deck=DEFAULT_DECK,
        green={
            "hand": ["daredevil", "codebreaker"],
            "in_play": SIX_NAMES,
            "position": 3,
            "black_market": ["masterplan"],
        },
        blue={"hand": ["enforcer", "enforcer"], "position": 10},
    )
    after = deal(state, "daredevil", "codebreaker")
    assert after.result is None
    assert after.phase == Phase.OFFER


@pytest.mark.parametrize("owner", [GREEN, BLUE])
def test_security_system_opponent_on_your_home_wins(owner):
    """5.2 security_system: at the End step, the opponent's meeple on your home wins."""
    if owner == GREEN:
        # Green active on 4; blue on 12 recruits a Daredevil (+2) and stops on green's home 0.
        green = {
            "hand": ["daredevil", "codebreaker"],
            "position": 4,
            "black_market": ["security_system"],
        }
        blue = {"hand": ["enforcer", "enforcer"], "position": 12}
        moves = "offer daredevil codebreaker; recruit up"
    else:
        # Green active on 5 recruits a Daredevil (+2) and stops on blue's home 7.
        green = {"hand": ["daredevil", "codebreaker"], "position": 5}
        blue = {
            "hand": ["enforcer", "enforcer"],
            "position": 11,
            "black_market": ["security_system"],
        }
        moves = "offer codebreaker daredevil; recruit up"
    after = play(position(mode="advanced", deck=DEFAULT_DECK, green=green, blue=blue), moves)
    assert after.sides[1 - owner].position == (0, 7)[owner]
    assert after.phase == Phase.OVER
    assert after.result.winner == owner
    assert after.result.reasons == ("security_system",)


def test_security_system_needs_the_opponent_on_your_home():
    """5.2 security_system: the opponent on ITS own home does not count."""
    state = position(
        mode="advanced",
        deck=DEFAULT_DECK,
        green={
            "hand": ["daredevil", "codebreaker"],
            "position": 4,
            "black_market": ["security_system"],
        },
        blue={"hand": ["enforcer", "enforcer"], "position": 5},
    )
    after = play(state, "offer daredevil codebreaker; recruit up")  # blue 5 -> 7, its own home
    assert after.sides[BLUE].position == 7
    assert after.result is None
    assert after.phase == Phase.OFFER


def test_leader_of_the_pack_three_daredevils_win():
    """5.2 leader_of_the_pack: 3 Daredevils make you win (reason leader_of_the_pack)."""
    state = position(
        mode="advanced",
        deck=DEFAULT_DECK,
        green={
            "hand": ["daredevil", "codebreaker"],
            "in_play": ["daredevil"] * 2,
            "black_market": ["leader_of_the_pack"],
        },
        blue={"hand": ["enforcer", "enforcer"]},
    )
    after = deal(state, "daredevil", "codebreaker")
    assert after.phase == Phase.OVER
    assert after.result.winner == GREEN
    assert after.result.reasons == ("leader_of_the_pack",)
    assert not after.result.by_tie_rule
    assert all(c.wins for c in after.result.conditions)


# --- 5.2 The 15 cards: instants ------------------------------------------------------------------


def test_smoke_screen_recruits_the_top_card():
    """5.2 smoke_screen: recruit the top card of the agent deck and move for it (count rule)."""
    state = landing(
        supply=("smoke_screen", "watchtower", "masterplan"),
        in_play=("enforcer",),
        deck=["saboteur", "saboteur", "enforcer", "mole"],
    )
    green_hand = hand(state, GREEN)
    after = play(state, "take smoke_screen")
    assert after.sides[GREEN].in_play == ("enforcer", "sidekick", "enforcer")
    assert after.sides[GREEN].position == 7  # 2nd Enforcer: +2
    assert after.deck == ("mole",)
    assert hand(after, GREEN) == green_hand
    assert "smoke_screen" in after.market_discard
    assert after.phase == Phase.OFFER


def test_surveillance_truck_moves_forward_one():
    """5.2 surveillance_truck: move forward 1."""
    state = landing(supply=("surveillance_truck", "watchtower", "masterplan"))
    progress = state.sides[GREEN].progress
    after = play(state, "take surveillance_truck")
    assert after.sides[GREEN].progress == progress + 1
    assert after.sides[GREEN].in_play == ("sidekick",)
    assert "surveillance_truck" in after.market_discard


def test_mind_control_takes_a_chosen_agent_into_hand():
    """5.2 mind_control: take one agent the opponent has in play into your hand; `choose X`."""
    state = landing(
        supply=("mind_control", "watchtower", "masterplan"),
        blue_in_play=("enforcer", "enforcer", "sentinel"),
    )
    state = play(state, "take mind_control")
    assert state.phase == Phase.CHOOSE
    assert choices(state) == ["enforcer", "codebreaker", "sentinel"]
    before = snapshot(state)
    with pytest.raises(IllegalAction, match="cannot be chosen"):
        play(state, "choose mole")
    assert snapshot(state) == before
    positions = state.positions
    after = play(state, "choose enforcer")
    assert sorted(after.sides[BLUE].in_play) == ["codebreaker", "enforcer", "sentinel"]
    assert hand(after, GREEN).count("enforcer") == 3  # 2 kept in hand + the one taken
    assert len(hand(after, GREEN)) == 5
    assert after.positions == positions
    assert "mind_control" in after.market_discard


def test_secret_recruit_only_names_not_in_play():
    """5.2 secret_recruit: recruit from hand an agent whose name you don't have in play."""
    state = landing(
        supply=("secret_recruit", "watchtower", "masterplan"),
        in_play=("enforcer",),
        extra=("enforcer", "daredevil"),
        deck=["sentinel", "saboteur", "mole", "double_agent"],
    )
    assert hand(state, GREEN) == ("daredevil", "enforcer", "saboteur", "sentinel")
    state = play(state, "take secret_recruit")
    assert state.phase == Phase.CHOOSE
    assert choices(state) == ["daredevil", "saboteur", "sentinel"]
    with pytest.raises(IllegalAction, match="cannot be chosen"):
        play(state, "choose enforcer")
    after = play(state, "choose daredevil")
    assert after.sides[GREEN].in_play == ("enforcer", "sidekick", "daredevil")
    assert after.sides[GREEN].position == 7  # 1st Daredevil: +2
    assert hand(after, GREEN) == ("enforcer", "mole", "saboteur", "sentinel")  # drew back to 4


def test_outpost_recruits_a_sentinel_from_hand():
    """5.2 outpost: recruit a Sentinel from your hand (not optional, no choice asked)."""
    state = landing(
        supply=("outpost", "watchtower", "masterplan"),
        in_play=("sentinel",),
        extra=("sentinel", "enforcer"),
        deck=["saboteur", "saboteur", "mole", "double_agent"],
    )
    assert hand(state, GREEN) == ("enforcer", "saboteur", "saboteur", "sentinel")
    after = play(state, "take outpost")
    assert after.sides[GREEN].in_play == ("sentinel", "sidekick", "sentinel")
    assert after.sides[GREEN].position == 7  # 2nd Sentinel: +2
    assert hand(after, GREEN) == ("enforcer", "mole", "saboteur", "saboteur")
    assert after.phase == Phase.OFFER


def test_double_trouble_recruits_one_of_a_pair_and_keeps_the_other():
    """5.2 double_trouble: reveal 2 identical agents; recruit one, keep the other."""
    state = landing(
        supply=("double_trouble", "watchtower", "masterplan"),
        extra=("daredevil", "daredevil"),
        deck=["saboteur", "saboteur", "mole", "double_agent"],
        blue_hand=("enforcer", "enforcer", "sentinel", "sentinel"),
    )
    assert hand(state, GREEN) == ("daredevil", "daredevil", "saboteur", "saboteur")
    state = play(state, "take double_trouble")
    assert state.phase == Phase.CHOOSE
    assert choices(state) == ["daredevil", "saboteur"]
    with pytest.raises(IllegalAction, match="cannot be chosen"):
        play(state, "choose enforcer")
    after = play(state, "choose daredevil")
    assert EventKind.REVEAL_PAIR in kinds(after)
    assert after.sides[GREEN].in_play == ("sidekick", "daredevil")
    assert after.sides[GREEN].position == 7  # 1st Daredevil: +2
    assert hand(after, GREEN) == ("daredevil", "mole", "saboteur", "saboteur")


@pytest.mark.parametrize(("answer", "position_after"), [("yes", 7), ("no", 5)])
def test_spycation_return_and_optionally_recruit_again(answer, position_after):
    """5.2 spycation: return one of your agents to hand; `yes` recruits it again at once."""
    state = landing(
        supply=("spycation", "watchtower", "masterplan"),
        in_play=("enforcer", "enforcer"),
    )
    state = play(state, "take spycation")
    assert state.phase == Phase.CHOOSE
    assert choices(state) == ["enforcer", "sidekick"]
    state = play(state, "choose enforcer")
    assert state.phase == Phase.CONFIRM
    assert state.to_act == GREEN
    assert set(legal_actions(state)) == {YES, NO}
    assert state.sides[GREEN].in_play == ("enforcer", "sidekick")
    assert hand(state, GREEN).count("enforcer") == 3
    assert state.sides[GREEN].position == 5
    after = play(state, answer)
    assert after.sides[GREEN].position == position_after  # again the 2nd Enforcer: +2
    if answer == "yes":
        assert sorted(after.sides[GREEN].in_play) == ["enforcer", "enforcer", "sidekick"]
        assert len(hand(after, GREEN)) == 4
    else:
        assert after.sides[GREEN].in_play == ("enforcer", "sidekick")
        assert len(hand(after, GREEN)) == 5
    assert after.phase == Phase.OFFER


def test_choose_with_a_wrong_action_kind_is_refused():
    """Engine contract: while a card waits for a choice, other actions are refused."""
    state = landing(supply=("mind_control", "watchtower", "masterplan"))
    state = play(state, "take mind_control")
    before = snapshot(state)
    with pytest.raises(IllegalAction, match="choose an agent"):
        play(state, "take watchtower")
    with pytest.raises(IllegalAction, match="choose an agent"):
        play(state, "yes")
    assert snapshot(state) == before
    assert Choose("codebreaker") in legal_actions(state)


def test_take_a_card_not_in_the_supply_is_refused():
    """Engine contract: only a face-up supply card can be taken."""
    state = landing(supply=HARMLESS_SUPPLY, market_deck=("spycation",))
    before = snapshot(state)
    with pytest.raises(IllegalAction, match="not in the black market supply"):
        play(state, "take spycation")
    assert snapshot(state) == before
