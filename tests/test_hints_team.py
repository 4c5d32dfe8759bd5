"""Hints in team games: a legal suggestion from the team evaluation, with a translated reason,
judged from the deciding seat's own view (on a shared screen, from public facts only)."""

from __future__ import annotations

import random

import pytest

from agent_avenue.data import default_rules
from agent_avenue.engine import Mode, apply, legal_actions, new_game, player_view
from agent_avenue.engine.actions import Lead, PlayUp
from agent_avenue.i18n import set_language, t
from agent_avenue.teaching.hints import action_words, seat_view, suggest, team_hint

RULES = default_rules()
SEATS = ("Ann", "Bob", "Cid", "Dee")
NAMES = ("Ann & Cid", "Bob & Dee")


def test_who_leads_is_suggested_from_public_facts() -> None:
    """The lead screen is shared: the hint is one of the leads, named, whatever the hands."""
    state = new_game(RULES, Mode.SIMPLE, 5, 0, players=4)
    public = player_view(state, None)
    view = seat_view(public, 0, legal_actions(state))
    hint = suggest(view, NAMES, SEATS)
    assert hint is not None and isinstance(hint.action, Lead)
    assert hint.action in legal_actions(state)
    name = SEATS[hint.action.seat]
    assert hint.text.startswith(f"Hint: let {name} lead: your side gains most on average")
    assert view.hand == ()  # no hand on a shared screen: the hint deals the leader's itself


@pytest.mark.parametrize("code", ["en", "fr", "nl", "es"])
def test_playing_a_card_face_up_is_suggested_with_a_reason(code: str) -> None:
    """The leader's own hand: a legal card to play face up, the reason in the language in use."""
    set_language(code)
    state = new_game(RULES, Mode.ADVANCED, 9, 0, players=4)
    state = apply(state, Lead(2))
    view = player_view(state, 2)
    hint = suggest(view, NAMES, SEATS)
    assert hint is not None and hint.action in view.legal
    if code == "en" and isinstance(hint.action, PlayUp):
        assert "face up: your side gains most on average" in hint.text


def test_every_team_decision_gets_a_legal_hint() -> None:
    """Through a random 3-player game, every seat's own decision gets a legal suggestion."""
    rng = random.Random(4)
    state = new_game(RULES, Mode.ADVANCED, 4, 1, players=3)
    for _ in range(40):
        if state.result is not None:
            break
        seat = state.to_act
        assert seat is not None
        view = player_view(state, seat)
        found = team_hint(view)
        assert found is not None and found[0] in view.legal
        state = apply(state, rng.choice(legal_actions(state)))


@pytest.mark.parametrize("lang", ["en", "fr", "nl", "es"])
def test_the_words_for_a_lead_say_who_plays_the_face_up_card(lang: str) -> None:
    # "choose who leads" named neither choice: a review's "better: choose who leads, against
    # choose who leads" said nothing.
    set_language(lang)
    try:
        state = new_game(default_rules(), Mode.SIMPLE, 3, 0, 4)
        assert state.to_act is not None
        view = player_view(state, state.to_act)
        leads = [a for a in view.legal if isinstance(a, Lead)]
        assert len(leads) == 2
        words = {a.seat == view.seat: action_words(a, view) for a in leads}
        assert words[True] == t("hint.act_lead_self")
        assert words[False] == t("hint.act_lead_partner")
        assert words[True] != words[False]
    finally:
        set_language("en")
