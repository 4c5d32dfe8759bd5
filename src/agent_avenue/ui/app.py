"""The hot-seat terminal app: it owns the game session and decides which screen comes next."""

from __future__ import annotations

import os
import random
import sys
import time
import traceback
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.app import App
from textual.binding import Binding, BindingType
from textual.events import Resize

from agent_avenue.describe import an_agent
from agent_avenue.engine import (
    Action,
    Discard,
    Event,
    Mode,
    Offer,
    Phase,
    PlayerView,
    Recruit,
    Rules,
)
from agent_avenue.i18n import card_name, t
from agent_avenue.session import LogEntry, Session
from agent_avenue.ui.messages import ActionChosen, Continue
from agent_avenue.ui.phrases import colour_name, next_prompt, who
from agent_avenue.ui.screens.confirm_quit import ConfirmQuitScreen
from agent_avenue.ui.screens.handoff import DEFAULT_DELAY, HandoffScreen
from agent_avenue.ui.screens.rules import RulesScreen
from agent_avenue.ui.screens.size import MIN_HEIGHT, MIN_WIDTH, SizeWarning
from agent_avenue.ui.screens.start import StartScreen, StartSettings

if TYPE_CHECKING:
    from agent_avenue.ui.screens.table import TableScreen

ANIMATION_DELAY = 0.15
WIDE = 120
SEED_LIMIT = 2**31
READY_FILE_ENV = "AGENT_AVENUE_READY_FILE"
"""Benchmarks set this to a path: the app writes the time it was ready there and exits."""


def random_seed() -> int:
    """A fresh seed for a game nobody asked to repeat."""
    return random.SystemRandom().randrange(SEED_LIMIT)


def random_first(seed: int) -> int:
    """The first player chosen "at random": derived from the seed, so a replay repeats it."""
    return random.Random(f"first-{seed}").randrange(2)


