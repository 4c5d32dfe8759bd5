"""The handoff: an opaque screen that names who must take the terminal, and nothing else."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import ClassVar

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Vertical
from textual.content import Content
from textual.widgets import Button, Static

from agent_avenue.i18n import retranslate, t
from agent_avenue.ui.key_pause import KeyPause, ready_in
from agent_avenue.ui.screens.styled_once import StyledOnceScreen
from agent_avenue.ui.widgets._common import show_content
from agent_avenue.ui.widgets.keybar import KeyBar
from agent_avenue.ui.widgets.size import SizeWarning, too_small


class HandoffScreen(StyledOnceScreen[None]):
    """Pass the terminal to one player; keys are ignored for a moment so none can skip it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "proceed", t("handoff.key_ready")),
        Binding("o", "app.settings", t("settings.key_open")),
    ]

    def __init__(
        self,
        seat: int,
        title: str,
        purpose: str,
        prompt: str,
        button: str,
        delay: float,
        leaving: Callable[[], Awaitable[None]] | None = None,
    ) -> None:
        """A handoff to `seat`; once the player is there, `leaving` builds what comes next
        behind it, and the terminal shows that in one frame."""
        super().__init__(classes=f"-seat-{seat}")
        self._leaving = leaving
        self._left = False
        self.seat = seat
        self._title = title
        self._purpose = purpose
        self._prompt = prompt
        self._button = button
        self._delay = delay
        self.ready = False
        self.pause = KeyPause(self, delay, self._count_down, self._arm)

    def compose(self) -> ComposeResult:
        """A name, a purpose, a prompt and a button."""
        yield SizeWarning()
        with Vertical(classes="main", id="handoff-box"):
            yield Static(Content(self._title), id="handoff-title")
            yield Static(Content(self._purpose), id="handoff-purpose")
            wait = self._prompt if self.ready else ready_in(self.pause.left() or self._delay)
            yield Static(Content(wait), id="handoff-prompt")
            with Center():
                button = Button(
                    Content(self._button),
                    id="handoff-button",
                    disabled=not self.ready,
                    compact=True,
                )
                button.can_focus = False  # Enter belongs to the screen, which can ignore it
                yield button
        yield KeyBar()

    async def refresh_language(self, names: tuple[str, str]) -> None:
        """Show the texts again in the language now in use (after a switch in the settings)."""
        self._title = retranslate(self._title)
        self._purpose = retranslate(self._purpose)
        self._prompt = retranslate(self._prompt)
        self._button = retranslate(self._button)
        await self.recompose()
        if self.ready:
            self._arm()

    def on_mount(self) -> None:
        """Start the pause during which keys and clicks do nothing, counted down on screen."""
        self.pause.start()

    def _count_down(self, left: float) -> None:
        show_content(self.query_one("#handoff-prompt", Static), Content(ready_in(left)))

    def _arm(self) -> None:
        self.ready = True
        # On a busy machine the pause can end before the widgets are mounted: compose then
        # draws them ready (it reads `ready`).
        for prompt in self.query("#handoff-prompt").results(Static):
            show_content(prompt, Content(self._prompt))
        for button in self.query("#handoff-button").results(Button):
            button.disabled = False
        self.refresh_bindings()

    @property
    def ignores_keys(self) -> bool:
        """Whether keys are still ignored (the pause is not over): the app's keys too."""
        return not self.ready

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Nothing can be done before the pause is over, nor while the window is too small
        (the question is not on screen)."""
        return self.ready and not too_small(*self.app.size) if action == "proceed" else True

    def on_key(self, event: events.Key) -> None:
        """Swallow every key during the pause, app keys included."""
        if not self.ready:
            event.stop()
            event.prevent_default()

    def action_proceed(self) -> None:
        """The named player has taken the terminal: on to what comes next (`_leave`)."""
        if not self.ready or self._left or too_small(*self.app.size):
            return
        self._left = True
        self.app.call_next(self._leave)

    async def _leave(self) -> None:
        """What comes next is built behind this opaque screen, then this screen goes; the
        terminal is not drawn meanwhile, so the next screen appears whole in one frame."""
        with self.app.batch_update():
            if self._leaving is not None:
                await self._leaving()
            await self.dismiss(None)

    @on(Button.Pressed, "#handoff-button")
    def _pressed(self) -> None:
        self.action_proceed()
