"""Cards: an agent card with its three icons, a face-down card, and a black market card."""

from __future__ import annotations

from typing import ClassVar

from textual import events
from textual.app import ComposeResult
from textual.content import Content
from textual.message import Message
from textual.style import Style
from textual.widget import Widget
from textual.widgets import Static

from agent_avenue.data import default_rules
from agent_avenue.engine import Icon, PlayerView, Rules, recruit_preview
from agent_avenue.i18n import agent_name, card_name, t
from agent_avenue.ui.agent_look import agent_borders, agent_glyph, agent_style
from agent_avenue.ui.widgets._common import (
    icon_content,
    icon_text,
    plain,
    preview_text,
    show_border_subtitle,
    show_border_title,
    show_content,
)

__all__ = [
    "AgentCard",
    "AgentIcons",
    "CardBack",
    "MarketCardView",
    "agent_icons",
    "agent_tooltip",
    "card_body",
    "card_body_css",
    "card_text",
    "next_copy",
    "next_copy_subtitle",
]

_COPY_KEYS = ("cards.copy_1", "cards.copy_2", "cards.copy_3")

_STATE_TAGS = (
    ("-face-up", "cards.face_up"),
    ("-face-down", "cards.face_down"),
    ("-selected", "cards.selected"),
)


def _state_tag(widget: Widget) -> str | None:
    """The border tag for the first state class the card has (face up, face down, selected)."""
    for css_class, key in _STATE_TAGS:
        if widget.has_class(css_class):
            return t(key)
    return None


AgentIcons = tuple[Icon | None, Icon | None, Icon | None]
"""An agent's top, middle and bottom icons (None where the card prints none)."""


def agent_icons(rules: Rules, agent: str) -> AgentIcons:
    """The icons printed on an agent's card."""
    icons = rules.agent_by_id[agent].icons
    return (
        icons[0] if len(icons) > 0 else None,
        icons[1] if len(icons) > 1 else None,
        icons[2] if len(icons) > 2 else None,
    )


def agent_tooltip(agent: str, icons: AgentIcons) -> Content:
    """An agent card's tooltip: its name and its three icons in words."""
    return plain(
        t(
            "cards.tooltip_agent",
            agent=agent_name(agent),
            top=icon_text(icons[0]),
            middle=icon_text(icons[1]),
            bottom=icon_text(icons[2]),
        )
    )


def next_copy(view: PlayerView, side: int, agent: str) -> tuple[int, str]:
    """The icon row side `side`'s next copy of `agent` would use (the engine's `icon_row`),
    and what it would do (recruit_preview), in words."""
    preview = recruit_preview(view, side, agent)
    row = view.rules.agent_by_id[agent].icon_row(preview.count)
    return row, t("cards.next", next=preview_text(preview, view, side))


def next_copy_subtitle(agent: str, next_text: str) -> Content:
    """A card's bottom border: the agent's glyph and what its next copy would do."""
    return Content.assemble((agent_glyph(agent), agent_style(agent)), " ", next_text)


def card_text(agent: str, icons: AgentIcons, next_row: int, next_text: str) -> str:
    """An agent card's text in words, line by line, the next copy's icon marked ▶ and what it
    would do last (for tests and screen readers)."""
    lines = [agent_name(agent), *(_icon_line(row, next_row, icons[row]) for row in range(3))]
    return "\n".join([*lines, next_text])


def _icon_line(row: int, next_row: int, icon: Icon | None) -> str:
    marker = "▶" if row == next_row else " "
    return f"{marker}{t(_COPY_KEYS[row]):<4} {icon_text(icon):>5}"


def icon_line_content(row: int, next_row: int, icon: Icon | None) -> Content:
    """One icon line as drawn: WIN and LOSE as marks (the words stay in `icon_line`)."""
    marker = "▶" if row == next_row else " "
    return Content.assemble(f"{marker}{t(_COPY_KEYS[row]):<4} ", icon_content(icon, 5))


def card_body_css(widget: str, part: str) -> str:
    """The styles of `card_body`'s lines for the widget class `widget` (component classes
    `<part>--name`, `--icon`, `--next`)."""
    return f"""
    {widget} > .{part}--name {{ text-style: bold; }}
    {widget} > .{part}--icon {{ color: $foreground-muted; }}
    {widget} > .{part}--next {{
        color: $foreground;
        background: $accent 30%;
        text-style: bold;
    }}
    """


