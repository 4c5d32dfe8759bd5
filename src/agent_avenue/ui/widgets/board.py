"""The board: the 14-space loop drawn as a ring of cells around a legend."""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar, Self

from rich.segment import Segment
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.content import Content
from textual.geometry import Region, Size
from textual.strip import Strip
from textual.style import Style
from textual.widget import Widget
from textual.widgets import Label

from agent_avenue.engine import (
    BOARD_SIZE,
    HOMES,
    MARKET_SPACES,
    Mode,
    PlayerView,
    distance_to_catch,
)
from agent_avenue.i18n import plural_key, t
from agent_avenue.play.teams import team_of_two
from agent_avenue.ui.widgets._common import (
    SIDE_CLASSES,
    colour_word,
    meeple,
    plain,
    same_content,
    set_classes,
    show_border_title,
    show_content,
)
from agent_avenue.ui.widgets.members import decider_name
from agent_avenue.ui.widgets.offer_slots import OfferSlots, SlotCards, offer_on_table

__all__ = ["BOARD_SIZES", "GRID_CELLS", "BoardRing", "SpaceCell", "board_size"]

GRID_CELLS: dict[int, tuple[int, int]] = {
    0: (2, 3),
    1: (1, 3),
    2: (0, 3),
    3: (0, 2),
    4: (0, 1),
    5: (0, 0),
    6: (1, 0),
    7: (2, 0),
    8: (3, 0),
    9: (4, 0),
    10: (4, 1),
    11: (4, 2),
    12: (4, 3),
    13: (3, 3),
}
"""Grid cell (column, row) of each space: green home 0 at the bottom middle, blue home 7 at the
top middle, the black market spaces in the corners, numbered clockwise."""

_LEGEND = (1, 1)  # the centre: top-left cell of the 3x2 span


def _compose_order() -> list[int | None]:
    """Spaces in the grid's row-major fill order; None is the legend (spanning 3x2)."""
    by_cell = {cell: space for space, cell in GRID_CELLS.items()}
    order: list[int | None] = []
    for row in range(4):
        for column in range(5):
            if (column, row) == _LEGEND:
                order.append(None)
            elif (column, row) in by_cell:
                order.append(by_cell[(column, row)])
    return order


