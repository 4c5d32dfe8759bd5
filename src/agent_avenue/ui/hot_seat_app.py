"""The hot-seat app (`agent-avenue play`): the start screen, the lessons, saved games and
replays, and the game at this terminal's table (ui/hot_seat_game.py; what it shows next is
play/flow.py's). What every front end shares is BaseApp's (ui/app.py)."""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import TYPE_CHECKING

from rich.text import Text
from textual.worker import Worker, WorkerState

from agent_avenue.engine import is_team_game, side_of
from agent_avenue.i18n import t
from agent_avenue.play.seats import (
    BOT_PLAYER_COUNTS,
    HUMAN,
    SeatKinds,
    bot_seats,
    list_opponent,
    seat_kinds,
)
from agent_avenue.ui.app import BaseApp
from agent_avenue.ui.computer import BOTS, ComputerSeats
from agent_avenue.ui.launch import LaunchOptions, new_session, random_seed
from agent_avenue.ui.preload import PRELOAD, loaded, preload
from agent_avenue.ui.save_lookup import SaveLookup
from agent_avenue.ui.screens.start import StartScreen, StartSettings
from agent_avenue.ui.seat_words import colour_name, default_names, local_names
from agent_avenue.ui.spare_table import SpareTable

if TYPE_CHECKING:
    from agent_avenue.engine import GameRecord, Mode, Rules
    from agent_avenue.play.session import Session
    from agent_avenue.storage import LoadedSave
    from agent_avenue.ui.hot_seat_game import HotSeatGame
    from agent_avenue.ui.messages import ActionChosen, Continue

READY_FILE_ENV = "AGENT_AVENUE_READY_FILE"
"""Benchmarks set this to a path: the app writes the time it was ready there and exits."""
SAVES = "saves"
"""The worker group that looks for a saved game while the start screen shows."""

__all__ = ["HotSeatApp"]


