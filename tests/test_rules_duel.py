"""The duel rules of RULES.md sections 2-4, one small scenario per rule or clarification.

Seat 0 is green (home 0), seat 1 is blue (home 7). Positions are built by hand with
`position(...)`; turns are driven in notation. The active player offers and the OPPONENT
chooses: `recruit up` gives the opponent the face-up card and the active player the face-down.
"""

from __future__ import annotations

import pytest

from agent_avenue.engine import (
    RECRUIT_DOWN,
    RECRUIT_UP,
    Discard,
    EventKind,
    IllegalAction,
    Mode,
    Offer,
    Phase,
    Recruit,
    Take,
    apply,
    legal_actions,
    new_game,
    parse_action,
)
from positions import BLUE, GREEN, deal, hand, kinds, play, position, snapshot

SIX_COPY_AGENTS = ("double_agent", "enforcer", "codebreaker", "daredevil", "saboteur", "sentinel")


def lead(state, side=GREEN):
    """Unwrapped progress lead of `side` over the other side (>= 7 means a catch)."""
    return state.sides[side].progress - state.sides[1 - side].progress


# --- 1.1 / 4.2 The count rule ---------------------------------------------------------------

# (agent, copy number being recruited, spaces moved, End-step outcome of the mark or None)
COUNT_RULE = [
    ("double_agent", 1, -1, None),
    ("double_agent", 2, +6, None),
    ("double_agent", 3, -1, None),
    ("double_agent", 4, -1, None),
    ("double_agent", 6, -1, None),
    ("enforcer", 1, +1, None),
    ("enforcer", 2, +2, None),
    ("enforcer", 3, +3, None),
    ("enforcer", 4, +3, None),
    ("enforcer", 6, +3, None),
    ("codebreaker", 1, 0, None),
    ("codebreaker", 2, 0, None),
    ("codebreaker", 3, 0, "codebreakers"),
    ("codebreaker", 4, 0, "codebreakers"),
    ("daredevil", 1, +2, None),
    ("daredevil", 2, +3, None),
    ("daredevil", 3, 0, "daredevils"),
    ("daredevil", 4, 0, "daredevils"),
    ("saboteur", 1, -1, None),
    ("saboteur", 2, -1, None),
    ("saboteur", 3, -2, None),
    ("saboteur", 4, -2, None),
    ("saboteur", 6, -2, None),
    ("sentinel", 1, 0, None),
    ("sentinel", 2, +2, None),
    ("sentinel", 3, +6, None),
    ("sentinel", 4, +6, None),
    ("sentinel", 6, +6, None),
    ("sidekick", 1, +4, None),
    ("mole", 1, -3, None),
]


@pytest.mark.parametrize(("agent", "copy", "move", "mark"), COUNT_RULE)
def test_count_rule_icon_per_copy(agent, copy, move, mark):
    """1.1 count rule: 1st copy top icon, 2nd middle, 3rd and later bottom (incl. WIN/LOSE)."""
    harmless = "sentinel" if agent == "codebreaker" else "codebreaker"
    fillers = [a for a in SIX_COPY_AGENTS if a not in (agent, harmless)][:2]
    state = position(
        green={"hand": [agent, harmless], "in_play": [agent] * (copy - 1), "position": 3},
        blue={"hand": fillers, "position": 10},
    )
    after = deal(state, agent, harmless)
    assert after.sides[GREEN].in_play.count(agent) == copy
    assert after.sides[GREEN].progress - state.sides[GREEN].progress == move
    assert after.sides[GREEN].position == (3 + move) % 14
    assert after.sides[BLUE].progress == state.sides[BLUE].progress
    if mark is None:
        assert after.result is None
        assert after.phase == Phase.OFFER
    else:
        assert after.result is not None
        assert after.result.reasons == (mark,)
        assert after.result.winner == (GREEN if mark == "codebreakers" else BLUE)


