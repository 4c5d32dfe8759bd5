"""A titled list of options with one chosen, drawn as one widget: the start screen's choices.

Textual's RadioSet is a widget per button (and Select a dropdown of several widgets), which the
start screen paid for at every start; this draws the same choice as text. The chosen option is
also the highlighted one: the arrow keys choose at once, a click chooses, and the mark
(◉ chosen, ○ not) says which is chosen without colour.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import ClassVar, NamedTuple

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

CHOSEN = "◉"
NOT_CHOSEN = "○"
GAP = "   "
"""Between two options on one line."""
TITLE_GAP = "  "
"""Between the title and the first option of a row laid out on one line."""

__all__ = ["CHOSEN", "NOT_CHOSEN", "ChoiceRow", "Option"]


class Option(NamedTuple):
    """One option: the value the program reads, and the words the player reads."""

    value: str
    label: str


class _Placed(NamedTuple):
    """Where an option is drawn: its line, and its first and past-the-end columns."""

    line: int
    start: int
    end: int


class ChoiceRow(Widget, can_focus=True):
    """A title and its options, one of them chosen; either on one line (wrapped between options
    when narrow) or `stacked`: the title, then one option per line."""

    DEFAULT_CSS = """
    ChoiceRow {
        width: 1fr;
        height: auto;
    }
    ChoiceRow > .choice-row--title {
        text-style: bold;
    }
    ChoiceRow > .choice-row--chosen {
        color: $text-success;
        text-style: bold;
    }
    ChoiceRow:focus > .choice-row--chosen {
        background: $block-cursor-background;
        color: $block-cursor-foreground;
        text-style: bold;
    }
    """
    COMPONENT_CLASSES: ClassVar[set[str]] = {"choice-row--title", "choice-row--chosen"}
    BINDINGS: ClassVar[list[BindingType]] = [
        # No Space: the option highlighted is already the one chosen (a habit from radio
        # buttons, down then Space, must not move the choice on again).
        Binding("down,right", "step(1)", show=False),
        Binding("up,left", "step(-1)", show=False),
    ]

    index: reactive[int] = reactive(0)
    """Which option is chosen."""

    class Changed(Message):
        """Another option was chosen."""

        def __init__(self, row: ChoiceRow, value: str) -> None:
            super().__init__()
            self.row = row
            self.value = value

        @property
        def control(self) -> ChoiceRow:
            """The row whose choice changed (for `@on(ChoiceRow.Changed, "#id")`)."""
            return self.row

    def __init__(
        self,
        title: str,
        options: Sequence[Option],
        value: str | None = None,
        *,
        stacked: bool = False,
        title_width: int = 0,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        """A row titled `title` offering `options`, `value` chosen (else the first one); on one
        line, the options start `title_width` columns in at least (to line up with other rows)."""
        super().__init__(id=id, classes=classes)
        if not options:
            raise ValueError("a choice needs at least one option")
        self.title = title
        self.options: tuple[Option, ...] = tuple(options)
        self.stacked = stacked
        self.title_width = title_width
        values = [option.value for option in self.options]
        self.set_reactive(ChoiceRow.index, values.index(value) if value in values else 0)

    @property
    def value(self) -> str:
        """The chosen option's value."""
        return self.options[self.index].value

    def choose(self, value: str) -> None:
        """Choose the option with this value (a ValueError if there is none)."""
        self.index = [option.value for option in self.options].index(value)

    def relabel(self, value: str, label: str) -> None:
        """Show another label for one option (the names typed for the sides, say)."""
        self.options = tuple(
            option._replace(label=label) if option.value == value else option
            for option in self.options
        )
        self.refresh(layout=True)

    def watch_index(self) -> None:
        """Tell the screen (Textual calls this only when the choice changes, and redraws)."""
        self.post_message(self.Changed(self, self.value))

    def action_step(self, delta: int) -> None:
        """Choose the next (1) or previous (-1) option, going round."""
        self.index = (self.index + delta) % len(self.options)

    def on_click(self, event: events.Click) -> None:
        """A click on an option chooses it."""
        for index, placed in enumerate(self._layout(self.size.width)):
            if placed.line == event.y and placed.start <= event.x < placed.end:
                self.index = index
                return

    def option_offset(self, value: str) -> tuple[int, int]:
        """Where the option with this value is drawn (x, y), for clicking it in tests."""
        values = [option.value for option in self.options]
        placed = self._layout(self.size.width)[values.index(value)]
        return placed.start, placed.line

    def plain(self) -> str:
        """The row as plain text (for tests)."""
        return self.render().plain

    # Drawing ---------------------------------------------------------------------------------

    def _option_text(self, option: Option, chosen: bool) -> str:
        return f"{CHOSEN if chosen else NOT_CHOSEN} {option.label}"

    def _title_lines(self, width: int) -> list[str]:
        """The title, wrapped to the width when stacked (on one line otherwise)."""
        if not self.stacked or width <= 0:
            return [self.title]
        return textwrap.wrap(self.title, width) or [""]

    def _layout(self, width: int) -> list[_Placed]:
        """Where each option goes at this width (stacked: one per line under the title)."""
        texts = [self._option_text(o, i == self.index) for i, o in enumerate(self.options)]
        if self.stacked:
            top = len(self._title_lines(width))
            return [_Placed(top + n, 0, cell_len(text)) for n, text in enumerate(texts)]
        placed: list[_Placed] = []
        line = 0
        column = max(cell_len(self.title), self.title_width) + cell_len(TITLE_GAP)
        indent = column
        for text in texts:
            size = cell_len(text)
            if placed and width and column + cell_len(GAP) + size > width:
                line += 1
                column = indent
            elif placed:
                column += cell_len(GAP)
            placed.append(_Placed(line, column, column + size))
            column += size
        return placed

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """As many lines as the options need at this width."""
        return self._layout(width)[-1].line + 1

    def render(self) -> Text:
        """The title and the options, the chosen one marked and styled."""
        chosen_style = self.get_component_rich_style("choice-row--chosen")
        title_style = self.get_component_rich_style("choice-row--title")
        width = self.size.width
        placed = self._layout(width)
        lines = [Text(no_wrap=True) for _ in range(placed[-1].line + 1)]
        for line, words in zip(lines, self._title_lines(width), strict=False):
            line.append(words, title_style)
        for index, (option, where) in enumerate(zip(self.options, placed, strict=True)):
            line = lines[where.line]
            line.append(" " * (where.start - cell_len(line.plain)))
            chosen = index == self.index
            line.append(self._option_text(option, chosen), chosen_style if chosen else None)
        return Text("\n").join(lines)
