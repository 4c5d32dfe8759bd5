"""Which panel the table shows for each moment: a decision (duel or team) or a reveal."""

from __future__ import annotations

from agent_avenue.engine import (
    Action,
    Event,
    Phase,
    PlayerView,
    Recruit,
    Take,
    side_of,
)
from agent_avenue.i18n import retranslate
from agent_avenue.teaching.explain import explain_step
from agent_avenue.ui.widgets.panels.base import Panel, PanelMaker, member_names
from agent_avenue.ui.widgets.panels.choice import ChoicePanel, ConfirmPanel
from agent_avenue.ui.widgets.panels.offer import OfferPanel
from agent_avenue.ui.widgets.panels.pick import PickPanel, TeamPickPanel
from agent_avenue.ui.widgets.panels.recruit import RecruitPanel, TeamRecruitPanel
from agent_avenue.ui.widgets.panels.reveal import RevealPanel, recruit_headline, recruited_cards
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


def private_maker(view: PlayerView, seats: tuple[str, ...], note: str | None) -> PanelMaker:
    """The panel for one player's private decision: their offer, their recruit, or a choice
    from hand (`seats`: every player's name in a team game, empty in a duel)."""
    seat = view.seat
    assert seat is not None
    team = team_private_maker(view, seats, note) if seats else None
    if team is not None:
        return team
    if view.phase is Phase.OFFER:
        again = retranslate(note) if note else note
        return lambda names: OfferPanel(view, names, again)
    if view.phase is Phase.RECRUIT:
        return lambda names: RecruitPanel(view, names)
    return lambda names: ChoicePanel(view, seat, view.legal, names)


def public_maker(
    public: PlayerView, actor: int, legal: tuple[Action, ...], seats: tuple[str, ...]
) -> PanelMaker:
    """The panel for a decision everyone may watch: a black market pick, a choice in play,
    a yes/no."""
    team = team_public_maker(public, actor, legal, seats) if seats else None
    if team is not None:
        return team
    if public.phase is Phase.PICK:
        return lambda names: PickPanel(public, actor, legal, names)
    if public.phase is Phase.CONFIRM:
        return lambda names: ConfirmPanel(public, actor, names)
    return lambda names: ChoicePanel(public, actor, legal, names)


def reveal_maker(
    before: PlayerView,
    after: PlayerView,
    events: tuple[Event, ...],
    seats: tuple[str, ...],
    prompt: str,
    recruit: Recruit | None,
    question: float | None,
    final: bool,
    goes_on: float | None,
) -> PanelMaker:
    """The reveal of a step's public consequences: the recruit's headline, what happened and
    why, then `prompt` (see `TableScreen.show_reveal` for the rest)."""

    def make(names: tuple[str, str]) -> Panel:
        lines: list[str] = []
        if recruit is not None:
            headline = recruit_headline(before, recruit, names)
            if headline:
                lines.append(headline)
        # What happened and why (count rule, escapes, landings, the End step), explain.py.
        lines.extend(explain_step(before, after, events, names, seats))
        recruited = recruited_cards(events) if recruit is not None else ()
        # The cards are drawn against the view before the recruit: they mark the copy used.
        text = retranslate(prompt)
        return RevealPanel(before, tuple(lines), recruited, names, text, question, final, goes_on)

    return make


def with_prompt(make: PanelMaker, prompt: str) -> PanelMaker:
    """`make`, whose reveal (if it builds one) says what comes next with `prompt` instead."""

    def remade(names: tuple[str, str]) -> Panel:
        panel = make(names)
        if isinstance(panel, RevealPanel):
            panel.prompt = retranslate(prompt)
        return panel

    return remade
