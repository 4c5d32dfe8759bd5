"""The end of the game: who won and why, over the table that played it (its final board,
collections and log stay in sight), with what comes next."""

from __future__ import annotations

import shlex
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.content import Content
from textual.events import Resize
from textual.geometry import Size
from textual.widgets import Static

from agent_avenue.engine import GameRecord, PlayerView, Result
from agent_avenue.i18n import t
from agent_avenue.play.session import SEAT_COLOURS, LogEntry
from agent_avenue.teaching.explain import explain_result
from agent_avenue.ui.screens.log import LogScreen
from agent_avenue.ui.screens.styled_once import StyledOnceScreen
from agent_avenue.ui.screens.table import TableScreen
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


PANEL_PADDING = 1
"""Columns of padding on each side of the result's lines (the CSS's `padding: 0 1`)."""


class GameOverScreen(StyledOnceScreen[bool]):
    """Dismissed with True for a new game, False to quit; without a seed (a network game) it
    shows no replay line.

    It is pushed over the table, which it lets show through: the final board, the collections
    and the log are the table's own, already drawn (composing and drawing a board of its own
    made this the slowest change of screen), and the result takes the panel's place.
    """

    DEFAULT_CSS = """
    GameOverScreen {
        background: transparent;
    }
    GameOverScreen > #over-panel {
        dock: bottom;
        height: auto;
        margin-bottom: 1;  /* above the key bar, docked at the bottom too */
        padding: 0 1;  /* PANEL_PADDING */
        background: $background;
    }
    GameOverScreen > #over-panel > .-empty {
        display: none;
    }
    GameOverScreen > SaveNote {
        dock: top;  /* a problem recording the game: out of the table's flow, over its top */
    }
    """

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
        self._table: TableScreen | None = None
        """The table this screen lies over (None: shown on its own)."""
        self._panel_rows = 0
        """The rows the result takes (0: as many as its lines need)."""
        self._fitted = Size(0, 0)
        """The terminal's size the result was last fitted to."""

    def compose(self) -> ComposeResult:
        """Who won and why, where the table's panel was; the key bar."""
        yield SizeWarning()
        panel = Vertical(id="over-panel")
        if self._panel_rows:
            panel.styles.height = self._panel_rows
        with panel:
            yield from self.result_lines()
        yield KeyBar()

    def result_lines(self) -> ComposeResult:
        """Headline, sentence and the replay line (an empty line is hidden until it says
        something)."""
        for name, text in self.result_texts().items():
            yield Static(Content(text), id=name, classes="-empty" if not text else None)

    def result_texts(self) -> dict[str, str]:
        """The result's lines by the id of the widget that shows them (empty: not shown)."""
        winner = self.result.winner
        partners = len(self.view.seats_of(winner)) > 1
        title = "team.gameover_title" if partners else "gameover.title"
        texts = {
            "over-title": t(title, name=self.names[winner]),
            # Who won and why; every condition met and the tie rule's note (explain.py).
            "over-sentence": "\n".join(explain_result(self.result, self.view, self.names)),
        }
        replay = self._replay_line()
        if replay is not None:
            texts["over-replay"] = replay
        return texts

    def lie_over(self, table: TableScreen | None) -> None:
        """Lie over `table`, covering its panel's box whole (nothing of the last reveal shows
        above the result) with the rows the result needs at the terminal's width. The flow
        calls it as it pushes this screen (`GameShow.push_result`), so that the table makes
        room in the same frame; it is called again after a resize or a change of language."""
        self._table = table
        self._fitted = self.app.size
        rows = self._rows(self.app.size.width - 2 * PANEL_PADDING)
        self._panel_rows = table.room_for_the_result(rows) if table is not None else rows
        if self.is_mounted:
            self.query_one("#over-panel").styles.height = self._panel_rows

    def fit_result(self) -> None:
        """Cover the same table again with the rows the result's lines now need."""
        self.lie_over(self._table)

    def _rows(self, width: int) -> int:
        """The rows the result's lines take, each wrapped at `width` (as their widgets wrap
        them: an empty line is not shown)."""
        texts = [text for text in self.result_texts().values() if text]
        return sum(len(Content(text).wrap(max(1, width))) for text in texts)

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
        self.fit_result()
        await self.recompose()

    def on_resize(self, event: Resize) -> None:
        """The result's lines wrap at the new width: it covers the table again with the rows
        they take (the table below, in sight, lays itself out for the new size as it does
        on top). The first showing's Resize finds it fitted already."""
        if event.size != self._fitted:
            self.fit_result()

    async def on_screen_resume(self) -> None:
        """Back on top (after the log or the score sheet, which hid the table): the table fits
        the size now, and the result covers it again."""
        if self._table is not None:
            await self._table.fit_board()  # nothing to do unless its board size changed
        if self.is_attached and self.app.size != self._fitted:
            self.fit_result()  # the first showing finds it as `lie_over` made it

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
