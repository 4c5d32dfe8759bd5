"""The rows screen changes are counted in, shared by feel.py (which reads the kind of screen
off the terminal) and transitions.py (which reads it off the app's widgets)."""

from __future__ import annotations

KIND_OF_WIDGET = {
    "StartScreen": "start",
    "HandoffScreen": "handoff",
    "OfferPanel": "offer",
    "RecruitPanel": "recruit",
    "RevealPanel": "reveal",
    "PickPanel": "choice",
    "ChoicePanel": "choice",
    "GameOverScreen": "result",
}
"""The kind of screen (feel.py's names) a screen or panel class shows."""


ROW_AFTER = {
    "start": "start → first screen of the game",
    "handoff": "handoff → private screen",
    "offer": "offer → next screen",
    "recruit": "recruit → reveal",
    "reveal": "reveal → privacy question or hand",
    "choice": "choice → next screen",
    "confirm": "choice → next screen",
}
"""The row a key on each kind of screen is counted in (any key that ends the game: its own)."""


def transition(before: str, after: str) -> str:
    """The row a change from a `before` kind of screen to an `after` kind is counted in."""
    if after == "result":
        return "game over → result"
    if before in ROW_AFTER:
        return ROW_AFTER[before]
    return f"{before} → {after}"
