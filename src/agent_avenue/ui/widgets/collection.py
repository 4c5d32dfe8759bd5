"""One side's public facts: agents in play with what the next copy does, cards and distance."""

from __future__ import annotations

from collections import Counter

from textual.app import ComposeResult
from textual.content import Content
from textual.widget import Widget
from textual.widgets import Static

from agent_avenue.engine import Mode, PlayerView, distance_to_catch, recruit_preview
from agent_avenue.i18n import agent_name, card_name, t
from agent_avenue.ui.agent_look import agent_content
from agent_avenue.ui.widgets._common import (
    SIDE_CLASSES,
    filled,
    meeple,
    next_content,
    plain,
    preview_text,
    set_classes,
    show_border_subtitle,
    show_border_title,
    show_content,
)
from agent_avenue.ui.widgets.item_lines import ItemLines
from agent_avenue.ui.widgets.members import decider_side, is_team_side, member_hands

__all__ = ["CollectionPanel", "agent_lines"]


def agent_lines(view: PlayerView, side: int) -> list[tuple[str, int, str]]:
    """(agent, copies in play, next-copy text) per agent name the side has, in table order.

    The next-copy text comes from recruit_preview: WIN, LOSE or the signed move, then
    "reaches" when that recruit alone would reach the opponent's space (a catch unless the
    opponent moves away) and "$" when it would stop on a black market space; no flags once the
    game is over.
    """
    counts = Counter(view.sides[side].in_play)
    rows: list[tuple[str, int, str]] = []
    for agent in view.rules.agent_ids:
        if not counts[agent]:
            continue
        preview = recruit_preview(view, side, agent)
        parts = [preview_text(preview, view, side)]
        over = view.result is not None
        if preview.mark is None and preview.catches and not over:
            parts.append(t("collection.flag_catch"))
        if view.mode is Mode.ADVANCED and preview.lands_on_market and not over:
            parts.append(t("collection.flag_market"))
        rows.append((agent, counts[agent], " ".join(parts)))
    return rows


def _line_key(key: str, count: int) -> str:
    """The line's form: the count (x2) only when the side has more than one copy."""
    return f"{key}_many" if count > 1 else key


def _row_content(key: str, agent: str, count: int, text: str) -> Content:
    """One agent's line as drawn: its glyph and name in its colour, WIN and LOSE as marks."""
    pieces = {"agent": agent_content(agent), "next": next_content(text)}
    return filled(_line_key(key, count), pieces, count=count)


