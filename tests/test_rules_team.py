"""The team variant of RULES.md section 6 (3 or 4 players), one small scenario per rule.

Seats: 0 and 2 are green's players (home 0), 1 and 3 blue's (home 7); seat = side + 2 * member.
With 3 players green is the team of two (seats 0 and 2) and blue plays alone (seat 1). Side-level
facts (agents in play, the meeple, black market cards) are given on seats 0 and 1 only.

A team's turn in notation: `lead 2` (the team picks who plays the face-up card), `up enforcer`
(that player, from their own hand), `down sentinel` (the partner, face down, from their own
hand), then the OPPOSING side chooses: `recruit up` gives it the face-up card and the active team
the face-down one. A solo player offers both cards as in the duel (`offer enforcer sentinel`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from agent_avenue.data import default_rules
from agent_avenue.engine import (
    RECRUIT_DOWN,
    RECRUIT_UP,
    Discard,
    EventKind,
    GameState,
    IllegalAction,
    InvalidPosition,
    Mode,
    Offer,
    Phase,
    PositionSetup,
    Take,
    apply,
    from_position,
    legal_actions,
    new_game,
    parse_action,
    player_view,
)
from agent_avenue.engine.actions import Choose, Lead, PlayDown, PlayUp
from positions import BLUE, GREEN, kinds, play, position, seat, snapshot

RULES = default_rules()
HARMLESS_SUPPLY = ("masterplan", "leader_of_the_pack", "watchtower")
BLUE_PAIR_HAND = ("double_agent", "double_agent", "saboteur", "saboteur")


def table(*seats: Mapping[str, Any], **kw: Any) -> GameState:
    """A position with 2 to 4 seats given in seat order; other keywords are PositionSetup's."""
    return position(seats=tuple(seat(s) for s in seats), **kw)


