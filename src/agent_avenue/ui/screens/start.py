"""The start screen: the players' names, the board side, who plays first, and the opponent."""

from __future__ import annotations

from typing import ClassVar, NamedTuple

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Button, Input, Label, RadioButton, RadioSet, Select, Static

from agent_avenue.data.player_names import name_problem
from agent_avenue.engine import Mode, is_team_game, seat_of
from agent_avenue.i18n import t
from agent_avenue.play.seats import BOT_PLAYER_COUNTS, HUMAN, LEVELS, bot_kind, bot_level, is_bot
from agent_avenue.play.teams import PLAYER_COUNTS, side_names
from agent_avenue.ui.phrases import colour_name, local_names
from agent_avenue.ui.team import default_names, local_seat_names
from agent_avenue.ui.widgets.choices import Choices
from agent_avenue.ui.widgets.keybar import KeyBar
from agent_avenue.ui.widgets.size import SizeWarning

NAME_LENGTH = 12
RANDOM = None


class StartSettings(NamedTuple):
    """The start screen's choices: names (one per seat, green first), board side, first side
    (None: random), how many players (3 or 4: a team game), and the opponent ("human", or
    "bot:<level>" for the computer)."""

    names: tuple[str, ...]
    mode: Mode
    first: int | None
    players: int = 2
    opponent: str = HUMAN


OPPONENT_CHOICES: tuple[str, ...] = (HUMAN, *(bot_kind(level) for level in LEVELS))
"""The opponents the start screen offers, in its order."""


def opponent_label(kind: str) -> str:
    """How the start screen names an opponent: "A person", "Computer: easy", ..."""
    return t("bot.start_" + (bot_level(kind) if is_bot(kind) else HUMAN))


