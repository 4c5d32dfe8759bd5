"""The table screen's widgets at each board size: what goes where, and what they show first."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widget import Widget

from agent_avenue.engine import PlayerView, Rules
from agent_avenue.play.session import LogEntry
from agent_avenue.ui.widgets import BoardRing, CollectionPanel, GameLog, TableStatus
from agent_avenue.ui.widgets.keybar import KeyBar
from agent_avenue.ui.widgets.panel_box import PanelBox
from agent_avenue.ui.widgets.panels import Panel
from agent_avenue.ui.widgets.size import SizeWarning
from agent_avenue.ui.widgets.supply import SupplyCards

COMPACT_HEIGHT = 34
"""Below this many rows the collections list their agents compactly."""


def fit_collections(panels: Iterable[CollectionPanel], height: int) -> None:
    """These collections fitted to a terminal `height` rows high."""
    compact = height < COMPACT_HEIGHT
    for panel in panels:
        panel.fit(compact)


@dataclass(frozen=True, slots=True)
class GameWidgets:
    """The widgets that show the game. They are filled before they are mounted (`fill`), so
    that each is first styled with the classes the game gives it, and styled once."""

    board: BoardRing
    status: TableStatus
    supply: SupplyCards | None
    collections: tuple[CollectionPanel, CollectionPanel]
    log: GameLog

    def show(self, view: PlayerView, names: tuple[str, str], seats: tuple[str, ...]) -> None:
        """Board, status, supply and both collections from one view."""
        self.board.update_view(view, names, seats)
        self.status.update_view(view, names, seats)
        if self.supply is not None:
            self.supply.update_view(view)
        for side, panel in enumerate(self.collections):
            panel.update_view(view, side, names, seats)

    def fill(
        self,
        view: PlayerView | None,
        names: tuple[str, str],
        seats: tuple[str, ...],
        log: Iterable[LogEntry],
        height: int,
    ) -> None:
        """Everything the table was told so far, for a terminal `height` rows high."""
        fit_collections(self.collections, height)
        if view is not None:
            self.show(view, names, seats)
        self.log.set_entries(log, names, seats)


def game_widgets(rules: Rules, size: str) -> GameWidgets:
    """The table's widgets for a board of `size`, empty."""
    board = BoardRing(id="board")
    board.set_size(size)
    ring = size != "compact"
    line = "-stats-line" if ring else None
    collections = (
        CollectionPanel(0, id="collection-0", classes=line),
        CollectionPanel(1, id="collection-1", classes=line),
    )
    brief = "" if size == "large" else "-brief"
    supply = SupplyCards(rules, id="supply", classes=brief) if ring else None
    status = TableStatus(id="status", supply=False) if ring else TableStatus(id="status")
    return GameWidgets(board, status, supply, collections, GameLog(rules, id="table-log"))


def table_widgets(
    shown: GameWidgets, size: str, panel: Panel, box: PanelBox, result_rows: int | None = None
) -> ComposeResult:
    """The board with the collections and the table status beside it, the log where there is
    room, `panel` in `box` below; a board of `size` medium or large sits in the middle, a side
    on each hand. Once the game is over, its result lies over the box: the box takes the
    result's rows (`result_rows`), and a compact board's row the rest."""
    yield SizeWarning()
    green, blue = shown.collections
    if size == "compact":
        top = Horizontal(id="table-top", classes="main")
        with top:
            yield shown.board
            with VerticalScroll(id="table-side"):  # arrow keys scroll it when it overflows
                yield green
                yield blue
                yield shown.status
            yield shown.log
    else:
        assert shown.supply is not None
        top = Horizontal(id="table-top", classes=f"main -ring -{size}")
        with top:
            with VerticalScroll(id="table-left"):
                yield green
                yield shown.status
                yield shown.supply
            yield shown.board
            with Vertical(id="table-right"):
                with VerticalScroll(id="table-side"):
                    yield blue
                yield shown.log
    if result_rows is not None:
        make_room(top, box, size, result_rows)
    with box:
        yield panel
    yield KeyBar()


def make_room(top: Widget, box: PanelBox, size: str, result_rows: int) -> None:
    """The game is over: `box` takes the rows of the result lying over it, and on a compact
    board `top` (the board and the collections) the rest, which lets the collections show
    whole (a short terminal cuts them to the board's 12 rows during play)."""
    box.styles.height = box.styles.min_height = box.styles.max_height = result_rows
    if size == "compact":
        top.styles.height = "1fr"


def panel_box(size: str) -> PanelBox:
    """The panel's box: on the ring boards it keeps one height from panel to panel (at least 9
    rows, then the tallest shown), so the board above does not grow and shrink (and redraw
    whole) at every step."""
    steady = " -steady" if size != "compact" else ""
    return PanelBox(id="panel-box", classes=f"main{steady}")
