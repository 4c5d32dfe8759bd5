"""The black market supply on the table: its face-up cards as cards, with what they do."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.content import Content
from textual.widget import Widget
from textual.widgets import Static

from agent_avenue.engine import Mode, PlayerView, Rules
from agent_avenue.i18n import t
from agent_avenue.ui.widgets._common import set_classes
from agent_avenue.ui.widgets.cards import MarketCardView

__all__ = ["SUPPLY_SLOTS", "SupplyCards"]

SUPPLY_SLOTS = 3
"""The black market supply has at most three face-up cards (RULES.md, advanced mode)."""


class SupplyCards(Widget):
    """The supply's face-up cards, one card each (advanced mode only). The cards are built
    once and shown again in place when the supply changes: no widget is mounted in play.

    The class `-brief` leaves out the rules texts (each card's tooltip keeps it)."""

    DEFAULT_CSS = """
    SupplyCards {
        height: auto;
        width: 100%;
        layout: vertical;
    }
    SupplyCards.-none {
        display: none;
    }
    SupplyCards > .heading {
        color: $text-warning;
        text-style: bold;
        padding: 0 1;
    }
    SupplyCards > MarketCardView {
        width: 100%;
        max-height: 9;
    }
    SupplyCards > MarketCardView.-empty {
        display: none;
    }
    SupplyCards.-brief > MarketCardView > .text {
        display: none;
    }
    """

    def __init__(self, rules: Rules, *, id: str | None = None, classes: str | None = None) -> None:
        """An empty supply of `rules`' cards, hidden until a view of the advanced mode."""
        super().__init__(id=id, classes=classes)
        self.rules = rules
        self.cards: tuple[str, ...] = ()
        self._view: PlayerView | None = None
        set_classes(self, True, "-none")

    def compose(self) -> ComposeResult:
        """One card per place in the supply (the empty places hidden)."""
        yield Static(Content(t("status.supply_title")), classes="heading")
        if not self.rules.card_ids:
            return
        placeholder = self.rules.card_ids[0]  # shown in place once a card is there
        for index in range(SUPPLY_SLOTS):
            # The cards of a view given before mounting are there from the start (a card
            # shown once mounted would be styled again).
            card = self._card_at(index)
            empty = "-empty" if card is None else None
            yield MarketCardView(card or placeholder, self.rules, classes=empty)

    def on_mount(self) -> None:
        """Show what was set before mounting."""
        if self._view is not None:
            self._show(self._view)

    def update_view(self, view: PlayerView) -> None:
        """Show the supply of a view (public: the face-up cards)."""
        set_classes(self, view.mode is not Mode.ADVANCED, "-none")
        self.cards = tuple(view.supply) if view.mode is Mode.ADVANCED else ()
        self._view = view
        if self.is_mounted:
            self._show(view)

    def _card_at(self, index: int) -> str | None:
        """The face-up card at place `index` of the supply (None: an empty place)."""
        return self.cards[index] if index < len(self.cards) else None

    def _show(self, view: PlayerView) -> None:
        for index, slot in enumerate(self.query(MarketCardView).results(MarketCardView)):
            card = self._card_at(index)
            set_classes(slot, card is None, "-empty")
            if card is not None and card != slot.card_id:
                slot.show_card(card, view)
