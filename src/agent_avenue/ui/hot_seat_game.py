"""A game at the table: it holds the session, asks the flow what comes next and shows it
(handoffs, private and public screens, the computer's turns, reveals, the end), and saves
after every action. The app creates one per game and passes it the players' actions."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from textual.worker import Worker, WorkerState

from agent_avenue.engine import (
    Action,
    Discard,
    Event,
    Lead,
    Offer,
    PlayDown,
    PlayerView,
    PlayUp,
    Recruit,
)
from agent_avenue.i18n import t
from agent_avenue.play.flow import Flow, Show
from agent_avenue.play.seats import SeatKinds
from agent_avenue.play.session import LogEntry, Session
from agent_avenue.ui.computer import ComputerSeats, bot_seed
from agent_avenue.ui.game_show import GameShow
from agent_avenue.ui.phrases import discard_note
from agent_avenue.ui.screens.handoff import HandoffScreen
from agent_avenue.ui.widgets.panels import ThinkingPanel

if TYPE_CHECKING:
    from agent_avenue.ui.app import BaseApp
    from agent_avenue.ui.screens.table import TableScreen
    from agent_avenue.ui.spare_table import SpareTable

__all__ = ["HotSeatGame"]


class HotSeatGame(GameShow):
    """One game at this terminal, from its first handoff to the game-over screen."""

    def __init__(
        self,
        app: BaseApp,
        session: Session,
        kinds: SeatKinds,
        save_id: str | None,
        computer: ComputerSeats,
        spare: SpareTable | None = None,
    ) -> None:
        """A game of `session` whose seats are played as `kinds` say, saved as `save_id`, on
        the `spare` table if it is in sight when the game shows (ui/spare_table.py)."""
        self.app = app
        self.spare = spare
        self._pushed = []
        self.session = session
        self.player_kinds = kinds
        self.save_id = save_id
        self.computer = computer
        computer.make(kinds)
        seats = frozenset(computer.bots)
        people = frozenset(s for s in range(len(kinds)) if s not in seats)
        self.flow = Flow(len(kinds), people, seats)
        """Who looks at the terminal and what comes next (play/flow.py)."""
        self.table: TableScreen | None = None
        self.reading = False
        """Whether a reveal is being read while the computer thinks (its answer then waits)."""
        self.held: Action | None = None
        """The computer's answer, kept until the reveal shown before it has been read."""
        self.storage_note: str | None = None

    @property
    def source(self) -> Session:
        """The game being shown: the session."""
        return self.session

    # Starting ------------------------------------------------------------------------------

    async def show_table(self, resumed: bool = False) -> None:
        """Show a new game table with its first screen, drawn once both are whole."""
        # Imported only now: the game screens and widgets are not needed to show the start screen.
        from agent_avenue.ui.screens.table import TableScreen

        with self.app.batch_update():
            table = self.spare.take(self.team_seats()) if self.spare is not None else None
            if table is None:
                table = TableScreen(self.app.rules, self.team_seats(), later=True)
                await self.app.push_screen(table)
            self.table = table
            if resumed:
                self._begin_resumed()
            else:
                self._begin()
            covered = isinstance(self.app.screen, HandoffScreen)
            await self.shown(whole=not covered)
        if covered:  # the handoff first; the table is composed behind it as it counts down
            self.app.call_after_refresh(table.compose_whole)

    def _begin(self) -> None:
        """The log starts with the first turn; then the first handoff."""
        if self.table is None:
            return
        opening = self.session.view(None)
        self.table.add_log(LogEntry(opening.turn, opening.events), self.names)
        self.advance()
        self._warn_if_unsaveable()

    def _begin_resumed(self) -> None:
        """The whole public log back, then always a handoff first, never a private screen."""
        session = self.session
        if self.table is None:
            return
        for entry in (session.opening, *session.log):
            self.table.add_log(entry, self.names)
        step = self.flow.resumed(session.stage, session.result)
        purpose = None
        if step.show is Show.HANDOFF and step.seat is not None and step.side is None:
            names = self.names
            turn = session.view(None).turn
            name = self.seat_names[step.seat]
            purpose = t("resume.purpose", green=names[0], blue=names[1], turn=turn, name=name)
        self.show(step, purpose=purpose)

    # The computer's seats ------------------------------------------------------------------

    def _bot_turn(self, seat: int) -> None:
        """The computer decides for `seat` in a worker thread, from that seat's view only,
        while the table shows public information and a thinking indicator."""
        table = self.table
        assert table is not None
        moves = len(self.session.record.moves)
        thinking = t("bot.thinking", name=self.seat_names[seat])
        if self.computer.thinking_about(seat, moves):
            # Begun behind the reveal just read: the table says so at once, if not already.
            if not isinstance(table.panel, ThinkingPanel):
                table.show_thinking(self.session.view(None), self.names, thinking)
            return
        self.app.clear_notifications()
        table.show_thinking(self.session.view(None), self.names, thinking)
        self.computer.think(
            self.app, seat, self.session.view(seat), self.session.record.seed, moves
        )

    def _think_behind(self, seat: int) -> None:
        """The computer decides for `seat` while the reveal before its turn is read."""
        moves = len(self.session.record.moves)
        self.reading = True
        self.held = None
        if not self.computer.thinking_about(seat, moves):
            view = self.session.view(seat)
            self.computer.think(self.app, seat, view, self.session.record.seed, moves)

    def reveal_seen(self) -> None:
        """The reveal has been read: the computer's answer, if it came meanwhile, is played."""
        self.answer_question()
        held, self.held = self.held, None
        self.reading = False
        if held is not None:
            self.play(held)
        else:
            self.advance()

    def bot_answered(self, worker: Worker[Action], state: WorkerState) -> None:
        """The computer has chosen: its action goes the same way as a person's."""
        answer = self.computer.answered(worker, state)
        session, table = self.session, self.table
        if answer is None or session.result is not None:
            return
        if self.app.closing or table is None or not table.is_attached:
            return  # the app is closing: its screens are going away
        seat, moves, action = answer
        if session.stage.actor != seat or len(session.record.moves) != moves:
            return  # the game moved on (or another began) while it thought
        if action is None:
            # A failed search must not stop the game: any legal action, and a beep.
            self.app.bell()
            seed = bot_seed(session.record.seed, moves, seat)
            action = random.Random(seed).choice(session.view(seat).legal)
        if self.reading:
            self.held = action  # played once the reveal shown has been read
            table.say_next(t("bot.decided", name=self.seat_names[seat]))
            return
        self.play(action)

    # Actions -------------------------------------------------------------------------------

    def chosen(self, action: Action) -> None:
        """A person chose `action` on the screen (never taken for the computer's seat)."""
        if self.session.stage.actor in self.computer:
            self.app.bell()
            return
        self.play(action)

    def play(self, action: Action) -> None:
        """Apply the acting seat's action through the engine, then show its consequences."""
        session, table = self.session, self.table
        if table is None or session.result is not None:
            return
        actor = session.stage.actor
        if actor is None or action not in session.view(actor).legal:
            self.app.bell()
            return
        before = session.view(None)
        events = session.play(action)
        table.add_log(session.log[-1], self.names)
        if session.result is None:
            self.app.call_after_refresh(self._autosave_drawn)
        else:
            self.store_progress()  # the game-over screen shows a problem recording it
        if isinstance(action, Discard):
            # What a discarding player drew is theirs alone: never shown for the computer.
            note = None if actor in self.computer else discard_note(session.view(actor))
            self.advance(note=note)
        elif isinstance(action, Offer | Lead | PlayUp | PlayDown):
            self.advance()
        else:
            self._reveal(before, events, action)

    def _reveal(self, before: PlayerView, events: tuple[Event, ...], action: Action) -> None:
        """A public screen: what was recruited or resolved, the meeples moving, what comes next."""
        recruit = action if isinstance(action, Recruit) else None
        self.show_reveal(before, self.session.view(None), events, recruit)

    def game_over(self) -> None:
        """The game-over screen: who won and why; then a new game or the end."""
        session = self.session
        if session.result is None:
            return
        from agent_avenue.ui.screens.game_over import GameOverScreen

        self.flow.public()
        self.app.clear_notifications()
        screen = GameOverScreen(
            session.view(None),
            self.names,
            session.result,
            session.record.seed,
            session.record.first,
            session.log,
            seats=self.team_seats(),
            record=session.record,
            review_seat=next(
                (s for s in range(session.record.players) if s not in self.computer), None
            ),
        )
        if self.storage_note and self.table is not None:
            from agent_avenue.ui import saving

            # Said on the result instead: the table's line would push its panel's box up, out
            # from under the result lying over it.
            saving.show_note(self.table, None)
        self.push_result(screen)
        if self.storage_note:
            self.app.call_after_refresh(self._show_note_on_screen, self.storage_note)

    def _first_person(self) -> int | None:
        """The first seat a person plays (whose decisions a review replays first)."""
        seats = range(self.session.record.players)
        return next((seat for seat in seats if seat not in self.computer), None)

    # Saving --------------------------------------------------------------------------------

    def store_progress(self) -> None:
        """Autosave after every action and record the game once it is over; a problem shows as
        one line on the table (never a toast, which could follow onto a handoff); play goes on."""
        from agent_avenue.ui import saving

        session = self.session
        note = saving.autosave(session.record, self.player_kinds, self.save_id)
        if session.result is not None:
            rules = self.app.rules
            recorded = saving.record_game(session.record, self.player_kinds, rules, self.save_id)
            note = recorded or note
        self.storage_note = note
        if self.table is not None:
            saving.show_note(self.table, note)

    def _autosave_drawn(self) -> None:
        """The autosave of a move, once its screen is drawn (the write waits for the disk);
        none if the game has ended meanwhile: its last move saves and records it."""
        if self.session.result is None:
            self.store_progress()

    def _warn_if_unsaveable(self) -> None:
        """A game that cannot be saved says so at once, on the screen shown; play goes on."""
        if self.save_id is None:
            return
        from agent_avenue.ui import saving

        note = saving.saveable_note(self.session.record, self.player_kinds, self.save_id)
        if note is None:
            return
        self.storage_note = note
        if self.table is not None:
            saving.show_note(self.table, note)
        self.app.call_after_refresh(self._show_note_on_screen, note)

    def _show_note_on_screen(self, note: str) -> None:
        """Show a storage problem on the current screen too (the game-over screen)."""
        from agent_avenue.ui import saving

        saving.show_note(self.app.screen, note)

    def keep_or_forget(self, keep: bool) -> str | None:
        """On quitting: keep the game to resume later (a last autosave) or forget its save."""
        from agent_avenue.ui import saving

        if keep:
            return saving.autosave(self.session.record, self.player_kinds, self.save_id)
        return saving.forget_game(self.save_id) if self.save_id else None
