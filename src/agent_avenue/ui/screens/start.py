"""The start screen: the players' names, the board side, who plays first, and the opponent."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, ClassVar, NamedTuple

from rich.cells import cell_len
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.message import Message
from textual.widgets import Input, Label, Static

from agent_avenue.data.player_names import name_problem
from agent_avenue.engine import Mode, is_team_game, seat_of, side_of
from agent_avenue.i18n import t
from agent_avenue.play.seats import BOT_PLAYER_COUNTS, HUMAN, LEVELS, bot_kind, bot_level, is_bot
from agent_avenue.play.teams import PLAYER_COUNTS, side_names
from agent_avenue.ui.screens.styled_once import StyledOnceScreen
from agent_avenue.ui.seat_words import colour_name, default_names, local_seat_names
from agent_avenue.ui.widgets.choice_row import ChoiceRow, Option
from agent_avenue.ui.widgets.keybar import KeyBar
from agent_avenue.ui.widgets.name_rating import NameRating, read_ratings_later
from agent_avenue.ui.widgets.size import SizeWarning
from agent_avenue.ui.widgets.text_button import TextButton

if TYPE_CHECKING:
    from agent_avenue.engine import Rules
    from agent_avenue.play.ratings import Ratings

NAME_LENGTH = 12
RANDOM = None
FIRST_RANDOM = "random"
"""The first-player choice's value for "pick at random" (the others are the seats, "0" and "1")."""


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


