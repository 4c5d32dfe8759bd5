"""Hints on request: the search bot (or the evaluation) picks an action, and a sentence says why.

In a duel the hint is the search bot's choice on the player's own view (`search_chances`, run
in a worker by the app for about half a second of processor time), shown with the win chances
the search found for the top options and a reason built from the engine's verdicts
(`chances_text`). Team games (3 or 4 players) use the team evaluation of bots/team.py
(`team_hint`), with its chances. `suggest` is the greedy bot's quick choice (a sure win first,
else the best one-ply score among the actions that risk no visible loss); it stands in where
the search cannot look (a decision on a shared screen, whose hand is not shown).

This module is the only place the app depends on the bots; every sentence is built here in the
player's language from the engine's verdicts. No textual imports.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

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
    choice_recruits,
    hidden_outcomes,
    member_of_seat,
    offer_outcomes,
    side_of,
    sure_winner,
    unseen_agents,
)
from agent_avenue.i18n import agent_name, card_name, plural_key, t
from agent_avenue.play.teams import team_of_two
from agent_avenue.teaching.explain import preview_phrase, split_phrase
from agent_avenue.teaching.verdict_text import tally_of

if TYPE_CHECKING:
    from agent_avenue.bots.ismcts import Budget

__all__ = [
    "Chances",
    "Hint",
    "action_reason",
    "action_words",
    "best_of",
    "chances_text",
    "choose",
    "hint_unavailable",
    "scores_for",
    "search_chances",
    "search_hint",
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


HINT_SECONDS = 0.5
"""Processor seconds the search thinks for a hint."""
TOP_OPTIONS = 2
"""How many options a hint gives chances for (the suggestion first)."""


@dataclass(frozen=True, slots=True)
class Hint:
    """A suggested action, its score by the evaluation, and a one-line reason."""

    action: Action
    score: float
    text: str


@dataclass(frozen=True, slots=True)
class Chances:
    """What a hint's search (or the team evaluation) found: the suggestion, the win chances of
    the top options (the suggestion first), and whether the suggestion wins for sure."""

    action: Action
    options: tuple[tuple[Action, float], ...]
    sure: bool = False


def search_chances(view: PlayerView, budget: Budget | None = None) -> Chances | None:
    """The suggestion and win chances for the view's seat (safe to run in a worker thread).

    Duels: the search bot on this view only, for `budget` (a bots.ismcts.Budget; by default
    about 0.5 s of processor time), seeded so the same view gives the same search. Team games:
    the team evaluation (its chances are averages over sampled deals). A decision on a shared
    screen (the hand not shown), or one with nothing to decide: None (`suggest` then answers).
    """
    from agent_avenue.bots.ismcts import Budget, SearchBot

    if view.seat is None or not view.legal:
        return None
    if _team_game(view):
        found = team_hint(view)
        if found is None:
            return None
        action, wins, chance = found
        return Chances(action, ((action, chance),), wins)
    if _hidden_hand(view):
        return None
    if len(view.legal) == 1:
        return Chances(view.legal[0], ())
    chosen = budget or Budget(seconds=HINT_SECONDS, clock="cpu")
    stats = SearchBot("hint", chosen).analyse(view, random.Random(SAFETY_SEED))
    if stats.sure:
        return Chances(stats.best, ((stats.best, 1.0),), sure=True)
    others = [a for a in stats.ranked() if a != stats.best and a in stats.means]
    top = [stats.best, *others][:TOP_OPTIONS]
    return Chances(stats.best, tuple((a, stats.means.get(a, 0.0)) for a in top))


def search_hint(
    view: PlayerView,
    names: tuple[str, str],
    seats: tuple[str, ...] = (),
    budget: Budget | None = None,
) -> Hint | None:
    """`search_chances` and `chances_text` in one call (`suggest` where the search cannot look)."""
    found = search_chances(view, budget)
    if found is None:
        return suggest(view, names, seats)
    return Hint(
        found.action,
        found.options[0][1] if found.options else 0.0,
        chances_text(view, found, names, seats),
    )


def _percent(chance: float) -> int:
    """A chance as a whole percentage."""
    return round(100 * max(0.0, min(1.0, chance)))


def _words(action: Action, view: PlayerView) -> str:
    """An action in a few words: "offer the Enforcer face up and the Sentinel face down"."""
    if isinstance(action, Offer):
        return t("hint.act_offer", up=agent_name(action.face_up), down=agent_name(action.face_down))
    if isinstance(action, Recruit):
        if action.face_up:
            return t("hint.act_up", agent=agent_name(view.face_up or ""))
        return t("hint.act_down")
    if isinstance(action, Discard):
        return t("hint.act_discard", agent=agent_name(action.agent))
    if isinstance(action, Take):
        return t("hint.act_take", card=card_name(action.card))
    if isinstance(action, Choose):
        return t("hint.act_choose", agent=agent_name(action.agent))
    if isinstance(action, Answer):
        agent = agent_name(view.pending_agent or "")
        return t("hint.act_again" if action.yes else "hint.act_keep", agent=agent)
    if isinstance(action, PlayUp | PlayDown):
        return t("hint.act_play", agent=agent_name(action.agent))
    if isinstance(action, Lead):
        if view.seat is None:
            return t("hint.act_lead")
        return t("hint.act_lead_self" if action.seat == view.seat else "hint.act_lead_partner")
    return t("hint.act_other")


def action_words(action: Action, view: PlayerView) -> str:
    """An action in a few words, as hints name it ("take the hidden card")."""
    return _words(action, view)


def action_reason(
    view: PlayerView, action: Action, names: tuple[str, str], seats: tuple[str, ...] = ()
) -> str:
    """Why an action, from the engine's verdicts, as a search hint says it (a team game's
    lines for its own moves), as made by `t()` (its claims stay readable)."""
    if _team_game(view):
        return _team_reason(view, action, names, seats)
    return _verdict_reason(view, action, names)


def _verdict_reason(view: PlayerView, action: Action, names: tuple[str, str]) -> str:
    """Why, in the engine's verdicts only: what each answer leads to, what a hidden card may do."""
    me = view.me.index
    other = 1 - me
    if isinstance(action, Offer):
        up, down = action.face_up, action.face_down
        text = t(
            "hint.search_offer",
            up=agent_name(up),
            down=agent_name(down),
            other=names[other],
            if_up=split_phrase(view, me, down, up, names),
            if_down=split_phrase(view, me, up, down, names),
        )
        verdicts = offer_outcomes(view, up, down).values()
        if all(not v.pickup_follows and v.winner != other for v in verdicts):
            text = t("hint.then", text=text, result=t("hint.cannot_win", other=names[other]))
        return text
    if isinstance(action, Recruit):
        tally = tally_of(hidden_outcomes(view), action.face_up, names, view.players)
        return t("verdict.result", text=tally)
    if isinstance(action, Discard):
        line = preview_phrase(view, me, action.agent, names)
        return t("hint.search_discard", agent=agent_name(action.agent), line=line)
    return _reason(view, action, names)


