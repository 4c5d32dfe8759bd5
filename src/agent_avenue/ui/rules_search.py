"""Searching the rules book from the command palette: every section and every black market card.

`RulesCommands` lists the rules book's headings and each black market card ("Getaway Car"
finds the card); choosing one opens the rules book scrolled to that entry.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import partial
from typing import Protocol, runtime_checkable

from textual import on
from textual.command import DiscoveryHit, Hit, Hits, Provider
from textual.screen import Screen
from textual.widgets import Markdown
from textual.widgets.markdown import MarkdownBlock

from agent_avenue.engine import Rules
from agent_avenue.i18n import card_name, t
from agent_avenue.ui.screens.rules import RulesScreen, rules_markdown

__all__ = ["RulesBookScreen", "RulesCommands", "RulesEntry", "open_rules", "rules_entries"]


@runtime_checkable
class PlaysByRules(Protocol):
    """An app that knows the game's rules (every app of the game: BaseApp, ui/app.py)."""

    rules: Rules


@dataclass(frozen=True, slots=True)
class RulesEntry:
    """One searchable entry: what the palette shows, its help line, and the text to find."""

    title: str
    help: str
    find: str


def card_list(rules: Rules) -> tuple[tuple[str, bool], ...]:
    """(card id, is ongoing) for every black market card, as the rules book lists them."""
    return tuple((c.id, c.kind == "ongoing") for c in rules.market)


def _headings(markdown: str) -> Iterator[tuple[str, str]]:
    """(heading text, its source line) of every heading in the rules book."""
    for line in markdown.splitlines():
        stripped = line.strip()
        if stripped.startswith("#"):
            yield stripped.lstrip("#").strip(), stripped


def rules_entries(rules: Rules) -> list[RulesEntry]:
    """Every section heading of the rules book, then every black market card."""
    cards = card_list(rules)
    entries = [
        RulesEntry(t("rulesbook.section", title=title), t("rulesbook.section_help"), line)
        for title, line in _headings(rules_markdown(cards))
    ]
    for card, ongoing in cards:
        kind = t("rulesbook.ongoing") if ongoing else t("rulesbook.instant")
        name = card_name(card)
        entries.append(
            RulesEntry(t("rulesbook.card", name=name, kind=kind), t(f"rules.card.{card}"), name)
        )
    return entries


class RulesBookScreen(RulesScreen):
    """The rules book, scrolled to the entry whose text contains `find`."""

    def __init__(self, cards: tuple[tuple[str, bool], ...], find: str | None = None) -> None:
        super().__init__(cards)
        self.find = find

    @on(Markdown.TableOfContentsUpdated)
    def _rendered(self) -> None:
        if self.find:
            self.call_after_refresh(self.go_to, self.find)

    def sections_shown(self) -> None:
        """The whole book is shown: go to the entry (it may be in the last section added)."""
        if self.find:
            self.call_after_refresh(self.go_to, self.find)

    def go_to(self, find: str) -> bool:
        """Scroll to the first block of the rules book whose source contains `find` (False if
        it is not shown yet: `sections_shown` tries again)."""
        self.find = find
        for block in self.query(MarkdownBlock):
            source = block.source
            if source is not None and find in source:
                block.scroll_visible(top=True, animate=False)
                return True
        return False


def open_rules(app_rules: Rules, find: str, screen: Screen[object]) -> None:
    """Open the rules book at an entry (or scroll the one already open)."""
    current = screen.app.screen
    if isinstance(current, RulesBookScreen):
        current.go_to(find)
        return
    screen.app.push_screen(RulesBookScreen(card_list(app_rules), find))


class RulesCommands(Provider):
    """The rules book's sections and every black market card, for the command palette."""

    def _rules(self) -> Rules:
        app = self.app
        if isinstance(app, PlaysByRules):
            return app.rules
        from agent_avenue.data import default_rules

        return default_rules()

    async def discover(self) -> Hits:
        """Every entry, in the rules book's order."""
        rules = self._rules()
        for entry in rules_entries(rules):
            yield DiscoveryHit(
                entry.title,
                partial(open_rules, rules, entry.find, self.screen),
                help=entry.help,
            )

    async def search(self, query: str) -> Hits:
        """The entries whose title matches what was typed (fuzzy), best first."""
        rules = self._rules()
        matcher = self.matcher(query)
        for entry in rules_entries(rules):
            score = max(matcher.match(entry.title), 0.5 * matcher.match(entry.help))
            if score > 0:
                yield Hit(
                    score,
                    matcher.highlight(entry.title),
                    partial(open_rules, rules, entry.find, self.screen),
                    text=entry.title,
                    help=entry.help,
                )