class StartScreen(Screen[StartSettings]):
    """Asks for names, the board side, who most recently watched a spy film, and whether the
    other side is a person or the computer (at which level)."""

    # Nothing has the focus at first: Enter starts, letters are keys, Tab reaches the names.
    AUTO_FOCUS = ""
    DEFAULT_CSS = """
    #start-players, #start-opponent {
        height: auto;
        padding: 0 2;
    }
    #start-players > Label, #start-opponent > Label {
        width: auto;
        margin-right: 2;
    }
    #start-opponent > Select {
        width: 30;
    }
    #players {
        layout: horizontal;
        width: 1fr;
        height: auto;
    }
    #players > RadioButton {
        width: auto;
        margin-right: 2;
    }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "start", t("start.key_start"), show=True),
        Binding("o", "app.settings", t("settings.key_open")),
        Binding("f2", "tutorial", t("tutorial.key_tutorial")),
        Binding("f3", "history", t("history_screen.key_open")),
    ]

    def __init__(
        self,
        names: tuple[str, ...],
        mode: Mode,
        first: int | None,
        players: int = 2,
        opponent: str = HUMAN,
    ) -> None:
        super().__init__()
        # One name per seat that could play (4), the team seats' defaults where none is given.
        self._names = names + default_names(4)[len(names) :]
        self._mode = mode
        self._first = first
        self._players = players
        self._opponent = opponent

    def compose(self) -> ComposeResult:
        """The names, the choices (board side, first player, players, opponent), the buttons."""
        yield SizeWarning()
        # Not focusable: it has no keys of its own (a focused container is restyled whole).
        with VerticalScroll(classes="main", id="start-main", can_focus=False):
            yield Static(Content(t("start.title")), id="start-title")
            yield Static(Content(t("start.subtitle")), id="start-subtitle")
            yield from self._compose_names()
            yield from self._compose_choices()
            yield from self._compose_players()
            yield from self._compose_buttons()
        yield KeyBar()

    def _compose_names(self) -> ComposeResult:
        """A name field per side, and one for each side's partner (shown in team games)."""
        with Horizontal(id="start-names"):
            for seat in (0, 1):
                with Vertical(classes=f"start-name -seat-{seat}"):
                    yield Label(Content(t("start.name_label", colour=colour_name(seat))))
                    yield Input(
                        value=self._names[seat],
                        placeholder=colour_name(seat),
                        max_length=NAME_LENGTH,
                        id=f"name-{seat}",
                        compact=True,
                    )
                    # A team game's second player of this side (seat 2 or 3).
                    partner = seat_of(seat, 1)
                    label = Label(
                        Content(t("team.partner_label", colour=colour_name(seat))),
                        id=f"name-label-{partner}",
                    )
                    field = Input(
                        value=self._names[partner],
                        placeholder=default_names(4)[partner],
                        max_length=NAME_LENGTH,
                        id=f"name-{partner}",
                        compact=True,
                    )
                    label.display = field.display = partner < self._players
                    yield label
                    yield field

    def _compose_choices(self) -> ComposeResult:
        """The board side and the first player."""
        with Horizontal(id="start-choices"):
            with Vertical(classes="start-choice"):
                yield Label(Content(t("start.mode_label")))
                with Choices(id="mode", compact=True):
                    yield RadioButton(
                        Content(t("start.mode_simple")),
                        value=self._mode is Mode.SIMPLE,
                        id="simple",
                    )
                    yield RadioButton(
                        Content(t("start.mode_advanced")),
                        value=self._mode is Mode.ADVANCED,
                        id="advanced",
                    )
            with Vertical(classes="start-choice"):
                yield Label(Content(t("start.first_label")))
                with Choices(id="first", compact=True):
                    players = self._names[: self._players]
                    sides = side_names(players) if is_team_game(self._players) else players
                    for seat in (0, 1):
                        yield RadioButton(
                            Content(sides[seat]),
                            value=self._first == seat,
                            id=f"first-{seat}",
                        )
                    yield RadioButton(
                        Content(t("start.first_random")),
                        value=self._first is None,
                        id="first-random",
                    )

    def _compose_players(self) -> ComposeResult:
        """How many players, and who plays the other side (people or the computer)."""
        with Horizontal(id="start-players"):
            yield Label(Content(t("team.players_label")))
            with Choices(id="players", compact=True):
                for count in PLAYER_COUNTS:
                    yield RadioButton(
                        Content(t(f"team.players_{count}")),
                        value=self._players == count,
                        id=f"players-{count}",
                    )
        opponents = Horizontal(id="start-opponent")
        opponents.display = self._players in BOT_PLAYER_COUNTS
        with opponents:
            yield Label(Content(t("bot.start_label")))
            chosen = self._opponent if self._opponent in OPPONENT_CHOICES else HUMAN
            yield Select[str](
                [(Content(opponent_label(kind)), kind) for kind in OPPONENT_CHOICES],
                value=chosen,
                allow_blank=False,
                compact=True,
                id="opponent",
            )

    def _compose_buttons(self) -> ComposeResult:
        """Start, the lessons, the line for a problem and the help line."""
        with Center():
            button = Button(
                Content(t("start.button")), id="start-button", variant="primary", compact=True
            )
            button.can_focus = False  # Enter starts from anywhere but a radio list
            yield button
        with Center():
            lessons = Button(
                Content(t("tutorial.start_button")), id="tutorial-button", compact=True
            )
            lessons.can_focus = False
            yield lessons
        problem = Static(Content(""), id="start-problem")
        problem.display = False
        yield problem
        yield Static(Content(t("start.help")), id="start-help")

    async def refresh_language(self, names: tuple[str, str]) -> None:
        """Show the screen again in the language now in use, keeping what was typed and chosen."""
        typed = tuple(self.query_one(f"#name-{seat}", Input).value for seat in range(4))
        self._names = (*local_names((typed[0], typed[1])), *local_seat_names(typed)[2:])
        self._mode, self._first = self._choices()
        self._players = self.players()
        self._opponent = self.opponent()
        await self.recompose()

    def _choices(self) -> tuple[Mode, int | None]:
        """The board side and the first player chosen on screen (None: at random)."""
        mode_set = self.query_one("#mode", RadioSet)
        advanced = mode_set.pressed_button is not None and mode_set.pressed_button.id == "advanced"
        first_set = self.query_one("#first", RadioSet)
        pressed = first_set.pressed_button
        first: int | None = RANDOM
        if pressed is not None and pressed.id in ("first-0", "first-1"):
            first = int(pressed.id[-1])
        return (Mode.ADVANCED if advanced else Mode.SIMPLE), first

    def players(self) -> int:
        """How many players are chosen: 2, or 3 or 4 for a team game."""
        pressed = self.query_one("#players", RadioSet).pressed_button
        if pressed is None or pressed.id is None:
            return self._players
        return int(pressed.id.rpartition("-")[2])

    def opponent(self) -> str:
        """The opponent chosen: "human", or "bot:<level>" for the computer."""
        value = self.query_one("#opponent", Select).value
        return value if isinstance(value, str) else self._opponent

    def typed_names(self) -> tuple[str, ...]:
        """The names typed, one per player (a default when a field is left empty)."""
        players = self.players()
        defaults = default_names(players)
        typed = [self.query_one(f"#name-{seat}", Input).value.strip() for seat in range(players)]
        return tuple(name or defaults[seat] for seat, name in enumerate(typed))

    def names(self) -> tuple[str, ...]:
        """The names typed, one per player (a default when a field is left empty; all defaults
        while the names cannot be used, e.g. two players share a name)."""
        chosen = self.typed_names()
        if name_problem(chosen) is not None:
            return default_names(len(chosen))
        return chosen

    @on(Input.Changed)
    def _rename_choices(self, event: Input.Changed | None = None) -> None:
        names = self.names()
        sides = side_names(names)
        for seat in (0, 1):
            button = self.query_one(f"#first-{seat}", RadioButton)
            button.label = Content(sides[seat])

    @on(RadioSet.Changed, "#players")
    def _players_changed(self) -> None:
        """Show one name field per player; the first-player choice names the sides."""
        players = self.players()
        for partner in (2, 3):
            shown = partner < players
            self.query_one(f"#name-label-{partner}").display = shown
            self.query_one(f"#name-{partner}").display = shown
        # The computer can play the other side whatever the number of players.
        self.query_one("#start-opponent").display = players in BOT_PLAYER_COUNTS
        self._rename_choices()

    @on(Input.Submitted)
    def _submitted(self) -> None:
        self.action_start()

    @on(Button.Pressed, "#start-button")
    def _pressed(self) -> None:
        self.action_start()

    @on(Button.Pressed, "#tutorial-button")
    def _tutorial_pressed(self) -> None:
        self.action_tutorial()

    def action_tutorial(self) -> None:
        """The lessons (the tutorial), shown over this screen."""
        open_tutorial = getattr(self.app, "open_tutorial", None)
        if callable(open_tutorial):
            open_tutorial()

    def action_history(self) -> None:
        """The score sheet of finished games, from which `r` replays one."""
        from agent_avenue.ui.screens.history import HistoryScreen

        rules = getattr(self.app, "rules", None)
        if rules is not None:
            self.app.push_screen(HistoryScreen(rules))

    def action_start(self) -> None:
        """Start the game with the choices on screen; names that cannot be used (too long,
        unprintable, two the same) are refused with one sentence, and nothing starts."""
        problem = name_problem(self.typed_names())
        shown = self.query_one("#start-problem", Static)
        shown.update(Content(problem or ""))
        shown.display = problem is not None
        if problem is not None:
            return
        mode, first = self._choices()
        players = self.players()
        opponent = self.opponent() if players in BOT_PLAYER_COUNTS else HUMAN
        self.dismiss(StartSettings(self.names(), mode, first, players, opponent))
