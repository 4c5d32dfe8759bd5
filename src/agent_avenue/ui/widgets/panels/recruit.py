"""The recruit: the opponent takes the face-up or the hidden card (a team decides together,
on a shared screen without any hand: the same panel with `shared` set)."""

from __future__ import annotations

from typing import ClassVar

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from agent_avenue.engine import (
    RECRUIT_DOWN,
    RECRUIT_UP,
    Action,
    PlayerView,
    Recruit,
)
from agent_avenue.i18n import agent_name, plural_key, t
from agent_avenue.play.teams import team_of_two
from agent_avenue.ui.agent_look import styled_names
from agent_avenue.ui.phrases import hidden_range, preview_line, recruit_result
from agent_avenue.ui.widgets import AgentCard, CardBack
from agent_avenue.ui.widgets._common import set_classes
from agent_avenue.ui.widgets.panels.base import Panel, Params, plain


class RecruitPanel(Panel):
    """The offered cards for the opponent: the face-up card, a card back, what each would do."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("u", "do('recruit_up')", t("app.key_take_up")),
        Binding("d", "do('recruit_down')", t("app.key_take_down")),
    ]

    def __init__(
        self, view: PlayerView, names: tuple[str, str], *, shared_by: int | None = None
    ) -> None:
        """The recruiting seat's own panel; with `shared_by` (a side) the team's shared screen:
        the same choice from public facts only, no hand shown."""
        super().__init__(classes="panel -recruit")
        self.view = view
        self.names = names
        self.legal = frozenset(view.legal)
        self.shared_by = shared_by

    def compose(self) -> ComposeResult:
        """Two columns: the face-up card and the hidden one; then the hand (never if shared)."""
        view = self.view
        shared = self.shared_by is not None
        me = self.shared_by if self.shared_by is not None else view.seat
        assert me is not None and view.face_up is not None
        active = view.active
        other = self.names[active]
        if shared:
            title = t("team.recruit_title", team=self.names[me], other=other)
        else:
            key = plural_key("recruit.title", team_of_two(active, view.players))
            title = t(key, name=self.names[me], other=other)
        for_us = "team.for_team" if shared else "recruit.for_you"
        yield Static(plain(title), classes="panel-title")
        with Horizontal(classes="panel-body"):
            with Horizontal(classes="recruit-option", id="recruit-up"):
                yield AgentCard(view.face_up, 0, view, me)
                with Vertical(classes="panel-info"):
                    yield Static(plain(t("recruit.take_up")), classes="option-key")
                    mine = preview_line(view, me, view.face_up, self.names)
                    yield Static(styled_names(t(for_us, line=mine)))
                    if shared:
                        yield Static(
                            plain(t("recruit.other_gets_hidden", other=other)), classes="other"
                        )
                    else:
                        # What the hidden card could do for the opponent, from what this seat saw.
                        theirs_hidden = hidden_range(view, active, self.names)
                        yield Static(
                            styled_names(t("recruit.other_gets", other=other, line=theirs_hidden)),
                            classes="other",
                        )
                    yield Static(plain(recruit_result(view, True, self.names)), classes="result")
            with Horizontal(classes="recruit-option", id="recruit-down"):
                yield CardBack()
                with Vertical(classes="panel-info"):
                    yield Static(plain(t("recruit.take_down")), classes="option-key")
                    hidden = hidden_range(view, me, self.names)
                    yield Static(styled_names(t(for_us, line=hidden)))
                    theirs = preview_line(view, active, view.face_up, self.names)
                    yield Static(
                        styled_names(t("recruit.other_gets", other=other, line=theirs)),
                        classes="other",
                    )
                    yield Static(plain(recruit_result(view, False, self.names)), classes="result")
        if shared:
            yield Static(plain(t("team.recruit_no_hand")), classes="panel-status")
        else:
            hand = ", ".join(agent_name(a) for a in view.hand) or t("recruit.empty_hand")
            yield Static(styled_names(t("recruit.your_hand", hand=hand)), classes="panel-status")

    def hint_view(self) -> PlayerView | None:
        """The recruiting player's own view."""
        return self.view

    def allows(self, action: str, params: Params) -> bool | None:
        """u and d take a card."""
        if action == "recruit_up":
            return RECRUIT_UP in self.legal
        if action == "recruit_down":
            return RECRUIT_DOWN in self.legal
        return False

    def run(self, action: str, params: Params) -> None:
        """Take the face-up or the face-down card."""
        if action == "recruit_up":
            self.choose(RECRUIT_UP)
        elif action == "recruit_down":
            self.choose(RECRUIT_DOWN)

    @on(AgentCard.Selected)
    def _clicked_up(self, message: AgentCard.Selected) -> None:
        message.stop()
        self.choose(RECRUIT_UP)

    def on_click(self, event: events.Click) -> None:
        """A click on the card back (or beside it) takes the face-down card."""
        box = self.query_one("#recruit-down")
        widget = event.widget
        if widget is not None and (widget is box or box in widget.ancestors):
            event.stop()
            self.choose(RECRUIT_DOWN)


class TeamRecruitPanel(RecruitPanel):
    """The offered cards for the whole recruiting side: the face-up card, a card back, and what
    each would do, from public facts only. No member's hand is on this screen."""

    def __init__(
        self, view: PlayerView, legal: tuple[Action, ...], names: tuple[str, str], side: int
    ) -> None:
        super().__init__(view, names, shared_by=side)
        self.legal = frozenset(legal)
        self.side = side
        set_classes(self, True, "-team")

    def hint_view(self) -> PlayerView | None:
        """A shared screen: judged from public facts only (hints.seat_view)."""
        from agent_avenue.teaching.hints import seat_view

        legal = tuple(a for a in (Recruit(face_up=True), Recruit(face_up=False)) if a in self.legal)
        return seat_view(self.view, self.side, legal)
