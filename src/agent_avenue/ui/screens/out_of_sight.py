"""A screen composed before it is shown: its widgets are made, mounted and styled while another
screen is on the terminal, so that showing it later only lays it out and draws it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from textual.app import App
from textual.geometry import Size
from textual.screen import Screen

from agent_avenue.i18n import language as language_in_use

__all__ = ["OutOfSight"]


@dataclass
class OutOfSight:
    """One screen being composed out of sight, for the terminal size and the language of the
    moment it was begun."""

    screen: Screen[Any]
    size: Size
    language: str

    @classmethod
    def compose(cls, app: App[Any], screen: Screen[Any]) -> OutOfSight:
        """Begin composing `screen` now, unseen (push it later as usual). Textual composes a
        screen only when it is first pushed and has no public way to do it sooner: this
        registers the screen with the app as a push does, without showing it."""
        app._register(app, screen)
        return cls(screen, app.size, language_in_use())

    def take(self, app: App[Any]) -> Screen[Any] | None:
        """The screen, ready to push, if it was composed for the terminal's size and the
        language now in use; else None, and the screen is let go."""
        if self.size == app.size and self.language == language_in_use():
            return self.screen
        self.screen.remove()
        return None