def test_fourth_copy_uses_bottom_icon():
    """1.1: the 4th copy of a name uses the bottom icon (Enforcer +3, not a new value)."""
    state = position(
        green={"hand": ["enforcer", "codebreaker"], "in_play": ["enforcer"] * 3, "position": 1},
        blue={"hand": ["sentinel", "sentinel"], "position": 10},
    )
    after = deal(state, "enforcer", "codebreaker")
    recruit = next(e for e in after.events if e.kind == EventKind.RECRUIT and e.side == GREEN)
    assert recruit.count == 4
    assert after.sides[GREEN].position == 4


def test_count_rule_counts_only_own_agents():
    """1.1: count the agents of that name YOU have in play; the opponent's copies don't count."""
    state = position(
        green={"hand": ["enforcer", "codebreaker"], "position": 3},
        blue={"hand": ["sentinel", "sentinel"], "in_play": ["enforcer"] * 2, "position": 10},
    )
    after = deal(state, "enforcer", "codebreaker")
    assert after.sides[GREEN].position == 4  # 1st Enforcer: +1


# --- 2. The board ---------------------------------------------------------------------------


def test_homes_are_opposite(rules):
    """2: green home is space 0, blue home space 7; meeples start on their homes, 7 apart."""
    state = new_game(rules, Mode.SIMPLE, seed=3, first=0)
    assert state.positions == (0, 7)
    assert [s.home for s in state.sides] == [0, 7]
    assert lead(state) == 0
    assert position(green={"hand": ["enforcer", "sentinel"]}).positions == (0, 7)


@pytest.mark.parametrize(
    ("start", "agent", "in_play", "end", "progress_delta"),
    [
        (12, "sidekick", [], 2, +4),  # forward past 13 wraps to 0, 1, 2
        (0, "mole", [], 11, -3),  # backward past 0 wraps to 13, 12, 11
        (13, "enforcer", [], 0, +1),
    ],
)
def test_wraparound_positions(start, agent, in_play, end, progress_delta):
    """2: the board is a closed loop of 14 spaces; progress is unwrapped, position mod 14."""
    blue_at = (start + 7) % 14
    state = position(
        green={"hand": [agent, "codebreaker"], "in_play": in_play, "position": start},
        blue={"hand": ["sentinel", "sentinel"], "position": blue_at},
    )
    after = deal(state, agent, "codebreaker")
    assert after.sides[GREEN].position == end
    assert after.sides[GREEN].progress == state.sides[GREEN].progress + progress_delta
    assert after.result is None


def test_simple_mode_has_no_black_market_spaces():
    """2: the simple side is just the loop: stopping on a corner space gains nothing."""
    state = position(
        green={"hand": ["sidekick", "codebreaker"], "position": 1},
        blue={"hand": ["sentinel", "sentinel"], "position": 10},
    )
    after = deal(state, "sidekick", "codebreaker")
    assert after.sides[GREEN].position == 5
    assert after.phase == Phase.OFFER
    assert after.active == BLUE
    assert EventKind.LAND not in kinds(after)


# --- 2.1 Catching ---------------------------------------------------------------------------


def test_catch_by_reaching():
    """2.1: landing exactly on the opponent's meeple catches them (green wins by catch)."""
    state = position(
        green={"hand": ["enforcer", "codebreaker"], "in_play": ["enforcer"] * 2, "position": 1},
        blue={"hand": ["sentinel", "sentinel"], "position": 4},
    )
    after = deal(state, "enforcer", "codebreaker")
    assert after.positions == (4, 4)
    assert after.phase == Phase.OVER
    assert after.result.winner == GREEN
    assert after.result.reasons == ("catch",)
    assert not after.result.by_tie_rule


def test_catch_by_passing():
    """2.1: passing the opponent's meeple counts as catching; you need not land on it."""
    state = position(
        green={"hand": ["sidekick", "codebreaker"], "position": 1},
        blue={"hand": ["sentinel", "sentinel"], "position": 4},
    )
    after = deal(state, "sidekick", "codebreaker")
    assert after.positions == (5, 4)
    assert after.result.winner == GREEN
    assert after.result.reasons == ("catch",)


