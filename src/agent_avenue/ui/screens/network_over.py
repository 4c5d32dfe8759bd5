"""The end of a network game: the normal game-over screen, whose keys say what they do in a room
(n asks the others for a rematch in the same room, q leaves it), with one line about the room
(who has left it, or that it is closed) and one about the rematch (who asked, whom it waits
for, or why there is none)."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.content import Content
from textual.message import Message
from textual.widgets import Static

from agent_avenue.engine import GameRecord, PlayerView, Result
from agent_avenue.i18n import t
from agent_avenue.play.session import LogEntry
from agent_avenue.ui.screens.game_over import GameOverScreen

__all__ = ["NetworkGameOverScreen"]


class NetworkGameOverScreen(GameOverScreen):
    """The game-over screen of a network game: n posts Rematch (the app asks the server), q
    dismisses it with False (leave the room)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "again", t("net.ui.key_rematch")),
        Binding("q", "leave", t("net.ui.key_leave")),
    ]

    class Rematch(Message):
        """n: this terminal's seats ask for a rematch in the same room."""

    def __init__(
        self,
        view: PlayerView,
        names: tuple[str, str],
        result: Result,
        log: tuple[LogEntry, ...],
        seats: tuple[str, ...] = (),
        note: str | None = None,
        rematch: Callable[[], str | None] | None = None,
        *,
        record: GameRecord | None = None,
        review_seat: int | None = None,
    ) -> None:
        """The end of a network game (no replay line: the record, which comes with the end, is
        replayed from the score sheet); `note` is the first line about the room; `rematch`
        says the rematch's line whenever it is shown (so in the language in use); `record`,
        once the server has sent it, lets r review the game (`set_record` if it comes later)."""
        super().__init__(view, names, result, None, None, log, seats=seats, record=record)
        self.review_seat = review_seat
        self.note = note
        """What the room line says: who has left, the room closed (None: nothing yet)."""
        self.rematch = rematch or (lambda: None)
        """What the rematch line says now: who asked, whom it waits for (None: nothing)."""

    def result_texts(self) -> dict[str, str]:
        """The normal result's lines and the room line's (an empty one is hidden)."""
        return {**super().result_texts(), "over-room": self.room_line()}

    def set_record(self, record: GameRecord) -> None:
        """The game's whole record has come (with the server's game_over): r reviews it now."""
        self.record = record
        self.refresh_bindings()

    def set_note(self, note: str | None) -> None:
        """Say something new about the room (who has left, the room closed)."""
        self.note = note
        if self.is_mounted:
            self._show_room_line()

    def show_rematch(self) -> None:
        """The rematch has changed (who asked, whom it waits for): its line again."""
        if self.is_mounted:
            self._show_room_line()

    def room_line(self) -> str:
        """The text of the room line: the note, then the rematch's sentence."""
        return "\n".join(part for part in (self.note, self.rematch()) if part)

    def _show_room_line(self) -> None:
        """Put `room_line` on the screen (hidden while it is empty)."""
        text = self.room_line()
        line = self.query_one("#over-room", Static)
        line.update(Content(text))
        line.set_class(not text, "-empty")
        self.fit_result()  # the room line's rows changed

    def action_again(self) -> None:
        """n: ask for a rematch (the app sends it; the rematch line then says what follows)."""
        self.post_message(self.Rematch())
