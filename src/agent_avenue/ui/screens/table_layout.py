"""The table screen's widgets at each board size: what goes where, nothing shown in them yet."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widget import Widget

from agent_avenue.engine import Rules
from agent_avenue.ui.widgets import BoardRing, CollectionPanel, GameLog, TableStatus
from agent_avenue.ui.widgets.keybar import KeyBar
from agent_avenue.ui.widgets.panel_box import PanelBox
from agent_avenue.ui.widgets.panels import Panel
from agent_avenue.ui.widgets.size import SizeWarning
from agent_avenue.ui.widgets.supply import SupplyCards

COMPACT_HEIGHT = 34
"""Below this many rows the collections list their agents compactly."""


def fit_collections(table: Widget, height: int) -> None:
    """The collections of `table` fitted to a terminal `height` rows high."""
    compact = height < COMPACT_HEIGHT
    for panel in table.query(CollectionPanel):
        panel.fit(compact)


def table_widgets(rules: Rules, size: str, panel: Panel, box: PanelBox) -> ComposeResult:
    """The board with the collections and the table status beside it, the log where there is
    room, `panel` in `box` below; a board of `size` medium or large sits in the middle, a side
    on each hand."""
    yield SizeWarning()
    board = BoardRing(id="board")
    board.set_size(size)
    if size == "compact":
        with Horizontal(id="table-top", classes="main"):
            yield board
            with VerticalScroll(id="table-side"):  # arrow keys scroll it when it overflows
                yield CollectionPanel(0, id="collection-0")
                yield CollectionPanel(1, id="collection-1")
                yield TableStatus(id="status")
            yield GameLog(rules, id="table-log")
    else:
        with Horizontal(id="table-top", classes=f"main -ring -{size}"):
            with VerticalScroll(id="table-left"):
                yield CollectionPanel(0, id="collection-0", classes="-stats-line")
                yield TableStatus(id="status", supply=False)
                brief = "" if size == "large" else "-brief"
                yield SupplyCards(rules, id="supply", classes=brief)
            yield board
            with Vertical(id="table-right"):
                with VerticalScroll(id="table-side"):
                    yield CollectionPanel(1, id="collection-1", classes="-stats-line")
                yield GameLog(rules, id="table-log")
    with box:
        yield panel
    yield KeyBar()


def panel_box(size: str) -> PanelBox:
    """The panel's box: on the ring boards it keeps one height from panel to panel (at least 9
    rows, then the tallest shown), so the board above does not grow and shrink (and redraw
    whole) at every step."""
    steady = " -steady" if size != "compact" else ""
    return PanelBox(id="panel-box", classes=f"main{steady}")
