"""The start screen's line below a name field: that player's rating, read from the score sheet.

Light to import: the ratings' modules (and openskill, and the score sheet's validation) are
imported by `read_ratings`, in the thread that reads the sheet once the screen is drawn.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from textual.content import Content
from textual.screen import Screen
from textual.widgets import Static

if TYPE_CHECKING:
    from agent_avenue.play.ratings import Ratings

__all__ = ["RATINGS_DELAY", "NameRating", "read_ratings", "read_ratings_later"]

RATINGS_DELAY = 0.25
"""Seconds after a screen is mounted before a thread reads the ratings: never beside its first
frame (benchmarks/startup.py)."""


def read_ratings() -> Ratings | None:
    """The ratings of the score sheet as it is on disk; None without a sheet, with an empty or
    a damaged one (left as it is, for the score sheet to report). Run it in a thread."""
    from agent_avenue.play.ratings import rate_games
    from agent_avenue.storage.history import peek_history

    rows = peek_history()
    return rate_games(rows) if rows else None


def read_ratings_later(screen: Screen[Any], show: Callable[[Ratings], None]) -> None:
    """A moment after `screen` is mounted, read the ratings in a thread, then `show` them on
    the app's thread (not at all without a score sheet)."""

    def read() -> None:
        ratings = read_ratings()
        if ratings is not None:
            screen.app.call_from_thread(show, ratings)

    def start() -> None:
        screen.run_worker(read, thread=True, exclusive=True, exit_on_error=False)

    screen.set_timer(RATINGS_DELAY, start)


class NameRating(Static):
    """The rating of the name typed in one seat's field, or of the computer's level for a seat
    the computer plays; it takes no room until there is a rating to show."""

    DEFAULT_CSS = """
    NameRating {
        display: none;
        height: auto;
        color: $text-muted;
    }
    NameRating.-shown {
        display: block;
    }
    """

    def __init__(self, seat: int) -> None:
        super().__init__(id=f"rating-{seat}", classes="start-rating")
        self.seat = seat

    def show(self, ratings: Ratings, name: str, kind: str) -> None:
        """Show the rating of the player of this name and kind ("human" or "bot:<level>")."""
        from agent_avenue.play.rating_words import rated_label, rating_line
        from agent_avenue.play.ratings import who_played

        who = who_played(name, kind)
        text = rating_line(ratings.of(who))
        if who.is_computer:
            text = f"{rated_label(who)}: {text}"
        self.update(Content(text))
        self.add_class("-shown")
