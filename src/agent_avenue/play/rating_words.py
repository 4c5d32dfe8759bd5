"""Ratings in words: a rated player's name and the numbers, in the language in use.

Light enough for the start screen: it imports the locale strings and nothing of openskill.
"""

from __future__ import annotations

from agent_avenue.i18n import DEFAULT_LANGUAGE, catalogue, t
from agent_avenue.play.ratings import PlayerRating, Who

__all__ = ["rated_label", "rating_line", "rating_number", "trend_text"]

MINUS = "\u2212"
"""The minus sign of a falling trend (a hyphen reads as a dash in a table)."""


def rated_label(who: Who) -> str:
    """How a rated player is named: the person's name, or "Computer (hard)" for a level."""
    if not who.is_computer:
        return who.name
    key = f"ratings.computer_{who.name}"
    if key in catalogue(DEFAULT_LANGUAGE):
        return t(key)
    return t("ratings.computer", level=who.name)  # a level this program does not know


def rating_number(value: float) -> str:
    """A rating or an uncertainty to one decimal, with the language's decimal mark."""
    return f"{value:.1f}".replace(".", t("ratings.decimal_mark"))


def trend_text(change: float) -> str:
    """A trend with its sign: "+1.2", MINUS then "0.8", or "0.0" when the rating has not moved."""
    shown = rating_number(abs(change))
    if shown == rating_number(0.0):
        return shown
    return ("+" if change > 0 else MINUS) + shown


def rating_line(rating: PlayerRating | None) -> str:
    """One line for a name typed on the start screen: its rating, uncertainty and games, or
    that the name has no rating yet."""
    if rating is None:
        return t("ratings.start_new")
    return t(
        "ratings.start_one" if rating.games == 1 else "ratings.start_rating",
        rating=rating_number(rating.rating),
        uncertainty=rating_number(rating.uncertainty),
        games=rating.games,
        trend=trend_text(rating.trend),
    )
