"""The public reveal: what was recruited or resolved, in sentences, then what comes next."""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from agent_avenue.engine import (
    Event,
    EventKind,
    PlayerView,
    Recruit,
)
from agent_avenue.i18n import t
from agent_avenue.ui.agent_look import styled_names
from agent_avenue.ui.messages import Continue
from agent_avenue.ui.widgets import AgentCard
from agent_avenue.ui.widgets.panels.base import (
    CONTINUE_BINDINGS,
    Panel,
    Params,
    SkipAnimation,
    plain,
)


class RevealPanel(Panel):
    """What just happened, in sentences (and the two recruited cards), then what comes next."""

    BINDINGS: ClassVar[list[BindingType]] = CONTINUE_BINDINGS

    def __init__(
        self,
        view: PlayerView,
        lines: tuple[str, ...],
        recruited: tuple[tuple[int, str], ...],
        names: tuple[str, str],
        prompt: str,
    ) -> None:
        super().__init__(classes="panel -reveal" if recruited else "panel -reveal -plain")
        self.view = view
        self.lines = lines
        self.recruited = recruited
        self.names = names
        self.prompt = prompt
        self.done = False

    def compose(self) -> ComposeResult:
        """The recruited cards, the sentences, the prompt (shown once the meeples stopped)."""
        with Horizontal(classes="panel-body"):
            for side, agent in self.recruited:
                with Vertical(classes="reveal-card"):
                    yield Static(plain(self.names[side]), classes=f"reveal-name -seat-{side}")
                    yield AgentCard(agent, side, self.view, side)
            yield Static(styled_names("\n".join(self.lines)), classes="panel-info reveal-lines")
        prompt = self.prompt if self.done else t("reveal.moving")
        yield Static(plain(prompt), id="reveal-prompt", classes="panel-status")

    def finish(self) -> None:
        """The meeples have stopped: show what comes next and accept Enter."""
        self.done = True
        # Possibly called before the panel is composed: compose then shows the prompt itself.
        for prompt in self.query("#reveal-prompt").results(Static):
            prompt.update(plain(self.prompt))

    def allows(self, action: str, params: Params) -> bool | None:
        """Enter goes on once the animation is over (before that it skips it)."""
        return action == "continue"

    def run(self, action: str, params: Params) -> None:
        """Go on (while the meeples still move: let them stop at once)."""
        self.post_message(Continue() if self.done else SkipAnimation())

    @on(AgentCard.Selected)
    def _clicked(self, message: AgentCard.Selected) -> None:
        message.stop()


def recruited_cards(events: tuple[Event, ...]) -> tuple[tuple[int, str], ...]:
    """(side, agent) of every recruit among the events, green first."""
    found = [(e.side, e.agent) for e in events if e.kind is EventKind.RECRUIT and e.agent]
    return tuple(sorted(found, key=lambda pair: pair[0]))


def recruit_headline(before: PlayerView, action: Recruit, names: tuple[str, str]) -> str | None:
    """Who took which offered card ("Blue recruited the face-down card; Green gets...")."""
    recruiter = 1 - before.active
    key = "reveal.took_up" if action.face_up else "reveal.took_down"
    if before.is_team_game:
        key = "team.took_up" if action.face_up else "team.took_down"  # a team game
    return t(key, name=names[recruiter], other=names[before.active])