def test_one_space_short_is_no_catch():
    """2.1: stopping just behind the opponent is not a catch; the turn passes."""
    state = position(
        green={"hand": ["enforcer", "codebreaker"], "in_play": ["enforcer"], "position": 1},
        blue={"hand": ["sentinel", "sentinel"], "position": 4},
    )
    after = deal(state, "enforcer", "codebreaker")
    assert after.positions == (3, 4)
    assert after.result is None
    assert after.active == BLUE


def test_catch_across_the_wrap():
    """2.1 with 2: a catch is judged on unwrapped progress, across space 13 -> 0."""
    state = position(
        green={"hand": ["daredevil", "codebreaker"], "in_play": ["daredevil"], "position": 12},
        blue={"hand": ["sentinel", "sentinel"], "position": 1},
    )
    after = deal(state, "daredevil", "codebreaker")
    assert after.positions == (1, 1)
    assert after.result.winner == GREEN
    assert after.result.reasons == ("catch",)


@pytest.mark.parametrize(
    ("agent", "blue_end"),
    [("saboteur", 3), ("mole", 1)],
    ids=["onto", "past"],
)
@pytest.mark.parametrize("active", [GREEN, BLUE])
def test_catch_when_opponent_moves_backward_onto_or_past_you(agent, blue_end, active):
    """2.1: if the opponent moves backward onto or past you, you have caught them."""
    # Green on 3, blue on 4 (one space ahead of green); blue recruits a backward agent.
    if active == GREEN:
        state = position(
            green={"hand": [agent, "codebreaker"], "position": 3},
            blue={"hand": ["sentinel", "sentinel"], "position": 4},
        )
        after = play(state, f"offer {agent} codebreaker; recruit up")
    else:
        state = position(
            active=BLUE,
            green={"hand": ["sentinel", "sentinel"], "position": 3},
            blue={"hand": [agent, "codebreaker"], "position": 4},
        )
        after = play(state, f"offer codebreaker {agent}; recruit up")
    assert after.sides[BLUE].in_play == (agent,)
    assert after.positions == (3, blue_end)
    assert after.result.winner == GREEN
    assert after.result.reasons == ("catch",)
    assert not after.result.by_tie_rule


def test_escape_in_the_same_turn():
    """2.1 example: Emma's 3rd Enforcer lands on Jake, Jake's 2nd Sentinel moves 2: no catch."""
    emma, jake = GREEN, BLUE
    state = position(
        green={"hand": ["enforcer", "sentinel"], "in_play": ["enforcer"] * 2, "position": 1},
        blue={"hand": ["codebreaker", "codebreaker"], "in_play": ["sentinel"], "position": 4},
    )
    after = deal(state, "enforcer", "sentinel")
    assert after.sides[emma].position == 4  # she lands where Jake stood
    assert after.sides[jake].position == 6  # but he moved 2 at the same time
    assert after.result is None
    assert after.phase == Phase.OFFER
    assert after.active == jake


# --- 4.3 End step: marks ----------------------------------------------------------------------


def test_three_codebreakers_win():
    """4.3: a side with 3 or more Codebreakers in play wins at the End step."""
    state = position(
        green={"hand": ["codebreaker", "sentinel"], "in_play": ["codebreaker"] * 2},
        blue={"hand": ["enforcer", "enforcer"]},
    )
    after = deal(state, "codebreaker", "sentinel")
    assert after.phase == Phase.OVER
    assert after.result.winner == GREEN
    assert after.result.reasons == ("codebreakers",)
    assert not after.result.by_tie_rule
    assert [(c.side, c.reason, c.wins) for c in after.result.conditions] == [
        (GREEN, "codebreakers", True)
    ]


def test_three_daredevils_lose():
    """4.3: a side with 3 or more Daredevils in play loses (the opponent wins)."""
    state = position(
        green={"hand": ["daredevil", "sentinel"], "in_play": ["daredevil"] * 2},
        blue={"hand": ["enforcer", "enforcer"]},
    )
    after = deal(state, "daredevil", "sentinel")
    assert after.phase == Phase.OVER
    assert after.result.winner == BLUE
    assert after.result.reasons == ("daredevils",)
    assert not after.result.by_tie_rule
    assert [(c.side, c.reason, c.wins) for c in after.result.conditions] == [
        (GREEN, "daredevils", False)
    ]