def chances_text(
    view: PlayerView, found: Chances, names: tuple[str, str], seats: tuple[str, ...] = ()
) -> str:
    """The hint's line for what `search_chances` found, in the language in use: the suggestion,
    its win chance and the next options', and a reason from the engine's verdicts."""
    action = found.action
    if _team_game(view):
        return _team_chances_text(view, found, names, seats)
    words = _words(action, view)
    me = view.me.index
    if sure_winner(view, action) == me:
        head = t("hint.search_sure", action=words)
    elif not found.options:
        head = t("hint.search_only", action=words)
    else:
        others = [
            t("hint.search_other", action=_words(a, view), chance=_percent(c))
            for a, c in found.options[1:]
        ]
        head = t(
            "hint.search",
            action=words,
            chance=_percent(found.options[0][1]),
            others="".join(others),
        )
    reason: str = _verdict_reason(view, action, names)
    if reason[:1].islower():
        reason = reason[:1].upper() + reason[1:]  # a sentence of its own (no claims in these)
    return t("hint.line", text=t("hint.then", text=head, result=reason))


def scores_for(view: PlayerView) -> dict[Action, float]:
    """The evaluation's one-ply score of every legal action of the view's seat (may be empty)."""
    from agent_avenue.bots.action_scores import score_actions

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
    from agent_avenue.bots.action_scores import best_action

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


def _team_chances_text(
    view: PlayerView, found: Chances, names: tuple[str, str], seats: tuple[str, ...]
) -> str:
    """A team game's hint line: the team evaluation's reason, then its chance."""
    text = _team_reason(view, found.action, names, seats)
    prefix = _sure_prefix(view, found.action)
    if prefix is not None:
        text = t("hint.with_outcome", outcome=prefix, text=text)
    if found.options:
        chance = t("hint.team_chance", chance=_percent(found.options[0][1]))
        text = t("hint.then", text=text, result=chance)
    return t("hint.line", text=text)


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
            plural_key("hint.offer", team_of_two(other, view.players)),
            up=agent_name(up),
            down=agent_name(down),
            other=names[other],
            if_up=split_phrase(view, me, down, up, names),
            if_down=split_phrase(view, me, up, down, names),
        )
    if isinstance(action, Recruit):
        face_up = view.face_up or ""
        tally = tally_of(hidden_outcomes(view), action.face_up, names, view.players)
        result = t("verdict.result", text=tally)
        if action.face_up:
            reason = t(
                "hint.take_up",
                agent=agent_name(face_up),
                line=preview_phrase(view, me, face_up, names),
            )
        else:
            reason = t(
                plural_key("hint.take_down", team_of_two(other, view.players)),
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
        if choice_recruits(view.rules, view.pending_card):
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


def team_hint(view: PlayerView) -> tuple[Action, bool, float] | None:
    """A team game's suggestion for the view's seat (bots/team.py: a sure win, else the best
    average over sampled deals among the least exposed actions), whether it surely wins, and
    its chance by the team evaluation (the mean over the sampled deals).

    Judged from the seat's own view only; on a shared screen (no hand) from public facts only.
    """
    from agent_avenue.bots.team import team_assess, team_scores

    if view.seat is None or not view.legal:
        return None
    if len(view.legal) == 1:
        return view.legal[0], False, 0.5
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
            return action, True, 1.0
    best = max(view.legal, key=lambda a: totals[a])  # the first listed on a tie
    return best, False, totals[best] / len(dealt)


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
    action, wins, _ = found
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
