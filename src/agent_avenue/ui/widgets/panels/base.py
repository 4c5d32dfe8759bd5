"""The panels' base: a panel declares its keys and says which work now; shared helpers."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.content import Content
from textual.message import Message
from textual.widgets import Static

from agent_avenue.engine import (
    Action,
    PlayerView,
    side_of,
)
from agent_avenue.i18n import t
from agent_avenue.ui.messages import ActionChosen
from agent_avenue.ui.widgets._common import show_content
from agent_avenue.ui.widgets.size import too_small
from agent_avenue.ui.widgets.thinking_indicator import ThinkingIndicator

Params = tuple[object, ...]
PanelMaker = Callable[[tuple[str, str]], "Panel"]
"""Builds the panel of the moment for the sides' names (again after a change of language)."""
HAND_ROW = 4
"""Hands up to this size show the choice beside the cards; bigger ones below them."""


def plain(text: str) -> Content:
    """Text shown as it is (names typed by players are never read as markup)."""
    return Content(text)


def key_number(params: Params) -> int:
    """The number a number key carried (0 if none)."""
    value = params[0] if params else 0
    return value if isinstance(value, int) else 0


class PanelChanged(Message):
    """What the panel's keys can do may have changed: the footer should be checked."""


class SkipAnimation(Message):
    """Enter while the meeples move: show where they stop at once."""


MAX_CARD_KEYS = 9
SELECT = Binding.Group(t("app.key_select"), compact=True)
TAKE = Binding.Group(t("app.key_take"), compact=True)
CHOOSE = Binding.Group(t("app.key_choose"), compact=True)


def number_bindings(action: str, group: Binding.Group) -> list[BindingType]:
    """Keys 1 to 9 for `action` with the card's number (one entry in the key bar)."""
    return [
        Binding(str(n), f"do('{action}', {n})", group.description, group=group)
        for n in range(1, MAX_CARD_KEYS + 1)
    ]


def hand_bindings(
    play: str, description: str, marks: Sequence[BindingType] = ()
) -> list[BindingType]:
    """The keys of a panel showing the player's hand: 1 to 9 select a card, then `marks`, x
    discards the selected card, and enter carries out `play` (`description` in the key bar)."""
    return [
        *number_bindings("select", SELECT),
        *marks,
        Binding("x", "do('discard')", t("app.key_discard")),
        Binding("enter", f"do('{play}')", description),
    ]


CONTINUE_BINDINGS: list[BindingType] = [
    Binding("enter", "do('continue')", t("app.key_continue")),
    Binding("space", "do('continue')", t("app.key_continue"), show=False),
]


class Panel(Vertical, can_focus=True):
    """Base of the action panels: each declares its keys (BINDINGS) and says in `allows` which
    work now; the table gives the panel focus when it shows it. By default no key does anything.
    """

    DEFAULT_CSS = """
    Panel:focus {
        background-tint: transparent;
    }
    """

    def watch_has_focus(self, _has_focus: bool) -> None:
        """Restyle the panel alone when it gains or loses the keys: only its own look depends
        on its focus (`Panel:focus`), and Textual's default restyles every widget inside it,
        a quarter of the work of each screen change."""
        self.app.stylesheet.update_nodes([self])

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The key bar shows a key only when this panel's `allows` says it works (or dims it);
        no key works while the window is too small to show the panel."""
        if action != "do":
            return True
        if too_small(*self.app.size):
            return False
        name = parameters[0] if parameters else ""
        return self.allows(name, parameters[1:]) if isinstance(name, str) else False

    def on_show(self) -> None:
        """Shown again after the window was too small (hiding took the focus): take the keys
        back if nothing else has them."""
        screen = self.screen
        if screen.focused is None and self.focusable:
            screen.set_focus(self)

    def action_do(self, name: str, *params: object) -> None:
        """A key of this panel: carry it out if it works now and the panel is on screen
        (Textual takes a hidden panel's focus only once it handles its Hide message, and a key
        can come first)."""
        if not too_small(*self.app.size) and self.allows(name, params):
            self.run(name, params)

    def allows(self, action: str, params: Params) -> bool | None:
        """Whether a key's action works now (None: shown but dimmed, False: hidden)."""
        return False

    def run(self, action: str, params: Params) -> None:
        """Carry out a key's action (only called when `allows` said True)."""

    def choose(self, action: Action) -> None:
        """Hand a legal action up to the app."""
        self.post_message(ActionChosen(action))

    def keep_state(self, old: Panel) -> None:
        """Take over what the player had chosen on `old`, the same panel in another language."""

    def hint_view(self) -> PlayerView | None:
        """The view a hint (key h) judges this decision from, or None: no hint here."""
        return None

    def show_hint(self, text: str, thinking: bool = False) -> None:
        """Show a hint's line at the bottom of the panel (replacing an earlier one), with the
        thinking indicator while the hint is being searched."""
        for dots in self.query("#hint-thinking").results(ThinkingIndicator):
            if not thinking:
                dots.remove()
        for line in self.query("#hint-line").results(Static):
            show_content(line, plain(text))
            break
        else:
            self.mount(Static(plain(text), id="hint-line", classes="panel-status hint-line"))
        if thinking and not self.query("#hint-thinking"):
            self.mount(ThinkingIndicator(id="hint-thinking", classes="hint-thinking"))


class WaitingPanel(Panel):
    """A public placeholder while the terminal changes hands."""

    def __init__(self, text: str) -> None:
        super().__init__(classes="panel -waiting")
        self._text = text

    def compose(self) -> ComposeResult:
        """One line of text."""
        yield Static(plain(self._text), classes="panel-title")


def member_names(names: tuple[str, str], seats: tuple[str, ...], seat: int) -> tuple[str, str]:
    """The sides' names with the acting member's side called by that member's name."""
    if side_of(seat) == 0:
        return seats[seat], names[1]
    return names[0], seats[seat]