def test_opponent_recruiting_third_daredevil_loses_for_them():
    """4.3: the loss applies to the non-active side too (the active player then wins)."""
    state = position(
        green={"hand": ["daredevil", "sentinel"]},
        blue={"hand": ["enforcer", "enforcer"], "in_play": ["daredevil"] * 2},
    )
    after = play(state, "offer daredevil sentinel; recruit up")
    assert after.sides[BLUE].in_play.count("daredevil") == 3
    assert after.result.winner == GREEN
    assert after.result.reasons == ("daredevils",)


# --- 4.3 Tie rule -----------------------------------------------------------------------------


@pytest.mark.parametrize("active", [GREEN, BLUE])
def test_tie_rule_both_win(active):
    """4.3 tie rule: both sides meet a win condition -> the active player wins."""
    # Green passes blue (catch); blue recruits its 3rd Codebreaker (WIN) in the same turn.
    green = {"position": 1}
    blue = {"position": 4, "in_play": ["codebreaker"] * 2}
    if active == GREEN:
        green["hand"], blue["hand"] = ["sidekick", "codebreaker"], ["sentinel", "sentinel"]
        moves = "offer codebreaker sidekick; recruit up"
    else:
        green["hand"], blue["hand"] = ["sentinel", "sentinel"], ["sidekick", "codebreaker"]
        moves = "offer sidekick codebreaker; recruit up"
    after = play(position(active=active, green=green, blue=blue), moves)
    assert after.positions == (5, 4)
    assert after.phase == Phase.OVER
    assert after.result.winner == active
    assert after.result.by_tie_rule
    assert {(c.side, c.reason, c.wins) for c in after.result.conditions} == {
        (GREEN, "catch", True),
        (BLUE, "codebreakers", True),
    }


@pytest.mark.parametrize("active", [GREEN, BLUE])
def test_tie_rule_both_lose(active):
    """4.3 tie rule: both sides meet a lose condition -> the active player wins."""
    # Both have 2 Daredevils; the active player offers two Daredevils (a hand of one name).
    seats = [{"in_play": ["daredevil"] * 2}, {"in_play": ["daredevil"] * 2}]
    seats[active]["hand"] = ["daredevil", "daredevil"]
    seats[1 - active]["hand"] = ["sentinel", "sentinel"]
    state = position(active=active, green=seats[0], blue=seats[1])
    after = play(state, "offer daredevil daredevil; recruit up")
    assert after.phase == Phase.OVER
    assert after.result.winner == active
    assert after.result.by_tie_rule
    assert {(c.side, c.reason, c.wins) for c in after.result.conditions} == {
        (GREEN, "daredevils", False),
        (BLUE, "daredevils", False),
    }


@pytest.mark.parametrize("active", [GREEN, BLUE])
def test_tie_rule_one_side_wins_and_loses(active):
    """4.3 tie rule: one side both wins and loses -> the active player wins."""
    # Green (2 Daredevils in play, on 3) recruits its 3rd Daredevil (LOSE) while blue (on 4)
    # recruits a Saboteur and moves back onto green: green has also caught blue (WIN).
    if active == GREEN:
        state = position(
            green={"hand": ["daredevil", "saboteur"], "in_play": ["daredevil"] * 2, "position": 3},
            blue={"hand": ["sentinel", "sentinel"], "position": 4},
        )
        after = play(state, "offer saboteur daredevil; recruit up")
    else:
        state = position(
            active=BLUE,
            green={"hand": ["sentinel", "sentinel"], "in_play": ["daredevil"] * 2, "position": 3},
            blue={"hand": ["daredevil", "saboteur"], "position": 4},
        )
        after = play(state, "offer daredevil saboteur; recruit up")
    assert after.positions == (3, 3)
    assert after.phase == Phase.OVER
    assert after.result.winner == active
    assert after.result.by_tie_rule
    assert {(c.side, c.reason, c.wins) for c in after.result.conditions} == {
        (GREEN, "catch", True),
        (GREEN, "daredevils", False),
    }


# --- 4.1 Play: discards -----------------------------------------------------------------------


