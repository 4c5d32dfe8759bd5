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
from agent_avenue.i18n import plural_key, t
from agent_avenue.play.teams import team_of_two
from agent_avenue.ui.agent_look import styled_names
from agent_avenue.ui.key_pause import KeyPause, ready_in
from agent_avenue.ui.messages import Continue
from agent_avenue.ui.widgets import AgentCard
from agent_avenue.ui.widgets._common import show_content
from agent_avenue.ui.widgets.panels.base import (
    CONTINUE_BINDINGS,
    Panel,
    PanelChanged,
    Params,
    SkipAnimation,
    plain,
)

PROMPT_MARGIN = 2
"""The panel's padding on either side of its last line (app.tcss, `.panel`)."""


class RevealPanel(Panel):
    """What just happened, in sentences (and the two recruited cards), then what comes next.

    With `question` set (the seconds of its pause) the prompt is the privacy question of the
    private screen that follows: Enter answers it only once the meeples have stopped and the
    pause is over, counted down beside the prompt, so a held Enter cannot race through.

    With `goes_on` set (seconds) the computer decides next: no key is needed, the reveal goes
    on by itself that long after the meeples stop (Enter goes on at once).
    """

    BINDINGS: ClassVar[list[BindingType]] = CONTINUE_BINDINGS

    def __init__(
        self,
        view: PlayerView,
        lines: tuple[str, ...],
        recruited: tuple[tuple[int, str], ...],
        names: tuple[str, str],
        prompt: str,
        question: float | None = None,
        final: bool = False,
        goes_on: float | None = None,
    ) -> None:
        super().__init__(classes="panel -reveal" if recruited else "panel -reveal -plain")
        self.view = view
        self.lines = lines
        self.recruited = recruited
        self.names = names
        self.prompt = prompt
        self.question = question
        self.final = final
        """The last reveal, before the game-over screen."""
        self.goes_on = goes_on
        self.released = False
        """Whether this reveal has said "go on" (by Enter or by itself): it says it once."""
        self.done = False
        self.pause = KeyPause(self, question or 0.0, self._count_down, self._armed)

    def compose(self) -> ComposeResult:
        """The recruited cards, the sentences, the prompt (shown once the meeples stopped)."""
        with Horizontal(classes="panel-body"):
            for side, agent in self.recruited:
                with Vertical(classes="reveal-card"):
                    yield Static(plain(self.names[side]), classes=f"reveal-name -seat-{side}")
                    yield AgentCard(agent, side, self.view, side)
            yield Static(styled_names("\n".join(self.lines)), classes="panel-info reveal-lines")
        prompt = Static(plain(self._prompt_text()), id="reveal-prompt", classes="panel-status")
        prompt.styles.min_height = self._prompt_rows()
        yield prompt

    @property
    def ready(self) -> bool:
        """Whether Enter goes on now: the meeples have stopped and any pause is over."""
        return self.done and self.pause.over

    def _prompt_text(self, left: float | None = None) -> str:
        if not self.done:
            return t("reveal.moving")
        if self.pause.over:
            return self.prompt
        return f"{self.prompt}  {ready_in(self.pause.left() if left is None else left)}"

    def _prompt_rows(self) -> int:
        """The rows the longest of the last line's texts takes (the meeples moving, the prompt
        with its countdown, the prompt), so that the line keeps one height throughout: a
        panel that grows when the meeples stop moves the board and the log above it."""
        width = max(1, self.app.size.width - PROMPT_MARGIN)
        texts = [t("reveal.moving"), self.prompt]
        if self.question:
            texts.append(f"{self.prompt}  {ready_in(self.question)}")
        return max(len(plain(text).wrap(width)) for text in texts)

    def on_resize(self) -> None:
        """The prompt's rows at the new width."""
        for prompt in self.query("#reveal-prompt").results(Static):
            prompt.styles.min_height = self._prompt_rows()

    def _show_prompt(self, left: float | None = None) -> None:
        # Possibly called before the panel is composed: compose then shows the prompt itself.
        for prompt in self.query("#reveal-prompt").results(Static):
            show_content(prompt, plain(self._prompt_text(left)))

    def finish(self) -> None:
        """The meeples have stopped: show what comes next and accept Enter (after the privacy
        question's pause, if it asks one)."""
        if self.done:
            return
        self.done = True
        self.pause.start()
        self._show_prompt()
        self.post_message(PanelChanged())
        if self.goes_on is not None and not self.released:
            if self.goes_on > 0:
                self.set_timer(self.goes_on, self._go_on)
            else:
                self.call_after_refresh(self._go_on)

    def _go_on(self) -> None:
        if not self.released:
            self.released = True
            self.post_message(Continue())

    def say_next(self, prompt: str) -> None:
        """What comes next has changed (the computer has decided): say so."""
        self.prompt = prompt
        self.on_resize()
        self._show_prompt()

    def _count_down(self, left: float) -> None:
        self._show_prompt(left)

    def _armed(self) -> None:
        self._show_prompt()
        self.post_message(PanelChanged())

    def keep_state(self, old: Panel) -> None:
        """The same reveal in another language: a pause already over stays over."""
        if isinstance(old, RevealPanel):
            self.pause.over = self.pause.over or old.pause.over
            self.released = old.released

    def on_unmount(self) -> None:
        """No countdown for a panel no longer shown."""
        self.pause.stop()

    def allows(self, action: str, params: Params) -> bool | None:
        """Enter goes on once the animation and any pause are over (during the animation it
        skips it; during the pause it does nothing)."""
        if action != "continue":
            return False
        return True if self.ready or not self.done else None

    def run(self, action: str, params: Params) -> None:
        """Go on (while the meeples still move: let them stop at once)."""
        if not self.ready:
            self.post_message(SkipAnimation())
        elif self.goes_on is None:
            self.post_message(Continue())
        else:
            self._go_on()

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
        key = plural_key(key, team_of_two(recruiter, before.players))
    return t(key, name=names[recruiter], other=names[before.active])
