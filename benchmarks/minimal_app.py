"""The smallest Textual app, for benchmarks/startup.py to compare the game's start-up with:
one Static; it writes the time into $AGENT_AVENUE_READY_FILE after its first refresh, then
exits (exactly as the game's app does with its start screen)."""

from __future__ import annotations

import os
import time
from pathlib import Path

from textual.app import App, ComposeResult
from textual.widgets import Static


class MinimalApp(App[None]):
    """One line of text."""

    def compose(self) -> ComposeResult:
        """The one widget."""
        yield Static("Agent Avenue")

    def on_mount(self) -> None:
        """Report the first refresh, like the game's app."""
        self.call_after_refresh(self._report_ready)

    def _report_ready(self) -> None:
        Path(os.environ["AGENT_AVENUE_READY_FILE"]).write_text(f"{time.time():.6f}\n", "utf-8")
        self.exit()


if __name__ == "__main__":
    MinimalApp().run()
