"""Radio lists with the keys the start and settings screens need."""

from __future__ import annotations

from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.widgets import RadioButton, RadioSet

__all__ = ["Choices", "LanguageChoices"]


class Choices(RadioSet, inherit_bindings=False):
    """A radio list where Space chooses and Enter is left to start the game."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("down,right", "next_button", show=False),
        Binding("space", "toggle_button", show=False),
        Binding("up,left", "previous_button", show=False),
    ]

    def on_mount(self) -> None:
        """The highlight starts on the chosen button (not on the first one)."""
        # RadioSet's own mount handler (it runs after this one) highlights the first button.
        self.call_after_refresh(self._highlight_chosen)

    def _highlight_chosen(self) -> None:
        chosen = [i for i, b in enumerate(self.query(RadioButton)) if b.value]
        if chosen:
            self._selected = chosen[0]


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
