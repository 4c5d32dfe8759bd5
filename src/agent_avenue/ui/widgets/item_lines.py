"""A wrapped paragraph of items that breaks lines only between items, never inside one."""

from __future__ import annotations

from collections.abc import Sequence

from textual.content import Content
from textual.geometry import Size
from textual.widget import Widget

__all__ = ["ItemLines", "pack_items"]


def pack_items(items: Sequence[Content], separator: str, width: int) -> list[Content]:
    """The items on as few lines of `width` cells as they fit, `separator` between two items
    of one line; an item wider than a line has a line of its own (and wraps there)."""
    lines: list[Content] = []
    gap = Content(separator)
    line: Content | None = None
    for item in items:
        if line is None:
            line = item
        elif line.cell_length + gap.cell_length + item.cell_length <= width:
            line = Content.assemble(line, gap, item)
        else:
            lines.append(line)
            line = item
    if line is not None:
        lines.append(line)
    return lines


class ItemLines(Widget):
    """Items (styled texts) side by side, wrapped between items only: a glyph never parts from
    its name, nor a move from its unit."""

    DEFAULT_CSS = """
    ItemLines {
        width: 100%;
        height: auto;
    }
    """

    def __init__(self, separator: str, *, classes: str | None = None) -> None:
        """Empty; `separator` goes between two items of one line."""
        super().__init__(classes=classes)
        self.separator = separator
        self.items: tuple[Content, ...] = ()
        self.empty = Content("")

    def show(self, items: Sequence[Content], empty: Content) -> None:
        """Show these items (`empty` when there are none)."""
        shown = tuple(items)
        if shown == self.items and empty == self.empty:
            return  # a refresh would lay the screen out again for nothing
        self.items = shown
        self.empty = empty
        self.refresh(layout=True)

    def _lines(self, width: int) -> list[Content]:
        if not self.items:
            return [self.empty]
        return pack_items(self.items, self.separator, max(width, 1))

    def render(self) -> Content:
        """The packed lines for the width the widget has."""
        return Content("\n").join(self._lines(self.content_region.width))

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """As many rows as the packed lines need (an item wider than a line wraps)."""
        rows = 0
        for line in self._lines(width):
            rows += max(1, -(-line.cell_length // max(width, 1)))
        return rows