def card_body(widget: Widget, part: str, agent: str, icons: AgentIcons, next_row: int) -> Content:
    """An agent card's four lines at the widget's width: the name, then the top, middle and
    bottom icons, the next copy's marked; each line in the style of the widget's component
    class `<part>--name`, `<part>--icon` or `<part>--next`, cut with an ellipsis."""
    width = max(widget.content_size.width, 1)

    def style(name: str) -> Style:
        styles = widget.get_component_styles(f"{part}--{name}")
        return Style(
            background=styles.background if styles.has_rule("background") else None,
            foreground=styles.color if styles.has_rule("color") else None,
            bold=styles.text_style.bold,
        )

    name = Content.styled(agent_name(agent), agent_style(agent)).stylize_before(style("name"))
    lines = [name.truncate(width, ellipsis=True)]
    for row in range(3):
        line = icon_line_content(row, next_row, icons[row])
        if row == next_row:  # its background spans the card's width
            lines.append(
                line.truncate(width, ellipsis=True, pad=True).stylize_before(style("next"))
            )
        else:
            lines.append(line.truncate(width, ellipsis=True).stylize_before(style("icon")))
    return Content("\n").join(lines)


class AgentCard(Widget):
    """One agent card: its name and three icons, the icon of the owner's next copy marked ▶.

    The border shows `label` (e.g. the key that selects the card) and the state the screen
    gives it with the CSS classes `-face-up`, `-face-down`, `-selected` (also `-disabled`);
    the bottom border shows the agent's glyph and what recruiting it would do for `side`
    (recruit_preview). The border and the name are in the agent's colour (ui/agent_look.py);
    WIN and LOSE icons are drawn as marks, their words stay in `text()` and the tooltip.
    A click posts `AgentCard.Selected(index)` unless the card is `-disabled`.
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "agent-card--name",
        "agent-card--icon",
        "agent-card--next",
    }

    DEFAULT_CSS = """
    AgentCard {
        width: 14;
        height: 6;
        text-wrap: nowrap;
        text-overflow: ellipsis;
        border: round $panel-lighten-2;
        border-subtitle-color: $foreground-muted;
        background: $surface;
    }
    AgentCard:hover {
        background: $boost;
    }
    CARD_BODY
    AGENT_BORDERS
    AgentCard.-selected {
        border: double $accent;
        border-title-color: $accent;
    }
    AgentCard.-face-up {
        border: heavy $success;
        border-title-color: $text-success;
    }
    AgentCard.-face-down {
        border: dashed $warning;
        border-title-color: $text-warning;
    }
    AgentCard.-disabled {
        opacity: 60%;
        text-opacity: 70%;  /* the text as dim as when each line was a widget of its own */
    }
    """

    DEFAULT_CSS = DEFAULT_CSS.replace("AGENT_BORDERS", agent_borders("AgentCard")).replace(
        "CARD_BODY", card_body_css("AgentCard", "agent-card")
    )

    class Selected(Message):
        """A card was clicked: `index` is the position the screen gave it (e.g. in the hand)."""

        def __init__(self, index: int, agent: str) -> None:
            self.index = index
            self.agent = agent
            super().__init__()

    def __init__(
        self,
        agent: str,
        index: int,
        view: PlayerView,
        side: int,
        *,
        label: str | None = None,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(id=id, classes=" ".join(c for c in (classes, f"-agent-{agent}") if c))
        self.agent = agent
        self.index = index
        self.side = side
        self.label = label
        self._tag: str | None = None
        self._show_title()
        self.icons = agent_icons(view.rules, agent)
        self.next_row = 0
        self.next_text = ""
        self.tooltip = agent_tooltip(agent, self.icons)
        self.update_view(view, side)

    def render(self) -> Content:
        """The name, then the top, middle and bottom icons (one widget: a card of a widget per
        line made every hand four times as many widgets to mount, style and lay out)."""
        return card_body(self, "agent-card", self.agent, self.icons, self.next_row)

    def update_view(self, view: PlayerView, side: int) -> None:
        """Mark the icon the next copy of side `side` would use, and its move (recruit_preview)."""
        self.side = side
        shown = self.next_row
        self.next_row, self.next_text = next_copy(view, side, self.agent)
        show_border_subtitle(self, next_copy_subtitle(self.agent, self.next_text))
        if self.is_mounted and self.next_row != shown:
            self.refresh()

    def notify_style_update(self) -> None:
        """Show the state the screen gave the card (face up, face down, selected) in its border."""
        super().notify_style_update()
        tag = _state_tag(self)
        if tag != self._tag:
            self._tag = tag
            self._show_title()

    def _show_title(self) -> None:
        parts = [part for part in (self.label, self._tag) if part]
        show_border_title(self, plain(" ".join(parts)) if parts else None)

    def on_click(self, event: events.Click) -> None:
        """Tell the screen this card was chosen (a disabled card stays quiet)."""
        event.stop()
        if not self.has_class("-disabled"):
            self.post_message(self.Selected(self.index, self.agent))

    def text(self) -> str:
        """The card's text, for tests and screen readers."""
        return card_text(self.agent, self.icons, self.next_row, self.next_text)


