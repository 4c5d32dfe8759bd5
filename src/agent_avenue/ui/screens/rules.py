"""The rules book: a players' summary of the simple rules, the advanced rules and every card.

Textual's Markdown widget makes a widget of every paragraph, list item and table cell, and the
whole book takes seconds to build on a busy machine: the screen shows its first sections at once
and adds the others one by one after it is drawn (the book is the same, it opens in a blink).
"""

from __future__ import annotations

import time
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen

from agent_avenue.i18n import card_name, t
from agent_avenue.ui.widgets.keybar import KeyBar
from agent_avenue.ui.widgets.size import SizeWarning

RULES_SECTIONS = ("simple", "advanced")
FIRST_SECTIONS = 3
"""Sections built before the screen is first drawn: more than a screenful."""


def rules_markdown(cards: tuple[tuple[str, bool], ...]) -> str:
    """The whole rules book as Markdown; `cards` lists (card id, is ongoing) in table order."""
    parts = [t(f"rules.{section}") for section in RULES_SECTIONS]
    parts.append(t("rules.cards_intro"))
    for card, ongoing in cards:
        kind = t("rules.ongoing") if ongoing else t("rules.instant")
        parts.append(
            t("rules.card_entry", name=card_name(card), kind=kind, text=t(f"rules.card.{card}"))
        )
    return "\n\n".join(parts)


def rules_sections(markdown: str) -> tuple[str, ...]:
    """The rules book cut before each `##` heading; joined with blank lines they are the book."""
    sections: list[list[str]] = [[]]
    for line in markdown.split("\n"):
        if line.startswith("## ") and any(part.strip() for part in sections[-1]):
            sections.append([])
        sections[-1].append(line)
    return tuple("\n".join(lines).strip("\n") for lines in sections)


class RulesScreen(Screen[None]):
    """A scrollable rules book; Escape, q or ? closes it."""

    DEFAULT_CSS = """
    /* Margins do not collapse across the sections: the next heading's top margin is the gap. */
    RulesScreen .rules-section > MarkdownBlock:last-child {
        margin-bottom: 0;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", t("rules.key_close")),
        Binding("q,question_mark,f1", "close", t("rules.key_close"), show=False),
        Binding("o", "app.settings", t("settings.key_open")),
        Binding("slash", "app.command_palette", t("rulesbook.key_search")),
    ]

    def __init__(self, cards: tuple[tuple[str, bool], ...]) -> None:
        super().__init__()
        self._cards = cards
        self.drawn: float | None = None
        """When the rules text was first drawn (time.perf_counter: benchmarks/rules_screen.py)."""
        self.complete: float | None = None
        """When every section of the book was shown (None: not yet)."""

    def compose(self) -> ComposeResult:
        """The rules text in a scrolling view: its first sections (the others follow)."""
        from textual.widgets import Markdown  # imported here: it is slow to load

        self._sections = list(rules_sections(rules_markdown(self._cards)))
        first, self._sections = self._sections[:FIRST_SECTIONS], self._sections[FIRST_SECTIONS:]
        yield SizeWarning()
        with VerticalScroll(id="rules-scroll", classes="main"):
            for number, section in enumerate(first):
                yield Markdown(
                    section, id="rules-text" if number == 0 else None, classes="rules-section"
                )
        yield KeyBar()

    async def refresh_language(self, names: tuple[str, str]) -> None:
        """The rules book again, in the language now in use."""
        await self.recompose()
        self.on_mount()

    def on_mount(self) -> None:
        """Scroll with the arrow keys at once; add the other sections once it is drawn."""
        self.query_one("#rules-scroll").focus()
        self.call_after_refresh(self._drawn)

    def _drawn(self) -> None:
        self.drawn = time.perf_counter()
        self.call_later(self._add_section)

    async def _add_section(self) -> None:
        """Add the next section after the screen is drawn again (keys keep working meanwhile)."""
        from textual.widgets import Markdown

        if not self._sections:
            self.complete = time.perf_counter()
            self.sections_shown()
            return
        section = self._sections.pop(0)
        scroll = self.query_one("#rules-scroll", VerticalScroll)
        await scroll.mount(Markdown(section, classes="rules-section"))
        self.call_after_refresh(self._add_section)

    def sections_shown(self) -> None:
        """Every section is shown (RulesBookScreen then scrolls to the entry it looks for)."""

    def action_close(self) -> None:
        """Back to the game."""
        self.dismiss(None)
