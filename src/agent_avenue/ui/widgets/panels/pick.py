"""A black market pickup: one of the supply cards (in a team game, and who of the side takes it)."""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal
from textual.widgets import Static

from agent_avenue.engine import (
    Action,
    PlayerView,
    Take,
)
from agent_avenue.i18n import card_name, t
from agent_avenue.teaching.explain import (
    market_card_line,
)
from agent_avenue.ui.widgets import MarketCardView
from agent_avenue.ui.widgets.panels.base import (
    TAKE,
    Panel,
    Params,
    key_number,
    number_bindings,
    plain,
)


def market_lines(
    view: PlayerView, side: int, cards: tuple[str, ...], names: tuple[str, str]
) -> str:
    """One line per supply card: what taking it would mean for `side` now (explain.py)."""
    return "\n".join(
        t(
            "market_preview.line",
            card=card_name(card),
            line=market_card_line(view, side, card, names),
        )
        for card in cards
    )


class PickPanel(Panel):
    """A public pick: the black market supply, one key per card."""

    BINDINGS: ClassVar[list[BindingType]] = number_bindings("take", TAKE)

    def __init__(
        self, view: PlayerView, actor: int, legal: tuple[Action, ...], names: tuple[str, str]
    ) -> None:
        super().__init__(classes="panel -pick")
        self.view = view
        self.actor = actor
        self.names = names
        self.cards = tuple(a.card for a in legal if isinstance(a, Take))

    def compose(self) -> ComposeResult:
        """The supply cards with their texts."""
        yield Static(plain(t("pick.title", name=self.names[self.actor])), classes="panel-title")
        with Horizontal(classes="panel-body market-row"):
            for number, card in enumerate(self.cards, start=1):
                view = MarketCardView(card, self.view, classes="market-choice")
                view.border_subtitle = plain(t("pick.key", number=number))
                yield view
        yield Static(
            plain(market_lines(self.view, self.actor, self.cards, self.names)),
            classes="panel-status market-preview",
        )

    def hint_view(self) -> PlayerView | None:
        """A public pick: judged from public facts only (hints.seat_view)."""
        from agent_avenue.teaching.hints import seat_view

        return seat_view(self.view, self.actor, tuple(Take(card) for card in self.cards))

    def allows(self, action: str, params: Params) -> bool | None:
        """A number key takes that card."""
        return action == "take" and 1 <= key_number(params) <= len(self.cards)

    def run(self, action: str, params: Params) -> None:
        """Take a card."""
        self.choose(Take(self.cards[key_number(params) - 1]))

    @on(MarketCardView.Selected)
    def _clicked(self, message: MarketCardView.Selected) -> None:
        message.stop()
        if message.card_id in self.cards:
            self.choose(Take(message.card_id))


class TeamPickPanel(Panel):
    """Public: the supply cards, one key per card and member (the taker resolves an instant
    card with their own hand)."""

    BINDINGS: ClassVar[list[BindingType]] = number_bindings("take", TAKE)

    def __init__(
        self,
        view: PlayerView,
        side: int,
        legal: tuple[Action, ...],
        names: tuple[str, str],
        seats: tuple[str, ...],
    ) -> None:
        super().__init__(classes="panel -pick")
        self.view = view
        self.side = side
        self.names = names
        self.seats = seats
        self.options = tuple(a for a in legal if isinstance(a, Take) and a.seat is not None)
        self.cards = tuple(dict.fromkeys(a.card for a in self.options))

    def hint_view(self) -> PlayerView | None:
        """A shared screen: judged from public facts only (hints.seat_view)."""
        from agent_avenue.teaching.hints import seat_view

        return seat_view(self.view, self.side, self.options)

    def compose(self) -> ComposeResult:
        """The supply cards with their texts, each with its keys: one per member."""
        yield Static(plain(t("team.pick_title", team=self.names[self.side])), classes="panel-title")
        with Horizontal(classes="panel-body market-row"):
            for card in self.cards:
                view = MarketCardView(card, self.view, classes="market-choice")
                keys = [
                    t("team.pick_key", number=number, name=self.seats[option.seat or 0])
                    for number, option in enumerate(self.options, start=1)
                    if option.card == card
                ]
                view.border_subtitle = plain(t("team.pick_separator").join(keys))
                yield view
        yield Static(
            plain(market_lines(self.view, self.side, self.cards, self.names)),
            classes="panel-status market-preview",
        )
        yield Static(plain(t("team.pick_help")), classes="panel-status")

    def allows(self, action: str, params: Params) -> bool | None:
        """A number key takes that card for that member."""
        return action == "take" and 1 <= key_number(params) <= len(self.options)

    def run(self, action: str, params: Params) -> None:
        """Take a card."""
        self.choose(self.options[key_number(params) - 1])

    @on(MarketCardView.Selected)
    def _clicked(self, message: MarketCardView.Selected) -> None:
        """A click cannot say who takes the card: the keys do."""
        message.stop()
        self.app.bell()
