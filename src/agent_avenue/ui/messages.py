"""Messages the screens post up to the app: the app alone applies actions to the game."""

from __future__ import annotations

from textual.message import Message

from agent_avenue.engine import Action


class ActionChosen(Message):
    """A player chose an engine action (one of the legal actions they were shown)."""

    def __init__(self, action: Action) -> None:
        self.action = action
        super().__init__()

    def __repr__(self) -> str:
        # An offer or a discard names secret cards: keep them out of logs and crash reports.
        return f"ActionChosen({type(self.action).__name__})"


class Continue(Message):
    """The players have seen a public reveal and want to go on."""
