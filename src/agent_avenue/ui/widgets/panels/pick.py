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
    """A public pick: the black market supply, one key per card (in a team game one key per
    card and member: the taker resolves an instant card with their own hand)."""

    BINDINGS: ClassVar[list[BindingType]] = number_bindings("take", TAKE)

    def __init__(
        self,
        view: PlayerView,
        side: int,
        legal: tuple[Action, ...],
        names: tuple[str, str],
        seats: tuple[str, ...] = (),
    ) -> None:
        """The pick of `side`; `seats` names each player of a team game (its keys say who)."""
        super().__init__(classes="panel -pick")
        self.view = view
        self.side = side
        self.actor = side
        self.names = names
        self.seats = seats
        self.options = tuple(a for a in legal if isinstance(a, Take))
        self.cards = tuple(dict.fromkeys(a.card for a in self.options))

    def _key_text(self, number: int, option: Take) -> str:
        if option.seat is None:
            return t("pick.key", number=number)
        return t("team.pick_key", number=number, name=self.seats[option.seat])

    def compose(self) -> ComposeResult:
        """The supply cards with their texts, each with its keys."""
        team = any(option.seat is not None for option in self.options)
        if team:
            title = t("team.pick_title", team=self.names[self.side])
        else:
            title = t("pick.title", name=self.names[self.side])
        yield Static(plain(title), classes="panel-title")
        with Horizontal(classes="panel-body market-row"):
            for card in self.cards:
                view = MarketCardView(card, self.view, classes="market-choice")
                keys = [
                    self._key_text(number, option)
                    for number, option in enumerate(self.options, start=1)
                    if option.card == card
                ]
                view.border_subtitle = plain(t("team.pick_separator").join(keys))
                yield view
        yield Static(
            plain(market_lines(self.view, self.side, self.cards, self.names)),
            classes="panel-status market-preview",
        )
        if team:
            yield Static(plain(t("team.pick_help")), classes="panel-status")

    def hint_view(self) -> PlayerView | None:
        """A public pick: judged from public facts only (hints.seat_view)."""
        from agent_avenue.teaching.hints import seat_view

        return seat_view(self.view, self.side, self.options)

    def allows(self, action: str, params: Params) -> bool | None:
        """A number key takes that card (for that member)."""
        return action == "take" and 1 <= key_number(params) <= len(self.options)

    def run(self, action: str, params: Params) -> None:
        """Take a card."""
        self.choose(self.options[key_number(params) - 1])

    @on(MarketCardView.Selected)
    def _clicked(self, message: MarketCardView.Selected) -> None:
        """A click takes the card, unless several members could: then only the keys say who."""
        message.stop()
        options = [option for option in self.options if option.card == message.card_id]
        if len(options) == 1:
            self.choose(options[0])
        else:
            self.app.bell()


class TeamPickPanel(PickPanel):
    """A team's pick on a shared screen: the pick panel with the players' names for its keys."""

    def __init__(
        self,
        view: PlayerView,
        side: int,
        legal: tuple[Action, ...],
        names: tuple[str, str],
        seats: tuple[str, ...],
    ) -> None:
        """The pick of `side`'s team (`seats` names each player)."""
        super().__init__(view, side, legal, names, seats)