class StartScreen(StyledOnceScreen[StartSettings]):
    """Asks for names, the board side, who most recently watched a spy film, and whether the
    other side is a person or the computer (at which level)."""

    # Nothing has the focus at first: Enter starts, letters are keys, Tab reaches the names.
    AUTO_FOCUS = ""
    DEFAULT_CSS = """
    StartScreen .start-row {
        padding: 0 2;
    }
    """

    class TutorialAsked(Message):
        """The players asked for the lessons (the app shows them over this screen)."""

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
        starting: Callable[[StartSettings], Awaitable[None]] | None = None,
        *,
        rules: Rules,
    ) -> None:
        """The start screen with these choices made; confirming it calls `starting` (which
        shows the game), else dismisses the screen with the settings; `rules`: the game's, for
        the score sheet's replays."""
        super().__init__()
        self._starting = starting
        self._rules = rules
        # One name per seat that could play (4), the team seats' defaults where none is given.
        self._names = names + default_names(4)[len(names) :]
        self._mode = mode
        self._first = first
        self._players = players
        self._opponent = opponent
        self._ratings: Ratings | None = None
        """The score sheet's ratings, once a thread has read them (None until then)."""

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
        """A name field per side, and one for each side's partner in team games (made when
        first needed: most games are duels, and every field costs time at start)."""
        with Horizontal(id="start-names"):
            for seat in (0, 1):
                with Vertical(classes=f"start-name -seat-{seat}", id=f"start-name-{seat}"):
                    yield Label(Content(t("start.name_label", colour=colour_name(seat))))
                    yield self._name_field(seat, colour_name(seat))
                    yield NameRating(seat)
                    partner = seat_of(seat, 1)
                    if partner < self._players:
                        yield from self._partner_widgets(partner)

    def _name_field(self, seat: int, placeholder: str) -> Input:
        """The field for the name of the player at `seat`."""
        return Input(
            value=self._names[seat],
            placeholder=placeholder,
            max_length=NAME_LENGTH,
            id=f"name-{seat}",
            compact=True,
        )

    def _partner_widgets(self, partner: int) -> tuple[Label, Input, NameRating]:
        """The label, field and rating of a team game's second player of a side (seat 2 or 3)."""
        side = side_of(partner)
        label = Label(
            Content(t("team.partner_label", colour=colour_name(side))),
            id=f"name-label-{partner}",
        )
        return label, self._name_field(partner, default_names(4)[partner]), NameRating(partner)

    def on_mount(self) -> None:
        """A moment after the screen is drawn, a thread reads the ratings (widgets/name_rating)."""
        read_ratings_later(self, self._show_ratings)

    def _show_ratings(self, ratings: Ratings | None = None) -> None:
        """Below each name field, the rating of the name typed (or of the computer's level)."""
        ratings = self._ratings = ratings or self._ratings
        if ratings is None or not self.query("#players"):  # not yet read, or the screen gone
            return
        opponent = self.opponent() if self.players() in BOT_PLAYER_COUNTS else HUMAN
        for line in self.query(NameRating).results(NameRating):
            name = self._typed_name(line.seat).strip() or default_names(4)[line.seat]
            line.show(ratings, name, opponent if side_of(line.seat) == 1 else HUMAN)

    def _typed_name(self, seat: int) -> str:
        """The name in the field of `seat` as typed, or the one given if it has no field yet."""
        fields = self.query(f"#name-{seat}").results(Input)
        field = next(fields, None)
        return field.value if field is not None else self._names[seat]

    def _compose_choices(self) -> ComposeResult:
        """The board side and the first player."""
        players = self._names[: self._players]
        sides = side_names(players) if is_team_game(self._players) else players
        with Horizontal(id="start-choices"):
            yield ChoiceRow(
                t("start.mode_label"),
                [
                    Option(Mode.SIMPLE.value, t("start.mode_simple")),
                    Option(Mode.ADVANCED.value, t("start.mode_advanced")),
                ],
                self._mode.value,
                stacked=True,
                id="mode",
                classes="start-choice",
            )
            yield ChoiceRow(
                t("start.first_label"),
                [Option(str(seat), sides[seat]) for seat in (0, 1)]
                + [Option(FIRST_RANDOM, t("start.first_random"))],
                FIRST_RANDOM if self._first is None else str(self._first),
                stacked=True,
                id="first",
                classes="start-choice",
            )

    def _compose_players(self) -> ComposeResult:
        """How many players, and who plays the other side (people or the computer)."""
        titles = t("team.players_label"), t("bot.start_label")
        width = max(cell_len(title) for title in titles)
        yield ChoiceRow(
            titles[0],
            [Option(str(count), t(f"team.players_{count}")) for count in PLAYER_COUNTS],
            str(self._players),
            title_width=width,
            id="players",
            classes="start-row",
        )
        chosen = self._opponent if self._opponent in OPPONENT_CHOICES else HUMAN
        opponents = ChoiceRow(
            titles[1],
            [Option(kind, opponent_label(kind)) for kind in OPPONENT_CHOICES],
            chosen,
            title_width=width,
            id="opponent",
            classes="start-row",
        )
        opponents.display = self._players in BOT_PLAYER_COUNTS
        yield opponents

    def _compose_buttons(self) -> ComposeResult:
        """Start, the lessons and the help line (a problem's line comes when there is one)."""
        with Horizontal(id="start-buttons"):
            yield TextButton(t("start.button"), primary=True, id="start-button")
            yield TextButton(t("tutorial.start_button"), id="tutorial-button")
        yield Static(Content(t("start.help")), id="start-help")

    async def refresh_language(self, names: tuple[str, str]) -> None:
        """Show the screen again in the language now in use, keeping what was typed and chosen."""
        typed = tuple(self._typed_name(seat) for seat in range(4))
        self._names = local_seat_names(typed)
        self._mode, self._first = self._choices()
        self._players = self.players()
        self._opponent = self.opponent()
        await self.recompose()
        self._show_ratings()

    def _choices(self) -> tuple[Mode, int | None]:
        """The board side and the first player chosen on screen (None: at random)."""
        mode = Mode(self.query_one("#mode", ChoiceRow).value)
        first = self.query_one("#first", ChoiceRow).value
        return mode, (RANDOM if first == FIRST_RANDOM else int(first))

    def players(self) -> int:
        """How many players are chosen: 2, or 3 or 4 for a team game."""
        return int(self.query_one("#players", ChoiceRow).value)

    def opponent(self) -> str:
        """The opponent chosen: "human", or "bot:<level>" for the computer."""
        return self.query_one("#opponent", ChoiceRow).value

    def typed_names(self) -> tuple[str, ...]:
        """The names typed, one per player (a default when a field is left empty)."""
        players = self.players()
        defaults = default_names(players)
        typed = [self._typed_name(seat).strip() for seat in range(players)]
        return tuple(name or defaults[seat] for seat, name in enumerate(typed))

    def names(self) -> tuple[str, ...]:
        """The names typed, one per player (a default when a field is left empty; all defaults
        while the names cannot be used, e.g. two players share a name)."""
        chosen = self.typed_names()
        if name_problem(chosen) is not None:
            return default_names(len(chosen))
        return chosen

    @on(Input.Changed)
    @on(ChoiceRow.Changed, "#opponent")
    def _rating_of_names(self) -> None:
        """A name typed or the opponent chosen: the ratings shown follow."""
        self._show_ratings()

    @on(Input.Changed)
    def _rename_choices(self, event: Input.Changed | None = None) -> None:
        names = self.names()
        sides = side_names(names)
        first = self.query_one("#first", ChoiceRow)
        for seat in (0, 1):
            first.relabel(str(seat), sides[seat])

    @on(ChoiceRow.Changed, "#players")
    def _players_changed(self) -> None:
        """Show one name field per player; the first-player choice names the sides."""
        players = self.players()
        for partner in (2, 3):
            shown = partner < players
            made = self.query(f"#name-label-{partner}, #name-{partner}")
            if made:
                made.set(display=shown)
            elif shown:
                column = self.query_one(f"#start-name-{side_of(partner)}")
                column.mount(*self._partner_widgets(partner))
        # The computer can play the other side whatever the number of players.
        self.query_one("#opponent").display = players in BOT_PLAYER_COUNTS
        self._rename_choices()
        self._show_ratings()

    @on(Input.Submitted)
    def _submitted(self) -> None:
        self.action_start()

    @on(TextButton.Pressed, "#start-button")
    def _pressed(self) -> None:
        self.action_start()

    @on(TextButton.Pressed, "#tutorial-button")
    def _tutorial_pressed(self) -> None:
        self.action_tutorial()

    def action_tutorial(self) -> None:
        """The lessons (the tutorial), shown over this screen (the app opens them)."""
        self.post_message(self.TutorialAsked())

    def action_history(self) -> None:
        """The score sheet of finished games, from which `r` replays one."""
        from agent_avenue.ui.screens.history import HistoryScreen

        self.app.push_screen(HistoryScreen(self._rules))

    def settings(self) -> StartSettings:
        """The choices on screen now, as starting would take them (names not checked)."""
        mode, first = self._choices()
        players = self.players()
        opponent = self.opponent() if players in BOT_PLAYER_COUNTS else HUMAN
        return StartSettings(self.names(), mode, first, players, opponent)

    def action_start(self) -> None:
        """Start the game with the choices on screen; names that cannot be used (too long,
        unprintable, two the same) are refused with one sentence, and nothing starts."""
        problem = name_problem(self.typed_names())
        shown = next(self.query("#start-problem").results(Static), None)
        if shown is not None:
            shown.update(Content(problem or ""))
            shown.display = problem is not None
        elif problem is not None:
            self.query_one("#start-main").mount(
                Static(Content(problem), id="start-problem"), before="#start-help"
            )
        if problem is not None:
            return
        settings = self.settings()
        if self._starting is None:
            self.dismiss(settings)
        else:
            self.app.call_next(self._leave, settings)

    async def _leave(self, settings: StartSettings) -> None:
        """This screen goes and the game's first screen comes, drawn once it is whole (never
        the empty screen below, nor the table before its first handoff)."""
        assert self._starting is not None
        with self.app.batch_update():
            await self.app.pop_screen()
            await self._starting(settings)
