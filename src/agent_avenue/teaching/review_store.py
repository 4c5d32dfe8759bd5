"""A game's review, computed once and stored with the game (storage/reviews.py) so that a
second look opens at once; a stored review that cannot be trusted is computed again."""

from __future__ import annotations

import contextlib
import threading
from pathlib import Path

from agent_avenue.engine import GameRecord, Rules, format_action
from agent_avenue.storage.atomic import StorageError
from agent_avenue.storage.reviews import (
    JudgementFacts,
    ReviewFile,
    game_digest,
    read_review,
    write_review,
)
from agent_avenue.teaching.review import Progress, Review, all_seats, decisions_of, review_game
from agent_avenue.teaching.review_judge import Judgement, ReviewBudget

__all__ = ["review_document", "review_from", "stored_or_new", "stored_review"]


def review_document(review: Review) -> ReviewFile:
    """The stored form of a review."""
    return ReviewFile(
        format=ReviewFile.FORMAT,
        version=ReviewFile.VERSION,
        game=game_digest(review.record),
        rules_version=review.record.rules_version,
        budget=review.budget.key,
        seats=review.seats,
        winner=review.winner,
        judgements=tuple(
            JudgementFacts.model_validate(j, from_attributes=True) for j in review.judgements
        ),
    )


def review_from(record: GameRecord, document: ReviewFile, budget: ReviewBudget) -> Review:
    """The review a stored document holds."""
    judgements = tuple(Judgement(**j.model_dump()) for j in document.judgements)
    return Review(record, tuple(document.seats), budget, judgements, document.winner)


def _agrees(record: GameRecord, review: Review, rules: Rules) -> bool:
    """Whether a stored review's decisions are this game's: the same steps, seats and moves
    played, and the same winner."""
    try:
        decisions, winner = decisions_of(record, review.seats, rules)
    except ValueError:
        return False
    played = [(d.number, d.seat, format_action(d.taken)) for d in decisions]
    stored = [(j.number, j.seat, j.taken) for j in review.judgements]
    return winner == review.winner and played == stored


def stored_review(
    record: GameRecord,
    seats: tuple[int, ...] | None,
    budget: ReviewBudget,
    rules: Rules,
    home: Path | str | None = None,
) -> Review | None:
    """The stored review of this game if it can be trusted and covers `seats` (every seat for
    None), limited to those seats; else None."""
    document = read_review(record, budget.key, home)
    if document is None:
        return None
    wanted = set(all_seats(record) if seats is None else seats)
    if not wanted <= set(document.seats) or not wanted <= set(all_seats(record)):
        return None
    review = review_from(record, document, budget)
    if not _agrees(record, review, rules):
        return None
    if seats is None:
        return review
    chosen = tuple(sorted(wanted))
    kept = tuple(j for j in review.judgements if j.seat in wanted)
    return Review(record, chosen, budget, kept, review.winner)


def stored_or_new(
    record: GameRecord,
    seats: tuple[int, ...] | None,
    budget: ReviewBudget,
    *,
    rules: Rules,
    home: Path | str | None = None,
    workers: int | None = None,
    progress: Progress | None = None,
    cancel: threading.Event | None = None,
) -> tuple[Review, bool]:
    """The game's review, and whether it was stored: the stored one when it can be trusted,
    else a new one (every seat reviewed, so that any seat's review is then stored), stored if
    the data folder allows (a folder that cannot be written only costs the next look)."""
    found = stored_review(record, seats, budget, rules, home)
    if found is not None:
        return found, True
    review = review_game(
        record, None, budget, rules=rules, workers=workers, progress=progress, cancel=cancel
    )
    with contextlib.suppress(StorageError):
        write_review(record, review_document(review), home)
    if seats is None:
        return review, False
    wanted = set(seats)
    kept = tuple(j for j in review.judgements if j.seat in wanted)
    return Review(record, tuple(sorted(wanted)), budget, kept, review.winner), False