class AgentAvenueApp(App[int]):
    """Two players, one terminal: start, handoffs, private and public screens, game over."""

    CSS_PATH = "app.tcss"
    TITLE = "Agent Avenue"
    ENABLE_COMMAND_PALETTE = False
    HORIZONTAL_BREAKPOINTS = [  # noqa: RUF012 (declared as an instance variable by App)
        (0, "-too-narrow"),
        (MIN_WIDTH, "-normal"),
        (WIDE, "-wide"),
    ]
    VERTICAL_BREAKPOINTS = [  # noqa: RUF012
        (0, "-too-short"),
        (MIN_HEIGHT, "-tall"),
    ]
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("question_mark", "rules", t("app.key_rules")),
        Binding("f1", "rules", t("app.key_rules"), show=False),
        Binding("q", "quit_game", t("app.key_quit")),
        Binding("ctrl+q", "quit_game", t("app.key_quit"), show=False, priority=True),
        Binding("ctrl+c", "quit_game", t("app.key_quit"), show=False, priority=True),
    ]

    def __init__(
        self,
        rules: Rules,
        mode: Mode = Mode.SIMPLE,
        seed: int | None = None,
        names: tuple[str, str] | None = None,
        first: int | None = None,
    ) -> None:
        super().__init__()
        self.rules = rules
        self.start_mode = mode
        self.seed = random_seed() if seed is None else seed
        self.start_names = names or (colour_name(0), colour_name(1))
        self.start_first = first
        self.animation_delay = ANIMATION_DELAY
        """Seconds per space when meeples move (tests set 0: no animation)."""
        self.handoff_delay = DEFAULT_DELAY
        """Seconds a handoff ignores keys after it appears (tests set 0)."""
        self.session: Session | None = None
        self._looker: int | None = None
        self._table: TableScreen | None = None

    # Startup -----------------------------------------------------------------------------------

    def on_mount(self) -> None:
        """Show the start screen."""
        self.push_screen(
            StartScreen(self.start_names, self.start_mode, self.start_first), self._start_game
        )
        ready_file = os.environ.get(READY_FILE_ENV)
        if ready_file:
            self.call_after_refresh(self._report_ready, ready_file)
        else:
            # Load the game screens while the players read the start screen.
            self.run_worker(_preload, thread=True, exclusive=True, exit_on_error=False)

    def _report_ready(self, path: str) -> None:
        Path(path).write_text(f"{time.time():.6f}\n", encoding="utf-8")
        self.exit(0)

    def _start_game(self, settings: StartSettings | None) -> None:
        if settings is None:
            self.exit(0)
            return
        first = random_first(self.seed) if settings.first is None else settings.first
        self.session = Session.new(self.rules, settings.mode, self.seed, first, settings.names)
        self._looker = None
        # Imported only now: the game screens and widgets are not needed to show the start screen.
        from agent_avenue.ui.screens.table import TableScreen

        table = TableScreen(self.rules)
        self._table = table
        self.push_screen(table)
        self.call_after_refresh(self._begin)

    def _begin(self) -> None:
        """The log starts with the first turn; then the first handoff."""
        session = self.session
        if session is None or self._table is None:
            return
        opening = session.view(None)
        self._table.add_log(LogEntry(opening.turn, opening.events), self.names)
        self._advance()

    @property
    def names(self) -> tuple[str, str]:
        """The players' names, green first."""
        return self.session.names if self.session else self.start_names

    # The flow ----------------------------------------------------------------------------------

    def _advance(self, note: str | None = None) -> None:
        """Show what the game waits for now: a handoff, a private or a public decision."""
        session = self.session
        table = self._table
        if session is None or table is None:
            return
        if session.result is not None:
            self._game_over()
            return
        stage = session.stage
        actor = stage.actor
        assert actor is not None
        if stage.audience is None:
            self._looker = None
            public = session.view(None)
            legal = session.view(actor).legal
            table.show_public_choice(public, actor, legal, self.names)
            return
        if stage.audience != self._looker:
            self._handoff(stage.audience)
            return
        table.show_private(session.view(stage.audience), self.names, note)

    def _handoff(self, seat: int) -> None:
        """Switch the table to public information, then ask for the terminal to change hands."""
        session = self.session
        table = self._table
        assert session is not None and table is not None
        self._looker = None
        public = session.view(None)
        table.show_waiting(public, self.names, t("handoff.waiting", name=self.names[seat]))
        self.clear_notifications()
        name = who(seat, self.names)
        screen = HandoffScreen(
            seat,
            title=t("handoff.title", name=name),
            purpose=self._purpose(public, seat),
            prompt=t("handoff.prompt", name=self.names[seat]),
            button=t("handoff.button", name=self.names[seat]),
            delay=self.handoff_delay,
        )
        self.push_screen(screen, lambda _: self._after_handoff(seat))

    def _purpose(self, public: PlayerView, seat: int) -> str:
        names = self.names
        if public.phase is Phase.OFFER:
            return t("handoff.purpose_offer", name=names[seat], turn=public.turn)
        if public.phase is Phase.RECRUIT:
            return t("handoff.purpose_recruit", name=names[seat], other=names[1 - seat])
        card = card_name(public.pending_card) if public.pending_card else ""
        return t("handoff.purpose_choose", name=names[seat], card=card)

    def _after_handoff(self, seat: int) -> None:
        self._looker = seat
        self._advance()

    def on_action_chosen(self, message: ActionChosen) -> None:
        """Apply a player's action through the engine, then show its consequences."""
        message.stop()
        session = self.session
        table = self._table
        if session is None or table is None or session.result is not None:
            return
        action: Action = message.action
        actor = session.stage.actor
        if actor is None or action not in session.view(actor).legal:
            self.bell()
            return
        before = session.view(None)
        events = session.play(action)
        table.add_log(session.log[-1], self.names)
        if isinstance(action, Discard):
            self._advance(note=self._discard_note(actor))
        elif isinstance(action, Offer):
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
        self._looker = None
        after = session.view(None)
        stage = session.stage
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
        self._looker = None
        self.clear_notifications()
        self.push_screen(
            GameOverScreen(
                public,
                self.names,
                session.result,
                self.seed,
                session.record.first,
                session.log,
            ),
            self._after_game_over,
        )

    def _after_game_over(self, again: bool | None) -> None:
        if not again:
            self.exit(0)
            return
        assert self.session is not None
        names = self.session.names
        mode = self.session.mode
        self.session = None
        self._table = None
        self.seed = random_seed()
        while len(self.screen_stack) > 1:
            self.pop_screen()
        self.push_screen(StartScreen(names, mode, None), self._start_game)

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
        """Quit, asking first when a game is in progress."""
        if isinstance(self.screen, ConfirmQuitScreen):
            return
        session = self.session
        if session is None or session.result is not None:
            self.exit(0)
            return

        def answered(quit_game: bool | None) -> None:
            if quit_game:
                self.exit(0)

        self.push_screen(ConfirmQuitScreen(), answered)

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


def _preload() -> None:
    """Import the game screens and widgets (in a thread, so the start screen stays quick)."""
    import agent_avenue.ui.screens.game_over
    import agent_avenue.ui.screens.table  # noqa: F401


def crash_dir() -> Path:
    """Where crash reports go: the user's state directory, never the shared screen."""
    from platformdirs import user_state_dir

    return Path(user_state_dir("agent-avenue"))


def save_crash_report(error: BaseException | None, app: AgentAvenueApp) -> Path | None:
    """Write the traceback (no local variables) and the game record to a private file."""
    if error is None:
        return None
    try:
        folder = crash_dir()
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / "crash.txt"
        lines = traceback.format_exception(error)
        record = app.session.record if app.session else None
        if record is not None:
            lines.append(
                f"\nmode={record.mode} seed={record.seed} first={record.first}\n"
                + "\n".join(record.moves)
                + "\n"
            )
        path.write_text("".join(lines), encoding="utf-8")
        path.chmod(0o600)
    except OSError:
        return None
    return path


def run_app(
    *,
    rules: Rules | None = None,
    mode: str | Mode = Mode.SIMPLE,
    seed: int | None = None,
    names: tuple[str, str] | None = None,
    first: int | None = None,
) -> int:
    """Run the app until the players quit; returns the exit status."""
    if rules is None:
        from agent_avenue.data import load_rules

        rules = load_rules()
    app = AgentAvenueApp(rules, Mode(mode), seed, names, first)
    try:
        app.run()
    except Exception as error:  # never print locals: one line only
        print(t("app.crashed", kind=type(error).__name__), file=sys.stderr)
        return 1
    code = app.return_code
    return code if code is not None else 0
