"""The board: the 14-space loop drawn as a ring of cells around a legend."""

from __future__ import annotations

from collections.abc import Iterable

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widget import Widget
from textual.widgets import Label

from agent_avenue.engine import BOARD_SIZE, HOMES, MARKET_SPACES, Mode, PlayerView
from agent_avenue.i18n import t
from agent_avenue.ui.widgets._common import SIDE_CLASSES, colour_word, meeple, plain

__all__ = ["GRID_CELLS", "BoardRing", "SpaceCell"]

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
    """One space of the loop: its number, a home or black market mark, and the meeples on it."""

    DEFAULT_CSS = """
    SpaceCell {
        width: 7;
        height: 3;
        background: $panel;
        color: $foreground;
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
    SpaceCell > .head, SpaceCell > .word {
        width: 100%;
        height: 1;
        text-wrap: nowrap;
        text-overflow: ellipsis;
    }
    SpaceCell > .word {
        color: $foreground-muted;
    }
    SpaceCell.-home-green > .head {
        color: $text-success;
        text-style: bold;
    }
    SpaceCell.-home-blue > .head {
        color: $text-primary;
        text-style: bold;
    }
    SpaceCell.-market > .head {
        color: $text-warning;
        text-style: bold;
    }
    SpaceCell.-highlight > .head {
        text-style: reverse;
    }
    SpaceCell > .meeples {
        height: 1;
        width: 100%;
    }
    SpaceCell .meeple {
        width: auto;
        margin-right: 1;
        text-style: bold;
        display: none;
    }
    SpaceCell .meeple.-here {
        display: block;
    }
    SpaceCell .meeple.-green {
        color: $text-success;
    }
    SpaceCell .meeple.-blue {
        color: $text-primary;
        text-style: bold underline;
    }
    """

    def __init__(self, space: int, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id or f"space-{space}", classes=classes)
        self.space = space
        self.market = False
        self.occupants: tuple[bool, bool] = (False, False)
        home_side = HOMES.index(space) if space in HOMES else None
        self.home_side = home_side
        if home_side is not None:
            self.add_class(f"-home{SIDE_CLASSES[home_side]}")
        elif space % 2:
            self.add_class("-alt")

    def compose(self) -> ComposeResult:
        """The number line, the meeples line, the word line."""
        yield Label(plain(self._head_text()), classes="head")
        with Horizontal(classes="meeples"):
            for side in (0, 1):
                yield Label(plain(meeple(side)), classes=f"meeple {SIDE_CLASSES[side]}")
        yield Label(plain(self._word_text()), classes="word")

    def _head_text(self) -> str:
        if self.home_side is not None:
            home = "board.home_green" if self.home_side == 0 else "board.home_blue"
            return f"{self.space} {t(home)}"
        if self.market:
            return f"{self.space} {t('board.market_mark')}"
        return str(self.space)

    def _word_text(self) -> str:
        if self.market:
            return t("board.market_word")
        if self.home_side is not None:
            return t("board.home_word")
        return ""

    def set_market(self, market: bool) -> None:
        """Show or hide the black market mark (advanced mode's corner spaces)."""
        self.market = market
        self.set_class(market, "-market")
        if self.is_mounted:
            self._show()

    def set_occupants(self, green: bool, blue: bool) -> None:
        """Show which meeples stand on this space."""
        self.occupants = (green, blue)
        self.set_class(green, "-green-here")
        self.set_class(blue, "-blue-here")
        if self.is_mounted:
            self._show()

    def on_mount(self) -> None:
        """Show what was set before the cell was mounted."""
        self._show()

    def _show(self) -> None:
        self.query_one(".head", Label).update(plain(self._head_text()))
        self.query_one(".word", Label).update(plain(self._word_text()))
        for side, here in enumerate(self.occupants):
            self.query_one(f".meeple.{SIDE_CLASSES[side]}", Label).set_class(here, "-here")

    def text(self) -> str:
        """The cell's text, line by line (for tests and screen readers)."""
        meeples = " ".join(meeple(side) for side in (0, 1) if self.occupants[side])
        return "\n".join((self._head_text(), meeples, self._word_text()))

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


