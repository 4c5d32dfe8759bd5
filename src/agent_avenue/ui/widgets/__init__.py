"""Reusable widgets of the game screens: board, panels, cards, table status and log.

Each is imported from its module when first used: the start screen (which needs only the key
bar, widgets/keybar.py) does not load the game table's widgets.
"""

from typing import TYPE_CHECKING

from agent_avenue.lazy import lazy_exports

if TYPE_CHECKING:
    from agent_avenue.ui.widgets.board import BoardRing, SpaceCell
    from agent_avenue.ui.widgets.cards import AgentCard, CardBack, MarketCardView
    from agent_avenue.ui.widgets.collection import CollectionPanel
    from agent_avenue.ui.widgets.game_log import GameLog
    from agent_avenue.ui.widgets.status import TableStatus

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

__getattr__ = lazy_exports(
    __name__,
    {
        "AgentCard": "cards",
        "BoardRing": "board",
        "CardBack": "cards",
        "CollectionPanel": "collection",
        "GameLog": "game_log",
        "MarketCardView": "cards",
        "SpaceCell": "board",
        "TableStatus": "status",
    },
)
