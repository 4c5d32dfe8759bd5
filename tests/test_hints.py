"""Hints (hints.py): a legal suggestion, the evaluation's best, with a reason from the previews."""

from __future__ import annotations

import random
from dataclasses import replace

from agent_avenue.bots.action_scores import score_actions
from agent_avenue.bots.evaluation import DEFAULT_WEIGHTS
from agent_avenue.bots.safety import assess
from agent_avenue.data import default_rules
from agent_avenue.engine import (
    GameState,
    Mode,
    Offer,
    Phase,
    PlayerView,
    Recruit,
    apply,
    new_game,
    player_view,
    recruit_preview,
)
from agent_avenue.engine.rules import CATCH_LEAD
from agent_avenue.i18n import agent_name
from agent_avenue.play.session import stage_of
from agent_avenue.teaching.describe import signed
from agent_avenue.teaching.explain import split_phrase
from agent_avenue.teaching.hints import SAFETY_SEED, best_of, scores_for, seat_view, suggest
from agent_avenue.teaching.tutorial.driver import LessonRun
from agent_avenue.teaching.tutorial.lesson import load_lesson
from positions import GREEN, play, position

NAMES = ("Green", "Blue")
RULES = default_rules()


def decision_view(state: GameState) -> PlayerView:
    """The view a panel would give the hint: the actor's own for a private decision, public
    facts only for one everyone watches."""
    actor = state.to_act
    assert actor is not None
    own = player_view(state, actor)
    if stage_of(state).audience is None:
        return seat_view(player_view(state, None), actor, own.legal)
    return own


def views_by_phase(seeds: range, mode: Mode) -> dict[Phase, list[PlayerView]]:
    """Decision views from random games, a few per phase."""
    found: dict[Phase, list[PlayerView]] = {}
    for seed in seeds:
        rng = random.Random(seed)
        state = new_game(RULES, mode, seed, seed % 2)
        while not state.is_over:
            views = found.setdefault(state.phase, [])
            if len(views) < 6:
                views.append(decision_view(state))
            state = apply(state, rng.choice(player_view(state, state.to_act).legal))
    return found


def test_hints_are_legal_and_the_evaluations_best() -> None:
    """In every kind of decision: one legal action, the one the evaluation scores best."""
    found = views_by_phase(range(12), Mode.ADVANCED)
    assert {Phase.OFFER, Phase.RECRUIT, Phase.PICK, Phase.CHOOSE} <= set(found)
    for views in found.values():
        for view in views:
            hint = suggest(view, NAMES)
            assert hint is not None
            assert hint.action in view.legal
            scores = score_actions(view)
            win, safe = assess(view, random.Random(SAFETY_SEED))
            # The greedy bot's choice: a sure win, else the best score among the safe actions.
            assert hint.action == (win if win is not None else best_of(scores, safe))
            assert hint.score == scores[hint.action]
            if win is None:
                assert hint.score == max(scores[a] for a in safe)
            assert hint.text.startswith("Hint: ")
            assert "hint." not in hint.text and "explain." not in hint.text


def test_offer_hint_gives_both_splits() -> None:
    """An offer's reason: what each way the opponent can split it leaves, from the previews.
    (No discards left: the evaluation would rather redraw the Saboteur here.)"""
    state = position(
        green={
            "hand": ["sidekick", "saboteur", "codebreaker", "mole"],
            "position": 3,
            "discards_left": 0,
        },
        blue={"hand": ["enforcer"] * 4, "in_play": ["daredevil"]},
        deck=["double_agent"] * 4,
    )
    view = player_view(state, GREEN)
    hint = suggest(view, NAMES)
    assert hint is not None and isinstance(hint.action, Offer)
    up, down = hint.action.face_up, hint.action.face_down
    assert f"offer {agent_name(up)} face up and {agent_name(down)} face down" in hint.text
    assert split_phrase(view, GREEN, down, up, NAMES) in hint.text
    assert split_phrase(view, GREEN, up, down, NAMES) in hint.text


def test_sure_win_is_suggested_with_its_outcome() -> None:
    """When an offer catches whichever card the opponent takes (the simple lesson's last
    turn), the hint is that offer and says it wins."""
    lesson = load_lesson("simple", RULES)
    run = LessonRun(lesson, NAMES)
    while run.step is not None and run.step.expect != Offer("daredevil", "sentinel"):
        step = run.step
        action = step.expect or step.opponent
        if action is not None:
            run.play(action)
        run.advance()
    view = player_view(run.state, GREEN)
    scores = scores_for(view)
    hint = suggest(view, NAMES)
    assert hint is not None and isinstance(hint.action, Offer)
    assert {hint.action.face_up, hint.action.face_down} == {"daredevil", "sentinel"}
    assert scores[hint.action] >= DEFAULT_WEIGHTS.decisive - 1e-6
    assert hint.text.startswith("Hint: this wins: offer")
    assert "Green catches Blue" in hint.text


def test_recruit_hint_quotes_the_face_up_preview() -> None:
    """A recruit's reason quotes the face-up card's preview: the engine's move and count."""
    state = position(
        active=1,
        green={"hand": ["enforcer", "sentinel", "saboteur", "codebreaker"], "in_play": ["mole"]},
        blue={"hand": ["double_agent", "sidekick", "daredevil", "codebreaker"]},
        deck=["saboteur"] * 4,
    )
    state = play(state, "offer sidekick daredevil")
    view = player_view(state, GREEN)
    hint = suggest(view, NAMES)
    assert hint is not None and isinstance(hint.action, Recruit)
    side = GREEN if hint.action.face_up else 1
    preview = recruit_preview(view, side, "sidekick")
    assert f"Sidekick: {signed(preview.move)}" in hint.text
    if preview.catches:
        assert "catches" in hint.text
    else:
        assert f"{CATCH_LEAD - preview.lead} to catch" in hint.text


def test_public_hints_ignore_the_hand() -> None:
    """A pick everyone watches is judged from public facts: the actor's hand cannot change it."""
    found = views_by_phase(range(12), Mode.ADVANCED)
    for view in found[Phase.PICK]:
        assert view.hand == ()
        other = replace(view, hand=("enforcer", "enforcer"))
        assert suggest(view, NAMES) == suggest(seat_view(other, view.seat or 0, view.legal), NAMES)


def test_no_hint_without_a_decision() -> None:
    """A spectators' view, or a seat with nothing to decide, gets no hint."""
    state = new_game(RULES, "simple", 3, 0)
    assert suggest(player_view(state, None), NAMES) is None
    assert suggest(player_view(state, 1), NAMES) is None
