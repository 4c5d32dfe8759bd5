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


def transition(before: str, after: str) -> str:
    """The row a change from a `before` kind of screen to an `after` kind is counted in."""
    if after == "result":
        return "game over → result"
    if before == "start":
        return "start → first screen of the game"
    if before == "handoff":
        return "handoff → private screen"
    if before == "offer":
        return "offer → next screen"
    if before == "recruit":
        return "recruit → reveal"
    if before == "reveal":
        return "reveal → privacy question or hand"
    if before in ("choice", "confirm"):
        return "choice → next screen"
    return f"{before} → {after}"