def hand_of(state: GameState, seat_number: int) -> tuple[str, ...]:
    """The secret hand of the player at a seat."""
    return tuple(state.sides[seat_number % 2].members[seat_number // 2].hand)


def discards_of(state: GameState, seat_number: int) -> int:
    """The discards the player at a seat may still make."""
    return state.sides[seat_number % 2].members[seat_number // 2].discards_left


def refused(state: GameState, move: str) -> str:
    """Apply a move that must be refused; check nothing changed and return the reason."""
    before = snapshot(state)
    with pytest.raises(IllegalAction) as caught:
        apply(state, parse_action(move, state.rules))
    assert snapshot(state) == before
    return str(caught.value)


def four_players(**kw: Any) -> GameState:
    """A 4-player simple position with ordinary hands; keywords replace seats or setup fields."""
    seats = {
        0: {"hand": ["enforcer", "sentinel", "codebreaker", "saboteur"]},
        1: {"hand": ["daredevil", "daredevil", "saboteur", "saboteur"]},
        2: {"hand": ["daredevil", "double_agent", "sentinel", "codebreaker"]},
        3: {"hand": ["double_agent", "double_agent", "sentinel", "sentinel"]},
    }
    for i in range(4):
        if f"seat{i}" in kw:
            seats[i] = kw.pop(f"seat{i}")
    return table(*(seats[i] for i in range(4)), **kw)


# --- 6. Two teams ------------------------------------------------------------------------------


def test_four_players_make_two_teams_of_two() -> None:
    """6: 2 vs 2. Each player is dealt a hand of 4; teammates share one meeple per side."""
    state = new_game(RULES, Mode.SIMPLE, seed=4, first=0, players=4)
    assert [len(s.members) for s in state.sides] == [2, 2]
    assert [len(hand_of(state, i)) for i in range(4)] == [4, 4, 4, 4]
    assert len(state.deck) == 38 - 16
    assert state.positions == (0, 7)
    assert [discards_of(state, i) for i in range(4)] == [2, 2, 2, 2]
    assert state.phase is Phase.LEAD
    assert state.to_act == 0


def test_three_players_make_a_team_against_a_solo_player() -> None:
    """6: 2 vs 1 with 3 players: green (seats 0 and 2) is the team, blue (seat 1) plays alone."""
    state = new_game(RULES, Mode.ADVANCED, seed=9, first=1, players=3)
    assert [len(s.members) for s in state.sides] == [2, 1]
    assert [len(hand_of(state, i)) for i in range(3)] == [4, 4, 4]
    assert len(state.deck) == 38 - 12
    assert len(state.supply) == 3
    # The solo player plays as in the duel: an offer of two cards, 4 discards.
    assert state.phase is Phase.OFFER
    assert state.to_act == 1
    assert [discards_of(state, i) for i in range(3)] == [2, 4, 2]
    assert new_game(RULES, Mode.SIMPLE, seed=9, first=0, players=3).phase is Phase.LEAD


@pytest.mark.parametrize("players", [0, 1, 5])
def test_only_two_to_four_players(players: int) -> None:
    """6: a game has 2, 3 or 4 players."""
    with pytest.raises(InvalidPosition, match="2, 3 or 4 players"):
        new_game(RULES, Mode.SIMPLE, seed=0, first=0, players=players)


# --- 6. One meeple, one set of agents, one set of black market cards ---------------------------


@pytest.mark.parametrize(
    "moves",
    [
        "lead 0; up codebreaker; down enforcer; recruit up",  # seat 2's face-down Enforcer
        "lead 2; up enforcer; down codebreaker; recruit down",  # seat 2's face-up Enforcer
    ],
)
def test_team_shares_one_meeple_and_team_wide_counts(moves: str) -> None:
    """6: teammates share one meeple and one set of agents in play: an Enforcer played by seat 2
    after one played by seat 0 is the team's 2nd (+2), moving the one green meeple."""
    state = four_players(
        seat0={"hand": ["codebreaker", "sentinel", "saboteur"], "in_play": ["enforcer"]},
        seat2={"hand": ["enforcer", "codebreaker", "daredevil"]},
    )
    after = play(state, moves)
    green = after.sides[GREEN]
    assert green.in_play == ("enforcer", "enforcer")
    assert green.progress == 2
    assert after.positions == (2, 7)
    assert after.sides[BLUE].in_play == ("codebreaker",)
    recruit = next(e for e in after.events if e.kind is EventKind.RECRUIT and e.side == GREEN)
    assert (recruit.agent, recruit.count, recruit.value) == ("enforcer", 2, 2)
    assert after.phase is Phase.LEAD
    assert after.active == BLUE


def test_team_wide_codebreakers_win_for_both_players() -> None:
    """6: counts are team-wide and teammates win together: a 3rd Codebreaker from seat 2."""
    state = four_players(
        seat0={"hand": ["sentinel", "enforcer"], "in_play": ["codebreaker", "codebreaker"]},
        seat2={"hand": ["codebreaker", "daredevil"]},
    )
    after = play(state, "lead 0; up sentinel; down codebreaker; recruit up")
    assert after.result is not None
    assert after.result.winner == GREEN
    assert after.result.reasons == ("codebreakers",)
    for s in range(4):
        view = player_view(after, s)
        assert view.result == after.result
        assert (view.side == view.result.winner) == (s in (0, 2))


def test_team_wide_daredevils_lose_for_both_players() -> None:
    """6: teammates lose together: a 3rd Daredevil for the team, played by either member."""
    state = four_players(
        seat0={"hand": ["sentinel", "enforcer"], "in_play": ["daredevil", "daredevil"]},
        seat2={"hand": ["daredevil", "codebreaker"]},
    )
    after = play(state, "lead 2; up daredevil; down sentinel; recruit down")
    assert after.sides[GREEN].in_play.count("daredevil") == 3
    assert after.result is not None
    assert after.result.winner == BLUE
    assert after.result.reasons == ("daredevils",)


def test_team_black_market_card_works_for_both_players() -> None:
    """6: teammates share their black market cards: seat 2's Enforcer uses green's Watchtower."""
    state = four_players(
        mode="advanced",
        seat0={"hand": ["sentinel", "codebreaker"], "black_market": ["watchtower"]},
        seat2={"hand": ["enforcer", "codebreaker"]},
    )
    after = play(state, "lead 2; up enforcer; down sentinel; recruit down")
    assert after.sides[GREEN].progress == 3  # 1st Enforcer +1, Watchtower +2
    assert after.positions == (3, 7)


# --- 6. Secret hands ---------------------------------------------------------------------------


def test_each_player_has_an_own_secret_hand() -> None:
    """6: each player has their own secret hand of 4, seen only by that player."""
    state = new_game(RULES, Mode.SIMPLE, seed=12, first=1, players=4)
    hands = [hand_of(state, i) for i in range(4)]
    dealt = [card for h in hands for card in h] + list(state.deck)
    assert sorted(dealt) == sorted(RULES.full_deck())
    for s in range(4):
        view = player_view(state, s)
        assert view.hand == hands[s]
        assert view.sides[s % 2].member_hand_sizes == (4, 4)
    assert player_view(state, None).hand == ()


# --- 6. Playing: the team picks who goes first --------------------------------------------------


def test_team_picks_who_plays_face_up() -> None:
    """6: the team picks which member goes first; only the active team's seats can lead."""
    state = four_players()
    assert state.phase is Phase.LEAD
    assert state.to_act == 0
    assert legal_actions(state) == (Lead(0), Lead(2))
    assert "seat 1 is not a player of the active team" in refused(state, "lead 1")
    refused(state, "lead 3")
    assert "choose which team member" in refused(state, "up enforcer")
    refused(state, "offer enforcer sentinel")
    led = play(state, "lead 2")
    assert led.phase is Phase.PLAY_UP
    assert led.to_act == 2
    assert all(player_view(led, s).leader == 2 for s in range(4))
    up = play(led, "up daredevil")
    assert up.phase is Phase.PLAY_DOWN
    assert up.to_act == 0


def test_either_player_may_lead_on_any_turn() -> None:
    """6: nothing forces the team to alternate: seat 0 may lead twice in a row; blue picks too."""
    state = four_players(deck=["enforcer", "sentinel", "saboteur", "double_agent"])
    state = play(state, "lead 0; up enforcer; down daredevil; recruit up")
    assert state.active == BLUE
    assert legal_actions(state) == (Lead(1), Lead(3))
    state = play(state, "lead 3; up double_agent; down daredevil; recruit down")
    assert state.active == GREEN
    assert Lead(0) in legal_actions(state)
    assert play(state, "lead 0").to_act == 0


# --- 6. Face up, then the partner face down ----------------------------------------------------


def test_face_up_from_the_leader_face_down_from_the_partner() -> None:
    """6: the leader plays face up from their hand, then the partner face down from theirs."""
    state = four_players(
        seat0={"hand": ["enforcer", "codebreaker", "saboteur", "saboteur"]},
        seat2={"hand": ["sentinel", "sentinel", "daredevil", "double_agent"]},
    )
    led = play(state, "lead 2")
    # The leader cannot play a card only the partner holds.
    assert refused(led, "up enforcer") == "there is no enforcer in the hand"
    assert "play a card face up" in refused(led, "down sentinel")
    assert {a for a in legal_actions(led) if isinstance(a, PlayUp)} == {
        PlayUp(a) for a in ("sentinel", "daredevil", "double_agent")
    }
    up = play(led, "up sentinel")
    assert hand_of(up, 2) == ("daredevil", "double_agent", "sentinel")
    assert hand_of(up, 0) == hand_of(state, 0)
    assert up.played_up == "sentinel"
    assert "play a card face down" in refused(up, "up enforcer")
    # The partner cannot play a card only the leader holds.
    assert refused(up, "down daredevil") == "there is no daredevil in the hand"
    down = play(up, "down enforcer")
    assert down.phase is Phase.RECRUIT
    assert down.offer == ("sentinel", "enforcer")
    assert hand_of(down, 0) == ("codebreaker", "saboteur", "saboteur")
    assert hand_of(down, 2) == ("daredevil", "double_agent", "sentinel")


def test_face_down_card_must_have_another_name() -> None:
    """6: the face-down card must have another name than the face-up card."""
    state = four_players(
        seat0={"hand": ["enforcer", "enforcer", "sentinel", "codebreaker"]},
        seat2={"hand": ["enforcer", "daredevil", "double_agent", "saboteur"]},
    )
    up = play(state, "lead 2; up enforcer")
    downs = {a.agent for a in legal_actions(up) if isinstance(a, PlayDown)}
    assert downs == {"sentinel", "codebreaker"}
    reason = refused(up, "down enforcer")
    assert "another name than the face-up card" in reason


def test_identical_cards_allowed_when_every_card_of_the_partner_matches() -> None:
    """6: the exception is judged on the second player's hand: all Enforcers allows Enforcer."""
    state = four_players(
        seat0={"hand": ["enforcer", "sentinel", "codebreaker", "saboteur"]},
        seat2={"hand": ["enforcer", "enforcer", "enforcer", "enforcer"]},
    )
    up = play(state, "lead 0; up enforcer")
    assert [a for a in legal_actions(up) if isinstance(a, PlayDown)] == [PlayDown("enforcer")]
    down = play(up, "down enforcer")
    assert down.offer == ("enforcer", "enforcer")


def test_a_leader_holding_one_name_does_not_allow_a_pair() -> None:
    """6: the leader's hand does not matter: all Enforcers there, but the partner must differ."""
    state = four_players(
        seat0={"hand": ["enforcer", "enforcer", "enforcer", "enforcer"]},
        seat2={"hand": ["enforcer", "sentinel", "codebreaker", "daredevil"]},
    )
    up = play(state, "lead 0; up enforcer")
    refused(up, "down enforcer")
    assert play(up, "down sentinel").offer == ("enforcer", "sentinel")


def test_a_single_matching_card_may_be_played_face_down() -> None:
    """6: a partner whose only card matches the face-up card plays it (every card matches)."""
    state = four_players(
        seat0={"hand": ["sentinel", "codebreaker"]},
        seat2={"hand": ["sentinel"]},
    )
    up = play(state, "lead 0; up sentinel")
    assert legal_actions(up) == (PlayDown("sentinel"),)
    assert play(up, "down sentinel").offer == ("sentinel", "sentinel")


def test_partner_with_other_cards_and_one_match() -> None:
    """6: a partner holding the face-up name and another name must play the other name."""
    state = four_players(
        seat0={"hand": ["sentinel", "codebreaker"]},
        seat2={"hand": ["sentinel", "sentinel", "mole"]},
    )
    up = play(state, "lead 0; up sentinel")
    assert legal_actions(up) == (PlayDown("mole"),)


# --- 6. Both draw back to 4; the last card goes to the face-up player --------------------------


@pytest.mark.parametrize(
    ("moves", "leader", "partner"),
    [
        ("lead 0; up enforcer; down daredevil", 0, 2),
        ("lead 2; up daredevil; down enforcer", 2, 0),
    ],
)
def test_both_draw_back_to_four_face_up_player_first(moves: str, leader: int, partner: int) -> None:
    """6: each draws back to 4 after both cards are played, the face-up player first."""
    state = four_players(deck=["mole", "sidekick", "saboteur"])
    up = play(state, moves.rsplit(";", 1)[0])
    assert len(hand_of(up, leader)) == 3  # no draw before the partner has played
    assert len(up.deck) == 3
    down = play(up, moves.rsplit(";", 1)[1])
    assert "mole" in hand_of(down, leader)
    assert "sidekick" in hand_of(down, partner)
    assert [len(hand_of(down, s)) for s in (leader, partner)] == [4, 4]
    assert down.deck == ("saboteur",)


@pytest.mark.parametrize(
    ("moves", "leader", "partner"),
    [
        ("lead 0; up enforcer; down daredevil", 0, 2),
        ("lead 2; up daredevil; down enforcer", 2, 0),
    ],
)
def test_last_deck_card_goes_to_the_face_up_player(moves: str, leader: int, partner: int) -> None:
    """6: if only 1 card is left in the deck, the face-up player draws it."""
    state = four_players(deck=["mole"])
    down = play(state, moves)
    assert "mole" in hand_of(down, leader)
    assert len(hand_of(down, leader)) == 4
    assert len(hand_of(down, partner)) == 3
    assert down.deck == ()


def test_nobody_draws_from_an_empty_deck() -> None:
    """4.1.3 in a team: with the deck empty, both hands simply shrink."""
    down = play(four_players(), "lead 0; up enforcer; down daredevil")
    assert [len(hand_of(down, s)) for s in (0, 2)] == [3, 3]


# --- 6. Discards: 2 per team player, 4 for the solo player --------------------------------------


def test_each_team_player_discards_at_most_two_before_their_own_card() -> None:
    """6: each team player may discard before their own card, at most 2 per game each."""
    deck = ["saboteur", "saboteur", "enforcer", "mole", "sidekick", "sentinel"]
    state = four_players(deck=deck)
    assert "choose which team member" in refused(state, "discard enforcer")
    led = play(state, "lead 0; discard enforcer; discard sentinel")
    assert discards_of(led, 0) == 0
    assert discards_of(led, 2) == 2
    assert hand_of(led, 0) == ("codebreaker", "saboteur", "saboteur", "saboteur")
    assert not [a for a in legal_actions(led) if isinstance(a, Discard)]
    assert refused(led, "discard codebreaker") == "no discards are left for this player"
    up = play(led, "up codebreaker")
    # Now the partner plays: the partner's own allowance, the partner's own hand.
    assert {a for a in legal_actions(up) if isinstance(a, Discard)} == {
        Discard(a) for a in ("daredevil", "double_agent", "sentinel", "codebreaker")
    }
    assert refused(up, "discard saboteur") == "there is no saboteur in the hand"
    discarded = play(up, "discard daredevil")
    assert discards_of(discarded, 2) == 1
    assert discards_of(discarded, 0) == 0
    assert "enforcer" in hand_of(discarded, 2)  # the replacement goes to the partner
    assert len(hand_of(discarded, 2)) == 4
    assert len(hand_of(discarded, 0)) == 3
    assert discarded.sides[GREEN].members[1].discarded == ("daredevil",)
    assert discarded.sides[GREEN].members[0].discarded == ("enforcer", "sentinel")
    again = play(discarded, "discard sentinel")
    assert discards_of(again, 2) == 0
    assert not [a for a in legal_actions(again) if isinstance(a, Discard)]


def test_team_player_cannot_discard_from_an_empty_deck() -> None:
    """4.1 in a team: no discards when the agent deck is empty."""
    led = play(four_players(), "lead 0")
    assert not [a for a in legal_actions(led) if isinstance(a, Discard)]
    assert "deck is empty" in refused(led, "discard enforcer")


def test_solo_player_of_three_discards_four() -> None:
    """6: the solo player of a 3-player game may discard 4 times."""
    state = table(
        {"hand": ["enforcer", "sentinel"]},
        {"hand": ["enforcer", "sentinel", "codebreaker", "saboteur"]},
        {"hand": ["daredevil", "double_agent"]},
        active=BLUE,
        deck=["mole", "sidekick", "daredevil", "daredevil", "saboteur", "saboteur"],
    )
    assert state.phase is Phase.OFFER
    state = play(state, "discard enforcer; discard sentinel; discard codebreaker; discard saboteur")
    assert discards_of(state, 1) == 0
    assert hand_of(state, 1) == ("daredevil", "daredevil", "mole", "sidekick")
    assert not [a for a in legal_actions(state) if isinstance(a, Discard)]
    assert refused(state, "discard mole") == "no discards are left for this player"


def test_position_allowances_are_two_per_team_player_and_four_alone() -> None:
    """6: a position gives each team player at most 2 discards and a solo player at most 4."""
    hands = [{"hand": ["enforcer", "sentinel"]}, {"hand": ["saboteur"]}, {"hand": ["mole"]}]
    state = table(*hands)
    assert [discards_of(state, s) for s in range(3)] == [2, 4, 2]
    state = table(hands[0], {"hand": ["saboteur"], "discards_left": 4}, hands[2])
    assert discards_of(state, 1) == 4
    with pytest.raises(InvalidPosition, match=r"seats\[2\]\.discards_left must be from 0 to 2"):
        table(hands[0], hands[1], {"hand": ["mole"], "discards_left": 3})
    with pytest.raises(InvalidPosition, match=r"seats\[0\]\.discards_left must be from 0 to 2"):
        table({**hands[0], "discards_left": 4}, *hands[1:], {"hand": ["daredevil"]})


# --- 6. The opposing team decides which card to recruit -----------------------------------------


def test_opposing_team_decides_which_card_to_recruit() -> None:
    """6: the opposing team (acting at its seat 1) picks the face-up or the face-down card."""
    state = four_players(seat0={"hand": ["sidekick", "sentinel"]}, seat2={"hand": ["mole"]})
    down = play(state, "lead 0; up sidekick; down mole")
    assert down.phase is Phase.RECRUIT
    assert down.to_act == 1
    assert legal_actions(down) == (RECRUIT_UP, RECRUIT_DOWN)
    assert player_view(down, 1).legal == (RECRUIT_UP, RECRUIT_DOWN)
    assert all(player_view(down, s).legal == () for s in (0, 2, 3))
    after = play(down, "recruit down")
    assert after.sides[BLUE].in_play == ("mole",)
    assert after.sides[GREEN].in_play == ("sidekick",)
    # Both meeples move at once: green +4, blue -3.
    assert after.positions == (4, 4)
    assert after.sides[GREEN].progress - after.sides[BLUE].progress == 7
    assert after.result is not None
    assert after.result.winner == GREEN
    assert after.result.reasons == ("catch",)


def test_solo_and_team_decide_for_each_other_with_three_players() -> None:
    """6: with 3 players the solo player recruits from the team's cards and the team from hers."""
    state = table(
        {"hand": ["enforcer", "sentinel"]},
        {"hand": ["daredevil", "codebreaker", "saboteur", "saboteur"]},
        {"hand": ["double_agent", "codebreaker"]},
        deck=["enforcer", "enforcer", "sentinel", "sentinel"],
    )
    down = play(state, "lead 0; up enforcer; down double_agent")
    assert down.to_act == 1
    after = play(down, "recruit up")
    assert after.sides[BLUE].in_play == ("enforcer",)
    assert after.sides[GREEN].in_play == ("double_agent",)
    assert after.phase is Phase.OFFER
    assert after.to_act == 1
    offered = play(after, "offer daredevil codebreaker")
    assert offered.to_act == 0
    assert legal_actions(offered) == (RECRUIT_UP, RECRUIT_DOWN)
    final = play(offered, "recruit down")
    assert final.sides[GREEN].in_play == ("double_agent", "codebreaker")
    assert final.sides[BLUE].in_play == ("enforcer", "daredevil")
    assert final.phase is Phase.LEAD


# --- 6. Black market pickups: the team decides who takes the card -------------------------------


def team_landing(
    *,
    leader_rest: tuple[str, ...] = ("enforcer", "enforcer", "daredevil", "daredevil"),
    partner_rest: tuple[str, ...] = ("sentinel", "mole", "enforcer", "daredevil"),
    in_play: tuple[str, ...] = ("enforcer", "daredevil"),
    supply: tuple[str, ...] = HARMLESS_SUPPLY,
    blue_in_play: tuple[str, ...] = (),
    deck: tuple[str, ...] = ("sentinel", "enforcer", "enforcer"),
) -> GameState:
    """Green (seats 0 and 2) on 1 gets seat 2's Sidekick (+4) and stops on space 5 (PICK).

    Seat 0 plays Codebreaker face up, seat 2 the Sidekick face down; blue (on 10) recruits the
    Codebreaker (no move). Both green hands are then exactly `leader_rest` and `partner_rest`.
    """
    state = table(
        {
            "hand": ["codebreaker", *leader_rest],
            "in_play": in_play,
            "position": 1,
        },
        {"hand": BLUE_PAIR_HAND, "in_play": blue_in_play, "position": 10},
        {"hand": ["sidekick", *partner_rest]},
        {"hand": BLUE_PAIR_HAND},
        mode="advanced",
        supply=supply,
        deck=deck,
    )
    state = play(state, "lead 0; up codebreaker; down sidekick; recruit up")
    assert state.positions == (5, 10)
    assert state.phase is Phase.PICK
    assert hand_of(state, 0) == tuple(sorted(leader_rest))
    assert hand_of(state, 2) == tuple(sorted(partner_rest))
    return state


def test_team_decides_who_takes_the_black_market_card() -> None:
    """6: on a pickup the team decides who takes the card: one Take per card and member."""
    state = team_landing()
    assert state.to_act == 0
    assert set(legal_actions(state)) == {Take(c, s) for c in HARMLESS_SUPPLY for s in (0, 2)}
    assert "say which player takes the card" in refused(state, "take watchtower")
    assert "seat 1 is not a player" in refused(state, "take watchtower 1")
    refused(state, "take watchtower 3")
    after = play(state, "take watchtower 2")
    assert after.sides[GREEN].ongoing == ("watchtower",)  # the team's card, whoever took it
    assert after.phase is Phase.LEAD
    assert after.active == BLUE


def test_secret_recruit_uses_the_takers_hand() -> None:
    """6: Secret Recruit taken by seat 2 recruits from seat 2's hand; seat 2 draws back up."""
    state = team_landing(supply=("secret_recruit", "masterplan", "watchtower"))
    choosing = play(state, "take secret_recruit 2")
    assert choosing.phase is Phase.CHOOSE
    assert choosing.to_act == 2
    assert legal_actions(choosing) == (Choose("sentinel"), Choose("mole"))
    assert player_view(choosing, 2).legal == legal_actions(choosing)
    assert player_view(choosing, 0).legal == ()
    after = play(choosing, "choose sentinel")
    assert after.sides[GREEN].in_play == ("enforcer", "daredevil", "sidekick", "sentinel")
    assert hand_of(after, 2) == ("daredevil", "enforcer", "mole", "sentinel")  # drew a sentinel
    assert hand_of(after, 0) == hand_of(state, 0)
    assert after.deck == ("enforcer", "enforcer")
    draw = next(e for e in after.events if e.kind is EventKind.DRAW)
    assert draw.seat == 2
    assert draw.agents == ("sentinel",)


def test_secret_recruit_taken_by_a_player_without_a_new_name_is_ignored() -> None:
    """6: the hand-based instant uses the taker's hand only, even if the partner could use it."""
    state = team_landing(supply=("secret_recruit", "masterplan", "watchtower"))
    after = play(state, "take secret_recruit 0")
    assert EventKind.IGNORED in kinds(after)
    assert after.sides[GREEN].in_play == ("enforcer", "daredevil", "sidekick")
    assert hand_of(after, 0) == hand_of(state, 0)
    assert hand_of(after, 2) == hand_of(state, 2)
    assert after.phase is Phase.LEAD


PAIR_RESTS = {
    "leader_rest": ("enforcer", "daredevil", "saboteur", "double_agent"),
    "partner_rest": ("sentinel", "sentinel", "mole", "enforcer"),
}


def test_double_trouble_uses_the_takers_pair() -> None:
    """6: Double Trouble reveals a pair from the taker's hand; recruit one, keep the other."""
    state = team_landing(supply=("double_trouble", "masterplan", "watchtower"), **PAIR_RESTS)
    choosing = play(state, "take double_trouble 2")
    assert choosing.to_act == 2
    assert legal_actions(choosing) == (Choose("sentinel"),)
    after = play(choosing, "choose sentinel")
    assert after.sides[GREEN].in_play[-1] == "sentinel"
    assert hand_of(after, 2) == ("enforcer", "mole", "sentinel", "sentinel")  # kept one, drew one
    assert hand_of(after, 0) == hand_of(state, 0)
    ignored = play(state, "take double_trouble 0")  # seat 0 holds no pair
    assert EventKind.IGNORED in kinds(ignored)
    assert hand_of(ignored, 2) == hand_of(state, 2)


def test_outpost_recruits_a_sentinel_from_the_takers_hand() -> None:
    """6: Outpost recruits a Sentinel from the taker's hand; without one it is ignored."""
    state = team_landing(supply=("outpost", "masterplan", "watchtower"), **PAIR_RESTS)
    after = play(state, "take outpost 2")
    assert after.sides[GREEN].in_play[-1] == "sentinel"
    assert hand_of(after, 2) == ("enforcer", "mole", "sentinel", "sentinel")
    assert hand_of(after, 0) == hand_of(state, 0)
    ignored = play(state, "take outpost 0")
    assert EventKind.IGNORED in kinds(ignored)
    assert "sentinel" not in ignored.sides[GREEN].in_play


def test_mind_control_puts_the_agent_into_the_takers_hand() -> None:
    """6: Mind Control takes an opposing agent into the hand of the player who took the card."""
    state = team_landing(
        supply=("mind_control", "masterplan", "watchtower"),
        leader_rest=("daredevil", "daredevil", "saboteur", "double_agent"),
        partner_rest=("sentinel", "sentinel", "mole", "codebreaker"),
        blue_in_play=("enforcer",),
    )
    choosing = play(state, "take mind_control 2")
    assert choosing.to_act == 2
    assert legal_actions(choosing) == (Choose("enforcer"), Choose("codebreaker"))
    after = play(choosing, "choose enforcer")
    assert after.sides[BLUE].in_play == ("codebreaker",)
    assert hand_of(after, 2) == ("codebreaker", "enforcer", "mole", "sentinel", "sentinel")
    assert hand_of(after, 0) == hand_of(state, 0)
    steal = next(e for e in after.events if e.kind is EventKind.STEAL)
    assert steal.seat == 2


@pytest.mark.parametrize("again", [True, False])
def test_spycation_returns_the_agent_to_the_takers_hand(again: bool) -> None:
    """6: Spycation returns an agent to the taker's hand; recruiting it again uses that hand."""
    state = team_landing(supply=("spycation", "masterplan", "watchtower"), in_play=("enforcer",))
    choosing = play(state, "take spycation 2")
    assert choosing.to_act == 2
    confirming = play(choosing, "choose enforcer")
    assert confirming.phase is Phase.CONFIRM
    assert confirming.to_act == 2
    assert hand_of(confirming, 2).count("enforcer") == 2
    assert hand_of(confirming, 0) == hand_of(state, 0)
    after = play(confirming, "yes" if again else "no")
    if again:
        assert hand_of(after, 2) == hand_of(state, 2)
        assert after.sides[GREEN].in_play == ("sidekick", "enforcer")
        assert after.positions == (6, 10)  # 1st Enforcer again: +1
    else:
        assert hand_of(after, 2) == tuple(sorted((*hand_of(state, 2), "enforcer")))
        assert after.sides[GREEN].in_play == ("sidekick",)
        assert after.positions == (5, 10)
    assert hand_of(after, 0) == hand_of(state, 0)


def test_solo_player_takes_the_card_without_naming_a_seat() -> None:
    """6: the solo player of a 2-vs-1 game picks as in the duel (`take CARD`)."""
    state = table(
        {"hand": ["enforcer", "sentinel"]},
        {"hand": ["sidekick", "codebreaker", "saboteur", "saboteur"], "position": 8},
        {"hand": ["double_agent", "sentinel"]},
        mode="advanced",
        active=BLUE,
        supply=HARMLESS_SUPPLY,
        deck=["enforcer", "enforcer", "sentinel"],
    )
    landed = play(state, "offer codebreaker sidekick; recruit up")
    assert landed.positions == (0, 12)
    assert landed.phase is Phase.PICK
    assert landed.to_act == 1
    assert set(legal_actions(landed)) == {Take(c) for c in HARMLESS_SUPPLY}
    refused(landed, "take watchtower 1")
    after = play(landed, "take watchtower")
    assert after.sides[BLUE].ongoing == ("watchtower",)
    assert after.phase is Phase.LEAD
    assert after.to_act == 0


def test_solo_pickup_naming_a_seat_is_refused_for_the_right_reason() -> None:
    """6: `take CARD SEAT` by a player alone is refused, but not because seat 1 is no player."""
    state = table(
        {"hand": ["enforcer", "sentinel"]},
        {"hand": ["sidekick", "codebreaker", "saboteur", "saboteur"], "position": 8},
        {"hand": ["double_agent", "sentinel"]},
        mode="advanced",
        active=BLUE,
        supply=HARMLESS_SUPPLY,
        deck=["enforcer", "enforcer", "sentinel"],
    )
    landed = play(state, "offer codebreaker sidekick; recruit up")
    assert landed.to_act == 1
    assert "is not a player" not in refused(landed, "take watchtower 1")


def test_the_log_says_which_player_took_the_card() -> None:
    """6: who took the black market card is public: the TAKE event names the taker's seat."""
    after = play(team_landing(), "take watchtower 2")
    take = next(e for e in after.events if e.kind is EventKind.TAKE)
    assert take.seat == 2


def test_team_picks_on_the_opponents_turn_too() -> None:
    """6: a team that lands on a market space during the solo player's turn still picks a seat."""
    state = table(
        {"hand": ["enforcer", "sentinel"], "position": 3},
        {"hand": ["daredevil", "codebreaker", "saboteur", "saboteur"]},
        {"hand": ["double_agent", "sentinel"]},
        mode="advanced",
        active=BLUE,
        supply=HARMLESS_SUPPLY,
        deck=["enforcer", "enforcer", "sentinel"],
    )
    landed = play(state, "offer daredevil codebreaker; recruit up")
    assert landed.positions == (5, 7)
    assert landed.phase is Phase.PICK
    assert landed.to_act == 0
    assert set(legal_actions(landed)) == {Take(c, s) for c in HARMLESS_SUPPLY for s in (0, 2)}


# --- 6. Running out of cards --------------------------------------------------------------------

RUN_OUT_GREEN = ({"hand": ["enforcer", "sentinel"]}, {"hand": ["codebreaker"]})


@pytest.mark.parametrize(
    ("blue_hands", "blue_moves", "winner", "by_tie"),
    [
        # green +1 then +2 (Daredevil); blue -1 (Double Agent): green is closer to catching.
        (
            (["daredevil", "saboteur"], ["double_agent", "saboteur"]),
            "lead 1; up daredevil; down double_agent; recruit up",
            GREEN,
            False,
        ),
        # green +1, then blue +1: equal distance, so the active side (blue) wins.
        (
            (["enforcer", "saboteur"], ["sentinel", "saboteur"]),
            "lead 1; up enforcer; down sentinel; recruit down",
            BLUE,
            True,
        ),
        # green +1, then blue +4 (Sidekick): blue is closer to catching.
        (
            (["codebreaker", "saboteur"], ["sidekick", "saboteur"]),
            "lead 1; up codebreaker; down sidekick; recruit up",
            BLUE,
            False,
        ),
    ],
)
def test_team_with_a_member_holding_no_card_cannot_play(
    blue_hands: tuple[list[str], list[str]], blue_moves: str, winner: int, by_tie: bool
) -> None:
    """6 [decision]: with the deck empty, a team one of whose players holds no card cannot play;
    the game ends, the side closer to catching wins, a tie goes to the active side."""
    state = table(
        RUN_OUT_GREEN[0],
        {"hand": blue_hands[0]},
        RUN_OUT_GREEN[1],
        {"hand": blue_hands[1]},
    )
    # Seat 2 plays its last card; blue still has a card in each hand, so the game goes on.
    state = play(state, "lead 0; up enforcer; down codebreaker; recruit down")
    assert hand_of(state, 2) == ()
    assert state.result is None
    assert state.phase is Phase.LEAD
    assert state.active == BLUE
    # After blue's turn green cannot play: seat 2 holds no card.
    after = play(state, blue_moves)
    assert after.result is not None
    assert after.result.reasons == ("exhaustion",)
    assert after.result.winner == winner
    assert after.result.by_tie_rule == by_tie
    assert hand_of(after, 0) == ("sentinel",)  # one card in the team is not enough


def test_team_with_one_card_each_plays_on() -> None:
    """6 [decision]: with the deck empty, one card in each team hand is enough to play."""
    state = four_players(
        seat1={"hand": ["daredevil"]},
        seat3={"hand": ["double_agent"]},
    )
    after = play(state, "lead 0; up enforcer; down daredevil; recruit up")
    assert after.result is None
    assert after.phase is Phase.LEAD
    final = play(after, "lead 3; up double_agent; down daredevil")
    assert final.phase is Phase.RECRUIT


@pytest.mark.parametrize(
    ("blue_hand", "over"), [(["enforcer"], True), (["enforcer", "mole"], False)]
)
def test_solo_player_needs_two_cards(blue_hand: list[str], over: bool) -> None:
    """6 [decision]: the solo player cannot play with fewer than 2 cards (as in the duel)."""
    state = table(
        {"hand": ["sentinel", "codebreaker"], "position": 2},
        {"hand": blue_hand},
        {"hand": ["daredevil"]},
    )
    after = play(state, "lead 0; up sentinel; down daredevil; recruit up")
    if over:
        assert after.result is not None
        assert after.result.reasons == ("exhaustion",)
        assert after.result.winner == GREEN  # green on 4 (+2), blue on 7: green is closer
    else:
        assert after.result is None
        assert after.phase is Phase.OFFER
        assert after.to_act == 1


def test_team_facing_the_solo_player_runs_out_too() -> None:
    """6 [decision]: after the solo player's turn, a team with an empty hand ends the game."""
    state = table(
        {"hand": ["sentinel"]},
        {"hand": ["enforcer", "codebreaker"]},
        {"hand": []},
        active=BLUE,
    )
    after = play(state, "offer enforcer codebreaker; recruit down")
    assert after.result is not None
    assert after.result.reasons == ("exhaustion",)
    assert after.result.winner == BLUE  # blue moved +1, green 0: blue is closer to catching
    assert not after.result.by_tie_rule
    assert hand_of(after, 0) == ("sentinel",)


def test_solo_player_plays_both_cards_from_own_hand() -> None:
    """6 [decision]: the solo player offers both cards from their hand, as in the duel."""
    state = table(
        {"hand": ["daredevil", "double_agent"]},
        {"hand": ["enforcer", "enforcer", "sentinel", "mole"]},
        {"hand": ["daredevil", "double_agent"]},
        active=BLUE,
        deck=["codebreaker", "codebreaker", "saboteur"],
    )
    assert state.phase is Phase.OFFER
    offers = {(a.face_up, a.face_down) for a in legal_actions(state) if isinstance(a, Offer)}
    assert offers == {
        (u, d)
        for u in ("enforcer", "sentinel", "mole")
        for d in ("enforcer", "sentinel", "mole")
        if u != d
    }
    assert "offer two cards" in refused(state, "lead 1")
    refused(state, "up enforcer")
    refused(state, "offer enforcer enforcer")
    after = play(state, "offer enforcer mole")
    assert after.offer == ("enforcer", "mole")
    assert hand_of(after, 1) == ("codebreaker", "codebreaker", "enforcer", "sentinel")
    assert after.deck == ("saboteur",)
    assert after.to_act == 0


def test_solo_pair_when_every_card_matches() -> None:
    """6 [decision] / 4.1: the solo player may offer two of a name when the hand holds only it."""
    state = table(
        {"hand": ["daredevil"]},
        {"hand": ["enforcer", "enforcer"]},
        {"hand": ["double_agent"]},
        active=BLUE,
    )
    assert [a for a in legal_actions(state) if isinstance(a, Offer)] == [
        Offer("enforcer", "enforcer")
    ]


# --- Views: what each player may know -----------------------------------------------------------


def swap_hand(state: GameState, seat_number: int, hand: tuple[str, ...]) -> GameState:
    """The same state with one seat's hand replaced (a twin with a different secret)."""
    side = state.sides[seat_number % 2]
    members = list(side.members)
    members[seat_number // 2] = members[seat_number // 2]._replace(hand=tuple(sorted(hand)))
    sides = list(state.sides)
    sides[seat_number % 2] = side._replace(members=tuple(members))
    return state._replace(sides=tuple(sides))


def test_teammates_never_see_each_others_hands() -> None:
    """6: teammates may not show their cards: a view holds only its own seat's hand, and changing
    any other seat's hand (partner's or an opponent's) leaves the view unchanged."""
    state = play(four_players(deck=["mole", "sidekick", "saboteur"]), "lead 0")
    for s in range(4):
        view = player_view(state, s)
        assert view.hand == hand_of(state, s)
        for other in range(4):
            if other == s:
                continue
            twin = swap_hand(state, other, ("codebreaker",) * len(hand_of(state, other)))
            assert player_view(twin, s) == view


def test_face_down_card_is_seen_only_by_the_partner_who_played_it() -> None:
    """6: the face-down card is the partner's secret: not the leader's, not the opponents'."""
    state = four_players(deck=["mole", "sidekick", "saboteur"])
    up = play(state, "lead 0; up enforcer")
    for s in (0, 1, 2, 3, None):
        assert player_view(up, s).face_up == "enforcer"
        assert player_view(up, s).face_down is None
    down = play(up, "down daredevil")
    assert player_view(down, 2).face_down == "daredevil"
    for s in (0, 1, 3, None):
        view = player_view(down, s)
        assert view.face_down is None
        assert view.face_up == "enforcer"
        assert "daredevil" not in repr(view)
    # The leader's twin with another face-down card has the same view.
    twin = down._replace(offer=("enforcer", "sentinel"))
    assert player_view(twin, 0) == player_view(down, 0)


def test_events_keep_each_players_secrets() -> None:
    """6: discards, draws and the face-down card in the log are seen only by their own player."""
    state = four_players(deck=["mole", "sidekick", "saboteur", "enforcer"])
    discarded = play(state, "lead 0; up enforcer; discard daredevil")
    event = discarded.events[0]
    assert event.kind is EventKind.DISCARD
    assert player_view(discarded, 2).events[0].agent == "daredevil"
    assert player_view(discarded, 2).events[0].agents == ("mole",)
    for s in (0, 1, 3, None):
        seen = player_view(discarded, s).events[0]
        assert (seen.agent, seen.agents) == (None, ())
    down = play(discarded, "down double_agent")
    offer = next(e for e in down.events if e.kind is EventKind.OFFER)
    draw = next(e for e in down.events if e.kind is EventKind.DRAW)
    assert (offer.card, offer.agents) == ("double_agent", ("saboteur",))  # seat 2 drew saboteur
    assert (draw.seat, draw.agents) == (0, ("sidekick",))  # the leader drew first
    for s in (0, 1, 2, 3, None):
        seen = {e.kind: e for e in player_view(down, s).events}
        assert seen[EventKind.OFFER].agent == "enforcer"  # the face-up card is public
        assert seen[EventKind.OFFER].card == ("double_agent" if s == 2 else None)
        assert seen[EventKind.OFFER].agents == (("saboteur",) if s == 2 else ())
        assert seen[EventKind.DRAW].agents == (("sidekick",) if s == 0 else ())
        assert seen[EventKind.DRAW].count == 1


def test_opposing_team_sees_neither_hand_nor_the_face_down_card() -> None:
    """6: the opposing team sees neither green hand nor the face-down card."""
    state = play(four_players(deck=["mole", "sidekick"]), "lead 2; up daredevil; down enforcer")
    for s in (1, 3):
        view = player_view(state, s)
        assert view.hand == hand_of(state, s)
        assert view.face_down is None
        twin = swap_hand(swap_hand(state, 0, ("mole",) * 4), 2, ("mole",) * 4)
        twin = twin._replace(offer=("daredevil", "codebreaker"))
        assert player_view(twin, s) == view


def test_no_view_for_a_missing_seat() -> None:
    """6: a 3-player game has no seat 3."""
    state = new_game(RULES, Mode.SIMPLE, seed=1, first=0, players=3)
    with pytest.raises(ValueError, match="no player at seat 3"):
        player_view(state, 3)


def test_positions_need_side_facts_on_seats_0_and_1() -> None:
    """6: agents in play, the meeple and black market cards belong to the side (seats 0 and 1)."""
    setup = PositionSetup(
        seats=(
            seat(hand=("enforcer",)),
            seat(hand=("sentinel",)),
            seat(hand=("mole",), in_play=("enforcer",)),
        )
    )
    with pytest.raises(InvalidPosition, match=r"seats\[2\] is a partner"):
        from_position(RULES, setup)
