"""Small helpers the widgets share: side markers, icon and preview texts, plain content."""

from __future__ import annotations

from textual.content import Content

from agent_avenue.engine import Icon, Mark, PlayerView, RecruitPreview
from agent_avenue.i18n import t
from agent_avenue.teaching.describe import signed

SIDE_CLASSES: tuple[str, str] = ("-green", "-blue")
"""CSS class of each side: green (seat 0) and blue (seat 1)."""


def meeple(side: int) -> str:
    """A side's meeple marker: a letter and a glyph ("G●", "B▲"), readable without colour."""
    return t("board.meeple_green" if side == 0 else "board.meeple_blue")


def colour_word(side: int) -> str:
    """A side's colour in words."""
    return t("seat.green" if side == 0 else "seat.blue")


def plain(text: str) -> Content:
    """Text shown as it is: player names and card texts are never read as markup."""
    return Content(text)


def icon_text(icon: Icon | None) -> str:
    """A printed icon: +2, 0, a minus-signed move, WIN, LOSE, or a dash for a missing icon."""
    if icon is None:
        return t("cards.no_icon")
    if icon is Mark.WIN:
        return t("cards.win")
    if icon is Mark.LOSE:
        return t("cards.lose")
    assert isinstance(icon, int)
    return signed(icon)


def preview_text(preview: RecruitPreview, view: PlayerView, side: int) -> str:
    """What the next copy does, in a word: WIN, LOSE, or the signed move from recruit_preview."""
    if preview.outcome is Mark.WIN:
        return t("collection.next_win")
    if preview.outcome is Mark.LOSE:
        return t("collection.next_lose")
    return signed(preview.move)
