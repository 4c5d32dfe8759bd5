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
from agent_avenue.engine.errors import IllegalAction, InvalidPosition
from agent_avenue.engine.events import Event, EventKind
from agent_avenue.engine.legal import (
    Refusal,
    RefusalReason,
    face_down_refusal,
    is_legal,
    legal_actions,
    legal_offers,
    offer_refusal,
    refusal,
    why_illegal,
)
from agent_avenue.engine.market import choice_uses_hand
from agent_avenue.engine.notation import NotationError, format_action, parse_action
from agent_avenue.engine.preview import (
    RecruitPreview,
    distance_to_catch,
    recruit_preview,
    spaces_to_home,
    unseen_agents,
)
from agent_avenue.engine.record import (
    GameRecord,
    ReplayError,
    ReplayProblem,
    ReplayStep,
    replay,
    replay_from,
    replay_steps,
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
    "GameRecord",
    "GameState",
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
    "Refusal",
    "RefusalReason",
    "ReplayError",
    "ReplayProblem",
    "ReplayStep",
    "Result",
    "Rules",
    "SeatSetup",
    "SideView",
    "Take",
    "apply",
    "choice_uses_hand",
    "distance_to_catch",
    "face_down_refusal",
    "format_action",
    "from_position",
    "is_legal",
    "legal_actions",
    "legal_offers",
    "new_game",
    "offer_refusal",
    "parse_action",
    "player_view",
    "recruit_preview",
    "refusal",
    "replay",
    "replay_from",
    "replay_steps",
    "spaces_to_home",
    "unseen_agents",
    "why_illegal",
]
