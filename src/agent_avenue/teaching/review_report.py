"""A review as a reader sees it: the title, each player's accuracy, the marked decisions with
what was played, what was better and why, and everything as JSON data.

The sentences are made in the language in use from the review's numbers and the engine's
verdicts on each decision's own view (rebuilt from the record: a stored review holds numbers
only). The command line and the review screen both show this. No textual imports.
"""

from __future__ import annotations

from dataclasses import dataclass

from agent_avenue.engine import Rules, side_of
from agent_avenue.i18n import t
from agent_avenue.play.teams import side_names
from agent_avenue.teaching.hints import action_words
from agent_avenue.teaching.review import Review, decisions_of, mark
from agent_avenue.teaching.review_judge import Decision, Judgement
from agent_avenue.teaching.review_marks import BLUNDER, INACCURACY, MISTAKE, Mark
from agent_avenue.teaching.review_text import (
    mark_word,
    percent,
    taken_and_best,
    what_was_done,
    why_better,
    why_parts,
)

__all__ = ["ReviewReport", "Row", "report_of"]


@dataclass(frozen=True, slots=True)
class Row:
    """One reviewed decision as shown: move, player, mark, what was played and what was better,
    the chance before (the best action's) and after (the action taken's), and why (`why`, the
    whole sentence; `reason`, its engine part alone)."""

    number: int
    turn: int
    seat: int
    name: str
    mark: Mark
    mark_text: str
    played: str
    better: str
    before: int
    after: int
    loss: float
    why: str
    reason: str

    @property
    def marked(self) -> bool:
        """Whether the decision is marked."""
        return self.mark is not Mark.NONE

    def heading(self) -> str:
        """The decision's first line in a list: move, player, mark, what was played, chances."""
        chance = t("review.chance_pair", before=self.before, after=self.after)
        return t(
            "review.block_head",
            move=self.number,
            name=self.name,
            mark=self.mark_text,
            played=self.played,
            chance=chance,
        )