class CollectionPanel(Widget):
    """One side's public facts, compact enough for two panels in a 38-column side column.

    The border shows the side (title) and hand, discards and distance to catch (subtitle); in a
    team game the subtitle keeps only the distance and each member's hand size gets its own
    wrapped line. Inside, one line per agent name in play (wrapped if a translation is too long
    for the column), then the side's ongoing black market cards.
    The class `-compact` puts the agents in one wrapped paragraph to save rows; `-stats-line`
    shows the stats as a wrapped last line instead of the subtitle (narrow columns).
    """

    DEFAULT_CSS = """
    CollectionPanel {
        height: auto;
        width: 1fr;
        border: round $panel-lighten-2;
        border-title-style: bold;
        border-subtitle-color: $foreground-muted;
        border-subtitle-align: left;
        padding: 0 1;
        overflow: hidden hidden;
    }
    CollectionPanel.-green {
        border: round $success;
        border-title-color: $text-success;
    }
    CollectionPanel.-blue {
        border: round $primary;
        border-title-color: $text-primary;
    }
    CollectionPanel.-green.-active {
        border: heavy $success;
    }
    CollectionPanel.-blue.-active {
        border: heavy $primary;
    }
    CollectionPanel > Static {
        width: 100%;
        text-wrap: nowrap;
        text-overflow: ellipsis;
    }
    CollectionPanel > .agents {
        text-wrap: wrap;
    }
    CollectionPanel > .agents-compact {
        display: none;
    }
    CollectionPanel.-compact > .agents {
        display: none;
    }
    CollectionPanel.-compact > .agents-compact {
        display: block;
    }
    CollectionPanel > .ongoing {
        text-wrap: wrap;
        color: $text-warning;
    }
    CollectionPanel > .ongoing.-none {
        display: none;
    }
    CollectionPanel > .hands {
        text-wrap: wrap;
        color: $foreground-muted;
    }
    CollectionPanel > .hands.-none {
        display: none;
    }
    CollectionPanel > .stats {
        display: none;
        text-wrap: wrap;
        color: $foreground-muted;
    }
    CollectionPanel.-stats-line > .stats {
        display: block;
    }
    """

    def __init__(
        self,
        side: int = 0,
        *,
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.side = side
        set_classes(self, True, SIDE_CLASSES[side])
        self.rows: list[tuple[str, int, str]] = []
        self.heading = ""
        self.stats = ""
        self.agents_text = t("collection.no_agents")
        self.ongoing_text = ""
        self.hands_text = ""
        self.short_stats = ""

    def compose(self) -> ComposeResult:
        """Team hands, the agents (one line each, or one paragraph), then ongoing cards."""
        yield Static(classes="hands -none")
        yield Static(plain(self.agents_text), classes="agents")
        yield ItemLines(t("collection.compact_separator"), classes="agents-compact")
        yield Static(classes="ongoing -none")
        yield Static(plain(self.stats), classes="stats")

    def update_view(
        self, view: PlayerView, side: int, names: tuple[str, str], seats: tuple[str, ...] = ()
    ) -> None:
        """Show side `side` of a view (public facts only); with the `seats`' names (a team
        game), each member's hand size."""
        if side != self.side:
            set_classes(self, False, SIDE_CLASSES[self.side])
            self.side = side
            set_classes(self, True, SIDE_CLASSES[side])
        facts = view.sides[side]
        active = decider_side(view) == side  # whoever decides now: the recruiter too
        set_classes(self, active, "-active")
        key = "collection.title_active" if active else "collection.title"
        self.heading = t(key, meeple=meeple(side), name=names[side])
        distance = distance_to_catch(view, side)
        if view.result is not None:
            catch = ""  # no distance once the game is over: the result says what happened
        elif distance:
            catch = t("collection.catch", n=distance)
        else:
            catch = t("collection.caught")
        key = "collection.stats_over" if view.result is not None else "collection.stats"
        self.stats = t(key, hand=facts.hand_size, discards=facts.discards_left, catch=catch)
        self.hands_text = ""
        self.short_stats = ""
        if is_team_side(view, side, seats):
            self.hands_text = t("team.collection_hands", hands=member_hands(view, side, seats))
            self.stats = catch
            # Short terminals: the hand sizes in the title's order, in the border, no line.
            sizes = "/".join(str(n) for n in facts.member_hand_sizes)
            key = "team.collection_stats" if catch else "team.collection_stats_over"
            self.short_stats = t(key, hands=sizes, catch=catch)
        self.rows = agent_lines(view, side)
        self.agents_text = "\n".join(
            t(_line_key("collection.agent_line", count), agent=agent_name(a), count=count, next=n)
            for a, count, n in self.rows
        ) or t("collection.no_agents")
        self.ongoing_text = ""
        if facts.ongoing:
            cards = t("collection.separator").join(card_name(c) for c in facts.ongoing)
            self.ongoing_text = t("collection.ongoing", cards=cards)
        show_border_title(self, plain(self.heading))
        self._show_stats()
        if self.is_mounted:
            self._show()

    @property
    def _hands_in_border(self) -> bool:
        """A short terminal's team panel: its hand sizes go in the border, not on a line."""
        return bool(self.short_stats) and self.has_class("-compact")

    def _show_stats(self) -> None:
        # A narrow column (-stats-line) shows the stats as a wrapped line: nothing is cut off.
        if self.has_class("-stats-line"):
            show_border_subtitle(self, None)
        else:
            stats = self.short_stats if self._hands_in_border else self.stats
            show_border_subtitle(self, plain(stats))

    def fit(self, compact: bool) -> None:
        """On a short terminal (`compact`) the agents share lines and a team's hand sizes go
        in the border, so the side column holds both sides and the table."""
        set_classes(self, compact, "-compact")
        self._show_stats()
        if self.is_mounted:
            self._show()

    def on_mount(self) -> None:
        """Show what was set before mounting."""
        self._show()

    def _show(self) -> None:
        none = plain(t("collection.no_agents"))
        lines = [_row_content("collection.agent_line", *row) for row in self.rows]
        agents = Content("\n").join(lines) if lines else none
        show_content(self.query_one(".agents", Static), agents)
        short = [_row_content("collection.agent_short", *row) for row in self.rows]
        paragraph = self.query_one(".agents-compact", ItemLines)
        paragraph.separator = t("collection.compact_separator")
        paragraph.show(short, none)
        hands = self.query_one(".hands", Static)
        show_content(hands, plain(self.hands_text))
        set_classes(hands, not self.hands_text or self._hands_in_border, "-none")
        box = self.query_one(".ongoing", Static)
        show_content(box, plain(self.ongoing_text))
        set_classes(box, not self.ongoing_text, "-none")
        show_content(self.query_one(".stats", Static), plain(self.stats))

    def text(self) -> str:
        """The panel's text (title, stats and lines), for tests and screen readers."""
        parts = (self.heading, self.stats, self.hands_text, self.agents_text, self.ongoing_text)
        return "\n".join(part for part in parts if part)
