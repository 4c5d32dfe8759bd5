"""Reusable widgets of the game screens: board, panels, cards, table status and log."""

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
