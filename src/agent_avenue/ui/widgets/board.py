"""The board: the 14-space loop drawn as a ring of cells around a legend."""

from __future__ import annotations

from collections.abc import Iterable

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
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
    SpaceCell:ansi, SpaceCell:ansi.-alt, SpaceCell:ansi.-market,
    SpaceCell:ansi.-home-green, SpaceCell:ansi.-home-blue {
        background: ansi_default;  /* the terminal's palette has no tints: marks and borders */
    }
    SpaceCell > .note {
        display: none;
        width: 100%;
        height: auto;
        text-wrap: wrap;
        text-align: center;
        color: $foreground-muted;
    }
    SpaceCell > .kind {
        display: none;
        width: 100%;
        height: 1;
        text-wrap: nowrap;
        text-overflow: ellipsis;
        color: $foreground-muted;
    }
    """

    def __init__(self, space: int, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id or f"space-{space}", classes=classes)
        self.space = space
        self.market = False
        self.occupants: tuple[bool, bool] = (False, False)
        self.notes: tuple[str, str] = ("", "")
        """What each side's meeple carries on a wide board when it stands here ("8 to catch")."""
        self.wide = False
        """On a medium or large board the meeples are drawn as wider tokens."""
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
        yield Label(plain(self._note_text()), classes="note")
        yield Label(plain(self._word_text()), classes="word")
        yield Label(plain(self._kind_text()), classes="kind")

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
        self.notes = notes
        if self.is_mounted:
            self._show()

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
            return  # unchanged: redrawing the cell's labels would cost every step
        self.market = market
        self.set_class(market, "-market")
        if self.is_mounted:
            self._show()

    def set_occupants(self, green: bool, blue: bool) -> None:
        """Show which meeples stand on this space."""
        if (green, blue) == self.occupants:
            return
        self.occupants = (green, blue)
        if self.is_mounted:
            self._show()

    def on_mount(self) -> None:
        """Show what was set before the cell was mounted."""
        self._show()

    def _show(self) -> None:
        show_content(self.query_one(".head", Label), plain(self._head_text()))
        show_content(self.query_one(".word", Label), plain(self._word_text()))
        show_content(self.query_one(".note", Label), plain(self._note_text()))
        show_content(self.query_one(".kind", Label), plain(self._kind_text()))
        for side, here in enumerate(self.occupants):
            token = self.query_one(f".meeple.{SIDE_CLASSES[side]}", Label)
            token.set_class(here, "-here")
            show_content(token, plain(f" {meeple(side)} " if self.wide else meeple(side)))

    def set_wide(self, wide: bool) -> None:
        """Draw the meeples as wide tokens (a medium or large board) or as they are."""
        if wide == self.wide:
            return
        self.wide = wide
        if self.is_mounted:
            self._show()

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
    BoardRing.-wide SpaceCell > .head {
        text-style: bold;
    }
    BoardRing.-large SpaceCell > .word {
        display: none;
    }
    BoardRing.-wide SpaceCell > .note {
        display: block;
    }
    BoardRing.-large SpaceCell > .kind {
        display: block;
    }
    BoardRing.-wide SpaceCell > .meeples {
        height: 1fr;
        align: center middle;
    }
    BoardRing.-wide SpaceCell .meeple {
        text-style: bold reverse;
    }
    BoardRing.-wide SpaceCell .meeple.-blue {
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
    BoardRing.-wide > #legend > .side, BoardRing.-wide > #legend > .mode {
        display: none;
    }
    BoardRing > #legend > OfferSlots {
        margin: 1 0;
    }
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
        self.add_class("-compact")
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
            self.set_class(name == size, f"-{name}")
        self.set_class(size != "compact", "-wide")
        self.size_class = size
        for cell in self.cells.values():
            cell.set_wide(size != "compact")
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
            cell.set_class(space in marked, "-highlight")

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