def test_discard_draws_a_replacement():
    """4.1.1: a discard puts a card out of the game and draws one replacement at once."""
    state = position(
        green={"hand": ["codebreaker", "enforcer", "saboteur", "sentinel"]},
        blue={"hand": ["daredevil"] * 4},
        deck=["mole", "sidekick"],
    )
    after = play(state, "discard codebreaker")
    assert hand(after, GREEN) == tuple(sorted(["enforcer", "saboteur", "sentinel", "mole"]))
    assert after.deck == ("sidekick",)
    assert after.sides[GREEN].members[0].discards_left == 3
    assert after.sides[GREEN].members[0].discarded == ("codebreaker",)
    assert after.phase == Phase.OFFER
    assert after.to_act == GREEN
    assert after.turn == state.turn
    assert "codebreaker" not in after.deck


def test_discard_limit_is_four_per_player():
    """4.1.1: each player may discard 4 cards in the whole game, and each has their own 4."""
    deck = ["sentinel"] * 6 + ["saboteur"] * 6
    state = position(
        green={"hand": ["enforcer"] * 2 + ["codebreaker"] * 2},
        blue={"hand": ["double_agent"] * 4},
        deck=deck,
    )
    state = play(state, "discard enforcer; discard enforcer; discard codebreaker")
    state = play(state, "discard codebreaker")
    assert hand(state, GREEN) == ("sentinel",) * 4
    assert state.sides[GREEN].members[0].discards_left == 0
    assert not any(isinstance(a, Discard) for a in legal_actions(state))
    with pytest.raises(IllegalAction, match="no discards are left"):
        play(state, "discard sentinel")
    # Green's four discards do not use up blue's: blue still has 4 on its turn.
    state = play(state, "offer sentinel sentinel; recruit up")
    assert state.active == BLUE
    assert state.sides[BLUE].members[0].discards_left == 4
    assert Discard("double_agent") in legal_actions(state)
    state = play(state, "discard double_agent")
    assert state.sides[BLUE].members[0].discards_left == 3


def test_new_game_gives_each_player_four_discards_and_four_cards(rules):
    """3 and 4.1.1: 4 cards dealt to each player, 4 discards each, 38 - 8 cards in the deck."""
    state = new_game(rules, "simple", seed=11, first=1)
    assert [len(hand(state, i)) for i in (0, 1)] == [4, 4]
    assert [s.members[0].discards_left for s in state.sides] == [4, 4]
    assert len(state.deck) == 30
    assert state.active == BLUE
    assert state.turn == 1


def test_discard_not_allowed_when_deck_is_empty():
    """4.1.1: discarding is not allowed when the agent deck is empty."""
    state = position(
        green={"hand": ["codebreaker", "enforcer", "saboteur", "sentinel"]},
        blue={"hand": ["daredevil"] * 4},
        deck=[],
    )
    assert not any(isinstance(a, Discard) for a in legal_actions(state))
    before = snapshot(state)
    with pytest.raises(IllegalAction, match="agent deck is empty"):
        play(state, "discard codebreaker")
    assert snapshot(state) == before


# --- 4.1 Play: the offer ----------------------------------------------------------------------


def test_identical_pair_allowed_when_whole_hand_has_one_name():
    """4.1.2 exception: two cards of the same name may be played if every card has that name."""
    state = position(green={"hand": ["enforcer"] * 4}, blue={"hand": ["sentinel"] * 2})
    assert [a for a in legal_actions(state) if isinstance(a, Offer)] == [
        Offer("enforcer", "enforcer")
    ]
    after = play(state, "offer enforcer enforcer")
    assert after.phase == Phase.RECRUIT
    assert after.offer == ("enforcer", "enforcer")


@pytest.mark.parametrize(
    "green_hand",
    [
        ["enforcer", "enforcer", "sentinel", "sentinel"],
        ["enforcer", "enforcer", "enforcer", "codebreaker"],
    ],
)
def test_identical_pair_refused_otherwise(green_hand):
    """4.1.2: the two cards must have different names unless the whole hand has one name."""
    state = position(green={"hand": green_hand}, blue={"hand": ["daredevil"] * 2})
    assert Offer("enforcer", "enforcer") not in legal_actions(state)
    before = snapshot(state)
    with pytest.raises(IllegalAction, match="different names") as err:
        play(state, "offer enforcer enforcer")
    assert "every card in the hand has the same name" in str(err.value)
    assert snapshot(state) == before