class HotSeatApp(BaseApp):
    """The app of a game at this terminal: the start screen, a game at the table
    (ui/hot_seat_game.py), saved games and replays, the lessons."""

    def __init__(self, rules: Rules, options: LaunchOptions | None = None) -> None:
        """The app for `rules`, started as `options` say (the command line's choices)."""
        super().__init__(rules)
        options = options if options is not None else LaunchOptions()
        self.options = options
        # The next new game's settings: the start screen may change them, "play again" keeps them.
        self.start_mode = options.mode
        self.start_players = options.players
        self.start_first = options.first
        self.start_kinds = options.kinds
        """One kind per seat: used while the start screen's player count and opponent stay as
        given; None: `start_opponent` fills the other side."""
        kinds = options.kinds
        self.start_opponent = list_opponent(kinds) if kinds is not None else options.opponent
        self.human_side = options.seat
        self.start_names: tuple[str, ...] = options.names or (colour_name(0), colour_name(1))
        if is_team_game(options.players) and options.names is None:
            self.start_names = default_names(options.players)
        self.seed = random_seed() if options.seed is None else options.seed
        self.computer = ComputerSeats()
        """The computer's seats and the decision it may be making (ui/computer.py)."""
        self.game: HotSeatGame | None = None
        """The game at the table, if one is being played."""
        self._saves = SaveLookup(rules)
        self.spare = SpareTable(self, rules, lambda: self.seed)
        """The table composed behind the start screen for the next game (ui/spare_table.py)."""
        self._resume_offered = options.new_game
        """Whether the offer to resume was made (never, when the command line described a new
        game: that game starts, the saved one waits)."""

    # What tests and screens read -----------------------------------------------------------

    @property
    def session(self) -> Session | None:
        """The game being played (None before a game starts)."""
        return self.game.session if self.game is not None else None

    @property
    def player_kinds(self) -> SeatKinds:
        """How each seat is played, as saves and the score sheet spell it."""
        return self.game.player_kinds if self.game is not None else (HUMAN, HUMAN)

    @property
    def names(self) -> tuple[str, str]:
        """The players' names, green first (a colour name follows the language in use)."""
        if self.game is not None:
            return self.game.names
        return local_names((self.start_names[0], self.start_names[1]))

    @property
    def seat_names(self) -> tuple[str, ...]:
        """Every player's name by seat; a duel's are `names`."""
        return self.game.seat_names if self.game is not None else self.names

    # Startup -------------------------------------------------------------------------------

    def on_mount(self) -> None:
        """Show the start screen (or, when asked, resume the saved game or replay a game)."""
        if self.options.replay is not None:
            self._start_replay(self.options.replay)
            return
        if self.options.resume:
            self._resume_at_once()
            return
        self._show_start(self.start_names, self.start_mode, self.start_first, self.start_players)
        if self.options.tutorial:
            # The lessons first: the offer to resume waits until a game is started.
            self.open_tutorial()
        ready_file = os.environ.get(READY_FILE_ENV)
        if ready_file:
            self.call_after_refresh(self._report_ready, ready_file)
        else:
            # Once the start screen is drawn: load the game's screens while the players read it.
            self.call_after_refresh(self._look_ahead)

    def _look_ahead(self) -> None:
        """Import the game's modules, and look for an unfinished game (the resume offer then
        covers the start screen), in threads."""
        self.run_worker(preload, thread=True, group=PRELOAD, exit_on_error=False)
        if not self._resume_offered:
            self.run_worker(self._saves.latest, thread=True, group=SAVES, exit_on_error=False)

    def _show_start(
        self, names: tuple[str, ...], mode: Mode, first: int | None, players: int
    ) -> None:
        """The start screen with these settings; confirming it starts a game."""
        screen = StartScreen(
            names,
            mode,
            first,
            players=players,
            opponent=self.start_opponent,
            starting=self._start_game,
            rules=self.rules,
        )
        self.push_screen(screen)

    def on_choice_row_changed(self) -> None:
        """A choice on the start screen: the table laid under it follows (ui/spare_table.py)."""
        if isinstance(start := self.screen, StartScreen):
            self.call_after_refresh(self.spare.follow, start)

    def on_start_screen_tutorial_asked(self, message: StartScreen.TutorialAsked) -> None:
        """The start screen's tutorial key or button: the lessons."""
        message.stop()
        self.open_tutorial()

    def open_tutorial(self) -> None:
        """The lessons (ui/screens/tutorial.py); leaving them shows the start screen below."""
        from agent_avenue.ui.screens.tutorial import TutorialMenuScreen

        self.push_screen(TutorialMenuScreen(self.rules))

    def _report_ready(self, path: str) -> None:
        Path(path).write_text(f"{time.time():.6f}\n", encoding="utf-8")
        self.exit(0)

    async def _start_game(self, settings: StartSettings) -> None:
        """A new game with the start screen's settings (unless a saved one is offered first)."""
        if self._offer_resume(settings):
            return
        from agent_avenue.ui.hot_seat_game import HotSeatGame

        session = new_session(self.rules, self.seed, settings)
        opponent = settings.opponent if settings.players in BOT_PLAYER_COUNTS else HUMAN
        given = self.start_kinds
        if (
            given is not None
            and len(given) == settings.players
            and opponent == list_opponent(given)
        ):
            kinds = given  # the command line's seat by seat list, left as it was
        else:
            self.start_kinds = None
            kinds = seat_kinds(opponent, settings.players, self.human_side)
        self.start_opponent = opponent
        from agent_avenue.storage import new_save_id

        self.game = HotSeatGame(self, session, kinds, new_save_id(), self.computer, self.spare)
        await self.game.show_table()

    def after_game_over(self, again: bool | None) -> None:
        """The game-over screen closed: a new game from the start screen, or the end."""
        game = self.game
        if not again or game is None:
            self.exit(0)
            return
        names, mode, players = game.seat_names, game.session.mode, game.session.players
        self.game = None
        self.computer.cancel()
        self.seed = random_seed()
        while len(self.screen_stack) > 1:
            self.pop_screen()
        self._show_start(names, mode, None, players)

    # A game's messages ---------------------------------------------------------------------

    async def on_action_chosen(self, message: ActionChosen) -> None:
        """A player chose an action on the table: the game applies it through the engine."""
        message.stop()
        game = self.game
        if game is not None:
            with self.batch_update():
                game.chosen(message.action)
                await game.shown()

    async def on_continue(self, message: Continue) -> None:
        """The players have watched the reveal: on to the next decision."""
        message.stop()
        game = self.game
        if game is not None:
            with self.batch_update():
                game.reveal_seen()
                await game.shown()

    async def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        """The computer has thought (its answer goes to the game); the game's modules are loaded
        (ui/preload.py); the look for a saved game is done: offer to resume it over the start
        screen (elsewhere, e.g. in the lessons, the offer comes when a game starts)."""
        if event.worker.group == BOTS:
            game = self.game
            if game is not None:
                with self.batch_update():
                    game.bot_answered(event.worker, event.state)
                    await game.shown()
            return
        if event.state is not WorkerState.SUCCESS:
            return
        if event.worker.group == PRELOAD:
            loaded(self, self.spare)
            return
        if event.worker.group != SAVES:
            return
        if isinstance(self.screen, StartScreen):
            self._offer_resume()

    # Saved games and replays ---------------------------------------------------------------

    def _offer_resume(self, settings: StartSettings | None = None) -> bool:
        """Offer to resume a saved game, or say why a bad save was set aside; False if neither.

        With `settings` (the start screen was already confirmed), "new" starts that game.
        """
        if self._resume_offered or self.game is not None:
            return False
        found = self._saves.latest()
        if found.save is None and found.problem is None:
            return False
        self._resume_offered = True
        from agent_avenue.ui.screens.resume import RESUME, ResumeScreen

        screen = ResumeScreen(found.save, found.problem, self._saves.saves)

        def chosen(choice: str | None) -> None:
            save = screen.chosen
            if choice == RESUME and save is not None:
                self._resume(save)
            elif settings is not None:
                self.call_next(self._start_game, settings)

        self.push_screen(screen, chosen)
        return True

    def _resume_at_once(self) -> None:
        """`agent-avenue resume`: straight to the saved game's handoff, or exit 2 saying why."""
        self._resume_offered = True
        found = self._saves.latest()
        if found.save is None:
            self.exit(return_code=2, message=Text(found.problem or t("resume.none") + "."))
            return
        self._resume(found.save)

    def _resume(self, save: LoadedSave) -> None:
        """Rebuild the saved game by replaying its moves, then hand off to whoever acts next."""
        self.seed = save.record.seed
        kinds = save.players
        computer = bot_seats(kinds)
        if computer:
            self.start_opponent = kinds[computer[0]]
            self.human_side = 1 - side_of(computer[0])
            self.start_kinds = kinds  # "play again" keeps everyone in their seat
        from agent_avenue.play.session import Session
        from agent_avenue.ui.hot_seat_game import HotSeatGame

        session = Session(self.rules, save.record)
        self.game = HotSeatGame(
            self, session, kinds, save.save_id or None, self.computer, self.spare
        )
        self.call_next(self.game.show_table, True)

    def _start_replay(self, record: GameRecord) -> None:
        """`agent-avenue replay`: the replay screen alone; leaving it leaves the app."""
        from agent_avenue.storage import StorageError, replay_states
        from agent_avenue.ui.screens.replay import ReplayScreen

        try:
            screen = ReplayScreen(record, replay_states(record, rules=self.rules))
        except (StorageError, ValueError) as exc:
            self.exit(return_code=2, message=Text(str(exc)))
            return
        self.push_screen(screen, lambda _: self.exit(0))

    # App-wide keys -------------------------------------------------------------------------

    def action_quit_game(self) -> None:
        """Quit, asking first when a game is in progress: keep it to resume later, or not."""
        from agent_avenue.ui.screens.confirm_quit import ConfirmQuitScreen
        from agent_avenue.ui.screens.keep_game import KEEP, KeepGameScreen

        if isinstance(self.screen, (ConfirmQuitScreen, KeepGameScreen)):
            return
        game = self.game
        if game is None or game.session.result is not None:
            self.exit(0)
            return

        def answered(choice: str | None) -> None:
            if choice is None:
                return
            current = self.game
            problem = current.keep_or_forget(choice == KEEP) if current is not None else None
            self.exit(0, message=Text(problem) if problem else None)

        self.push_screen(KeepGameScreen(), answered)

    def terminal_closed(self) -> None:
        """The terminal has gone: a game in progress is kept to resume later (its last move's
        autosave may still be waiting for a screen to be drawn), then the app ends."""
        game = self.game
        if game is not None and game.session.result is None:
            game.keep_or_forget(True)
        self.exit(0)

    def crash_record(self) -> GameRecord | None:
        """The game being played, for the crash report."""
        return self.game.session.record if self.game is not None else None
