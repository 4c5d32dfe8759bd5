"""The offer in the board's centre: a face-up and a face-down card slot.

A slot shows a card only when the view may see it: the face-down card is drawn face up only in
a view that holds it (`view.face_down`, the offerer's own screen), a card back otherwise.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widget import Widget
from textual.widgets import Static

from agent_avenue.engine import Phase, PlayerView
from agent_avenue.i18n import t
from agent_avenue.ui.widgets._common import plain
from agent_avenue.ui.widgets.cards import AgentCard, CardBack

__all__ = ["OfferSlots", "SlotCards", "offer_on_table"]

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


class EmptySlot(Static):
    """A card's place on the table with no card on it."""

    DEFAULT_CSS = """
    EmptySlot {
        width: 14;
        height: 6;
        border: dashed $panel-lighten-2;
        border-title-color: $foreground-muted;
        color: $foreground-muted;
        content-align: center middle;
    }
    """


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
        self._shown: list[Widget] = []
        """The widgets of the face-up and face-down slots, as composed or last replaced."""

    def compose(self) -> ComposeResult:
        """The two slots as they are now."""
        with Horizontal():
            yield from self._slots()

    def _slots(self) -> list[Widget]:
        up, down = self._kinds()
        self._shown = [self._slot(up, 0), self._slot(down, 1)]
        return [self._shown[0], Static(classes="slot-gap"), self._shown[1]]

    def _kinds(self) -> tuple[SlotKind, SlotKind]:
        """What each slot holds now: an agent's card, a card back or nothing."""
        up, down, back = self.cards
        seen = self._view is not None
        up_kind: SlotKind = ("card", up) if up is not None and seen else ("empty", None)
        if down is not None and seen:
            return up_kind, ("card", down)
        return up_kind, ("back", None) if back else ("empty", None)

    def _slot(self, kind: SlotKind, index: int) -> Widget:
        """A new widget for slot `index` (0 face up, 1 face down) holding `kind`."""
        what, agent = kind
        face = "-face-up" if index == 0 else "-face-down"
        if what == "card" and agent is not None and self._view is not None:
            return AgentCard(agent, index, self._view, self._side, classes=face)
        if what == "back":
            return CardBack(classes=face)
        return _empty(t("cards.face_up" if index == 0 else "cards.face_down"))

    def show(self, view: PlayerView, side: int, cards: SlotCards) -> None:
        """Show these cards (from `offer_on_table`, or an offer being made), drawn for the
        recruiting side `side`."""
        changed = cards != self.cards or side != self._side
        before = self._kinds()
        self.cards, self._view, self._side = cards, view, side
        if not changed or not self.is_mounted:
            return
        # Only a slot whose content changes gets a new widget; a card that stays is updated
        # in place (mounting cards lays out and draws the board's centre again).
        box = self.query_one(Horizontal)
        gap = box.query_one(".slot-gap", Static)
        for index, (old, new) in enumerate(zip(before, self._kinds(), strict=True)):
            shown = self._shown[index]
            if old != new:
                shown.remove()
                slot = self._slot(new, index)
                self._shown[index] = slot
                if index == 0:
                    box.mount(slot, before=gap)
                else:
                    box.mount(slot, after=gap)
            elif isinstance(shown, AgentCard):
                shown.update_view(view, side)

    def text(self) -> str:
        """What the slots show, for tests and screen readers."""
        up, down, back = self.cards
        hidden = t("cards.back") if back else ""
        return "\n".join((up or "", down or hidden))


def _empty(title: str) -> EmptySlot:
    slot = EmptySlot()
    slot.border_title = plain(title)
    return slot