class BoardRing(Widget):
    """The 14-space loop as a 5x4 grid ring, with a legend in the centre."""

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
    BoardRing > #legend {
        column-span: 3;
        row-span: 2;
        padding: 0 1;
        background: $surface;
    }
    BoardRing > #legend > Label {
        width: 100%;
        text-wrap: nowrap;
        text-overflow: ellipsis;
    }
    BoardRing > #legend > .side {
        text-style: bold;
    }
    BoardRing > #legend > .turn {
        height: auto;
        text-wrap: wrap;
    }
    BoardRing > #legend > .-green {
        color: $text-success;
    }
    BoardRing > #legend > .-blue {
        color: $text-primary;
    }
    BoardRing > #legend > .mode {
        color: $foreground-muted;
    }
    """

    def __init__(
        self, *, name: str | None = None, id: str | None = None, classes: str | None = None
    ) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.positions: tuple[int, int] = (HOMES[0], HOMES[1])
        self.names: tuple[str, str] = (colour_word(0), colour_word(1))
        self.mode = Mode.SIMPLE
        self.cells: dict[int, SpaceCell] = {space: SpaceCell(space) for space in GRID_CELLS}
        self._legend_lines: tuple[str, str, str, str] = (
            t("board.legend_side", meeple=meeple(0), name=self.names[0]),
            t("board.legend_side", meeple=meeple(1), name=self.names[1]),
            "",
            t("board.mode_simple"),
        )
        self._refresh_cells()

    def compose(self) -> ComposeResult:
        """The 14 cells in grid order, the legend in the centre."""
        for space in _compose_order():
            if space is None:
                with Vertical(id="legend"):
                    yield Label(classes="side -green")
                    yield Label(classes="side -blue")
                    yield Label(classes="turn")
                    yield Label(classes="mode")
            else:
                yield self.cells[space]

    def on_mount(self) -> None:
        """Show the legend set before mounting (the cells show their own state)."""
        self._show_legend()

    def update_view(self, view: PlayerView, names: tuple[str, str]) -> None:
        """Show a view: both meeples, the black market corners (advanced mode), the legend."""
        self.names = names
        self.mode = view.mode
        advanced = view.mode is Mode.ADVANCED
        for space, cell in self.cells.items():
            cell.set_market(advanced and space in MARKET_SPACES)
        if view.result is not None:
            turn = t("board.legend_over", name=names[view.result.winner])
        else:
            turn = t("board.legend_turn", n=view.turn, name=names[view.active])
        mode = t("board.mode_advanced" if advanced else "board.mode_simple")
        self._legend_lines = (
            t("board.legend_side", meeple=meeple(0), name=names[0]),
            t("board.legend_side", meeple=meeple(1), name=names[1]),
            turn,
            mode,
        )
        self.show_positions((view.sides[0].position, view.sides[1].position))
        if self.is_mounted:
            self._show_legend()

    def show_positions(self, positions: tuple[int, int]) -> None:
        """Put the green and blue meeples on these spaces (the caller animates step by step)."""
        self.positions = (positions[0] % BOARD_SIZE, positions[1] % BOARD_SIZE)
        self._refresh_cells()

    def highlight_spaces(self, spaces: Iterable[int]) -> None:
        """Mark some spaces (e.g. where a recruit would go); an empty iterable clears the marks."""
        marked = {s % BOARD_SIZE for s in spaces}
        for space, cell in self.cells.items():
            cell.set_class(space in marked, "-highlight")

    def _refresh_cells(self) -> None:
        green, blue = self.positions
        for space, cell in self.cells.items():
            cell.set_occupants(space == green, space == blue)
            cell.tooltip = plain(cell.describe(self.names))

    def _show_legend(self) -> None:
        labels = list(self.query("#legend > Label").results(Label))
        for label, text in zip(labels, self._legend_lines, strict=True):
            label.update(plain(text))

    def text(self) -> str:
        """Every space's text and the legend, for tests and screen readers."""
        lines = [f"{space}: {self.cells[space].text()!r}" for space in sorted(self.cells)]
        return "\n".join([*lines, *self._legend_lines])
