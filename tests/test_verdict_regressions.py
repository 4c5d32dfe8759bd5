"""The three false sentences players met, each checked against what the engine decides."""

from __future__ import annotations

from agent_avenue.engine import (
    RECRUIT_UP,
    Offer,
    apply,
    distance_to_catch,
    player_view,
)
from agent_avenue.teaching.explain import split_phrase
from agent_avenue.teaching.hints import suggest
from agent_avenue.ui.phrases import preview_line, recruit_result
from agent_avenue.ui.widgets.collection import CollectionPanel
from positions import BLUE, GREEN, play, position

NAMES = ("Green", "Blue")


def test_recruit_panel_does_not_promise_a_catch_the_other_card_undoes() -> None:
    """'2nd Double Agent: +6, catches Blue': Blue got the other card, moved away, no catch."""
    state = position(
        active=BLUE,
        green={"hand": ["enforcer"] * 4, "in_play": ["double_agent"], "position": 1},
        blue={"hand": ["double_agent", "daredevil", "saboteur", "saboteur"]},
        deck=["sentinel"] * 6,
    )
    state = play(state, "offer double_agent daredevil")
    view = player_view(state, GREEN)
    line = preview_line(view, GREEN, "double_agent", NAMES)
    assert "catches Blue" not in line
    assert "unless Blue moves away" in line
    after = apply(state, RECRUIT_UP)
    assert not after.is_over  # what the engine decides: nobody is caught
    # The result line counts the Daredevil among the cards with which play goes on.
    result = recruit_result(view, True, NAMES)
    assert result.startswith("Result: ")
    assert "let play go on" in result


def test_offer_hint_follows_the_tie_rule() -> None:
    """Green 6 ahead offers Codebreaker up and Enforcer down; Blue has two Codebreakers: if Blue
    takes the Codebreaker both win, and the tie rule gives the game to Green (active)."""
    state = position(
        green={"hand": ["codebreaker", "enforcer", "sentinel", "saboteur"], "position": 6},
        blue={"hand": ["sentinel"] * 4, "in_play": ["codebreaker", "codebreaker"]},
        deck=["mole", "sidekick", "saboteur"],
    )
    view = player_view(state, GREEN)
    phrase = split_phrase(view, GREEN, "enforcer", "codebreaker", NAMES)
    assert "Green loses" not in phrase
    assert "tie rule gives the game to Green" in phrase
    offered = apply(state, Offer("codebreaker", "enforcer"))
    after = apply(offered, RECRUIT_UP)
    assert after.result is not None
    assert after.result.winner == GREEN and after.result.by_tie_rule
    hint = suggest(view, NAMES)
    assert hint is not None
    assert "Green loses" not in hint.text


def test_no_distance_over_13_and_none_at_game_over() -> None:
    """'16 to catch' on a 14-space board: distances are board spaces, and none at game over."""
    state = position(
        active=BLUE,
        green={"hand": ["enforcer"] * 4},
        blue={"hand": ["sentinel", "daredevil", "saboteur", "saboteur"], "position": 13},
        deck=["codebreaker"] * 4,
    )
    state = play(state, "offer sentinel daredevil; recruit up")
    assert state.result is not None and state.result.winner == BLUE
    view = player_view(state, None)
    assert 0 <= distance_to_catch(view, GREEN) <= 13
    panel = CollectionPanel(GREEN)
    panel.update_view(view, GREEN, NAMES)
    assert "to catch" not in panel.text()