def test_offer_needs_different_names():
    """4.1.2: every legal offer has two different names (one face up, one face down)."""
    state = position(
        green={"hand": ["enforcer", "enforcer", "sentinel", "mole"]},
        blue={"hand": ["daredevil"] * 2},
        deck=["codebreaker"] * 3,
    )
    offers = [a for a in legal_actions(state) if isinstance(a, Offer)]
    assert offers
    assert all(o.face_up != o.face_down for o in offers)
    assert {(o.face_up, o.face_down) for o in offers} == {
        (u, d) for u in ("enforcer", "sentinel", "mole") for d in ("enforcer", "sentinel", "mole")
    } - {(n, n) for n in ("enforcer", "sentinel", "mole")}


def test_draw_right_after_the_offer():
    """4.1.3: the active player draws back up to 4 at once, before the opponent recruits."""
    state = position(
        green={"hand": ["codebreaker", "enforcer", "saboteur", "sentinel"]},
        blue={"hand": ["daredevil"] * 4},
        deck=["mole", "sidekick", "double_agent"],
    )
    after = play(state, "offer enforcer sentinel")
    assert after.phase == Phase.RECRUIT
    assert after.to_act == BLUE
    assert after.offer == ("enforcer", "sentinel")
    assert hand(after, GREEN) == tuple(sorted(["codebreaker", "saboteur", "mole", "sidekick"]))
    assert after.deck == ("double_agent",)


def test_deck_running_short_draws_what_there_is():
    """4.1.3: if the deck holds fewer cards than needed, draw what there is; the hand shrinks."""
    state = position(
        green={"hand": ["codebreaker", "enforcer", "saboteur", "sentinel"]},
        blue={"hand": ["daredevil"] * 4},
        deck=["mole"],
    )
    after = play(state, "offer enforcer sentinel")
    assert hand(after, GREEN) == ("codebreaker", "mole", "saboteur")
    assert after.deck == ()
    after = play(after, "recruit up")
    assert len(hand(after, GREEN)) == 3  # nothing left to draw later either
    assert after.phase == Phase.OFFER


# --- 4.2 Recruit -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("choice", "blue_gets", "green_gets"),
    [("up", "enforcer", "sentinel"), ("down", "sentinel", "enforcer")],
)
def test_opponent_chooses_and_active_gets_the_other(choice, blue_gets, green_gets):
    """4.2: the opponent takes the face-up or face-down card; the active player the other."""
    state = position(
        green={"hand": ["enforcer", "sentinel", "mole", "codebreaker"], "position": 3},
        blue={"hand": ["daredevil"] * 4, "position": 10},
        deck=["saboteur"] * 4,
    )
    offered = play(state, "offer enforcer sentinel")  # enforcer face up, sentinel face down
    assert offered.to_act == BLUE
    assert set(legal_actions(offered)) == {RECRUIT_UP, RECRUIT_DOWN}
    after = play(offered, f"recruit {choice}")
    assert after.sides[BLUE].in_play == (blue_gets,)
    assert after.sides[GREEN].in_play == (green_gets,)
    assert after.offer is None


def test_both_meeples_move_at_the_same_time():
    """4.2.3: both meeples move in the same step, each for the card its owner recruited."""
    state = position(
        green={"hand": ["daredevil", "enforcer"], "position": 3},
        blue={"hand": ["sentinel"] * 2, "position": 10},
    )
    after = deal(state, "daredevil", "enforcer")
    assert after.positions == (5, 11)
    # One recruit step moved both: each side's recruit is among this step's events.
    recruits = {(e.side, e.agent) for e in after.events if e.kind == EventKind.RECRUIT}
    assert recruits == {(GREEN, "daredevil"), (BLUE, "enforcer")}


# --- 4.3 Running out of cards ----------------------------------------------------------------


