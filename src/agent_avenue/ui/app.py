"""The terminal app: app-wide concerns only (screens, keys, language, saved games, crashes);
a game at the table is a TableGame (ui/table_game.py), what it shows next is play/flow.py's."""

from __future__ import annotations

import inspect
import os
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.app import App
from textual.binding import Binding, BindingType
from textual.worker import Worker, WorkerState

from agent_avenue.engine import is_team_game, side_of
from agent_avenue.i18n import LANGUAGE_ENV, language_name, set_language, t
from agent_avenue.play.seats import (
    BOT_PLAYER_COUNTS,
    HUMAN,
    SeatKinds,
    bot_seats,
    list_opponent,
    seat_kinds,
)
from agent_avenue.ui.computer import BOTS, ComputerSeats
from agent_avenue.ui.crash import crash_dir, save_crash_report
from agent_avenue.ui.key_pause import DEFAULT_DELAY
from agent_avenue.ui.launch import LaunchOptions, random_first, random_seed
from agent_avenue.ui.screens.start import StartScreen, StartSettings
from agent_avenue.ui.seat_words import colour_name, default_names, local_names
from agent_avenue.ui.size_classes import HORIZONTAL_BREAKPOINTS, VERTICAL_BREAKPOINTS, size_classes
from agent_avenue.ui.widgets.size import SizeWarning

if TYPE_CHECKING:
    from collections.abc import Callable

    from textual.command import Provider
    from textual.events import Resize
    from textual.screen import Screen

    from agent_avenue.engine import GameRecord, Mode, Rules
    from agent_avenue.play.session import Session
    from agent_avenue.storage import LoadedSave, LoadResult
    from agent_avenue.ui.messages import ActionChosen, Continue
    from agent_avenue.ui.screens.settings import SettingsScreen
    from agent_avenue.ui.table_game import TableGame

ANIMATION_DELAY = 0.15
READING_PAUSE = 1.5
"""Seconds a reveal stays after the meeples stop when the computer goes on without a key."""
READY_FILE_ENV = "AGENT_AVENUE_READY_FILE"
"""Benchmarks set this to a path: the app writes the time it was ready there and exits."""
SAVES = "saves"
"""The worker group that looks for a saved game while the start screen shows."""

__all__ = ["AgentAvenueApp", "LaunchOptions", "crash_dir", "refresh_screen"]


def _rules_commands() -> type[Provider]:
    """The rules book search for the command palette (imported only when the palette opens)."""
    from agent_avenue.ui.rules_search import RulesCommands

    return RulesCommands