class ReviewReport:
    """The rows of a review, made once from its judgements and the decisions' views."""

    def __init__(self, review: Review, decisions: dict[int, Decision]) -> None:
        """Every judgement's row (sentences only for the marked ones)."""
        self.review = review
        record = review.record
        self.names = side_names(record.names)
        self.seat_names = tuple(record.names)
        self.rows = tuple(self._row(j, decisions[j.number]) for j in review.judgements)

    def _row(self, judgement: Judgement, decision: Decision) -> Row:
        """One judgement's row."""
        found = mark(judgement)
        words = mark_word(found)
        if judgement.missed_win:
            words = t("review.mark_flagged", mark=words, flag=t("review.flag_missed_win"))
        elif judgement.chose_loss:
            words = t("review.mark_flagged", mark=words, flag=t("review.flag_chose_loss"))
        _, best = taken_and_best(decision, judgement)
        seats = self.seat_names if len(self.seat_names) > 2 else ()
        why = reason = ""
        if found is not Mark.NONE:
            why = why_better(decision, judgement, self.names, seats)
            reason = why_parts(decision, judgement, self.names, seats)[1]
        return Row(
            number=judgement.number,
            turn=judgement.turn,
            seat=judgement.seat,
            name=self.seat_names[judgement.seat],
            mark=found,
            mark_text=words,
            played=what_was_done(decision),
            better=action_words(best, decision.view),
            before=percent(max(judgement.chance_best, judgement.chance_taken)),
            after=percent(judgement.chance_taken),
            loss=judgement.loss,
            why=why,
            reason=reason,
        )

    def marked_rows(self, seat: int | None = None) -> tuple[Row, ...]:
        """The marked decisions' rows (of one seat, or all), in the game's order."""
        return tuple(r for r in self.rows if r.marked and (seat is None or r.seat == seat))

    def title(self) -> str:
        """The review's first line: who played, the mode, how long, who won."""
        record = self.review.record
        return t(
            "review.title",
            green=self.names[0],
            blue=self.names[1],
            mode=t(f"board.mode_{record.mode.value}"),
            moves=len(record.moves),
            winner=self.names[self.review.winner],
        )

    def budget_line(self) -> str:
        """How the decisions were judged."""
        budget = self.review.budget
        return t("review.budget", iterations=budget.iterations, playouts=budget.playouts)

    def counts(self, seat: int) -> dict[Mark, int]:
        """How many decisions of each mark a seat made."""
        found = dict.fromkeys((Mark.INACCURACY, Mark.MISTAKE, Mark.BLUNDER), 0)
        for row in self.rows:
            if row.seat == seat and row.marked:
                found[row.mark] += 1
        return found

    def accuracy_line(self, seat: int) -> str:
        """A seat's accuracy and its marks' counts in one line."""
        name = self.seat_names[seat]
        accuracy = self.review.accuracy(seat)
        if accuracy is None:
            return t("review.accuracy_none", name=name)
        counts = self.counts(seat)
        return t(
            "review.accuracy",
            name=name,
            accuracy=round(accuracy),
            decisions=len(self.review.of_seat(seat)),
            inaccuracies=counts[Mark.INACCURACY],
            mistakes=counts[Mark.MISTAKE],
            blunders=counts[Mark.BLUNDER],
        )

    def accuracy_lines(self) -> list[str]:
        """Every reviewed seat's accuracy line."""
        return [self.accuracy_line(seat) for seat in self.review.seats]

    def data(self) -> dict[str, object]:
        """Everything as JSON data."""
        review = self.review
        record = review.record
        budget = review.budget
        return {
            "game": {
                "mode": record.mode.value,
                "names": list(record.names),
                "players": record.players,
                "moves": len(record.moves),
                "winner": review.winner,
                "winner_name": self.names[review.winner],
            },
            "budget": {
                "iterations": budget.iterations,
                "playouts": budget.playouts,
                "team_deals": budget.team_deals,
                "seed": budget.seed,
            },
            "thresholds": {"inaccuracy": INACCURACY, "mistake": MISTAKE, "blunder": BLUNDER},
            "seats": [self._seat_data(seat) for seat in review.seats],
            "decisions": [
                self._decision_data(row, j)
                for row, j in zip(self.rows, review.judgements, strict=True)
            ],
            "curves": {
                str(side): [[n, round(c, 4)] for n, c in review.curve(side)] for side in (0, 1)
            },
        }

    def _seat_data(self, seat: int) -> dict[str, object]:
        """One seat's accuracy and counts."""
        accuracy = self.review.accuracy(seat)
        counts = self.counts(seat)
        return {
            "seat": seat,
            "side": side_of(seat),
            "name": self.seat_names[seat],
            "accuracy": None if accuracy is None else round(accuracy, 1),
            "decisions": len(self.review.of_seat(seat)),
            "inaccuracies": counts[Mark.INACCURACY],
            "mistakes": counts[Mark.MISTAKE],
            "blunders": counts[Mark.BLUNDER],
        }

    @staticmethod
    def _decision_data(row: Row, judgement: Judgement) -> dict[str, object]:
        """One decision's numbers and words."""
        return {
            "move": row.number,
            "turn": row.turn,
            "seat": row.seat,
            "name": row.name,
            "taken": judgement.taken,
            "best": judgement.best,
            "played": row.played,
            "better": row.better,
            "chance_taken": round(judgement.chance_taken, 4),
            "chance_best": round(judgement.chance_best, 4),
            "loss": round(judgement.loss, 2),
            "visits": judgement.visits,
            "mark": row.mark.value,
            "missed_sure_win": judgement.missed_win,
            "chose_sure_loss": judgement.chose_loss,
            "why": row.why or None,
        }


def report_of(review: Review, rules: Rules) -> ReviewReport:
    """The report of a review, its decisions' views rebuilt from the record."""
    decisions, _ = decisions_of(review.record, review.seats, rules)
    return ReviewReport(review, {d.number: d for d in decisions})