class SpaceCell(Widget):
    """One space of the loop: its number, a home or black market mark, and the meeples on it.

    One widget drawing the whole cell (a board of widgets per line made every change of the
    table lay out and draw about 110 widgets); it is drawn again only when what it shows
    changes, and its size never depends on its content.
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "space-cell--head",
        "space-cell--word",
        "space-cell--note",
        "space-cell--green",
        "space-cell--blue",
    }

    DEFAULT_CSS = """
    SpaceCell {
        width: 7;
        height: 3;
        background: $panel;
        color: $foreground;
        text-wrap: nowrap;
        text-overflow: clip;
    }
    SpaceCell.-alt {
        background: $panel-lighten-1;
    }
    SpaceCell.-home-green {
        background: $success 30%;
    }
    SpaceCell.-home-blue {
        background: $primary 30%;
    }
    SpaceCell.-market {
        background: $warning 25%;
    }
    SpaceCell > .space-cell--word, SpaceCell > .space-cell--note {
        color: $foreground-muted;
    }
    SpaceCell.-home-green > .space-cell--head {
        color: $text-success;
        text-style: bold;
    }
    SpaceCell.-home-blue > .space-cell--head {
        color: $text-primary;
        text-style: bold;
    }
    SpaceCell.-market > .space-cell--head {
        color: $text-warning;
        text-style: bold;
    }
    SpaceCell.-highlight > .space-cell--head {
        text-style: reverse;
    }
    SpaceCell > .space-cell--green {
        color: $text-success;
        text-style: bold;
    }
    SpaceCell > .space-cell--blue {
        color: $text-primary;
        text-style: bold underline;
    }
    SpaceCell:ansi, SpaceCell:ansi.-alt, SpaceCell:ansi.-market,
    SpaceCell:ansi.-home-green, SpaceCell:ansi.-home-blue {
        background: ansi_default;  /* the terminal's palette has no tints: marks and borders */
    }
    """

    def __init__(self, space: int, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id or f"space-{space}", classes=classes)
        self.space = space
        self.market = False
        self.occupants: tuple[bool, bool] = (False, False)
        self.notes: tuple[str, str] = ("", "")
        """What each side's meeple carries on a wide board when it stands here ("8 to catch")."""
        self._lines: list[Strip] | None = None
        self._lines_size = Size(0, 0)
        self.size_class = "compact"
        """The board's size class: a medium or large board draws wide tokens, the note, and
        (large) the space's kind in words instead of its short word."""
        home_side = HOMES.index(space) if space in HOMES else None
        self.home_side = home_side
        if home_side is not None:
            set_classes(self, True, f"-home{SIDE_CLASSES[home_side]}")
        elif space % 2:
            set_classes(self, True, "-alt")

    @property
    def wide(self) -> bool:
        """Whether the cell is drawn on a medium or large board (wide tokens, a note)."""
        return self.size_class != "compact"

    def _head_text(self) -> str:
        if self.home_side is not None:
            home = "board.home_green" if self.home_side == 0 else "board.home_blue"
            return f"{self.space} {t(home)}"
        if self.market:
            return f"{self.space} {t('board.market_mark')}"
        return str(self.space)

    def _note_text(self) -> str:
        """The note of the one meeple standing here (none when both or neither stand here)."""
        here = [side for side in (0, 1) if self.occupants[side]]
        return self.notes[here[0]] if len(here) == 1 else ""

    def set_notes(self, notes: tuple[str, str]) -> None:
        """What each side's meeple says under it on a wide board (empty: nothing)."""
        if notes == self.notes:
            return
        shown = self._note_text()
        self.notes = notes
        if self.wide and self._note_text() != shown:
            self.refresh()

    def _word_text(self) -> str:
        if self.market:
            return t("board.market_word")
        if self.home_side is not None:
            return t("board.home_word")
        return ""

    def _kind_text(self) -> str:
        """The space's kind in full words (the wide board's cells have room for them)."""
        if self.market:
            return t("board.market_long")
        if self.home_side is not None:
            return t("board.home_long", colour=colour_word(self.home_side))
        return ""

    def set_market(self, market: bool) -> None:
        """Show or hide the black market mark (advanced mode's corner spaces)."""
        if market == self.market:
            return  # unchanged: drawing the cell again would cost every step
        self.market = market
        set_classes(self, market, "-market")
        self.refresh()

    def set_occupants(self, green: bool, blue: bool) -> None:
        """Show which meeples stand on this space."""
        if (green, blue) == self.occupants:
            return
        self.occupants = (green, blue)
        self.refresh()

    def set_size(self, size: str) -> None:
        """Draw the cell for the board's size class (board_size): compact, medium or large."""
        if size == self.size_class:
            return
        self.size_class = size
        self.refresh()

    def refresh(
        self,
        *regions: Region,
        repaint: bool = True,
        layout: bool = False,
        recompose: bool = False,
    ) -> Self:
        """Draw the cell again (its lines are built anew: a style or its content changed)."""
        self._lines = None
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)

    def render_line(self, y: int) -> Strip:
        """One line of the cell (all of them built at once, kept until the cell changes)."""
        if self._lines is None or self._lines_size != self.size:
            self._lines_size = self.size
            self._lines = self._build_lines()
        return self._lines[y] if y < len(self._lines) else Strip([])

    def _part_style(self, part: str) -> Style:
        """The style of one part of the cell (its component class), over the cell's own."""
        styles = self.get_component_styles(f"space-cell--{part}")
        text_style = styles.text_style
        return Style(
            foreground=styles.color if styles.has_rule("color") else None,
            bold=text_style.bold,
            underline=text_style.underline,
            reverse=text_style.reverse,
        )

    def _build_lines(self) -> list[Strip]:
        """The cell at its size: the number line, the meeples, then on a wide board the note
        and the space's kind (large) or its word; a compact board shows number, meeples, word.

        Short lines are left short and gaps are bare background, as a line of labels draws."""
        width, height = self.size
        if width <= 0 or height <= 0:
            return []
        base = self.visual_style
        base_background, background = self.background_colors
        gap = Style(background=base_background + background).rich_style

        def strip(*parts: Content | int) -> Strip:
            """Contents and gaps (a number of blank cells) in a row, cut to the width."""
            segments: list[Segment] = []
            for part in parts:
                if isinstance(part, int):
                    segments.append(Segment(" " * part, gap))
                else:
                    segments += part.render_segments(base)
            return Strip(segments).crop(0, width).simplify()

        def cut(text: str, part: str) -> Strip:
            return strip(
                Content.styled(text, self._part_style(part)).truncate(width, ellipsis=True)
            )

        tokens: list[Content | int] = []  # each meeple keeps a blank cell to its right
        for side in (0, 1):
            if self.occupants[side]:
                text = f" {meeple(side)} " if self.wide else meeple(side)
                tokens += [Content.styled(text, self._part_style(SIDE_CLASSES[side][1:])), 1]
        head = cut(self._head_text(), "head")
        if not self.wide:
            return [head, strip(*tokens[:-1]), cut(self._word_text(), "word")][:height]
        used = sum(part.cell_length if isinstance(part, Content) else part for part in tokens)
        meeples = strip(max(0, (width - used) // 2), *tokens[:-1])
        note = Content.styled(self._note_text(), self._part_style("note"))
        notes = []
        for line in note.wrap(width):
            line = line.rstrip()
            notes.append(strip((width - line.cell_length) // 2, line) if line else strip())
        last = self._kind_text() if self.size_class == "large" else self._word_text()
        # The meeples' row takes what is left, at least a line (the word goes below the cell).
        room = max(1, height - 2 - len(notes))
        middle = [Strip([])] * room
        middle[(room - 1) // 2] = meeples
        return [head, *middle, *notes, cut(last, "word")][:height]

    def text(self) -> str:
        """The cell's text, line by line (for tests and screen readers)."""
        meeples = " ".join(meeple(side) for side in (0, 1) if self.occupants[side])
        return "\n".join((self._head_text(), meeples, self._word_text()))

    def shown(self) -> list[str]:
        """The cell's lines as drawn at its size (for tests)."""
        return [self.render_line(y).text.rstrip() for y in range(self.size.height)]

    def describe(self, names: tuple[str, str]) -> str:
        """A tooltip: the space number, whose home it is, a black market, the meeples on it."""
        parts = [t("board.tooltip_space", n=self.space)]
        if self.home_side is not None:
            parts.append(
                t(
                    "board.tooltip_home",
                    name=names[self.home_side],
                    colour=colour_word(self.home_side),
                )
            )
        if self.market:
            parts.append(t("board.tooltip_market"))
        for side in (0, 1):
            if self.occupants[side]:
                parts.append(t("board.tooltip_meeple", name=names[side], meeple=meeple(side)))
        return "\n".join(parts)


BOARD_SIZES = ("compact", "medium", "large")
"""The board's size classes: compact (about 39x12), medium and large (filling the table)."""


def board_size(width: int, height: int) -> str:
    """The board's size class for a terminal of this size."""
    if width >= 150 and height >= 42:
        return "large"
    if width >= 120 and height >= 36:
        return "medium"
    return "compact"


class BoardRing(Widget):
    """The 14-space loop as a 5x4 grid ring, with the table's middle in the centre.

    Its size class (`set_size`: compact, medium, large) decides how much the centre shows:
    compact, both players, the turn and the mode; medium and large fill the space they are
    given, and the centre shows the turn, the offer's two card slots and the decks.
    """

    DEFAULT_CSS = """
    BoardRing {
        layout: grid;
        grid-size: 5 4;
        grid-columns: 7;
        grid-rows: 3;
        grid-gutter: 0 1;
        width: 39;
        height: 12;
    }
    BoardRing.-wide {
        grid-columns: 1fr;
        grid-rows: 1fr;
        grid-gutter: 1 1;
        width: 1fr;
        height: 100%;
        min-width: 39;
    }
    BoardRing.-wide SpaceCell {
        width: 100%;
        height: 100%;
        border: round $panel-lighten-2;
    }
    BoardRing.-wide SpaceCell.-home-green {
        border: heavy $success;
    }
    BoardRing.-wide SpaceCell.-home-blue {
        border: heavy $primary;
    }
    BoardRing.-wide SpaceCell.-market {
        border: double $warning;
    }
    BoardRing.-wide SpaceCell.-highlight {
        border: thick $accent;
    }
    BoardRing.-wide SpaceCell > .space-cell--head {
        text-style: bold;
    }
    BoardRing.-wide SpaceCell > .space-cell--green {
        text-style: bold reverse;
    }
    BoardRing.-wide SpaceCell > .space-cell--blue {
        text-style: bold reverse underline;
    }
    BoardRing > #legend {
        column-span: 3;
        row-span: 2;
        padding: 0 1;
        background: $surface;
    }
    BoardRing.-wide > #legend {
        align: center middle;
        border: round $panel-lighten-2;
        border-title-color: $foreground-muted;
        border-title-align: center;
        padding: 0 1;
    }
    BoardRing > #legend > Label {
        width: 100%;
        text-wrap: nowrap;
        text-overflow: ellipsis;
    }
    BoardRing.-wide > #legend > Label {
        text-align: center;
    }
    BoardRing > #legend > .side {
        text-style: bold;
    }
    BoardRing > #legend > .turn {
        text-style: bold;
    }
    BoardRing > #legend > .-green {
        color: $text-success;
    }
    BoardRing > #legend > .-blue {
        color: $text-primary;
    }
    BoardRing > #legend > .mode, BoardRing > #legend > .counts {
        color: $foreground-muted;
    }
    BoardRing > #legend > .counts, BoardRing > #legend > OfferSlots {
        display: none;
    }
    BoardRing.-wide > #legend > .counts, BoardRing.-wide > #legend > OfferSlots {
        display: block;
    }
    BoardRing.-wide > #legend > .side, BoardRing.-wide > #legend > .mode,
    BoardRing.-wide > #legend > OfferSlots.-over {  /* a finished game has no offer */
        display: none;
    }
    BoardRing > #legend > OfferSlots { margin: 1 0; }
    BoardRing > #legend > .counts {
        height: auto;
        text-wrap: wrap;
    }
    """

    def __init__(
        self, *, name: str | None = None, id: str | None = None, classes: str | None = None
    ) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.positions: tuple[int, int] = (HOMES[0], HOMES[1])
        self.names: tuple[str, str] = (colour_word(0), colour_word(1))
        self.mode = Mode.SIMPLE
        self.size_class = "compact"
        self.cells: dict[int, SpaceCell] = {space: SpaceCell(space) for space in GRID_CELLS}
        self.slots = OfferSlots(id="board-slots")
        self._view: PlayerView | None = None
        self._notes: tuple[str, str] = ("", "")
        self._seats: tuple[str, ...] = ()
        self._legend_lines: tuple[str, ...] = (
            t("board.legend_side", meeple=meeple(0), name=self.names[0]),
            t("board.legend_side", meeple=meeple(1), name=self.names[1]),
            "",
            "",
            t("board.mode_simple"),
        )
        set_classes(self, True, "-compact")
        self._refresh_cells()

    def compose(self) -> ComposeResult:
        """The 14 cells in grid order, the legend in the centre."""
        for space in _compose_order():
            if space is None:
                with Vertical(id="legend"):
                    yield Label(classes="side -green")
                    yield Label(classes="side -blue")
                    yield Label(classes="turn")
                    yield self.slots
                    yield Label(classes="counts")
                    yield Label(classes="mode")
            else:
                yield self.cells[space]

    def on_mount(self) -> None:
        """Show the legend set before mounting (the cells show their own state)."""
        self._show_legend()

    def set_size(self, size: str) -> None:
        """Choose the size class (board_size): compact, medium or large."""
        assert size in BOARD_SIZES, size
        for name in BOARD_SIZES:
            set_classes(self, name == size, f"-{name}")
        set_classes(self, size != "compact", "-wide")
        self.size_class = size
        for cell in self.cells.values():
            cell.set_size(size)
        if self._view is not None:
            self.update_view(self._view, self.names, self._seats)

    def update_view(
        self, view: PlayerView, names: tuple[str, str], seats: tuple[str, ...] = ()
    ) -> None:
        """Show a view: both meeples, the black market corners (advanced mode), the legend with
        whoever decides now (`seats`: a team game's players), the offer on the table."""
        self.names = names
        self.mode = view.mode
        self._view = view
        self._seats = seats
        advanced = view.mode is Mode.ADVANCED
        for space, cell in self.cells.items():
            cell.set_market(advanced and space in MARKET_SPACES)
        self._legend_lines = (
            t("board.legend_side", meeple=meeple(0), name=names[0]),
            t("board.legend_side", meeple=meeple(1), name=names[1]),
            self._turn_text(view, names, seats),
            self._counts_text(view),
            t("board.mode_advanced" if advanced else "board.mode_simple"),
        )
        self.slots.show(view, 1 - view.active, offer_on_table(view))
        set_classes(self.slots, view.result is not None, "-over")  # the slots alone restyle
        if view.result is None:  # once the game is over, the result says what happened
            green, blue = (distance_to_catch(view, side) for side in (0, 1))
            self._notes = (t("collection.catch", n=green), t("collection.catch", n=blue))
        else:
            self._notes = ("", "")
        self.show_positions((view.sides[0].position, view.sides[1].position))
        if self.is_mounted:
            self._show_legend()

    def show_offer(self, view: PlayerView, cards: SlotCards) -> None:
        """Show an offer being made in the slots (only ever on the offerer's own screen)."""
        self.slots.show(view, 1 - view.active, cards)

    def _turn_text(self, view: PlayerView, names: tuple[str, str], seats: tuple[str, ...]) -> str:
        """The turn and whoever decides now; the winner once the game is over."""
        if view.result is not None:
            key = "board.legend_over" if self.size_class != "compact" else "board.legend_over_short"
            winner = view.result.winner
            return t(plural_key(key, team_of_two(winner, view.players)), name=names[winner])
        return t("board.legend_turn", n=view.turn, name=decider_name(view, names, seats))

    def _counts_text(self, view: PlayerView) -> str:
        """The decks: the agent deck, and in advanced mode the black market supply and deck."""
        if view.mode is not Mode.ADVANCED:
            return t("board.counts", deck=view.deck_size)
        return t(
            "board.counts_market",
            deck=view.deck_size,
            supply=len(view.supply),
            market=view.market_deck_size,
        )

    def show_positions(self, positions: tuple[int, int]) -> None:
        """Put the green and blue meeples on these spaces (the caller animates step by step)."""
        self.positions = (positions[0] % BOARD_SIZE, positions[1] % BOARD_SIZE)
        view = self._view
        settled = view is not None and self.positions == (
            view.sides[0].position,
            view.sides[1].position,
        )
        # The distances are the view's: shown only where the meeples stand as it says (not
        # while they move space by space).
        notes = self._notes if settled else ("", "")
        for cell in self.cells.values():
            cell.set_notes(notes)
        self._refresh_cells()

    def highlight_spaces(self, spaces: Iterable[int]) -> None:
        """Mark some spaces (e.g. where a recruit would go); an empty iterable clears the marks."""
        marked = {s % BOARD_SIZE for s in spaces}
        for space, cell in self.cells.items():
            set_classes(cell, space in marked, "-highlight")

    def _refresh_cells(self) -> None:
        green, blue = self.positions
        for space, cell in self.cells.items():
            cell.set_occupants(space == green, space == blue)
            tooltip = plain(cell.describe(self.names))
            if not same_content(cell.tooltip, tooltip):
                cell.tooltip = tooltip

    def _show_legend(self) -> None:
        labels = list(self.query("#legend > Label").results(Label))
        for label, text in zip(labels, self._legend_lines, strict=True):
            show_content(label, plain(text))
        legend = self.query_one("#legend", Vertical)
        mode = plain(self._legend_lines[4]) if self.size_class != "compact" else None
        show_border_title(legend, mode)

    def text(self) -> str:
        """Every space's text and the legend, for tests and screen readers."""
        lines = [f"{space}: {self.cells[space].text()!r}" for space in sorted(self.cells)]
        return "\n".join([*lines, *(line for line in self._legend_lines if line)])
