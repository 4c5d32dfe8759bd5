"""Quitting mid-game: keep the game to resume later, discard it, or go back to it."""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, Static
from textual.widgets.button import ButtonVariant

from agent_avenue.i18n import t

KEEP = "keep"
DISCARD = "discard"

__all__ = ["DISCARD", "KEEP", "KeepGameScreen"]


class KeepGameScreen(ModalScreen[str | None]):
    """Dismissed with KEEP or DISCARD to quit, or None to play on."""

    DEFAULT_CSS = """
    KeepGameScreen {
        align: center middle;
    }
    #keep-box {
        width: 60;
        height: auto;
        border: thick $warning;
        background: $surface;
        padding: 1 2;
    }
    #keep-question {
        text-style: bold;
    }
    #keep-detail {
        color: $foreground-muted;
        margin-top: 1;
    }
    #keep-buttons {
        height: auto;
        margin-top: 1;
        align-horizontal: center;
    }
    #keep-buttons Button {
        margin: 0 1;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("k", "answer('keep')", t("quit.keep.key_keep")),
        Binding("d", "answer('discard')", t("quit.keep.key_discard")),
        Binding("escape", "answer('')", t("quit.keep.key_cancel")),
        Binding("c", "answer('')", t("quit.keep.key_cancel"), show=False),
    ]

    def compose(self) -> ComposeResult:
        """The question, what keeping means, and three buttons."""
        with Vertical(id="keep-box"):
            yield Static(Content(t("quit.keep.question")), id="keep-question")
            yield Static(Content(t("quit.keep.detail")), id="keep-detail")
            with Horizontal(id="keep-buttons"):
                choices: tuple[tuple[str, str, ButtonVariant], ...] = (
                    (KEEP, t("quit.keep.keep"), "primary"),
                    (DISCARD, t("quit.keep.discard"), "error"),
                    ("cancel", t("quit.keep.cancel"), "default"),
                )
                for name, label, variant in choices:
                    button = Button(
                        Content(label), id=f"keep-{name}", variant=variant, compact=True
                    )
                    button.can_focus = False
                    yield button

    def action_answer(self, answer: str) -> None:
        """Close with the answer (an empty one cancels)."""
        self.dismiss(answer or None)

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        name = (event.button.id or "").removeprefix("keep-")
        self.action_answer(name if name in (KEEP, DISCARD) else "")
