"""The game's modules, loaded in a thread while the players read the start screen, and what
having them makes possible before the start key: their styles parsed (ui/early_styles.py) and the
next game's table laid under the start screen (ui/spare_table.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from textual.app import App

    from agent_avenue.ui.spare_table import SpareTable

PRELOAD = "preload"
"""The worker group that loads the game's modules while the start screen shows."""

__all__ = ["PRELOAD", "loaded", "preload"]


def preload() -> None:
    """Import the game screens and widgets, and read every language's strings (a seat named
    after its colour is recognised in any of them), in a thread while the start screen is
    read: done at the start key instead, this was most of the wait for the first screen."""
    import textual.widgets.markdown  # noqa: F401  (the rules book's, slow to import)

    import agent_avenue.bots  # the computer's players and the hints' search
    import agent_avenue.play.session
    import agent_avenue.teaching.explain
    import agent_avenue.ui.hot_seat_game
    import agent_avenue.ui.screens.game_over
    import agent_avenue.ui.screens.handoff
    import agent_avenue.ui.screens.keep_game
    import agent_avenue.ui.screens.table
    import agent_avenue.ui.widgets.panels.makers  # noqa: F401
    from agent_avenue.i18n import LANGUAGES, catalogue

    for language in LANGUAGES:
        catalogue(language)


def loaded(app: App[Any], spare: SpareTable) -> None:
    """The modules are loaded (in the app's thread again): their styles are parsed, then the
    spare table is laid."""
    from agent_avenue.ui import early_styles

    early_styles.parse_early(app)
    spare.ready()