@pytest.mark.parametrize("active", [GREEN, BLUE])
def test_running_out_closer_side_wins(active):
    """4.3: deck empty, next player < 2 cards: the side closer to catching wins (not the active)."""
    # The non-active side ends 6 spaces behind the active one (clockwise), i.e. closer.
    other = 1 - active
    seats = [None, None]
    seats[active] = {"hand": ["enforcer", "codebreaker"], "position": 3 + 7 * active}
    seats[other] = {"hand": ["sentinel"], "position": (12 + 7 * active) % 14}
    state = position(active=active, green=seats[0], blue=seats[1], deck=[])
    after = deal(state, "enforcer", "codebreaker")
    assert lead(after, other) == 1
    assert after.phase == Phase.OVER
    assert after.result.winner == other
    assert after.result.reasons == ("exhaustion",)
    assert not after.result.by_tie_rule


def test_running_out_active_side_closer_wins():
    """4.3: running out of cards, the active player being closer to catching wins."""
    state = position(
        green={"hand": ["sidekick", "codebreaker"], "position": 3},
        blue={"hand": ["sentinel"], "position": 10},
        deck=[],
    )
    after = deal(state, "sidekick", "codebreaker")
    assert lead(after) == 4
    assert after.result.winner == GREEN
    assert after.result.reasons == ("exhaustion",)
    assert not after.result.by_tie_rule


@pytest.mark.parametrize("active", [GREEN, BLUE])
def test_running_out_equal_distance_active_wins(active):
    """4.3: running out with equal distance (7 each way) -> the active player wins."""
    seats = [{"position": 3}, {"position": 10}]
    seats[active]["hand"] = ["codebreaker", "sentinel"]
    seats[1 - active]["hand"] = ["enforcer"]
    state = position(active=active, green=seats[0], blue=seats[1], deck=[])
    after = deal(state, "codebreaker", "sentinel")
    assert lead(after) == 0
    assert after.phase == Phase.OVER
    assert after.result.winner == active
    assert after.result.reasons == ("exhaustion",)
    assert after.result.by_tie_rule


def test_no_running_out_while_next_player_can_play():
    """4.3: with the deck empty the game goes on while the next player holds 2 or more cards."""
    state = position(
        green={"hand": ["codebreaker", "sentinel"], "position": 3},
        blue={"hand": ["enforcer", "enforcer"], "position": 10},
        deck=[],
    )
    after = deal(state, "codebreaker", "sentinel")
    assert after.result is None
    assert after.active == BLUE
    assert after.phase == Phase.OFFER


def test_no_running_out_while_deck_has_cards():
    """4.3: a short hand does not end the game while the deck still has cards.

    (Blue holds 2 cards, the fewest that can still play: a waiting player with 1 card and a
    deck that still has cards could never act, and that position is refused, issue 13.)
    """
    state = position(
        green={"hand": ["codebreaker", "sentinel"], "position": 3},
        blue={"hand": ["enforcer", "enforcer"], "position": 10},
        deck=["mole", "saboteur", "saboteur", "saboteur", "sidekick"],
    )
    after = deal(state, "codebreaker", "sentinel")
    assert after.deck == ("sidekick",)  # green drew 4; one card is left
    assert after.result is None
    assert after.active == BLUE


def test_win_condition_beats_running_out():
    """4.3: running out applies only if nobody won or lost; a real win keeps its reason."""
    state = position(
        green={"hand": ["codebreaker", "sentinel"], "in_play": ["codebreaker"] * 2, "position": 3},
        blue={"hand": ["enforcer"], "position": 4},
        deck=[],
    )
    after = deal(state, "codebreaker", "sentinel")
    assert after.result.winner == GREEN
    assert after.result.reasons == ("codebreakers",)


# --- Illegal actions, turns, game over --------------------------------------------------------

ILLEGAL = [
    ("offer mole enforcer", "there is no mole in the hand"),
    ("offer enforcer enforcer", "different names"),
    ("recruit up", "offer two cards or discard"),
    ("take masterplan", "offer two cards or discard"),
    ("choose enforcer", "offer two cards or discard"),
    ("yes", "offer two cards or discard"),
    ("discard mole", "there is no mole in the hand"),
]


