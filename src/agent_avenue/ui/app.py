"""What every front end of the game shares (BaseApp): the look, the app-wide keys, the rules,
the rules book and its search, the settings and the language, the "too small" messages and
the crash report. HotSeatApp (ui/hot_seat_app.py) and RemoteApp (ui/remote_app.py) build on it,
each pushing its own main screen."""

from __future__ import annotations

import inspect
import os
from typing import TYPE_CHECKING, ClassVar, Protocol, runtime_checkable

from rich.text import Text
from textual.app import App
from textual.binding import Binding, BindingType
from textual.events import Event, InputEvent, Resize

from agent_avenue.i18n import LANGUAGE_ENV, language_name, set_language, t
from agent_avenue.ui.crash import save_crash_report
from agent_avenue.ui.idle_collector import TICK, IdleCollector
from agent_avenue.ui.key_pause import DEFAULT_DELAY
from agent_avenue.ui.seat_words import colour_name
from agent_avenue.ui.size_classes import HORIZONTAL_BREAKPOINTS, VERTICAL_BREAKPOINTS
from agent_avenue.ui.widgets.size import SizeWarning

if TYPE_CHECKING:
    from collections.abc import Callable

    from rich.console import RenderableType
    from textual.command import Provider
    from textual.screen import Screen

    from agent_avenue.engine import GameRecord, Rules
    from agent_avenue.ui.screens.settings import SettingsScreen

ANIMATION_DELAY = 0.15
"""Seconds per space when meeples move."""
READING_PAUSE = 1.5
"""Seconds a reveal stays after the meeples stop when the computer goes on without a key."""
HANGUP_CHECK = 0.5
"""Seconds between two looks at whether the terminal is still there (ui/terminal_watch.py)."""

__all__ = ["ANIMATION_DELAY", "BaseApp", "PausesKeys", "refresh_screen"]


@runtime_checkable
class PausesKeys(Protocol):
    """A screen that ignores every key for a while (a handoff's pause), app keys included."""

    @property
    def ignores_keys(self) -> bool:
        """Whether keys are ignored now."""


def _rules_commands() -> type[Provider]:
    """The rules book search for the command palette (imported only when the palette opens)."""
    from agent_avenue.ui.rules_search import RulesCommands

    return RulesCommands


class BaseApp(App[int]):
    """The shared part of the game's apps: app-wide keys, the rules book, the settings, the
    language, the "too small" messages and the crash report. A subclass pushes its main screen
    on mount and says what the game-over screen's choice and the quit key do."""

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

    def __init__(self, rules: Rules) -> None:
        """An app playing by `rules`."""
        super().__init__()
        self.rules = rules
        self.animation_delay = ANIMATION_DELAY
        """Seconds per space when meeples move (tests set 0: no animation)."""
        self.reading_pause = READING_PAUSE
        """Seconds a reveal stays before the computer goes on (tests set 0)."""
        self.handoff_delay = DEFAULT_DELAY
        """Seconds a handoff ignores keys after it appears (tests set 0)."""
        self._leaving = False
        self.collector = IdleCollector()
        """Cycle collections wait until the players have been answered (ui/idle_collector.py)."""

    # What a subclass says ------------------------------------------------------------------

    @property
    def names(self) -> tuple[str, str]:
        """The sides' names, green first (a colour name follows the language in use)."""
        return colour_name(0), colour_name(1)

    def after_game_over(self, again: bool | None) -> None:
        """The game-over screen closed; `again`: the players asked for another game."""
        self.exit(0)

    def action_quit_game(self) -> None:
        """The quit key (q, ctrl+q, ctrl+c)."""
        self.exit(0)

    def terminal_closed(self) -> None:
        """The terminal has gone (its window closed, its connection dropped): leave at once;
        nobody is there to answer a question."""
        self.exit(0)

    def crash_record(self) -> GameRecord | None:
        """The game being played, written into a crash report so the crash can be repeated."""
        return None

    # Shared --------------------------------------------------------------------------------

    def on_mount(self) -> None:
        """Collect cycles while the players are quiet; in a real terminal, look now and then
        whether it is still there."""
        self.collector.start()
        self.set_interval(TICK, self.collector.tick)
        if self.is_headless:
            return
        from agent_avenue.ui.terminal_watch import terminal_fd

        fd = terminal_fd()
        if fd is not None:
            self.set_interval(HANGUP_CHECK, lambda: self._check_terminal(fd))

    def on_unmount(self) -> None:
        """Python collects cycles itself again."""
        self.collector.stop()

    async def on_event(self, event: Event) -> None:
        """A key, a click or a resize makes the program busy until it has answered
        (ui/idle_collector.py); Textual handles the event as ever."""
        if isinstance(event, InputEvent | Resize):
            self.collector.input()
        await super().on_event(event)

    def _check_terminal(self, fd: int) -> None:
        """Leave when the terminal on `fd` has hung up (once)."""
        from agent_avenue.ui.terminal_watch import terminal_gone

        if not self._leaving and terminal_gone(fd):
            self.terminal_closed()

    @property
    def closing(self) -> bool:
        """Whether the app is on its way out (its screens are going away): it was told to exit,
        or Textual is shutting it down (a test's end, for one) and no longer runs it."""
        return self._leaving or not self.is_running

    def exit(
        self,
        result: int | None = None,
        return_code: int = 0,
        message: RenderableType | None = None,
    ) -> None:
        """End the app (as Textual's `exit`), remembering that it is on its way out."""
        self._leaving = True
        super().exit(result, return_code, message)

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

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Nothing works while a screen ignores keys (a handoff's pause)."""
        screen = self.screen
        return not (isinstance(screen, PausesKeys) and screen.ignores_keys)

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
        """On a crash print one line, never a traceback with locals (they could show a hand).

        Textual offers no public hook for an unhandled error, nor a public way to read it: this
        override of its private method, and the `_exception` it reads, are the one place that
        uses them (the exit itself goes through the public `panic`).
        """
        self.bell()
        error = self._exception
        kind = type(error).__name__ if error is not None else "Exception"
        saved = save_crash_report(error, self.crash_record())
        message = t("app.crashed", kind=kind)
        if saved is not None:
            message += " " + t("app.crash_saved", path=str(saved))
        self.panic(Text(message))

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
