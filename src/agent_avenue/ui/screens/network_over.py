"""The end of a network game: the normal game-over screen, whose keys say what they do in a room
(q leaves it; n starts nothing, it says why), with one line about the room: who has left it,
or that it is closed."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.widgets import Static

from agent_avenue.engine import PlayerView, Result
from agent_avenue.i18n import t
from agent_avenue.play.session import LogEntry
from agent_avenue.ui.screens.game_over import GameOverScreen

__all__ = ["NetworkGameOverScreen"]


class NetworkGameOverScreen(GameOverScreen):
    """The game-over screen of a network game: dismissed with False only (leave the room)."""

    DEFAULT_CSS = """
    NetworkGameOverScreen #over-room {
        dock: bottom;
        height: auto;
        margin-bottom: 1;  /* above the key bar, docked at the bottom too */
        padding: 0 1;
    }
    NetworkGameOverScreen #over-room.-empty {
        display: none;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        # Not in the key bar: a network game has no new game here, and n says so.
        Binding("n", "again", t("gameover.key_again"), show=False),
        Binding("q", "leave", t("net.ui.key_leave")),
    ]

    def __init__(
        self,
        view: PlayerView,
        names: tuple[str, str],
        result: Result,
        log: tuple[LogEntry, ...],
        seats: tuple[str, ...] = (),
        note: str | None = None,
    ) -> None:
        """The end of a network game (no replay line: the record, which comes with the end, is
        replayed from the score sheet); `note` is the first line about the room."""
        super().__init__(view, names, result, None, None, log, seats=seats)
        self.note = note
        """What the room line says: who has left, the room closed (None: nothing yet)."""
        self.asked_again = False
        """Whether n was pressed: the line then also says why there is no new game here."""

    def compose(self) -> ComposeResult:
        """The normal game-over screen and the room line."""
        yield from super().compose()
        yield Static(id="over-room")

    def on_mount(self) -> None:
        """The final position, and the room line."""
        super().on_mount()
        self._show_room_line()

    def set_note(self, note: str | None) -> None:
        """Say something new about the room (who has left, the room closed)."""
        self.note = note
        if self.is_mounted:
            self._show_room_line()

    def room_line(self) -> str:
        """The text of the room line: the note, and after n why there is no new game here."""
        parts = [self.note] if self.note else []
        if self.asked_again:
            parts.append(t("net.ui.no_new_game"))
        return "\n".join(parts)

    def _show_room_line(self) -> None:
        """Put `room_line` on the screen (hidden while it is empty)."""
        text = self.room_line()
        line = self.query_one("#over-room", Static)
        line.update(Content(text))
        line.set_class(not text, "-empty")

    def action_again(self) -> None:
        """n: no new game in a network game (the host opens a new room); the line says so."""
        self.asked_again = True
        self._show_room_line()
