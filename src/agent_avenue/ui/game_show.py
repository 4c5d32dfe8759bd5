"""What a game at the table shows, whoever holds the game: the hot-seat HotSeatGame (a Session)
and the network RemoteGame (a ClientGame) share it. The flow (play/flow.py) decides; this shows
handoffs, private and public screens, waiting lines, reveals and the game-over screen."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from contextlib import nullcontext
from typing import TYPE_CHECKING, Any, Protocol

from textual.screen import Screen

from agent_avenue.engine import Event, PlayerView, Recruit, Result, is_team_game, side_of
from agent_avenue.i18n import t
from agent_avenue.play.flow import Flow, Next, Show
from agent_avenue.play.session import LogEntry, Stage
from agent_avenue.ui.phrases import next_prompt
from agent_avenue.ui.screens.handoff import HandoffScreen
from agent_avenue.ui.seat_words import local_names, local_seat_names, team_seat_names, who
from agent_avenue.ui.team import (
    handoff_purpose,
    team_handoff,
    team_next_prompt,
    team_purpose,
    team_waiting,
)

if TYPE_CHECKING:
    from agent_avenue.ui.app import BaseApp
    from agent_avenue.ui.screens.game_over import GameOverScreen
    from agent_avenue.ui.screens.table import TableScreen

__all__ = ["GameShow", "GameSource"]


class GameSource(Protocol):
    """What the table reads of a game: play.Session and net.ClientGame both provide it."""

    @property
    def names(self) -> tuple[str, str]:
        """The sides' names, green first."""

    @property
    def seat_names(self) -> tuple[str, ...]:
        """Every player's name, by seat."""

    @property
    def players(self) -> int:
        """How many players."""

    @property
    def stage(self) -> Stage:
        """What the table waits for."""

    @property
    def result(self) -> Result | None:
        """How the game ended, or None."""

    @property
    def log(self) -> tuple[LogEntry, ...]:
        """Every public event so far, step by step."""

    def view(self, seat: int | None) -> PlayerView:
        """A seat's view, or the public one (None)."""


