"""Reusable widgets of the game screens: board, panels, cards, table status and log.

Each is imported from its module when first used (agent_avenue.support.lazy): the start screen
(which needs only the key bar, widgets/keybar.py) does not load the game table's widgets. To
export a name, import it below under TYPE_CHECKING and run `python tools/compile_data.py`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from agent_avenue.support.lazy import lazy_names

if TYPE_CHECKING:
    from agent_avenue.ui.widgets.board import BoardRing, SpaceCell
    from agent_avenue.ui.widgets.cards import AgentCard, CardBack, MarketCardView
    from agent_avenue.ui.widgets.collection import CollectionPanel
    from agent_avenue.ui.widgets.game_log import GameLog
    from agent_avenue.ui.widgets.status import TableStatus

# Below: written by tools/compile_data.py from the imports above; do not edit.

__all__ = [
    "AgentCard",
    "BoardRing",
    "CardBack",
    "CollectionPanel",
    "GameLog",
    "MarketCardView",
    "SpaceCell",
    "TableStatus",
]

_HOMES: dict[str, str] = {
    "AgentCard": "cards",
    "BoardRing": "board",
    "CardBack": "cards",
    "CollectionPanel": "collection",
    "GameLog": "game_log",
    "MarketCardView": "cards",
    "SpaceCell": "board",
    "TableStatus": "status",
}
"""Each name imported when first used, and the module of this package defining it."""
if not TYPE_CHECKING:  # type checkers see the imports above, and no other name
    __getattr__, __dir__ = lazy_names(__name__, _HOMES)
