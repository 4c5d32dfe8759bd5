"""Small helpers the widgets share: side markers, icon and preview texts, plain content."""

from __future__ import annotations

from typing import cast

from textual.content import Content
from textual.css.styles import RulesMap
from textual.visual import VisualType
from textual.widget import Widget
from textual.widgets import Static

from agent_avenue.engine import Icon, Mark, PlayerView, RecruitPreview
from agent_avenue.i18n import t
from agent_avenue.teaching.describe import signed
from agent_avenue.ui.agent_look import LOSE_MARK, WIN_MARK, mark_style

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


def same_content(old: VisualType | None, new: VisualType) -> bool:
    """Whether two contents draw the same: the same text with the same styles."""
    if isinstance(old, Content) and isinstance(new, Content):
        return old.plain == new.plain and old.spans == new.spans
    if isinstance(old, str) and isinstance(new, str):
        return old == new
    return False


def show_content(widget: Static, content: VisualType) -> None:
    """Give a text widget new content, unless it already shows exactly that (an update lays
    out and redraws the whole screen, even when nothing changed); a new text that takes the
    same room is only redrawn, with no layout."""
    old = widget.content
    if not same_content(old, content):
        widget.update(content, layout=not _same_room(widget, old, content))


def set_classes(widget: Widget, add: bool, *names: str) -> None:
    """Add or remove CSS classes; a widget not mounted yet is styled once, when it is mounted
    (Textual otherwise styles it, and its children, at every change of class before that)."""
    widget.set_class(add, *names, update=widget.is_mounted)


def show_border_title(widget: Widget, title: Content | None) -> None:
    """Give a widget a new border title, unless it already shows exactly that: setting one
    draws the whole widget again, even when nothing changed."""
    if widget.border_title != (None if title is None else title.markup):
        widget.border_title = title


def show_border_subtitle(widget: Widget, subtitle: Content | None) -> None:
    """Give a widget a new border subtitle, unless it already shows exactly that."""
    if widget.border_subtitle != (None if subtitle is None else subtitle.markup):
        widget.border_subtitle = subtitle


def _same_room(widget: Static, old: VisualType, new: VisualType) -> bool:
    """Whether the new text needs exactly the room the old one has in this widget: as many
    rows at its width, and as many columns where its width follows its text."""
    if not (isinstance(old, Content) and isinstance(new, Content)) or not widget.is_mounted:
        return False
    styles = widget.styles
    rules = cast("RulesMap", styles)  # what Textual's own measure passes (get_content_height)
    width = widget.content_region.width
    if width <= 0:
        return False
    if styles.is_auto_width:
        room = widget.container_size.width or width
        if old.get_optimal_width(rules, room) != new.get_optimal_width(rules, room):
            return False
    if styles.is_auto_height:
        return old.get_height(rules, width) == new.get_height(rules, width)
    return True


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


def icon_content(icon: Icon | None, width: int = 0, *, chip: bool = True) -> Content:
    """A printed icon as drawn, right-aligned in `width` cells: WIN and LOSE as marks (a
    reversed chip " ★ ", or the mark alone without `chip`)."""
    if icon is Mark.WIN or icon is Mark.LOSE:
        mark = WIN_MARK if icon is Mark.WIN else LOSE_MARK
        chip_text = f" {mark} " if chip else mark
        pad = " " * max(0, width - len(chip_text))
        return Content.assemble(pad, (chip_text, mark_style(icon)))
    text = icon_text(icon)
    return Content(f"{text:>{width}}")


def preview_text(preview: RecruitPreview, view: PlayerView, side: int) -> str:
    """What the next copy does, in a word: WIN, LOSE, or the signed move from recruit_preview."""
    if preview.outcome is Mark.WIN:
        return t("collection.next_win")
    if preview.outcome is Mark.LOSE:
        return t("collection.next_lose")
    return signed(preview.move)


def filled(key: str, pieces: dict[str, Content], **params: object) -> Content:
    """t(key, ...) as Content, with the placeholders named in `pieces` drawn as styled Content
    (the rest of the text is plain: never markup)."""
    marks = {name: f"\x00{i}\x00" for i, name in enumerate(pieces)}
    text = t(key, **params, **marks)
    parts: list[Content] = []
    for i, chunk in enumerate(text.split("\x00")):
        if i % 2:
            parts.append(pieces[list(pieces)[int(chunk)]])
        elif chunk:
            parts.append(Content(chunk))
    return Content.assemble(*parts)


def next_content(text: str) -> Content:
    """A next-copy text ("WIN reaches", "+3 $") with WIN and LOSE drawn as marks."""
    for word, icon in (
        (t("collection.next_win"), Mark.WIN),
        (t("collection.next_lose"), Mark.LOSE),
    ):
        if text == word or text.startswith(f"{word} "):
            return Content.assemble(icon_content(icon, chip=False), Content(text[len(word) :]))
    return Content(text)
