"""The settings screen's list of languages: a radio list whose arrow keys choose at once."""

from __future__ import annotations

from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.widgets import RadioButton, RadioSet

__all__ = ["LanguageChoices"]


class LanguageChoices(RadioSet, inherit_bindings=False):
    """The languages, each in its own words; the arrow keys choose at once."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("down,right", "step(1)", show=False),
        Binding("up,left", "step(-1)", show=False),
        Binding("space", "toggle_button", show=False),
    ]

    def on_mount(self) -> None:
        """Start from the language in use."""
        self._selected = max(self.pressed_index, 0)

    def action_step(self, delta: int) -> None:
        """Move to the next or previous language and choose it."""
        buttons = list(self.query(RadioButton))
        index = (max(self.pressed_index, 0) + delta) % len(buttons)
        self._selected = index
        buttons[index].value = True
