"""Asks before ending a game in progress."""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from agent_avenue.i18n import t


class ConfirmQuitScreen(ModalScreen[bool]):
    """Quit the game in progress? Dismissed with True to quit."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", t("quit.key_yes")),
        Binding("n", "answer(False)", t("quit.key_no")),
        Binding("escape", "answer(False)", t("quit.key_no"), show=False),
    ]

    def compose(self) -> ComposeResult:
        """A question and two buttons."""
        with Vertical(id="quit-box"):
            yield Static(Content(t("quit.question")), id="quit-question")
            with Horizontal(id="quit-buttons"):
                yield Button(Content(t("quit.yes")), id="quit-yes", variant="error", compact=True)
                yield Button(Content(t("quit.no")), id="quit-no", compact=True)

    def action_answer(self, quit_game: bool) -> None:
        """Close with the answer."""
        self.dismiss(quit_game)

    @on(Button.Pressed, "#quit-yes")
    def _yes(self) -> None:
        self.dismiss(True)

    @on(Button.Pressed, "#quit-no")
    def _no(self) -> None:
        self.dismiss(False)
