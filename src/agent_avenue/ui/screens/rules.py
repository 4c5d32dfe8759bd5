"""The rules book: a players' summary of the simple rules, the advanced rules and every card."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen

from agent_avenue.i18n import card_name, t
from agent_avenue.ui.widgets.keybar import KeyBar
from agent_avenue.ui.widgets.size import SizeWarning

RULES_SECTIONS = ("simple", "advanced")


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


class RulesScreen(Screen[None]):
    """A scrollable rules book; Escape, q or ? closes it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", t("rules.key_close")),
        Binding("q,question_mark,f1", "close", t("rules.key_close"), show=False),
        Binding("o", "app.settings", t("settings.key_open")),
        Binding("slash", "app.command_palette", t("rulesbook.key_search")),
    ]

    def __init__(self, cards: tuple[tuple[str, bool], ...]) -> None:
        super().__init__()
        self._cards = cards

    def compose(self) -> ComposeResult:
        """The rules text in a scrolling view."""
        from textual.widgets import Markdown  # imported here: it is slow to load

        yield SizeWarning()
        with VerticalScroll(id="rules-scroll", classes="main"):
            yield Markdown(rules_markdown(self._cards), id="rules-text")
        yield KeyBar()

    async def refresh_language(self, names: tuple[str, str]) -> None:
        """The rules book again, in the language now in use."""
        await self.recompose()
        self.on_mount()

    def on_mount(self) -> None:
        """Scroll with the arrow keys at once."""
        self.query_one("#rules-scroll").focus()

    def action_close(self) -> None:
        """Back to the game."""
        self.dismiss(None)
