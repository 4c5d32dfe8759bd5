"""Textual's command palette with its own words in the players' language."""

from __future__ import annotations

from rich.align import Align
from rich.text import Text
from textual.command import CommandList, CommandPalette
from textual.widgets.option_list import Option

from agent_avenue.i18n import t

__all__ = ["TranslatedCommandPalette"]


class TranslatedCommandPalette(CommandPalette):
    """The command palette; "No matches found", which Textual writes in English, is translated.

    (The placeholder is a constructor argument; Textual's system commands are not offered.)
    """

    def _start_no_matches_countdown(self, search_value: str) -> None:
        """Textual's countdown to the no-matches line (textual 8), with the line translated.

        Textual writes "No matches found" in English inside this private method and offers no
        public way to change it (no message, provider hook or setting), so this override and
        the private members it uses are the one place that touches them.
        """
        self._stop_no_matches_countdown()

        def _show_no_matches() -> None:
            if search_value:
                nothing = Text(t("language.textual_no_matches"), style="not bold")
                self.query_one(CommandList).add_option(
                    Option(Align.center(nothing), disabled=True, id=self._NO_MATCHES)
                )
                self._list_visible = True
            else:
                self._list_visible = False

        self._no_matches_timer = self.set_timer(self._NO_MATCHES_COUNTDOWN, _show_no_matches)