class CardBack(Widget):
    """A face-down card: the same size as an agent card, showing nothing about it."""

    DEFAULT_CSS = """
    CardBack {
        width: 14;
        height: 6;
        border: round $panel-lighten-2;
        background: $panel;
        hatch: right $panel-lighten-2;
        content-align: center middle;
        text-align: center;
        color: $foreground-muted;
    }
    CardBack.-selected {
        border: double $accent;
    }
    CardBack.-face-down {
        border: dashed $warning;
    }
    """

    def render(self) -> str:
        """The game's name, the same on every back."""
        return t("cards.back")


class MarketCardView(Widget):
    """A black market card: its name, instant ⚡ or ongoing ∞, and its rules text.

    The class `-compact` hides the rules text (it stays in the tooltip); `-selected` and
    `-disabled` are toggled by the screen. A click posts `MarketCardView.Selected(card_id)`
    unless the card is `-disabled`.
    """

    DEFAULT_CSS = """
    MarketCardView {
        width: 24;
        height: auto;
        max-height: 8;
        border: round $warning 60%;
        border-title-color: $text-warning;
        background: $surface;
        padding: 0 1;
    }
    MarketCardView:hover {
        background: $boost;
    }
    MarketCardView > .name {
        width: 100%;
        text-style: bold;
    }
    MarketCardView > .text {
        width: 100%;
        color: $foreground-muted;
    }
    MarketCardView.-compact {
        width: 14;
        height: 6;
        padding: 0;
    }
    MarketCardView.-compact > .text {
        display: none;
    }
    MarketCardView.-selected {
        border: double $accent;
    }
    MarketCardView.-disabled {
        opacity: 60%;
        text-style: dim;
    }
    """

    class Selected(Message):
        """A black market card was clicked."""

        def __init__(self, card_id: str) -> None:
            self.card_id = card_id
            super().__init__()

    def __init__(
        self,
        card_id: str,
        rules: Rules | PlayerView | None = None,
        *,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(id=id, classes=classes)
        self.card_id = card_id
        self.rules_text = self.kind_text = ""
        self.ongoing = False
        self.show_card(card_id, rules)

    def show_card(self, card_id: str, rules: Rules | PlayerView | None = None) -> None:
        """Show another card in place (its name, kind and rules text)."""
        if isinstance(rules, PlayerView):
            rules = rules.rules
        spec = (rules or default_rules()).card_by_id[card_id]
        self.card_id = card_id
        # The rules text in the language in use (the data file's English text for a card the
        # catalogue does not know).
        key = f"rules.card.{card_id}"
        translated = t(key)
        self.rules_text = spec.text if translated == key else translated
        self.ongoing = spec.kind == "ongoing"
        self.kind_text = t("cards.ongoing" if self.ongoing else "cards.instant")
        self.border_title = plain(self.kind_text)
        self.tooltip = plain(
            t(
                "cards.tooltip_market",
                name=card_name(card_id),
                kind=self.kind_text,
                text=self.rules_text,
            )
        )
        if self.is_mounted:
            show_content(self.query_one(".name", Static), plain(card_name(card_id)))
            show_content(self.query_one(".text", Static), plain(self.rules_text))

    def compose(self) -> ComposeResult:
        """The name, then the rules text."""
        yield Static(plain(card_name(self.card_id)), classes="name")
        yield Static(plain(self.rules_text), classes="text")

    def on_click(self, event: events.Click) -> None:
        """Tell the screen this card was chosen (a disabled card stays quiet)."""
        event.stop()
        if not self.has_class("-disabled"):
            self.post_message(self.Selected(self.card_id))

    def text(self) -> str:
        """The card's text, for tests and screen readers."""
        return "\n".join((self.kind_text, card_name(self.card_id), self.rules_text))
