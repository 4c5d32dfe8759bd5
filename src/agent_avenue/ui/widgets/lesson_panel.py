"""The lesson's panel: a coach step or the end of a lesson, a few lines, then Enter goes on."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import BindingType
from textual.content import Content
from textual.widgets import Static

from agent_avenue.ui.messages import Continue
from agent_avenue.ui.widgets.panels import CONTINUE_BINDINGS, Panel, Params

__all__ = ["LessonPanel"]


class LessonPanel(Panel):
    """A coach step or the end of a lesson: a few lines, then Enter goes on."""

    BINDINGS: ClassVar[list[BindingType]] = CONTINUE_BINDINGS

    DEFAULT_CSS = """
    LessonPanel #lesson-prompt {
        text-style: bold;
    }
    """

    def __init__(self, lines: tuple[str, ...], prompt: str, title: str | None = None) -> None:
        super().__init__(classes="panel -lesson")
        self.lines = lines
        self.prompt = prompt
        self.title = title

    def compose(self) -> ComposeResult:
        """An optional title, the lines, the prompt."""
        if self.title:
            yield Static(Content(self.title), classes="panel-title")
        if self.lines:
            yield Static(Content("\n".join(self.lines)), classes="panel-info lesson-lines")
        yield Static(Content(self.prompt), id="lesson-prompt", classes="panel-status")

    def allows(self, action: str, params: Params) -> bool | None:
        """Enter (or Space) goes on."""
        return action == "continue"

    def run(self, action: str, params: Params) -> None:
        """Go on."""
        self.post_message(Continue())
