"""The end of the game: who won and why in a sentence, with the final board and collections."""

from __future__ import annotations

import shlex
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.events import Resize
from textual.widgets import Static

from agent_avenue.engine import GameRecord, PlayerView, Result
from agent_avenue.i18n import t
from agent_avenue.play.session import SEAT_COLOURS, LogEntry
from agent_avenue.teaching.explain import explain_result
from agent_avenue.ui.screens.log import LogScreen
from agent_avenue.ui.screens.styled_once import StyledOnceScreen
from agent_avenue.ui.widgets import BoardRing, CollectionPanel
from agent_avenue.ui.widgets.board import board_size
from agent_avenue.ui.widgets.keybar import KeyBar
from agent_avenue.ui.widgets.size import SizeWarning


def team_replay_line(view: PlayerView, seats: tuple[str, ...], seed: int, first: int) -> str:
    """The command that deals a team game again: players and names included."""
    return t(
        "team.gameover_replay",
        turn=view.turn,
        players=len(seats),
        names=shlex.quote(",".join(seats)),
        mode=view.mode.value,
        seed=seed,
        first=SEAT_COLOURS[first],
    )


class GameOverScreen(StyledOnceScreen[bool]):
    """Dismissed with True for a new game, False to quit; without a seed (a network game) it
    shows no replay line."""

    AUTO_FOCUS = ""
    """Nothing takes the focus at first: the keys are the screen's, and a focused column
    would be styled again as it takes it (with everything in it)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "again", t("gameover.key_again")),
        Binding("l", "log", t("app.key_log")),
        Binding("h", "history", t("history_screen.key_open")),
        Binding("r", "review", t("review.key_open")),
        Binding("q", "leave", t("gameover.key_quit")),
    ]

    def __init__(
        self,
        view: PlayerView,
        names: tuple[str, str],
        result: Result,
        seed: int | None,
        first: int | None,
        log: tuple[LogEntry, ...],
        seats: tuple[str, ...] = (),
        *,
        record: GameRecord | None = None,
        review_seat: int | None = None,
    ) -> None:
        super().__init__(classes=f"-winner-{result.winner}")
        self.view = view
        self.names = names
        self.seats = seats
        """Every player's name by seat in a team game (3 or 4 players); empty in a duel."""
        self.result = result
        self.seed = seed
        self.first = first
        self.entries = log
        self.record = record
        """The game's record, for its review (None: a network game, whose record this client
        does not hold)."""
        self.review_seat = review_seat
        """Whose decisions the review replays first (the first person at the table)."""
        self._board_size = "compact"

    def compose(self) -> ComposeResult:
        """Headline, sentence, board and collections."""
        yield SizeWarning()
        with Vertical(classes="main", id="over-main"):
            winner = self.result.winner
            title = "team.gameover_title" if len(self.seats) > winner + 2 else "gameover.title"
            yield Static(Content(t(title, name=self.names[winner])), id="over-title")
            # Who won and why; every condition met and the tie rule's note (explain.py).
            why = "\n".join(explain_result(self.result, self.view, self.names))
            yield Static(Content(why), id="over-sentence")
            size = self._board_size = board_size(*self.app.size)
            # Filled before they are mounted: each is styled once, with its final classes.
            board = BoardRing(id="over-board")
            board.set_size(size)
            board.update_view(self.view, self.names)
            green, blue = (CollectionPanel(side, id=f"over-collection-{side}") for side in (0, 1))
            for side, panel in enumerate((green, blue)):
                panel.update_view(self.view, side, self.names, self.seats)
            if size == "compact":
                with Horizontal(id="over-table"):
                    yield board
                    with Vertical(id="over-side"):
                        yield green
                        yield blue
            else:
                # The table's own layout at this size: a side on each hand of the board.
                with Horizontal(id="over-table", classes=f"-ring -{size}"):
                    with VerticalScroll(id="over-left", classes="over-column"):
                        yield green
                    yield board
                    with VerticalScroll(id="over-right", classes="over-column"):
                        yield blue
            replay = self._replay_line()
            if replay is not None:
                yield Static(Content(replay), id="over-replay")
        yield KeyBar()

    def _replay_line(self) -> str | None:
        """The command that deals this game again (None: a network game, whose seed this
        client never knew)."""
        if self.seed is None or self.first is None:
            return None
        if len(self.seats) > 2:
            return team_replay_line(self.view, self.seats, self.seed, self.first)
        return t(
            "gameover.replay",
            seed=self.seed,
            mode=self.view.mode.value,
            turn=self.view.turn,
            first=SEAT_COLOURS[self.first],
        )

    async def refresh_language(self, names: tuple[str, str]) -> None:
        """The result again, in the language now in use."""
        self.names = names
        await self.recompose()

    async def on_resize(self, event: Resize) -> None:
        """Crossing a board size (compact, medium, large) lays the result out again, when it
        is shown (under another screen it waits until it comes back)."""
        await self._fit_board()

    async def on_screen_resume(self) -> None:
        """Back on top (after the log or the score sheet): fit the board to the size now."""
        await self._fit_board()

    async def _fit_board(self) -> None:
        if not self.is_current or board_size(*self.app.size) == self._board_size:
            return
        await self.refresh_language(self.names)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """A review needs the game's record."""
        if action == "review":
            return self.record is not None
        return True

    def action_review(self) -> None:
        """The review of this game: every decision judged, the marked ones explained."""
        from agent_avenue.ui.screens.review import ReviewScreen

        if self.record is not None:
            screen = ReviewScreen(self.record, self.view.rules, self.review_seat)
            self.app.push_screen(screen)

    def action_again(self) -> None:
        """A new game (back to the start screen)."""
        self.dismiss(True)

    def action_leave(self) -> None:
        """Leave the app."""
        self.dismiss(False)

    def action_log(self) -> None:
        """The whole game's log."""
        self.app.push_screen(LogScreen(self.entries, self.names, self.view.rules, self.seats))

    def action_history(self) -> None:
        """The score sheet, this game included (it was recorded as it ended)."""
        from agent_avenue.ui.screens.history import HistoryScreen

        self.app.push_screen(HistoryScreen(self.view.rules))
