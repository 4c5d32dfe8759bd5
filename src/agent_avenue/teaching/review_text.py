"""The review's sentences: what a decision was, its mark, and why the better action was better,
read off the engine's verdicts (teaching/hints.py's reasons) and the review's numbers only.

Every text is made by `t()` in the language in use, so the claim test reads its claims
(tests/test_sentence_claims.py): `review.why_missed_win` says the better action wins this turn
whatever happens, `review.why_chose_loss` that the action taken loses whatever happens while the
better one does not, and the reason after them is a hint's, with the hint's claims.
"""

from __future__ import annotations

from agent_avenue.engine import Action, PlayerView, parse_action
from agent_avenue.i18n import t
from agent_avenue.teaching.hints import action_reason, action_words
from agent_avenue.teaching.review_judge import Decision, Judgement
from agent_avenue.teaching.review_marks import Mark

__all__ = [
    "mark_word",
    "percent",
    "taken_and_best",
    "what_was_done",
    "why_better",
    "why_parts",
]


def percent(chance: float) -> int:
    """A chance as a whole percentage."""
    return round(100 * max(0.0, min(1.0, chance)))


def taken_and_best(decision: Decision, judgement: Judgement) -> tuple[Action, Action]:
    """The judgement's two actions, read back in the decision's view."""
    rules = decision.view.rules
    return parse_action(judgement.taken, rules), parse_action(judgement.best, rules)


def mark_word(mark: Mark) -> str:
    """A mark in a word ("blunder"); empty for no mark."""
    return "" if mark is Mark.NONE else t(f"review.mark.{mark.value}")


def what_was_done(decision: Decision) -> str:
    """The action taken, in a few words ("offer the Enforcer face up and the Sentinel face
    down")."""
    return action_words(decision.taken, decision.view)


def _words(view: PlayerView, action: Action) -> str:
    """An action in a few words, in the decision's view."""
    return action_words(action, view)


def why_parts(
    decision: Decision,
    judgement: Judgement,
    names: tuple[str, str],
    seats: tuple[str, ...] = (),
) -> tuple[str, str]:
    """What was better and why, as two texts: the engine's sure result when there is one, else
    both chances; then the hint's reason for the better action (both empty-free texts made by
    `t()`)."""
    view = decision.view
    taken, best = taken_and_best(decision, judgement)
    if taken == best:
        return t("review.why_none"), ""
    reason = action_reason(view, best, names, seats)
    if judgement.missed_win:
        head = t("review.why_missed_win", best=_words(view, best))
    elif judgement.chose_loss:
        head = t("review.why_chose_loss", taken=_words(view, taken), best=_words(view, best))
    else:
        head = t(
            "review.why_chances",
            best=_words(view, best),
            chance_best=percent(judgement.chance_best),
            taken=_words(view, taken),
            chance_taken=percent(judgement.chance_taken),
        )
    return head, reason


def why_better(
    decision: Decision,
    judgement: Judgement,
    names: tuple[str, str],
    seats: tuple[str, ...] = (),
) -> str:
    """Why the better action was better, in one sentence (`why_parts` joined)."""
    head, reason = why_parts(decision, judgement, names, seats)
    if not reason:
        return head
    return t("review.why", head=head, reason=reason)
