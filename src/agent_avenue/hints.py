"""Hints on request: the bots' one-ply evaluation picks an action, and a sentence says why.

The suggestion is what the greedy bot would play: a sure win first, else the best one-ply score
among the actions that risk no visible loss. This module is the only place the app depends on
the bots (`score_actions` and `best_action` in bots.evaluation, `assess` in bots.safety); the
reason is built here from the engine's previews, in the player's language. No textual imports.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from agent_avenue.engine import (
    Action,
    Answer,
    Choose,
    Discard,
    Offer,
    PlayerView,
    Recruit,
    Take,
)
from agent_avenue.explain import preview_phrase, split_phrase
from agent_avenue.i18n import agent_name, card_name, t

__all__ = [
    "Hint",
    "best_of",
    "choose",
    "hint_unavailable",
    "scores_for",
    "seat_view",
    "suggest",
]

SAFETY_SEED = 0
"""The safety check samples hidden cards: a fixed seed makes a hint repeatable."""
RECRUITING_CARDS = frozenset({"secret_recruit", "double_trouble", "outpost"})
"""Black market cards whose choice recruits the chosen agent (its preview is the reason)."""


@dataclass(frozen=True, slots=True)
class Hint:
    """A suggested action, its score by the evaluation, and a one-line reason."""

    action: Action
    score: float
    text: str


def scores_for(view: PlayerView) -> dict[Action, float]:
    """The evaluation's one-ply score of every legal action of the view's seat (may be empty)."""
    from agent_avenue.bots.evaluation import score_actions

    if view.seat is None or not view.legal or _team_game(view):
        return {}
    try:
        return score_actions(view)
    except ValueError:
        return {}


def _team_game(view: PlayerView) -> bool:
    """Whether the view is of a team game (the evaluation judges duels only)."""
    return view.leader is not None or any(len(s.member_hand_sizes) > 1 for s in view.sides)


def best_of(scores: dict[Action, float], legal: tuple[Action, ...]) -> Action:
    """The legal action the evaluation rates best (the first listed on a tie)."""
    from agent_avenue.bots.evaluation import best_action

    return best_action(scores, legal)


def choose(view: PlayerView, scores: dict[Action, float]) -> Action:
    """What the greedy bot would play: a sure win if there is one, else the best-scored action
    among those that risk the least visible loss (bots.safety, then the evaluation)."""
    from agent_avenue.bots.safety import assess

    win, safe = assess(view, random.Random(SAFETY_SEED))
    if win is not None:
        return win
    return best_of(scores, safe)


def seat_view(public: PlayerView, actor: int, legal: tuple[Action, ...]) -> PlayerView:
    """A decision everyone watches (a black market pick, a choice among agents in play), seen
    as the actor's view without their hand: a hint shown on a shared screen must not depend
    on secrets, so it judges from public facts only."""
    return replace(public, seat=actor, legal=legal, hand=(), discarded=())


def _decisive(score: float) -> str | None:
    """A prefix when the evaluation sees a sure result."""
    from agent_avenue.bots.evaluation import DEFAULT_WEIGHTS

    if score >= DEFAULT_WEIGHTS.decisive - 1e-6:
        return t("hint.wins")
    if score <= -DEFAULT_WEIGHTS.decisive + 1e-6:
        return t("hint.loses")
    return None


def _reason(view: PlayerView, action: Action, names: tuple[str, str]) -> str:
    """Why this action, from the engine's previews of what each card would do."""
    me = view.me.index
    other = 1 - me
    if isinstance(action, Offer):
        up, down = action.face_up, action.face_down
        return t(
            "hint.offer",
            up=agent_name(up),
            down=agent_name(down),
            other=names[other],
            if_up=split_phrase(view, me, down, up, names),
            if_down=split_phrase(view, me, up, down, names),
        )
    if isinstance(action, Recruit):
        face_up = view.face_up or ""
        if action.face_up:
            return t(
                "hint.take_up",
                agent=agent_name(face_up),
                line=preview_phrase(view, me, face_up, names),
            )
        return t(
            "hint.take_down",
            agent=agent_name(face_up),
            other=names[other],
            line=preview_phrase(view, other, face_up, names),
        )
    if isinstance(action, Discard):
        return t(
            "hint.discard",
            agent=agent_name(action.agent),
            line=preview_phrase(view, me, action.agent, names),
        )
    if isinstance(action, Take):
        spec = view.rules.card_by_id[action.card]
        kind = t("hint.ongoing") if spec.kind == "ongoing" else t("hint.instant")
        return t("hint.take_card", card=card_name(action.card), kind=kind)
    if isinstance(action, Choose):
        if view.pending_card in RECRUITING_CARDS:
            return t(
                "hint.choose_recruit",
                agent=agent_name(action.agent),
                line=preview_phrase(view, me, action.agent, names),
            )
        return t("hint.choose", agent=agent_name(action.agent))
    if isinstance(action, Answer):
        agent = view.pending_agent or ""
        if action.yes:
            return t(
                "hint.again",
                agent=agent_name(agent),
                line=preview_phrase(view, me, agent, names),
            )
        return t("hint.keep", agent=agent_name(agent))
    return t("hint.generic")


def suggest(view: PlayerView, names: tuple[str, str]) -> Hint | None:
    """The evaluation's best legal action for the view's seat and one line saying why.

    None when the seat has nothing to decide (or the evaluation cannot judge this view).
    """
    scores = scores_for(view)
    if not scores:
        return None
    action = choose(view, scores)
    score = scores[action]
    text = _reason(view, action, names)
    prefix = _decisive(score)
    if prefix is not None:
        text = t("hint.with_outcome", outcome=prefix, text=text)
    return Hint(action, score, t("hint.line", text=text))


def hint_unavailable() -> str:
    """What the hint line says when there is nothing to suggest."""
    return t("hint.none")