class AgentAvenueApp(App[int]):
    """The terminal app: the start screen, a game at the table (ui/table_game.py), saved games and
    replays, the rules book, the settings and the language. App-wide keys only."""

    CSS_PATH = "app.tcss"
    TITLE = "Agent Avenue"
    # The command palette (ctrl+p) searches the rules book: sections and black market cards.
    ENABLE_COMMAND_PALETTE = True
    COMMANDS: ClassVar[set[type[Provider] | Callable[[], type[Provider]]]] = {_rules_commands}
    HORIZONTAL_BREAKPOINTS = HORIZONTAL_BREAKPOINTS
    VERTICAL_BREAKPOINTS = VERTICAL_BREAKPOINTS
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("question_mark", "rules", t("app.key_rules")),
        Binding("f1", "rules", t("app.key_rules"), show=False),
        Binding("q", "quit_game", t("app.key_quit")),
        # Shown only where the key bar has room (start, handoff, rules): it works everywhere.
        Binding("o", "settings", t("settings.key_open"), show=False),
        Binding("ctrl+q", "quit_game", t("app.key_quit"), show=False, priority=True),
        Binding("ctrl+c", "quit_game", t("app.key_quit"), show=False, priority=True),
    ]

    def __init__(self, rules: Rules, options: LaunchOptions | None = None) -> None:
        """The app for `rules`, started as `options` say (the command line's choices)."""
        super().__init__()
        options = options if options is not None else LaunchOptions()
        self.rules = rules
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
        self.animation_delay = ANIMATION_DELAY
        """Seconds per space when meeples move (tests set 0: no animation)."""
        self.reading_pause = READING_PAUSE
        """Seconds a reveal stays before the computer goes on (tests set 0)."""
        self.handoff_delay = DEFAULT_DELAY
        """Seconds a handoff ignores keys after it appears (tests set 0)."""
        self.computer = ComputerSeats()
        """The computer's seats and the decision it may be making (ui/computer.py)."""
        self.game: TableGame | None = None
        """The game at the table, if one is being played."""
        self._save_lock = threading.Lock()
        self._save_check: LoadResult | None = None
        self._all_saves: tuple[LoadedSave, ...] = ()
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

    @property
    def closing(self) -> bool:
        """Whether the app is on its way out (its screens are going away)."""
        return bool(self._exit)

    @property
    def bot_override(self) -> str | None:
        """A bot spec that plays every computer seat instead of its level (tests: a fast one)."""
        return self.computer.override

    @bot_override.setter
    def bot_override(self, spec: str | None) -> None:
        self.computer.override = spec

    @property
    def bot_pause(self) -> float:
        """Seconds the computer seems to think at least (tests set 0)."""
        return self.computer.pause

    @bot_pause.setter
    def bot_pause(self, seconds: float) -> None:
        self.computer.pause = seconds

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
        self.run_worker(_preload, thread=True, exclusive=True, exit_on_error=False)
        if not self._resume_offered:
            self.run_worker(self._check_save, thread=True, group=SAVES, exit_on_error=False)

    def _show_start(
        self, names: tuple[str, ...], mode: Mode, first: int | None, players: int
    ) -> None:
        """The start screen with these settings; confirming it starts a game."""
        opponent = self.start_opponent
        screen = StartScreen(
            names, mode, first, players=players, opponent=opponent, starting=self._start_game
        )
        screen.add_class(*size_classes(*self.size), update=False)
        self.push_screen(screen)

    def open_tutorial(self) -> None:
        """The lessons (ui/screens/tutorial.py); leaving them shows the start screen below."""
        from agent_avenue.ui.screens.tutorial import TutorialMenuScreen

        self.push_screen(TutorialMenuScreen(self.rules))

    def action_command_palette(self) -> None:
        """The command palette, in the players' language: it searches the rules book."""
        from textual.command import CommandPalette

        from agent_avenue.ui.palette import TranslatedCommandPalette

        open_already = any(isinstance(screen, CommandPalette) for screen in self.screen_stack)
        if self.use_command_palette and not open_already:
            palette = TranslatedCommandPalette(
                id="--command-palette", placeholder=t("rulesbook.placeholder")
            )
            self.push_screen(palette)

    def _report_ready(self, path: str) -> None:
        Path(path).write_text(f"{time.time():.6f}\n", encoding="utf-8")
        self.exit(0)

    async def _start_game(self, settings: StartSettings) -> None:
        """A new game with the start screen's settings (unless a saved one is offered first)."""
        if self._offer_resume(settings):
            return
        first = random_first(self.seed) if settings.first is None else settings.first
        from agent_avenue.play.session import Session
        from agent_avenue.ui.table_game import TableGame

        session = Session.new(
            self.rules, settings.mode, self.seed, first, settings.names, settings.players
        )
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

        self.game = TableGame(self, session, kinds, new_save_id(), self.computer)
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
        """The computer has thought (its answer goes to the game), or the look for a saved game
        is done: offer to resume it over the start screen (if the players are elsewhere, e.g.
        in the lessons, the offer comes when they start a game)."""
        if event.worker.group == BOTS:
            game = self.game
            if game is not None:
                with self.batch_update():
                    game.bot_answered(event.worker, event.state)
                    await game.shown()
            return
        if event.worker.group != SAVES or event.state is not WorkerState.SUCCESS:
            return
        if isinstance(self.screen, StartScreen):
            self._offer_resume()

    # Saved games and replays ---------------------------------------------------------------

    def _check_save(self) -> LoadResult:
        """The most recent saved game (and every one in `_all_saves`), looked up once (in a
        worker, or at once if a game starts first)."""
        with self._save_lock:
            if self._save_check is None:
                from agent_avenue.storage import LoadResult
                from agent_avenue.ui.saving import check_saves

                found = check_saves(self.rules)
                self._all_saves = found.saves
                problem = " ".join(found.problems) if found.problems else None
                self._save_check = LoadResult(found.saves[0] if found.saves else None, problem)
            return self._save_check

    def _offer_resume(self, settings: StartSettings | None = None) -> bool:
        """Offer to resume a saved game, or say why a bad save was set aside; False if neither.

        With `settings` (the start screen was already confirmed), "new" starts that game.
        """
        if self._resume_offered or self.game is not None:
            return False
        found = self._check_save()
        if found.save is None and found.problem is None:
            return False
        self._resume_offered = True
        from agent_avenue.ui.screens.resume import RESUME, ResumeScreen

        screen = ResumeScreen(found.save, found.problem, self._all_saves)

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
        found = self._check_save()
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
        from agent_avenue.ui.table_game import TableGame

        session = Session(self.rules, save.record)
        self.game = TableGame(self, session, kinds, save.save_id or None, self.computer)
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

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Nothing works while a handoff ignores keys."""
        return not getattr(self.screen, "ignores_keys", False)

    def action_rules(self) -> None:
        """Open the rules book."""
        from agent_avenue.ui.screens.rules import RulesScreen

        if isinstance(self.screen, RulesScreen):
            return
        cards = tuple((c.id, c.kind == "ongoing") for c in self.rules.market)
        self.push_screen(RulesScreen(cards))

    def action_settings(self) -> None:
        """Open the settings (the language)."""
        from agent_avenue.ui.screens.settings import SettingsScreen

        if not isinstance(self.screen, SettingsScreen):
            self.push_screen(SettingsScreen())

    def on_resize(self, event: Resize) -> None:
        """Keep every "window too small" message up to date."""
        for screen in self.screen_stack:
            for warning in screen.query(SizeWarning):
                warning.refresh()

    def _fatal_error(self) -> None:
        """On a crash print one line, never a traceback with locals (they could show a hand)."""
        self.bell()
        error = self._exception
        kind = type(error).__name__ if error is not None else "Exception"
        saved = save_crash_report(error, self.game.session.record if self.game else None)
        message = t("app.crashed", kind=kind)
        if saved is not None:
            message += " " + t("app.crash_saved", path=str(saved))
        self._exit_renderables.append(Text(message))
        self._close_messages_no_wait()

    async def on_settings_screen_language_chosen(
        self, message: SettingsScreen.LanguageChosen
    ) -> None:
        """Switch language at once, save it for next time, and show every screen again."""
        message.stop()
        await self.switch_language(message.language)

    async def switch_language(self, language: str) -> None:
        """Use `language` from now on: saved for next time, every open screen shown again in it.

        Nothing restarts: the game, the hands on screen and a half-chosen offer stay as they were.
        """
        from agent_avenue.storage import StorageError
        from agent_avenue.storage.settings import save_language
        from agent_avenue.ui.screens.settings import SettingsScreen

        set_language(language)
        name = language_name(language)
        try:
            save_language(language)
            note = t("settings.saved", language=name)
        except StorageError:
            note = t("settings.not_saved", language=name)
        if os.environ.get(LANGUAGE_ENV, "").strip():
            note += " " + t("settings.env_override", variable=LANGUAGE_ENV, language=name)
        names = self.names
        for screen in list(self.screen_stack):
            if isinstance(screen, SettingsScreen):
                screen.refresh_language(note)
            else:
                await refresh_screen(screen, names)


async def refresh_screen(screen: Screen[object], names: tuple[str, str]) -> None:
    """Show a screen again in the language in use: its own `refresh_language(names)` if it has
    one (screens that keep state), else composed anew and its `on_mount` run again (a screen
    whose `on_mount` must not run twice defines `refresh_language`); its key bar follows."""
    refresh = getattr(screen, "refresh_language", None)
    if callable(refresh):
        result = refresh(names)
        if inspect.isawaitable(result):
            await result
    else:
        await screen.recompose()
        mounted = getattr(screen, "on_mount", None)
        if callable(mounted):
            result = mounted()
            if inspect.isawaitable(result):
                await result
    for warning in screen.query(SizeWarning):
        warning.refresh()
    screen.refresh_bindings()


def _preload() -> None:
    """Import the game screens and widgets (in a thread, so the start screen stays quick)."""
    import textual.widgets._markdown  # noqa: F401  (the rules book's, slow to import)

    import agent_avenue.engine.reducer
    import agent_avenue.play.session
    import agent_avenue.ui.screens.confirm_quit
    import agent_avenue.ui.screens.game_over
    import agent_avenue.ui.screens.handoff
    import agent_avenue.ui.screens.keep_game
    import agent_avenue.ui.screens.rules
    import agent_avenue.ui.screens.table
    import agent_avenue.ui.table_game  # noqa: F401
