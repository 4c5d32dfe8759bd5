"""Hints on request: the bots' evaluation picks an action, and a sentence says why.

Team games (3 or 4 players) use the team evaluation of bots/team.py instead (`team_hint`).

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
    Lead,
    Offer,
    PlayDown,
    PlayerView,
    PlayUp,
    Recruit,
    Take,
    hidden_outcomes,
    member_of_seat,
    side_of,
    sure_winner,
    unseen_agents,
)
from agent_avenue.i18n import agent_name, card_name, t
from agent_avenue.teaching.explain import preview_phrase, split_phrase
from agent_avenue.teaching.verdict_text import tally_of

__all__ = [
    "Hint",
    "best_of",
    "choose",
    "hint_unavailable",
    "scores_for",
    "seat_view",
    "suggest",
    "team_hint",
]

SAFETY_SEED = 0
"""The safety check samples hidden cards: a fixed seed makes a hint repeatable."""
TEAM_TURNS = 1
"""Team games: turn changes each sampled deal is played on before it is judged (bots/team.py)."""
TEAM_ROUNDS = 6
"""Team games: sampled deals per action (as many as the greedy bot uses)."""
TEAM_HANDS = 3
"""Team games, a shared screen: hands dealt to the deciding seat, which nobody may look at."""
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
    return view.leader is not None or view.is_team_game


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


def _sure_prefix(view: PlayerView, action: Action) -> str | None:
    """A prefix when the engine's verdicts make the result sure this turn: the action wins
    whatever the answer or hidden card, or every legal action loses."""
    me = view.me.index
    if sure_winner(view, action) == me:
        return t("hint.wins")
    if all(sure_winner(view, other) == 1 - me for other in view.legal):
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
        result = t("verdict.result", text=tally_of(hidden_outcomes(view), action.face_up, names))
        if action.face_up:
            reason = t(
                "hint.take_up",
                agent=agent_name(face_up),
                line=preview_phrase(view, me, face_up, names),
            )
        else:
            reason = t(
                "hint.take_down",
                agent=agent_name(face_up),
                other=names[other],
                line=preview_phrase(view, other, face_up, names),
            )
        return t("hint.then", text=reason, result=result)
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


def _hidden_hand(view: PlayerView) -> bool:
    """Whether the view is a seat's without its hand (a decision on a shared screen)."""
    seat = view.seat
    assert seat is not None
    sizes = view.sides[side_of(seat)].member_hand_sizes
    member = member_of_seat(seat)
    return member < len(sizes) and len(view.hand) != sizes[member]


def _dealt_views(view: PlayerView, rng: random.Random) -> list[PlayerView]:
    """The view as the deciding seat would see it: its own hand, or on a shared screen (its hand
    hidden) a few hands dealt from the cards nobody there can see."""
    if not _hidden_hand(view):
        return [view]
    seat = view.seat
    assert seat is not None
    size = view.sides[side_of(seat)].member_hand_sizes[member_of_seat(seat)]
    pool = [agent for agent, copies in sorted(unseen_agents(view).items()) for _ in range(copies)]
    return [
        replace(view, hand=tuple(rng.sample(pool, min(size, len(pool))))) for _ in range(TEAM_HANDS)
    ]


def team_hint(view: PlayerView) -> tuple[Action, bool] | None:
    """A team game's suggestion for the view's seat (bots/team.py: a sure win, else the best
    average over sampled deals among the least exposed actions), and whether it surely wins.

    Judged from the seat's own view only; on a shared screen (no hand) from public facts only.
    """
    from agent_avenue.bots.team import team_assess, team_scores

    if view.seat is None or not view.legal:
        return None
    if len(view.legal) == 1:
        return view.legal[0], False
    rng = random.Random(SAFETY_SEED)
    totals = dict.fromkeys(view.legal, 0.0)
    wins = dict.fromkeys(view.legal, 0)
    dealt = _dealt_views(view, rng)
    for each in dealt:
        win, safe = team_assess(each, rng)
        if win is not None:
            wins[win] += 1
            totals[win] += 1.0
            continue
        scores, _ = team_scores(each, safe, rng, TEAM_TURNS, TEAM_ROUNDS)
        for action, score in scores.items():
            totals[action] += score
    for action in view.legal:
        if wins[action] == len(dealt):
            return action, True
    best = max(view.legal, key=lambda a: totals[a])  # the first listed on a tie
    return best, False


def _team_reason(
    view: PlayerView, action: Action, names: tuple[str, str], seats: tuple[str, ...]
) -> str:
    """Why this action in a team game: the team moves have their own lines, the rest as duels."""
    if isinstance(action, Lead):
        return t("team_hint.lead", name=_seat_name(action.seat, names, seats))
    if isinstance(action, PlayUp):
        return t("team_hint.play_up", agent=agent_name(action.agent))
    if isinstance(action, PlayDown):
        return t("team_hint.play_down", agent=agent_name(action.agent))
    if isinstance(action, Take) and action.seat is not None:
        return t(
            "team_hint.take_card",
            card=card_name(action.card),
            name=_seat_name(action.seat, names, seats),
        )
    return _reason(view, action, names)


def _seat_name(seat: int, names: tuple[str, str], seats: tuple[str, ...]) -> str:
    """A member's name (its side's name when the seat names are not known)."""
    return seats[seat] if seat < len(seats) else names[side_of(seat)]


def _suggest_team(view: PlayerView, names: tuple[str, str], seats: tuple[str, ...]) -> Hint | None:
    """suggest() for a team game."""
    found = team_hint(view)
    if found is None:
        return None
    action, wins = found
    text = _team_reason(view, action, names, seats)
    prefix = _sure_prefix(view, action)
    if prefix is not None:
        text = t("hint.with_outcome", outcome=prefix, text=text)
    return Hint(action, 1.0 if wins else 0.0, t("hint.line", text=text))


def suggest(view: PlayerView, names: tuple[str, str], seats: tuple[str, ...] = ()) -> Hint | None:
    """The evaluation's best legal action for the view's seat and one line saying why (in a
    team game `seats` names each seat, for the lines that name a member).

    None when the seat has nothing to decide (or the evaluation cannot judge this view).
    """
    if view.seat is not None and view.legal and _team_game(view):
        return _suggest_team(view, names, seats)
    scores = scores_for(view)
    if not scores:
        return None
    action = choose(view, scores)
    score = scores[action]
    text = _reason(view, action, names)
    prefix = _sure_prefix(view, action)
    if prefix is not None:
        text = t("hint.with_outcome", outcome=prefix, text=text)
    return Hint(action, score, t("hint.line", text=text))


def hint_unavailable() -> str:
    """What the hint line says when there is nothing to suggest."""
    return t("hint.none")
