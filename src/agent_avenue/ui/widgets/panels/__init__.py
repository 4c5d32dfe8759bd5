"""The action panels of the table, one module per decision; each panel owns its keys."""

from agent_avenue.ui.widgets.panels.base import (
    CHOOSE,
    CONTINUE_BINDINGS,
    SELECT,
    TAKE,
    Panel,
    PanelChanged,
    PanelMaker,
    Params,
    SkipAnimation,
    WaitingPanel,
    member_names,
    number_bindings,
)
from agent_avenue.ui.widgets.panels.choice import ChoicePanel, ConfirmPanel
from agent_avenue.ui.widgets.panels.makers import (
    private_maker,
    public_maker,
    reveal_maker,
    team_private_maker,
    team_public_maker,
    with_prompt,
)
from agent_avenue.ui.widgets.panels.offer import OfferPanel
from agent_avenue.ui.widgets.panels.pick import PickPanel, TeamPickPanel, market_lines
from agent_avenue.ui.widgets.panels.recruit import RecruitPanel, TeamRecruitPanel
from agent_avenue.ui.widgets.panels.reveal import RevealPanel, recruit_headline, recruited_cards
from agent_avenue.ui.widgets.panels.team_turn import LeadPanel, PlayDownPanel, PlayUpPanel
from agent_avenue.ui.widgets.panels.thinking import ThinkingPanel

__all__ = [
    "CHOOSE",
    "CONTINUE_BINDINGS",
    "SELECT",
    "TAKE",
    "ChoicePanel",
    "ConfirmPanel",
    "LeadPanel",
    "OfferPanel",
    "Panel",
    "PanelChanged",
    "PanelMaker",
    "Params",
    "PickPanel",
    "PlayDownPanel",
    "PlayUpPanel",
    "RecruitPanel",
    "RevealPanel",
    "SkipAnimation",
    "TeamPickPanel",
    "TeamRecruitPanel",
    "ThinkingPanel",
    "WaitingPanel",
    "market_lines",
    "member_names",
    "number_bindings",
    "private_maker",
    "public_maker",
    "recruit_headline",
    "recruited_cards",
    "reveal_maker",
    "team_private_maker",
    "team_public_maker",
    "with_prompt",
]
