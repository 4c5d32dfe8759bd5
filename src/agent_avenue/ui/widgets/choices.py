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
        """Start from the language in use: once RadioSet has highlighted its first button (its
        own mount handler runs after this one), move the highlight on to the pressed one."""
        self.call_later(self._highlight_pressed)

    def _highlight_pressed(self) -> None:
        for _ in range(max(self.pressed_index, 0)):
            self.action_next_button()

    def action_step(self, delta: int) -> None:
        """Move to the next or previous language and choose it (RadioSet then highlights it)."""
        buttons = list(self.query(RadioButton))
        index = (max(self.pressed_index, 0) + delta) % len(buttons)
        buttons[index].value = True
