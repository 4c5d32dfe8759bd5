"""The game's widget styles, parsed while the start screen is read instead of at the start key.

Textual parses a widget class's default CSS (its own and its bases') when the first widget of
that class is mounted: at the start key that was 14-15 style sheets, 11-16 ms of the first screen
of a game (and two more at its first hand, one at its result). `parse_early` adds them to the
app's style sheet beforehand, under the names, the order and the priorities Textual gives them as
a hot-seat game's widgets first come (the handoff, then the table, a private screen, the result),
so that mounting them parses nothing; `tests/ui/test_early_styles.py` checks both against
Textual's own.
"""

from __future__ import annotations

import inspect
from collections.abc import Iterator
from typing import Any

from textual.app import App
from textual.containers import Center
from textual.dom import DOMNode
from textual.widgets import Button, LoadingIndicator

from agent_avenue.ui.screens.game_over import GameOverScreen
from agent_avenue.ui.widgets import BoardRing, CollectionPanel, GameLog
from agent_avenue.ui.widgets.board import SpaceCell
from agent_avenue.ui.widgets.cards import AgentCard, CardBack, MarketCardView
from agent_avenue.ui.widgets.item_lines import ItemLines
from agent_avenue.ui.widgets.offer_slots import OfferSlots, SlotCard
from agent_avenue.ui.widgets.panel_box import PanelBox
from agent_avenue.ui.widgets.panels import ThinkingPanel, WaitingPanel
from agent_avenue.ui.widgets.status import TableStatus
from agent_avenue.ui.widgets.supply import SupplyCards
from agent_avenue.ui.widgets.thinking_indicator import ThinkingIndicator

GAME_WIDGETS: tuple[type[DOMNode], ...] = (
    Center,  # the first handoff
    Button,
    PanelBox,  # the table
    BoardRing,
    WaitingPanel,
    CollectionPanel,
    TableStatus,
    SupplyCards,
    SpaceCell,
    GameLog,
    ItemLines,
    MarketCardView,
    OfferSlots,
    SlotCard,
    AgentCard,  # a hand
    CardBack,
    ThinkingPanel,  # the computer's turn
    ThinkingIndicator,
    LoadingIndicator,
    GameOverScreen,
)
"""The classes whose styles a game needs, in the order a hot-seat game first mounts them."""

CssLocation = tuple[str, str]


def css_chain(widget_class: type[DOMNode]) -> Iterator[type[DOMNode]]:
    """The class and the bases it takes CSS from, as Textual walks them: the first base that
    is a DOM node, then its own, and so on (none of the game's classes opts out of
    inheriting CSS)."""
    cls: type[DOMNode] | None = widget_class
    while cls is not None:
        yield cls
        cls = next((base for base in cls.__bases__ if issubclass(base, DOMNode)), None)


def default_css(widget_class: type[DOMNode]) -> Iterator[tuple[CssLocation, str, int, str]]:
    """Each default CSS the class takes: where it was read from, the text, its priority among
    the class's own (0 its own, -1 its base's, ...) and the type it is scoped to."""
    for rank, base in enumerate(css_chain(widget_class)):
        css = vars(base).get("DEFAULT_CSS", "")
        if not css:
            continue
        try:
            path = inspect.getfile(base)
        except (TypeError, OSError):
            path = ""
        scope = base.__name__ if vars(base).get("SCOPED_CSS", True) else ""
        yield (path, f"{base.__name__}.DEFAULT_CSS"), css, -rank, scope


def parse_early(app: App[Any], classes: tuple[type[DOMNode], ...] = GAME_WIDGETS) -> None:
    """Add the default CSS of `classes` to the app's style sheet and parse what is new."""
    stylesheet = app.stylesheet
    for widget_class in classes:
        for location, css, rank, scope in default_css(widget_class):
            # As Textual adds them: a CSS already there keeps its place and the lowest rank.
            stylesheet.add_source(
                css, read_from=location, is_default_css=True, tie_breaker=rank, scope=scope
            )
    _ = stylesheet.rules  # parses the sources added (and nothing else: each is parsed once)
