"""The duel's offer: the active player discards, then plays a card face up and one face down."""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.widgets import Static

from agent_avenue.engine import (
    Discard,
    Offer,
    PlayerView,
    RefusalReason,
    offer_refusal,
)
from agent_avenue.i18n import agent_name, plural_key, t
from agent_avenue.play.teams import team_of_two
from agent_avenue.teaching.explain import (
    offer_card_lines,
    offer_split_line,
)
from agent_avenue.ui.agent_look import styled_names
from agent_avenue.ui.widgets import AgentCard
from agent_avenue.ui.widgets._common import set_classes, show_content
from agent_avenue.ui.widgets.panels.base import (
    HAND_ROW,
    Panel,
    PanelChanged,
    Params,
    hand_bindings,
    key_number,
    plain,
)


class OfferPanel(Panel):
    """The active player's hand: discard, then choose the face-up and the face-down card."""

    BINDINGS: ClassVar[list[BindingType]] = hand_bindings(
        "offer",
        t("app.key_offer"),
        marks=[
            Binding("u", "do('mark_up')", t("app.key_face_up")),
            Binding("d", "do('mark_down')", t("app.key_face_down")),
        ],
    )

    def __init__(self, view: PlayerView, names: tuple[str, str], note: str | None) -> None:
        super().__init__(classes="panel -offer")
        self.view = view
        self.names = names
        self.note = note
        self.hand = view.hand
        self.selected: int | None = None
        self.up: int | None = None
        self.down: int | None = None
        self.legal = frozenset(view.legal)

    def compose(self) -> ComposeResult:
        """The title, the hand as cards, the choice so far and its explanation."""
        seat = self.view.seat
        assert seat is not None
        if len(self.hand) > HAND_ROW:
            set_classes(self, True, "-many-cards")
        other = 1 - self.view.me.index
        title = plural_key("offer.title", team_of_two(other, self.view.players))
        yield Static(
            plain(t(title, name=self.names[self.view.me.index], other=self.names[other])),
            classes="panel-title",
        )
        with Horizontal(classes="panel-body"):
            with Horizontal(id="offer-hand", classes="hand"):
                for index, agent in enumerate(self.hand):
                    yield AgentCard(agent, index, self.view, seat)
            yield Static(id="offer-info", classes="panel-info")
        yield Static(id="offer-status", classes="panel-status")

    def on_mount(self) -> None:
        """Show the starting choice."""
        if not self.children:
            return  # pruned as it mounted (the app quitting at a screen change): never composed
        self._update()

    def hint_view(self) -> PlayerView | None:
        """The offering player's own view."""
        return self.view

    def keep_state(self, old: Panel) -> None:
        """The cards already chosen stay chosen."""
        if isinstance(old, OfferPanel) and old.hand == self.hand:
            self.selected, self.up, self.down = old.selected, old.up, old.down

    def draft(self) -> tuple[str | None, str | None, bool]:
        """The cards chosen so far (face up, face down): the offerer's own, for the board's
        slots on this private screen."""
        up = self.hand[self.up] if self.up is not None else None
        down = self.hand[self.down] if self.down is not None else None
        return (up, down, False)

    def _can_discard(self) -> bool:
        return any(isinstance(a, Discard) for a in self.legal)

    def _pair(self) -> Offer | None:
        if self.up is None or self.down is None:
            return None
        return Offer(self.hand[self.up], self.hand[self.down])

    def allows(self, action: str, params: Params) -> bool | None:
        """Number keys pick a card; u, d and x act on it; Enter offers a legal pair."""
        if action == "select":
            return 1 <= key_number(params) <= len(self.hand)
        if action in ("mark_up", "mark_down"):
            return True if self.selected is not None else None
        if action == "discard":
            if not self._can_discard():
                return False
            if self.selected is None:
                return None
            return Discard(self.hand[self.selected]) in self.legal
        if action == "offer":
            pair = self._pair()
            return True if pair is not None and pair in self.legal else None
        return False

    def run(self, action: str, params: Params) -> None:
        """Act on the hand."""
        if action == "select":
            self.select(key_number(params) - 1)
        elif action == "mark_up":
            self.mark(up=True)
        elif action == "mark_down":
            self.mark(up=False)
        elif action == "discard" and self.selected is not None:
            self.choose(Discard(self.hand[self.selected]))
        elif action == "offer":
            pair = self._pair()
            if pair is not None and pair in self.legal:
                self.choose(pair)

    def select(self, index: int) -> None:
        """Select one card of the hand."""
        if 0 <= index < len(self.hand):
            self.selected = index
            self._update()

    def mark(self, up: bool) -> None:
        """Put the selected card face up or face down (taking it from the other slot)."""
        index = self.selected
        if index is None:
            return
        if up:
            self.up = index
            if self.down == index:
                self.down = None
        else:
            self.down = index
            if self.up == index:
                self.up = None
        self.selected = self._next_unmarked(index)
        self._update()

    def _next_unmarked(self, after: int) -> int | None:
        """The next card not yet placed, so two key presses can finish the choice."""
        count = len(self.hand)
        for step in range(1, count + 1):
            index = (after + step) % count
            if index not in (self.up, self.down):
                return index if (self.up is None or self.down is None) else after
        return after

    @on(AgentCard.Selected)
    def _clicked(self, message: AgentCard.Selected) -> None:
        message.stop()
        if self.selected == message.index:
            # A second click places the card: face up first, then face down.
            self.mark(up=self.up is None or self.up == message.index)
        else:
            self.select(message.index)

    def _update(self) -> None:
        for card in self.query(AgentCard):
            index = card.index
            set_classes(card, index == self.selected, "-selected")
            set_classes(card, index == self.up, "-face-up")
            set_classes(card, index == self.down, "-face-down")
        info = self._info()
        show_content(self.query_one("#offer-info", Static), styled_names("\n".join(info)))
        status = self._status()
        if self.has_class("-many-cards"):
            status = [" · ".join(info[:3]), *status]
        show_content(self.query_one("#offer-status", Static), styled_names("\n".join(status)))
        self.post_message(PanelChanged())

    def _info(self) -> list[str]:
        """Face up, face down, discards left, and what Enter does."""
        none = t("offer.none")
        up = agent_name(self.hand[self.up]) if self.up is not None else none
        down = agent_name(self.hand[self.down]) if self.down is not None else none
        lines = [t("offer.face_up", agent=up), t("offer.face_down", agent=down)]
        left = self.view.me.discards_left
        if self._can_discard():
            lines.append(t("offer.discards_left", count=left))
        elif left > 0:
            lines.append(t("offer.no_discard_deck"))
        else:
            lines.append(t("offer.no_discards"))
        pair = self._pair()
        if pair is not None and pair in self.legal:
            lines.append(t("offer.ready"))
        return lines

    def _status(self) -> list[str]:
        """The discard note, then help, the selected card's previews, or each split's result."""
        pair = self._pair()
        lines: list[str] = [self.note] if self.note else []
        if pair is None and self.selected is None:
            lines.append(t("offer.help"))
        elif pair is None and self.selected is not None:
            # The selected card: what it would do for you, and for the opponent (explain.py).
            lines.extend(offer_card_lines(self.view, self.hand[self.selected], self.names))
        elif pair is not None and pair in self.legal:
            for taken, kept in ((pair.face_up, pair.face_down), (pair.face_down, pair.face_up)):
                lines.append(offer_split_line(self.view, taken, kept, self.names))
        elif pair is not None and _refused_for_names(self.hand, pair):
            lines.append(t("offer.same_names", agent=agent_name(pair.face_up)))
        else:
            lines.append(t("offer.not_allowed"))
        return lines


def _refused_for_names(hand: tuple[str, ...], pair: Offer) -> bool:
    """Whether the engine refuses this offer for its two cards' same name."""
    refused = offer_refusal(hand, pair.face_up, pair.face_down)
    return refused is not None and refused.reason is RefusalReason.SAME_NAMES
