"""Public choices: an instant card's agent, and Spycation's recruit-again question."""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from agent_avenue.engine import (
    NO,
    YES,
    Action,
    Choose,
    PlayerView,
    ReturnAndRerecruit,
    choice_recruits,
    returned_view,
)
from agent_avenue.i18n import agent_name, card_name, t
from agent_avenue.ui.agent_look import styled_names
from agent_avenue.ui.phrases import preview_line
from agent_avenue.ui.widgets import AgentCard
from agent_avenue.ui.widgets.panels.base import (
    CHOOSE,
    Panel,
    Params,
    key_number,
    number_bindings,
    plain,
)


class ChoicePanel(Panel):
    """An instant card's choice among agents: from the owner's hand (private) or in play."""

    BINDINGS: ClassVar[list[BindingType]] = number_bindings("choose", CHOOSE)

    def __init__(
        self,
        view: PlayerView,
        actor: int,
        legal: tuple[Action, ...],
        names: tuple[str, str],
    ) -> None:
        super().__init__(classes="panel -choice")
        self.view = view
        self.actor = actor
        self.names = names
        self.options = tuple(a.agent for a in legal if isinstance(a, Choose))

    def compose(self) -> ComposeResult:
        """What the card asks, and one card per option."""
        card = self.view.pending_card or ""
        key = f"choice.{card}"
        text = t(key, name=self.names[self.actor], other=self.names[1 - self.actor])
        if text == key:
            text = t("choice.generic", name=self.names[self.actor], card=card_name(card))
        yield Static(
            plain(t("choice.title", card=card_name(card), text=text)), classes="panel-title"
        )
        with Horizontal(classes="panel-body"):
            # Spycation returns the agent to hand before recruiting it again: each card marks
            # the copy that recruit would be, counted without the one that goes back.
            cards = self.view.rules.card_by_id
            returns = card in cards and isinstance(cards[card].effect, ReturnAndRerecruit)
            with Horizontal(classes="hand"):
                for index, agent in enumerate(self.options):
                    shown = returned_view(self.view, self.actor, agent) if returns else self.view
                    yield AgentCard(agent, index, shown, self.actor)
            if choice_recruits(self.view.rules, card):
                view, actor, names = self.view, self.actor, self.names
                lines = [
                    f"{n}. {preview_line(view, actor, agent, names, others_move=False)}"
                    for n, agent in enumerate(self.options, start=1)
                ]
                yield Static(styled_names("\n".join(lines)), classes="panel-info")

    def hint_view(self) -> PlayerView | None:
        """The owner's own view for a choice from hand; public facts only for one in play."""
        if self.view.seat == self.actor:
            return self.view
        from agent_avenue.teaching.hints import seat_view

        return seat_view(self.view, self.actor, tuple(Choose(a) for a in self.options))

    def allows(self, action: str, params: Params) -> bool | None:
        """A number key chooses that agent."""
        return action == "choose" and 1 <= key_number(params) <= len(self.options)

    def run(self, action: str, params: Params) -> None:
        """Choose an agent."""
        self.choose(Choose(self.options[key_number(params) - 1]))

    @on(AgentCard.Selected)
    def _clicked(self, message: AgentCard.Selected) -> None:
        message.stop()
        if 0 <= message.index < len(self.options):
            self.choose(Choose(self.options[message.index]))


class ConfirmPanel(Panel):
    """Spycation's question: recruit the returned agent again, or keep it in hand."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "do('answer_yes')", t("app.key_yes")),
        Binding("n", "do('answer_no')", t("app.key_no")),
    ]

    def __init__(self, view: PlayerView, actor: int, names: tuple[str, str]) -> None:
        super().__init__(classes="panel -confirm")
        self.view = view
        self.actor = actor
        self.names = names

    def compose(self) -> ComposeResult:
        """The question and what recruiting again would do."""
        agent = self.view.pending_agent or ""
        card = card_name(self.view.pending_card or "")
        yield Static(
            plain(
                t("choice.confirm", name=self.names[self.actor], agent=agent_name(agent), card=card)
            ),
            classes="panel-title",
        )
        with Horizontal(classes="panel-body"):
            yield AgentCard(agent, 0, self.view, self.actor)
            with Vertical(classes="panel-info"):
                yield Static(
                    plain(
                        t(
                            "choice.confirm_yes",
                            line=preview_line(
                                self.view, self.actor, agent, self.names, others_move=False
                            ),
                        )
                    )
                )
                yield Static(plain(t("choice.confirm_no")))

    def hint_view(self) -> PlayerView | None:
        """Spycation's yes/no is public: judged from public facts only."""
        from agent_avenue.teaching.hints import seat_view

        return seat_view(self.view, self.actor, (YES, NO))

    def allows(self, action: str, params: Params) -> bool | None:
        """y or n."""
        return action in ("answer_yes", "answer_no")

    def run(self, action: str, params: Params) -> None:
        """Answer."""
        self.choose(YES if action == "answer_yes" else NO)
