"""The hot-seat terminal app: it owns the game session and decides which screen comes next."""

from __future__ import annotations

import inspect
import os
import random
import sys
import threading
import time
import traceback
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.app import App
from textual.binding import Binding, BindingType
from textual.events import Resize
from textual.screen import Screen
from textual.worker import Worker, WorkerState

from agent_avenue.engine import (
    Action,
    Discard,
    Event,
    Lead,
    Mode,
    Offer,
    Phase,
    PlayDown,
    PlayerView,
    PlayUp,
    Recruit,
    Rules,
    is_team_game,
    side_of,
)
from agent_avenue.i18n import LANGUAGE_ENV, card_name, language_name, set_language, t
from agent_avenue.play.flow import Flow, Next, Show
from agent_avenue.play.seats import (
    BOT_PLAYER_COUNTS,
    HUMAN,
    SeatKinds,
    bot_seats,
    list_opponent,
    seat_kinds,
)
from agent_avenue.play.session import GameRecord, LogEntry, Session
from agent_avenue.teaching.describe import an_agent
from agent_avenue.ui.computer import BOTS, ComputerSeats, bot_seed
from agent_avenue.ui.messages import ActionChosen, Continue
from agent_avenue.ui.phrases import colour_name, local_names, next_prompt, who
from agent_avenue.ui.screens.confirm_quit import ConfirmQuitScreen
from agent_avenue.ui.screens.handoff import DEFAULT_DELAY, HandoffScreen
from agent_avenue.ui.screens.keep_game import KEEP, KeepGameScreen
from agent_avenue.ui.screens.rules import RulesScreen
from agent_avenue.ui.screens.settings import SettingsScreen
from agent_avenue.ui.screens.size import MIN_HEIGHT, MIN_WIDTH, SizeWarning
from agent_avenue.ui.screens.start import StartScreen, StartSettings
from agent_avenue.ui.team import (
    default_names,
    local_seat_names,
    member_purpose,
    team_handoff,
    team_next_prompt,
    team_purpose,
    team_waiting,
)

if TYPE_CHECKING:
    from collections.abc import Callable

    from textual.command import Provider

    from agent_avenue.storage import LoadedSave, LoadResult
    from agent_avenue.ui.screens.table import TableScreen

ANIMATION_DELAY = 0.15
WIDE = 120
ROOMY_HEIGHT = 30
"""From this height the black market pick also shows what each card would do (below: key h)."""
SEED_LIMIT = 2**31
READY_FILE_ENV = "AGENT_AVENUE_READY_FILE"
"""Benchmarks set this to a path: the app writes the time it was ready there and exits."""
SAVES = "saves"
"""The worker group that looks for a saved game while the start screen shows."""


def random_seed() -> int:
    """A fresh seed for a game nobody asked to repeat."""
    return random.SystemRandom().randrange(SEED_LIMIT)


def random_first(seed: int) -> int:
    """The first player chosen "at random": derived from the seed, so a replay repeats it."""
    return random.Random(f"first-{seed}").randrange(2)


def _rules_commands() -> type[Provider]:
    """The rules book search for the command palette (imported only when the palette opens)."""
    from agent_avenue.ui.rules_search import RulesCommands

    return RulesCommands


