"""The offer in the board's centre: a face-up and a face-down card slot.

A slot shows a card only when the view may see it: the face-down card is drawn face up only in
a view that holds it (`view.face_down`, the offerer's own screen), a card back otherwise.
"""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.content import Content
from textual.widget import Widget
from textual.widgets import Static

from agent_avenue.engine import Phase, PlayerView
from agent_avenue.i18n import t
from agent_avenue.ui.widgets._common import (
    plain,
    set_classes,
    show_border_subtitle,
    show_border_title,
)
from agent_avenue.ui.widgets.cards import (
    AgentIcons,
    agent_icons,
    agent_tooltip,
    card_body,
    card_body_css,
    card_text,
    next_copy,
    next_copy_subtitle,
)

__all__ = ["OfferSlots", "SlotCard", "SlotCards", "offer_on_table"]

SlotCards = tuple[str | None, str | None, bool]
"""What the slots show: the face-up agent, the face-down agent, and whether a face-down card
lies there unseen (a card back)."""

_EMPTY: SlotCards = (None, None, False)

SlotKind = tuple[str, str | None]
"""What one slot holds: ("card", agent), ("back", None) or ("empty", None)."""


def offer_on_table(view: PlayerView) -> SlotCards:
    """The cards of the offer on the table as this view may see them (nothing if none)."""
    if view.face_up is None or view.result is not None:
        return _EMPTY
    if view.phase is Phase.RECRUIT:
        return (view.face_up, view.face_down, view.face_down is None)
    if view.phase is Phase.PLAY_DOWN:  # a team game: the face-up card waits for its partner
        return (view.face_up, None, False)
    return _EMPTY


class SlotCard(Widget):
    """One card's place on the table: empty, a card back, or an agent card face up.

    One widget whatever it holds, shown in place: a slot made of a new card widget at every
    change laid out and drew the whole table again (three frames at each key of an offer).
    It holds only what it shows: no hidden card of an earlier screen stays inside it.
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "slot-card--name",
        "slot-card--icon",
        "slot-card--next",
    }

    DEFAULT_CSS = """
    SlotCard {
        width: 14;
        height: 6;
        border: dashed $panel-lighten-2;
        border-title-color: $foreground-muted;
        border-subtitle-color: $foreground-muted;
        color: $foreground-muted;
        text-wrap: nowrap;
        text-overflow: ellipsis;
    }
    SlotCard.-back {
        border: dashed $warning;
        background: $panel;
        hatch: right $panel-lighten-2;
        content-align: center middle;
        text-align: center;
    }
    SlotCard.-card {
        background: $surface;
    }
    SlotCard.-card:hover {
        background: $boost;
    }
    SlotCard.-card.-face-up {
        border: heavy $success;
        border-title-color: $text-success;
    }
    SlotCard.-card.-face-down {
        border: dashed $warning;
        border-title-color: $text-warning;
    }
    """ + card_body_css("SlotCard", "slot-card")

    def __init__(self, index: int) -> None:
        """The face-up slot (`index` 0) or the face-down one (1), empty."""
        super().__init__(classes="-face-up" if index == 0 else "-face-down")
        self.index = index
        self.kind: SlotKind = ("empty", None)
        self.icons: AgentIcons = (None, None, None)
        self.next_row = 0
        self.next_text = ""
        show_border_title(self, self._tag())

    def _tag(self) -> Content:
        return plain(t("cards.face_up" if self.index == 0 else "cards.face_down"))

    def show(self, kind: SlotKind, view: PlayerView, side: int) -> None:
        """Hold `kind`, a card drawn for the recruiting side `side` as `view` sees it."""
        what, held = kind
        agent = held if what == "card" else None
        changed = kind != self.kind
        self.kind = kind
        # What a card shows goes with it: a back or an empty slot keeps nothing of the card
        # that lay there (on the offerer's screen, the face-down one).
        self.icons = agent_icons(view.rules, agent) if agent else (None, None, None)
        self.next_row, self.next_text = next_copy(view, side, agent) if agent else (0, "")
        set_classes(self, what == "back", "-back")
        set_classes(self, agent is not None, "-card")
        show_border_title(self, None if what == "back" else self._tag())
        show_border_subtitle(self, next_copy_subtitle(agent, self.next_text) if agent else None)
        self.tooltip = agent_tooltip(agent, self.icons) if agent else None
        if changed or agent:
            self.refresh()

    def render(self) -> Content:
        """The card's name and its three icons, the next copy's marked; a back's word."""
        what, agent = self.kind
        if what == "back":
            return plain(t("cards.back"))
        if what != "card" or agent is None:
            return Content("")
        return card_body(self, "slot-card", agent, self.icons, self.next_row)

    def text(self) -> str:
        """What the slot shows, for tests and screen readers."""
        what, agent = self.kind
        if what == "back":
            return t("cards.back")
        if what != "card" or agent is None:
            return ""
        return card_text(agent, self.icons, self.next_row, self.next_text)


class OfferSlots(Widget):
    """Two card slots side by side: face up (▲) and face down (▼)."""

    DEFAULT_CSS = """
    OfferSlots {
        layout: horizontal;
        width: auto;
        height: 6;
    }
    OfferSlots > Horizontal {
        width: auto;
        height: 6;
    }
    OfferSlots .slot-gap {
        width: 1;
    }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.cards: SlotCards = _EMPTY
        self._view: PlayerView | None = None
        self._side = 0
        self.slots = (SlotCard(0), SlotCard(1))
        """The face-up and the face-down slot."""

    def compose(self) -> ComposeResult:
        """The two slots as they are now."""
        with Horizontal():
            yield self.slots[0]
            yield Static(classes="slot-gap")
            yield self.slots[1]

    def _kinds(self) -> tuple[SlotKind, SlotKind]:
        """What each slot holds now: an agent's card, a card back or nothing."""
        up, down, back = self.cards
        up_kind: SlotKind = ("card", up) if up is not None else ("empty", None)
        if down is not None:
            return up_kind, ("card", down)
        return up_kind, ("back", None) if back else ("empty", None)

    def show(self, view: PlayerView, side: int, cards: SlotCards) -> None:
        """Show these cards (from `offer_on_table`, or an offer being made), drawn for the
        recruiting side `side`."""
        if cards == self.cards and side == self._side and view is self._view:
            return
        self.cards, self._view, self._side = cards, view, side
        for slot, kind in zip(self.slots, self._kinds(), strict=True):
            slot.show(kind, view, side)

    def text(self) -> str:
        """What the slots show, for tests and screen readers."""
        up, down, back = self.cards
        hidden = t("cards.back") if back else ""
        return "\n".join((up or "", down or hidden))
