"""The start screen: the players' names, the board side and who plays first."""

from __future__ import annotations

from typing import ClassVar, NamedTuple

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Button, Input, Label, RadioButton, RadioSet, Static

from agent_avenue.engine import Mode
from agent_avenue.i18n import t
from agent_avenue.ui.keybar import KeyBar
from agent_avenue.ui.phrases import colour_name
from agent_avenue.ui.screens.size import SizeWarning

NAME_LENGTH = 12
RANDOM = None


class Choices(RadioSet, inherit_bindings=False):
    """A radio list where Space chooses and Enter is left to start the game."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("down,right", "next_button", show=False),
        Binding("space", "toggle_button", show=False),
        Binding("up,left", "previous_button", show=False),
    ]


class StartSettings(NamedTuple):
    """The start screen's choices: names (green first), board side, first player (None: random)."""

    names: tuple[str, str]
    mode: Mode
    first: int | None


class StartScreen(Screen[StartSettings]):
    """Asks for names, the board side and who most recently watched a spy film."""

    AUTO_FOCUS = None
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "start", t("start.key_start"), show=True)
    ]

    def __init__(self, names: tuple[str, str], mode: Mode, first: int | None) -> None:
        super().__init__()
        self._names = names
        self._mode = mode
        self._first = first

    def compose(self) -> ComposeResult:
        """Two name fields, two choices and a start button."""
        yield SizeWarning()
        with VerticalScroll(classes="main", id="start-main"):
            yield Static(Content(t("start.title")), id="start-title")
            yield Static(Content(t("start.subtitle")), id="start-subtitle")
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
                        for seat in (0, 1):
                            yield RadioButton(
                                Content(self._names[seat]),
                                value=self._first == seat,
                                id=f"first-{seat}",
                            )
                        yield RadioButton(
                            Content(t("start.first_random")),
                            value=self._first is None,
                            id="first-random",
                        )
            with Center():
                button = Button(
                    Content(t("start.button")), id="start-button", variant="primary", compact=True
                )
                button.can_focus = False  # Enter starts from anywhere but a radio list
                yield button
            yield Static(Content(t("start.help")), id="start-help")
        yield KeyBar()

    def names(self) -> tuple[str, str]:
        """The names typed (a colour when a field is left empty)."""
        typed = [self.query_one(f"#name-{seat}", Input).value.strip() for seat in (0, 1)]
        chosen = [name or colour_name(seat) for seat, name in enumerate(typed)]
        if chosen[0].casefold() == chosen[1].casefold():
            chosen = [colour_name(0), colour_name(1)]
        return chosen[0], chosen[1]

    @on(Input.Changed)
    def _rename_choices(self, event: Input.Changed) -> None:
        names = self.names()
        for seat in (0, 1):
            button = self.query_one(f"#first-{seat}", RadioButton)
            button.label = Content(names[seat])

    @on(Input.Submitted)
    def _submitted(self) -> None:
        self.action_start()

    @on(Button.Pressed, "#start-button")
    def _pressed(self) -> None:
        self.action_start()

    def action_start(self) -> None:
        """Start the game with the choices on screen."""
        mode_set = self.query_one("#mode", RadioSet)
        advanced = mode_set.pressed_button is not None and mode_set.pressed_button.id == "advanced"
        first_set = self.query_one("#first", RadioSet)
        pressed = first_set.pressed_button
        first: int | None = RANDOM
        if pressed is not None and pressed.id in ("first-0", "first-1"):
            first = int(pressed.id[-1])
        mode = Mode.ADVANCED if advanced else Mode.SIMPLE
        self.dismiss(StartSettings(self.names(), mode, first))