class AgentAvenueApp(App[int]):
    """Two players, one terminal: start, handoffs, private and public screens, game over."""

    CSS_PATH = "app.tcss"
    TITLE = "Agent Avenue"
    # The command palette (ctrl+p) searches the rules book: sections and black market cards.
    ENABLE_COMMAND_PALETTE = True
    COMMANDS: ClassVar[set[type[Provider] | Callable[[], type[Provider]]]] = {_rules_commands}
    HORIZONTAL_BREAKPOINTS = [  # noqa: RUF012 (declared as an instance variable by App)
        (0, "-too-narrow"),
        (MIN_WIDTH, "-normal"),
        (WIDE, "-wide"),
    ]
    VERTICAL_BREAKPOINTS = [  # noqa: RUF012
        (0, "-too-short"),
        (MIN_HEIGHT, "-tall"),
        (ROOMY_HEIGHT, "-roomy"),
    ]
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("question_mark", "rules", t("app.key_rules")),
        Binding("f1", "rules", t("app.key_rules"), show=False),
        Binding("q", "quit_game", t("app.key_quit")),
        # Shown only where the key bar has room (start, handoff, rules): it works everywhere.
        Binding("o", "settings", t("settings.key_open"), show=False),
        Binding("ctrl+q", "quit_game", t("app.key_quit"), show=False, priority=True),
        Binding("ctrl+c", "quit_game", t("app.key_quit"), show=False, priority=True),
    ]

    def __init__(
        self,
        rules: Rules,
        mode: Mode = Mode.SIMPLE,
        seed: int | None = None,
        names: tuple[str, ...] | None = None,
        first: int | None = None,
        *,
        resume: bool = False,
        replay: GameRecord | None = None,
        players: int = 2,
        tutorial: bool = False,
        opponent: str = HUMAN,
        seat: int = 0,
        kinds: SeatKinds | None = None,
    ) -> None:
        super().__init__()
        self.tutorial = tutorial
        """Open the lessons over the start screen (`agent-avenue tutorial`)."""
        self.start_players = players
        """2 for a duel, 3 or 4 for a team game (the start screen can change it)."""
        self.rules = rules
        self.resume = resume
        """Resume the saved game at once (`agent-avenue resume`) instead of the start screen."""
        self.replay = replay
        """A finished game to replay instead of playing (`agent-avenue replay`)."""
        self.start_kinds = kinds
        """One kind per seat (`play --vs human,bot:hard,...`): used while the start screen's
        player count and opponent stay as given; None: `opponent` fills the other side."""
        self.start_opponent = list_opponent(kinds) if kinds is not None else opponent
        """Who plays against the people at the terminal: "human" or "bot:<level>"."""
        self.human_side = seat
        """The side the person plays against the computer: 0 green, 1 blue."""
        self.player_kinds: SeatKinds = ("human", "human")
        """How each seat is played, as saves and the score sheet spell it (storage.player_kind)."""
        self.computer = ComputerSeats()
        """The computer's seats and the decision it may be making (ui/computer.py)."""
        self._save_lock = threading.Lock()
        self._save_check: LoadResult | None = None
        self._all_saves: tuple[LoadedSave, ...] = ()
        self._resume_offered = False
        self._storage_note: str | None = None
        self.save_id: str | None = None
        """The game in progress's save id: its autosave is `saves/<id>.json`."""
        self.start_mode = mode
        self.seed = random_seed() if seed is None else seed
        self.start_names: tuple[str, ...] = names or (colour_name(0), colour_name(1))
        """One name per seat: green, blue, then (team games) green's and blue's partners."""
        if is_team_game(players) and names is None:
            self.start_names = default_names(players)
        self.start_first = first
        self.animation_delay = ANIMATION_DELAY
        """Seconds per space when meeples move (tests set 0: no animation)."""
        self.handoff_delay = DEFAULT_DELAY
        """Seconds a handoff ignores keys after it appears (tests set 0)."""
        self.session: Session | None = None
        self.flow = Flow(2, frozenset({0, 1}), frozenset())
        """Who looks at the terminal and what comes next (play/flow.py)."""
        self._table: TableScreen | None = None

    # Startup -----------------------------------------------------------------------------------

    def on_mount(self) -> None:
        """Show the start screen (or, when asked, resume the saved game or replay a game)."""
        if self.replay is not None:
            self._start_replay(self.replay)
            return
        if self.resume:
            self._resume_at_once()
            return
        self.push_screen(
            StartScreen(
                self.start_names,
                self.start_mode,
                self.start_first,
                players=self.start_players,
                opponent=self.start_opponent,
            ),
            self._start_game,
        )
        if self.tutorial:
            # The lessons first: the offer to resume waits until a game is started.
            self.open_tutorial()
        ready_file = os.environ.get(READY_FILE_ENV)
        if ready_file:
            self.call_after_refresh(self._report_ready, ready_file)
        else:
            # Load the game screens while the players read the start screen.
            self.run_worker(_preload, thread=True, exclusive=True, exit_on_error=False)
            # Look for an unfinished game too; the resume offer then covers the start screen.
            self.run_worker(self._check_save, thread=True, group=SAVES, exit_on_error=False)

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

    def _start_game(self, settings: StartSettings | None) -> None:
        if settings is None:
            self.exit(0)
            return
        if self._offer_resume(settings):
            return
        first = random_first(self.seed) if settings.first is None else settings.first
        self.session = Session.new(
            self.rules, settings.mode, self.seed, first, settings.names, settings.players
        )
        opponent = settings.opponent if settings.players in BOT_PLAYER_COUNTS else HUMAN
        given = self.start_kinds
        if (
            given is not None
            and len(given) == settings.players
            and opponent == list_opponent(given)
        ):
            self.player_kinds = given  # the command line's seat by seat list, left as it was
        else:
            self.start_kinds = None
            self.player_kinds = seat_kinds(opponent, settings.players, self.human_side)
        self.start_opponent = opponent
        self._make_bots()
        from agent_avenue.storage import new_save_id

        self.save_id = new_save_id()
        self._storage_note = None
        self._show_table(then=self._begin)

    def _show_table(self, then: Callable[[], None]) -> None:
        """Show a new game table, then call `then` once it is drawn."""
        # Imported only now: the game screens and widgets are not needed to show the start screen.
        from agent_avenue.ui.screens.table import TableScreen

        table = TableScreen(self.rules, self._team_seats())
        self._table = table
        self.push_screen(table)
        self.call_after_refresh(then)

    def _begin(self) -> None:
        """The log starts with the first turn; then the first handoff."""
        session = self.session
        if session is None or self._table is None:
            return
        opening = session.view(None)
        self._table.add_log(LogEntry(opening.turn, opening.events), self.names)
        self._advance()
        self._warn_if_unsaveable()

    def _warn_if_unsaveable(self) -> None:
        """A game that cannot be saved says so at once, on the screen shown; play goes on."""
        session = self.session
        if session is None or self.save_id is None:
            return
        from agent_avenue.ui import saving

        note = saving.saveable_note(session.record, self.player_kinds, self.save_id)
        if note is None:
            return
        self._storage_note = note
        if self._table is not None:
            saving.show_note(self._table, note)
        self.call_after_refresh(self._show_note_on_screen, note)

    @property
    def names(self) -> tuple[str, str]:
        """The players' names, green first."""
        # A name that is a colour ("Green", the default) is shown in the language in use.
        if self.session is not None:
            return local_names(self.session.names)
        return local_names((self.start_names[0], self.start_names[1]))

    @property
    def seat_names(self) -> tuple[str, ...]:
        """Every player's name by seat (green, blue, then the partners); a duel's are `names`."""
        if self.session is None or not is_team_game(self.session.players):
            return self.names
        return local_seat_names(self.session.seat_names)

    def _team_seats(self) -> tuple[str, ...]:
        """The seat names the table shows in a team game; empty in a duel."""
        seats = self.seat_names
        return seats if len(seats) > 2 else ()

    # The flow ----------------------------------------------------------------------------------

    def _advance(self, note: str | None = None) -> None:
        """Show what the game waits for now (play/flow.py decides: a handoff, a private or a
        public decision, the computer thinking, the end)."""
        session = self.session
        if session is None or self._table is None:
            return
        self._show(self.flow.next(session.stage, session.result), note)

    def _show(self, step: Next, note: str | None = None, purpose: str | None = None) -> None:
        """Show one answer of the flow."""
        session = self.session
        table = self._table
        assert session is not None and table is not None
        show, seat = step.show, step.seat
        if show is Show.GAME_OVER:
            self._game_over()
        elif show is Show.THINKING:
            assert seat is not None
            self._bot_turn(seat)
        elif show is Show.TEAM_HANDOFF:
            assert step.side is not None
            self._team_handoff(step.side)
        elif show is Show.HANDOFF:
            assert seat is not None
            if step.side is not None:
                purpose = team_purpose(session.view(None), step.side, self.names)
            self._handoff(seat, purpose)
        elif show is Show.PUBLIC:
            assert seat is not None
            table.show_public_choice(session.view(None), seat, session.view(seat).legal, self.names)
        elif show is Show.PRIVATE:
            assert seat is not None
            table.show_private(session.view(seat), self.names, note)
        else:
            assert seat is not None
            waiting = t("handoff.waiting", name=self.seat_names[seat])
            table.show_waiting(session.view(None), self.names, waiting)

    def _handoff(self, seat: int, purpose: str | None = None) -> None:
        """Switch the table to public information, then ask for the terminal to change hands."""
        session = self.session
        table = self._table
        assert session is not None and table is not None
        public = session.view(None)
        seats = self.seat_names
        table.show_waiting(public, self.names, t("handoff.waiting", name=seats[seat]))
        self.clear_notifications()
        name = who(seat, seats)
        screen = HandoffScreen(
            side_of(seat),
            title=t("handoff.title", name=name),
            purpose=purpose or self._purpose(public, seat),
            prompt=t("handoff.prompt", name=seats[seat]),
            button=t("handoff.button", name=seats[seat]),
            delay=self.handoff_delay,
        )
        self.push_screen(screen, lambda _: self._after_handoff(seat))

    def _team_handoff(self, side: int) -> None:
        """Switch the table to public information, then pass the terminal to a whole side."""
        session = self.session
        table = self._table
        assert session is not None and table is not None
        public = session.view(None)
        table.show_waiting(public, self.names, team_waiting(side, self.names))
        self.clear_notifications()
        screen = team_handoff(public, side, self.names, session.players, self.handoff_delay)
        self.push_screen(screen, lambda _: self._advance())

    def _purpose(self, public: PlayerView, seat: int) -> str:
        names = self.seat_names
        member = member_purpose(public, seat, names) if is_team_game(len(names)) else None
        if member is not None:
            return member
        if public.phase is Phase.OFFER:
            return t("handoff.purpose_offer", name=names[seat], turn=public.turn)
        if public.phase is Phase.RECRUIT:
            return t("handoff.purpose_recruit", name=names[seat], other=names[1 - seat])
        card = card_name(public.pending_card) if public.pending_card else ""
        return t("handoff.purpose_choose", name=names[seat], card=card)

    def _after_handoff(self, seat: int) -> None:
        self.flow.handed_to(seat)
        self._advance()

    # The computer's seats ----------------------------------------------------------------------

    def _make_bots(self) -> None:
        """One computer player per computer seat of `player_kinds`, and the flow that knows who
        plays where."""
        self.computer.make(self.player_kinds)
        seats = frozenset(self.computer.bots)
        people = frozenset(s for s in range(len(self.player_kinds)) if s not in seats)
        self.flow = Flow(len(self.player_kinds), people, seats)

    def _bot_turn(self, seat: int) -> None:
        """The computer decides for `seat` in a worker thread, from that seat's view only,
        while the table shows public information and a thinking indicator."""
        session = self.session
        table = self._table
        assert session is not None and table is not None
        moves = len(session.record.moves)
        if self.computer.thinking_about(seat, moves):
            return
        self.clear_notifications()
        table.show_thinking(
            session.view(None), self.names, t("bot.thinking", name=self.seat_names[seat])
        )
        self.computer.think(self, seat, session.view(seat), self.seed, moves)

    def _bot_answered(self, worker: Worker[Action], state: WorkerState) -> None:
        """The computer has chosen: its action goes the same way as a person's."""
        answer = self.computer.answered(worker, state)
        session = self.session
        table = self._table
        if answer is None or session is None or session.result is not None:
            return
        if self._exit or table is None or not table.is_attached:
            return  # the app is closing: its screens are going away
        seat, moves, action = answer
        if session.stage.actor != seat or len(session.record.moves) != moves:
            return  # the game moved on (or another began) while it thought
        if action is None:
            # A failed search must not stop the game: any legal action, and a beep.
            self.bell()
            legal = session.view(seat).legal
            action = random.Random(bot_seed(self.seed, moves, seat)).choice(legal)
        self._play(action)

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

    def on_action_chosen(self, message: ActionChosen) -> None:
        """Apply a player's action through the engine, then show its consequences."""
        message.stop()
        session = self.session
        actor = session.stage.actor if session is not None else None
        if actor in self.computer:  # the computer's decision is never taken from the screen
            self.bell()
            return
        self._play(message.action)

    def _play(self, action: Action) -> None:
        """Apply the acting seat's action (a person's or the computer's) through the engine,
        then show its consequences."""
        session = self.session
        table = self._table
        if session is None or table is None or session.result is not None:
            return
        actor = session.stage.actor
        if actor is None or action not in session.view(actor).legal:
            self.bell()
            return
        before = session.view(None)
        events = session.play(action)
        table.add_log(session.log[-1], self.names)
        self._store_progress()
        if isinstance(action, Discard):
            # What a discarding player drew is theirs alone: never shown for the computer.
            note = None if actor in self.computer else self._discard_note(actor)
            self._advance(note=note)
        elif isinstance(action, Offer | Lead | PlayUp | PlayDown):
            self._advance()
        else:
            self._reveal(before, events, action)

    def _discard_note(self, seat: int) -> str | None:
        """What the discarding player drew (shown on their private screen only)."""
        assert self.session is not None
        for event in self.session.view(seat).events:
            if event.agent is not None and event.agents:
                return t(
                    "offer.discarded", agent=an_agent(event.agent), drawn=an_agent(event.agents[0])
                )
        return None

    def _reveal(self, before: PlayerView, events: tuple[Event, ...], action: Action) -> None:
        """A public screen: what was recruited or resolved, the meeples moving, what comes next."""
        session = self.session
        table = self._table
        assert session is not None and table is not None
        self.flow.public()
        after = session.view(None)
        stage = session.stage
        seats = self._team_seats()
        if seats:
            prompt = team_next_prompt(after, stage.actor, self.names, seats)
        else:
            prompt = next_prompt(after, stage.actor, self.names)
        recruit = action if isinstance(action, Recruit) else None
        table.show_reveal(before, after, events, self.names, prompt, recruit, self.animation_delay)

    def on_continue(self, message: Continue) -> None:
        """The players have watched the reveal: on to the next decision."""
        message.stop()
        self._advance()

    def _game_over(self) -> None:
        session = self.session
        if session is None or session.result is None:
            return
        from agent_avenue.ui.screens.game_over import GameOverScreen

        public = session.view(None)
        self.flow.public()
        self.clear_notifications()
        self.push_screen(
            GameOverScreen(
                public,
                self.names,
                session.result,
                self.seed,
                session.record.first,
                session.log,
                seats=self._team_seats(),
            ),
            self._after_game_over,
        )
        note = self._storage_note
        if note:
            self.call_after_refresh(self._show_note_on_screen, note)

    def _after_game_over(self, again: bool | None) -> None:
        if not again:
            self.exit(0)
            return
        assert self.session is not None
        names = self.seat_names
        mode = self.session.mode
        players = self.session.players
        self.session = None
        self._table = None
        self.computer.cancel()
        self.seed = random_seed()
        while len(self.screen_stack) > 1:
            self.pop_screen()
        self.push_screen(
            StartScreen(names, mode, None, players=players, opponent=self.start_opponent),
            self._start_game,
        )

    # Saved games and replays -------------------------------------------------------------------

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

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        """The look for a saved game is done: offer to resume it over the start screen (if the
        players are elsewhere, e.g. in the lessons, the offer comes when they start a game)."""
        if event.worker.group == BOTS:
            self._bot_answered(event.worker, event.state)
            return
        if event.worker.group != SAVES or event.state is not WorkerState.SUCCESS:
            return
        if isinstance(self.screen, StartScreen):
            self._offer_resume()

    def _offer_resume(self, settings: StartSettings | None = None) -> bool:
        """Offer to resume a saved game, or say why a bad save was set aside; False if neither.

        With `settings` (the start screen was already confirmed), "new" starts that game.
        """
        if self._resume_offered or self.session is not None:
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
                self._start_game(settings)

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
        self.session = Session(self.rules, save.record)
        self.seed = save.record.seed
        self.save_id = save.save_id or None
        self.player_kinds = save.players
        self._make_bots()
        computer = bot_seats(self.player_kinds)
        if computer:
            self.start_opponent = self.player_kinds[computer[0]]
            self.human_side = 1 - side_of(computer[0])
            self.start_kinds = self.player_kinds  # "play again" keeps everyone in their seat
        self._show_table(then=self._begin_resumed)

    def _begin_resumed(self) -> None:
        """The whole public log back, then always a handoff first, never a private screen."""
        session = self.session
        if session is None or self._table is None:
            return
        for entry in (session.opening, *session.log):
            self._table.add_log(entry, self.names)
        step = self.flow.resumed(session.stage, session.result)
        purpose = None
        if step.show is Show.HANDOFF and step.seat is not None and step.side is None:
            names = self.names
            turn = session.view(None).turn
            name = self.seat_names[step.seat]
            purpose = t("resume.purpose", green=names[0], blue=names[1], turn=turn, name=name)
        self._show(step, purpose=purpose)

    def _store_progress(self) -> None:
        """Autosave after every action and record the game once it is over; a problem shows as
        one line on the table (never a toast, which could follow onto a handoff); play goes on."""
        session = self.session
        if session is None:
            return
        from agent_avenue.ui import saving

        note = saving.autosave(session.record, self.player_kinds, self.save_id)
        if session.result is not None:
            recorded = saving.record_game(
                session.record, self.player_kinds, self.rules, self.save_id
            )
            note = recorded or note
        self._storage_note = note
        if self._table is not None:
            saving.show_note(self._table, note)

    def _show_note_on_screen(self, note: str) -> None:
        """Show a storage problem on the current screen too (the game-over screen)."""
        from agent_avenue.ui import saving

        saving.show_note(self.screen, note)

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

    # App-wide keys -----------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Nothing works while a handoff ignores keys."""
        screen = self.screen
        return not (isinstance(screen, HandoffScreen) and not screen.ready)

    def action_rules(self) -> None:
        """Open the rules book."""
        if isinstance(self.screen, RulesScreen):
            return
        cards = tuple((c.id, c.kind == "ongoing") for c in self.rules.market)
        self.push_screen(RulesScreen(cards))

    def action_quit_game(self) -> None:
        """Quit, asking first when a game is in progress: keep it to resume later, or not."""
        if isinstance(self.screen, (ConfirmQuitScreen, KeepGameScreen)):
            return
        session = self.session
        if session is None or session.result is not None:
            self.exit(0)
            return

        def answered(choice: str | None) -> None:
            if choice is None:
                return
            from agent_avenue.ui import saving

            current = self.session
            if choice == KEEP and current is not None:
                problem = saving.autosave(current.record, self.player_kinds, self.save_id)
            else:
                problem = saving.forget_game(self.save_id) if self.save_id else None
            self.exit(0, message=Text(problem) if problem else None)

        self.push_screen(KeepGameScreen(), answered)

    def action_settings(self) -> None:
        """Open the settings (the language)."""
        if not isinstance(self.screen, SettingsScreen):
            self.push_screen(SettingsScreen())

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

    def on_resize(self, event: Resize) -> None:
        """Keep every "window too small" message up to date."""
        for screen in self.screen_stack:
            for warning in screen.query(SizeWarning):
                warning.refresh()

    # Crashes -----------------------------------------------------------------------------------

    def _fatal_error(self) -> None:
        """On a crash print one line, never a traceback with locals (they could show a hand)."""
        self.bell()
        error = self._exception
        kind = type(error).__name__ if error is not None else "Exception"
        saved = save_crash_report(error, self)
        message = t("app.crashed", kind=kind)
        if saved is not None:
            message += " " + t("app.crash_saved", path=str(saved))
        self._exit_renderables.append(Text(message))
        self._close_messages_no_wait()


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
    import agent_avenue.ui.screens.game_over
    import agent_avenue.ui.screens.table  # noqa: F401