@pytest.mark.parametrize(("move", "message"), ILLEGAL)
def test_illegal_action_in_offer_phase_raises_and_changes_nothing(move, message):
    """Engine contract: an illegal action raises IllegalAction saying why; state unchanged."""
    state = position(
        green={"hand": ["enforcer", "enforcer", "sentinel", "codebreaker"]},
        blue={"hand": ["daredevil"] * 4},
        deck=["saboteur"] * 4,
    )
    before = snapshot(state)
    with pytest.raises(IllegalAction, match=message):
        play(state, move)
    assert snapshot(state) == before
    # The state is still usable afterwards.
    assert play(state, "offer enforcer sentinel").phase == Phase.RECRUIT


@pytest.mark.parametrize(
    ("move", "message"),
    [
        ("offer enforcer sentinel", "recruit the face-up or the face-down card"),
        ("discard codebreaker", "recruit the face-up or the face-down card"),
    ],
)
def test_illegal_action_in_recruit_phase(move, message):
    """Engine contract: while the opponent must recruit, nothing else is accepted."""
    state = position(
        green={"hand": ["enforcer", "enforcer", "sentinel", "codebreaker"]},
        blue={"hand": ["daredevil"] * 4},
        deck=["saboteur"] * 4,
    )
    state = play(state, "offer enforcer sentinel")
    before = snapshot(state)
    with pytest.raises(IllegalAction, match=message):
        play(state, move)
    assert snapshot(state) == before


def test_illegal_action_error_is_a_value_error_with_text():
    """Engine contract: IllegalAction is a ValueError and always explains itself."""
    state = position(green={"hand": ["enforcer", "sentinel"]}, blue={"hand": ["mole", "enforcer"]})
    with pytest.raises(ValueError, match=r"\w+") as err:
        apply(state, Take("masterplan"))
    assert isinstance(err.value, IllegalAction)


def test_turn_counter():
    """4: each completed turn increments the turn counter and passes the turn; discards don't."""
    state = position(
        turn=5,
        green={"hand": ["enforcer", "sentinel", "codebreaker", "saboteur"], "position": 3},
        blue={"hand": ["enforcer", "sentinel", "codebreaker", "saboteur"], "position": 10},
        deck=["double_agent"] * 6,
    )
    assert (state.turn, state.active) == (5, GREEN)
    state = play(state, "discard saboteur")
    assert (state.turn, state.active) == (5, GREEN)
    state = play(state, "offer codebreaker sentinel")
    assert (state.turn, state.to_act) == (5, BLUE)
    state = play(state, "recruit up")
    assert (state.turn, state.active, state.to_act) == (6, BLUE, BLUE)
    assert (EventKind.TURN, BLUE, 6) in [(e.kind, e.side, e.count) for e in state.events]
    state = play(state, "offer codebreaker sentinel; recruit down")
    assert (state.turn, state.active) == (7, GREEN)


def test_game_over_has_no_legal_actions():
    """4.3: once somebody wins the game is over: no legal actions, nobody to act."""
    state = position(
        green={"hand": ["codebreaker", "sentinel"], "in_play": ["codebreaker"] * 2},
        blue={"hand": ["enforcer", "enforcer", "sentinel", "mole"]},
        deck=["saboteur"] * 4,
    )
    over = deal(state, "codebreaker", "sentinel")
    assert over.is_over
    assert over.phase == Phase.OVER
    assert over.to_act is None
    assert legal_actions(over) == ()
    before = snapshot(over)
    for action in (Offer("enforcer", "sentinel"), Recruit(True), Discard("enforcer")):
        with pytest.raises(IllegalAction, match="game is over"):
            apply(over, action)
    assert snapshot(over) == before


def test_notation_round_trip_for_scenario_moves(rules):
    """Helper sanity: the notation used by these scenarios parses to the intended actions."""
    assert parse_action("offer enforcer sentinel", rules) == Offer("enforcer", "sentinel")
    assert parse_action("recruit up", rules) == RECRUIT_UP
    assert parse_action("recruit down", rules) == RECRUIT_DOWN
