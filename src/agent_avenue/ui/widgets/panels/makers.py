"""Which panel the table shows for a decision of a team game (the duel's where it fits)."""

from __future__ import annotations

from agent_avenue.engine import (
    Action,
    Phase,
    PlayerView,
    Take,
    side_of,
)
from agent_avenue.ui.widgets.panels.base import PanelMaker, member_names
from agent_avenue.ui.widgets.panels.choice import ChoicePanel, ConfirmPanel
from agent_avenue.ui.widgets.panels.pick import TeamPickPanel
from agent_avenue.ui.widgets.panels.recruit import TeamRecruitPanel
from agent_avenue.ui.widgets.panels.team_turn import LeadPanel, PlayDownPanel, PlayUpPanel


def team_private_maker(
    view: PlayerView, seats: tuple[str, ...], note: str | None
) -> PanelMaker | None:
    """The panel for one member's private decision, or None where the duel's panel fits."""
    seat = view.seat
    assert seat is not None
    if view.phase is Phase.PLAY_UP:
        return lambda names: PlayUpPanel(view, names, seats, note)
    if view.phase is Phase.PLAY_DOWN:
        return lambda names: PlayDownPanel(view, names, seats, note)
    if view.phase is Phase.CHOOSE:
        side = side_of(seat)
        return lambda names: ChoicePanel(view, side, view.legal, member_names(names, seats, seat))
    return None


def team_public_maker(
    public: PlayerView, actor: int, legal: tuple[Action, ...], seats: tuple[str, ...]
) -> PanelMaker | None:
    """The panel for a decision everyone may watch in a team game, or None where the duel's
    panel fits (a pickup by a player alone on a side)."""
    phase = public.phase
    side = side_of(actor)
    if phase is Phase.LEAD:
        return lambda names: LeadPanel(public, legal, names, seats)
    if phase is Phase.RECRUIT:
        return lambda names: TeamRecruitPanel(public, legal, names, side)
    if phase is Phase.PICK and any(isinstance(a, Take) and a.seat is not None for a in legal):
        return lambda names: TeamPickPanel(public, side, legal, names, seats)
    if phase is Phase.CONFIRM:
        return lambda names: ConfirmPanel(public, side, member_names(names, seats, actor))
    if phase is Phase.CHOOSE:
        return lambda names: ChoicePanel(public, side, legal, member_names(names, seats, actor))
    return None