CRASH_NAME = "crash.txt"


def crash_dir() -> Path:
    """Where crash reports go: the game's data folder (as for saves), never the shared screen."""
    from agent_avenue.storage.paths import data_home

    return data_home()


def save_crash_report(error: BaseException | None, app: AgentAvenueApp) -> Path | None:
    """Write the traceback (no local variables) and the game record to a private file.

    Written like every private file: created private (0600) in a temporary file and renamed
    over `crash.txt`, so a symlink there is replaced, never followed, and a reader never sees
    half a report.
    """
    if error is None:
        return None
    from agent_avenue.storage import StorageError, atomic_write_text

    path = crash_dir() / CRASH_NAME
    lines = traceback.format_exception(error)
    record = app.session.record if app.session else None
    if record is not None:
        lines.append(
            f"\nmode={record.mode} seed={record.seed} first={record.first} "
            f"players={record.players}\n" + "\n".join(record.moves) + "\n"
        )
    try:
        atomic_write_text(path, "".join(lines))
    except (StorageError, OSError):
        return None
    return path


def run_app(
    *,
    rules: Rules | None = None,
    mode: str | Mode = Mode.SIMPLE,
    seed: int | None = None,
    names: tuple[str, ...] | None = None,
    first: int | None = None,
    resume: bool = False,
    replay: GameRecord | None = None,
    players: int = 2,
    tutorial: bool = False,
    opponent: str = HUMAN,
    seat: int = 0,
    kinds: SeatKinds | None = None,
) -> int:
    """Run the app until the players quit; returns the exit status.

    `resume` goes straight to the saved game (exit status 2 if there is none); `replay` shows
    a finished game's replay instead of playing; `tutorial` opens the lessons first.
    `opponent` is "human" or "bot:<level>" (the start screen preselects it); against the
    computer the people play side `seat` (0 green, 1 blue); `kinds` instead gives one kind per
    seat (`play --vs human,bot:hard,human,human`).
    """
    if rules is None:
        from agent_avenue.data import load_rules

        rules = load_rules()
    app = AgentAvenueApp(
        rules,
        Mode(mode),
        seed,
        names,
        first,
        resume=resume,
        replay=replay,
        players=players,
        tutorial=tutorial,
        opponent=opponent,
        seat=seat,
        kinds=kinds,
    )
    try:
        app.run()
    except Exception as error:  # never print locals: one line only
        print(t("app.crashed", kind=type(error).__name__), file=sys.stderr)
        return 1
    code = app.return_code
    return code if code is not None else 0
