"""The table's box for the action panel of the moment, which can keep its tallest height."""

from __future__ import annotations

from textual.containers import Container


class PanelBox(Container):
    """Holds the table's panel; on the ring boards (class -steady) it keeps the tallest height
    a panel has had in it, so a shorter panel after it leaves the board above as it is: a board
    whose height changes is laid out and drawn whole again (about 170 widgets)."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._tallest = 0

    def hold_height(self) -> None:
        """Keep the height the box has now if it is the tallest yet (on the ring boards)."""
        height = self.outer_size.height
        if self.is_attached and self.has_class("-steady") and height > self._tallest:
            self._tallest = height
            self.styles.min_height = height

    def forget_height(self) -> None:
        """Let the box take its panel's height again (the terminal's size has changed)."""
        self._tallest = 0
        self.styles.min_height = None


__all__ = ["PanelBox"]