class GameShow:
    """The showing half of a game at the table; subclasses hold the game and play actions."""

    app: BaseApp
    flow: Flow
    table: TableScreen | None
    asking: Next | None = None
    """The handoff whose privacy question the reveal shown asks (answered by its Enter)."""
    _pushed: list[Awaitable[object]]

    @property
    def source(self) -> GameSource:
        """The game being shown."""
        raise NotImplementedError

    # Names ---------------------------------------------------------------------------------

    @property
    def names(self) -> tuple[str, str]:
        """The sides' names, green first (a colour name follows the language in use)."""
        return local_names(self.source.names)

    @property
    def seat_names(self) -> tuple[str, ...]:
        """Every player's name by seat (green, blue, then the partners); a duel's are `names`."""
        if not is_team_game(self.source.players):
            return self.names
        return local_seat_names(self.source.seat_names)

    def team_seats(self) -> tuple[str, ...]:
        """The seat names the table shows in a team game; empty in a duel."""
        return team_seat_names(self.source.players, self.source.seat_names)

    # What comes next -----------------------------------------------------------------------

    def advance(self, note: str | None = None) -> None:
        """Show what the game waits for now (play/flow.py decides)."""
        if self.table is None:
            return
        self.show(self.flow.next(self.source.stage, self.source.result), note)

    def show(self, step: Next, note: str | None = None, purpose: str | None = None) -> None:
        """Show one answer of the flow."""
        source, table = self.source, self.table
        assert table is not None
        show, seat = step.show, step.seat
        if show is Show.GAME_OVER:
            self.game_over()
        elif show is Show.TEAM_HANDOFF:
            assert step.side is not None
            self._team_handoff(step.side)
        elif seat is None:
            raise ValueError(f"the flow named no seat for {show}")
        elif show is Show.THINKING:
            self._bot_turn(seat)
        elif show is Show.HANDOFF:
            if step.side is not None:
                purpose = team_purpose(source.view(None), step.side, self.names)
            self._handoff(seat, purpose)
        elif show is Show.PUBLIC:
            legal = source.view(seat).legal
            table.show_public_choice(source.view(None), seat, legal, self.names)
        elif show is Show.PRIVATE:
            table.show_private(source.view(seat), self.names, note)
        else:
            waiting = t("handoff.elsewhere", name=self.seat_names[seat])
            table.show_waiting(source.view(None), self.names, waiting)

    def _bot_turn(self, seat: int) -> None:
        """The computer decides for `seat` (only a game that plays the computer has this)."""
        raise ValueError(f"nobody here plays the computer's seat {seat}")

    def game_over(self) -> None:
        """The game-over screen."""
        raise NotImplementedError

    def _handoff(self, seat: int, purpose: str | None = None) -> None:
        """Switch the table to public information, then ask for the terminal to change hands."""
        assert self.table is not None
        public = self.source.view(None)
        seats = self.seat_names
        self.table.show_waiting(public, self.names, t("handoff.waiting", name=seats[seat]))
        self.app.clear_notifications()
        screen = HandoffScreen(
            side_of(seat),
            title=t("handoff.title", name=who(seat, seats)),
            purpose=purpose or handoff_purpose(public, seat, seats),
            prompt=t("handoff.prompt", name=seats[seat]),
            button=t("handoff.button", name=seats[seat]),
            delay=self.app.handoff_delay,
            leaving=lambda: self._after_handoff(seat),
        )
        self.push(screen)

    async def _after_handoff(self, seat: int) -> None:
        """The player is there: their screen is built behind the handoff."""
        self.flow.handed_to(seat)
        self.advance()
        await self.shown()

    async def _after_team_handoff(self) -> None:
        """The side is there: what it decides is built behind the handoff."""
        self.advance()
        await self.shown()

    def push_result(self, screen: GameOverScreen) -> None:
        """Lay the result over the table (which makes room for it in the same frame) and push
        it; the table shows through it as it is drawn (Textual would repaint it whole for the
        same picture). The app's `after_game_over` takes its answer."""
        table = self.table
        screen.lie_over(table)
        with table.kept_as_drawn() if table is not None else nullcontext():
            self.push(screen, self.app.after_game_over)

    def push(self, screen: Screen[Any], callback: Callable[[Any], None] | None = None) -> None:
        """Show `screen` over the table; `shown` waits until it is whole."""
        self._pushed.append(self.app.push_screen(screen, callback))

    async def shown(self, whole: bool = True) -> None:
        """Wait until what was last shown is whole (panels composed, screens pushed), so that
        a caller holding the updates draws it in one frame, never half-built; not `whole`:
        the screens pushed only (a table made later stays as it is, out of sight)."""
        pushed, self._pushed = self._pushed, []
        for mounting in pushed:
            await mounting
        if self.table is not None and whole:
            await self.table.built()

    def _team_handoff(self, side: int) -> None:
        """Switch the table to public information, then pass the terminal to a whole side."""
        assert self.table is not None
        public = self.source.view(None)
        self.table.show_waiting(public, self.names, team_waiting(side, self.names))
        self.app.clear_notifications()
        delay = self.app.handoff_delay
        players = self.source.players
        screen = team_handoff(public, side, self.names, players, delay, self._after_team_handoff)
        self.push(screen)

    def show_reveal(
        self,
        before: PlayerView,
        after: PlayerView,
        events: tuple[Event, ...],
        recruit: Recruit | None,
    ) -> None:
        """A public screen: what was recruited or resolved, the meeples moving, what comes next.

        When a private screen comes next, the reveal's prompt is that handoff's privacy
        question, and its Enter (after the handoff's pause) answers it: no handoff screen."""
        assert self.table is not None
        self.flow.public()
        source = self.source
        self.asking = self.flow.question(source.stage, source.result)
        question: float | None = None
        goes_on: float | None = None
        computer = self.flow.computer_next(source.stage, source.result)
        if computer is not None:
            # No key needed: the computer thinks while the reveal is read, then goes on.
            prompt = t("bot.thinking", name=self.seat_names[computer])
            goes_on = self.app.reading_pause
        elif self.asking is not None:
            prompt = self._question(self.asking, after)
            question = self.app.handoff_delay
            self.app.clear_notifications()
        elif seats := self.team_seats():
            prompt = team_next_prompt(after, source.stage.actor, self.names, seats)
        else:
            prompt = next_prompt(after, source.stage.actor, self.names)
        delay = self.app.animation_delay
        final = source.result is not None
        table = self.table
        table.show_reveal(
            before, after, events, self.names, prompt, recruit, delay, question, final, goes_on
        )
        if computer is not None:
            self._think_behind(computer)

    def _think_behind(self, seat: int) -> None:
        """The computer starts deciding for `seat` while the reveal is still shown."""
        raise ValueError(f"nobody here plays the computer's seat {seat}")

    def _question(self, step: Next, after: PlayerView) -> str:
        """What comes next and the privacy question of handoff `step`, asked on a reveal."""
        if step.show is Show.TEAM_HANDOFF:
            assert step.side is not None
            team = self.names[step.side]
            purpose = team_purpose(after, step.side, self.names)
            return t("reveal.team_question", purpose=purpose, team=team)
        assert step.seat is not None
        seats = self.seat_names
        if step.side is not None:
            purpose = team_purpose(after, step.side, self.names)
        else:
            purpose = handoff_purpose(after, step.seat, seats)
        return t("reveal.question", purpose=purpose, name=seats[step.seat])

    def answer_question(self) -> None:
        """Enter on a reveal: its privacy question, if it asked one, is answered."""
        step, self.asking = self.asking, None
        if step is not None:
            self.flow.answered(step)

    def reveal_seen(self) -> None:
        """Enter on a reveal: its question (if any) is answered; on to the next decision."""
        self.answer_question()
        self.advance()
