"""The settings: the language, switched at once (a game in progress goes on) and saved."""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.content import Content
from textual.message import Message
from textual.screen import ModalScreen
from textual.widgets import Label, RadioButton, RadioSet, Static

from agent_avenue.i18n import LANGUAGES, language, language_name, t
from agent_avenue.ui.widgets.choices import LanguageChoices
from agent_avenue.ui.widgets.keybar import KeyBar

__all__ = ["SettingsScreen"]


class SettingsScreen(ModalScreen[None]):
    """Choose the language; the app switches every screen as soon as one is chosen."""

    DEFAULT_CSS = """
    SettingsScreen {
        align: center middle;
    }
    #settings-box {
        width: 60;
        height: auto;
        border: thick $accent;
        background: $surface;
        padding: 1 2;
    }
    #settings-title {
        text-style: bold;
        margin-bottom: 1;
    }
    #settings-languages {
        width: 100%;
        margin-bottom: 1;
    }
    #settings-note {
        height: auto;
        color: $text-success;
    }
    #settings-help {
        color: $foreground-muted;
        margin-top: 1;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", t("settings.key_close")),
        Binding("enter", "close", t("settings.key_close"), show=False),
        Binding("o", "close", t("settings.key_close"), show=False),
    ]

    class LanguageChosen(Message):
        """A language was chosen: the app switches to it and saves it."""

        def __init__(self, language: str) -> None:
            self.language = language
            super().__init__()

    def __init__(self) -> None:
        super().__init__()
        self._note = ""

    def compose(self) -> ComposeResult:
        """A title, the languages, a note about saving, and help."""
        with Vertical(id="settings-box"):
            yield Static(Content(t("settings.title")), id="settings-title")
            yield Label(Content(t("settings.language_label")), id="settings-label")
            with LanguageChoices(id="settings-languages", compact=True):
                for code in LANGUAGES:
                    yield RadioButton(
                        Content(language_name(code)), value=code == language(), id=f"lang-{code}"
                    )
            yield Static(Content(self._note), id="settings-note")
            yield Static(Content(t("settings.help")), id="settings-help")
        yield KeyBar()

    def on_mount(self) -> None:
        """The arrow keys choose a language at once."""
        self.query_one(LanguageChoices).focus()

    @on(RadioSet.Changed, "#settings-languages")
    def _chosen(self, event: RadioSet.Changed) -> None:
        event.stop()
        code = (event.pressed.id or "").removeprefix("lang-")
        if code in LANGUAGES and code != language():
            self.post_message(self.LanguageChosen(code))

    def refresh_language(self, note: str) -> None:
        """Show the texts in the language now in use, with a note on saving it."""
        self._note = note
        self.query_one("#settings-title", Static).update(Content(t("settings.title")))
        self.query_one("#settings-label", Label).update(Content(t("settings.language_label")))
        self.query_one("#settings-note", Static).update(Content(note))
        self.query_one("#settings-help", Static).update(Content(t("settings.help")))
        self.refresh_bindings()

    def action_close(self) -> None:
        """Back to where the settings were opened."""
        self.dismiss(None)
