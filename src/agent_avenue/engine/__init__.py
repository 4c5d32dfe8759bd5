"""The rules engine: pure, immutable, no I/O. Create a game, list legal actions, apply them."""

from agent_avenue.engine.actions import (
    NO,
    RECRUIT_DOWN,
    RECRUIT_UP,
    YES,
    Action,
    Answer,
    Choose,
    Discard,
    Offer,
    Recruit,
    Take,
)
from agent_avenue.engine.end_step import lose_rescue
from agent_avenue.engine.errors import IllegalAction, InvalidPosition
from agent_avenue.engine.events import Event, EventKind
from agent_avenue.engine.legal import legal_actions, legal_offers, why_illegal
from agent_avenue.engine.market import choice_uses_hand
from agent_avenue.engine.notation import NotationError, format_action, parse_action
from agent_avenue.engine.outcomes import (
    HiddenOutcomes,
    Verdict,
    action_verdicts,
    deck_after_offer,
    hidden_outcomes,
    offer_outcomes,
    split_verdict,
    sure_winner,
)
from agent_avenue.engine.preview import (
    RecruitPreview,
    board_distance,
    distance_to_catch,
    reaches,
    recruit_preview,
    space_of,
    spaces_to_home,
    unseen_agents,
)
from agent_avenue.engine.reducer import apply
from agent_avenue.engine.rules import Mark, Rules
from agent_avenue.engine.setup import PositionSetup, SeatSetup, from_position, new_game
from agent_avenue.engine.state import Condition, GameState, Mode, Phase, Result
from agent_avenue.engine.view import PlayerView, SideView, player_view

__all__ = [
    "NO",
    "RECRUIT_DOWN",
    "RECRUIT_UP",
    "YES",
    "Action",
    "Answer",
    "Choose",
    "Condition",
    "Discard",
    "Event",
    "EventKind",
    "GameState",
    "HiddenOutcomes",
    "IllegalAction",
    "InvalidPosition",
    "Mark",
    "Mode",
    "NotationError",
    "Offer",
    "Phase",
    "PlayerView",
    "PositionSetup",
    "Recruit",
    "RecruitPreview",
    "Result",
    "Rules",
    "SeatSetup",
    "SideView",
    "Take",
    "Verdict",
    "action_verdicts",
    "apply",
    "board_distance",
    "choice_uses_hand",
    "deck_after_offer",
    "distance_to_catch",
    "format_action",
    "from_position",
    "hidden_outcomes",
    "legal_actions",
    "legal_offers",
    "lose_rescue",
    "new_game",
    "offer_outcomes",
    "parse_action",
    "player_view",
    "reaches",
    "recruit_preview",
    "space_of",
    "spaces_to_home",
    "split_verdict",
    "sure_winner",
    "unseen_agents",
    "why_illegal",
]
