"""Team games in the app: default names, who is who, the handoffs and prompts between members.

Light on imports (no widgets): the app uses it before the game screens are loaded.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from agent_avenue.engine import Phase, PlayerView, is_team_game, side_of
from agent_avenue.i18n import agent_name, card_name, t
from agent_avenue.play.teams import partner_of, seats_of
from agent_avenue.ui.screens.handoff import HandoffScreen
from agent_avenue.ui.seat_words import colour_name, who

__all__ = [
    "member_purpose",
    "team_handoff",
    "team_next_prompt",
    "team_purpose",
    "team_waiting",
]


def member_purpose(view: PlayerView, seat: int, seats: tuple[str, ...]) -> str | None:
    """A handoff's purpose for one member's own card (team game), else None.

    Public facts only: the handoff screen never names a card.
    """
    players = len(seats)
    partner = seats[partner_of(seat, players)]
    if view.phase is Phase.PLAY_UP:
        return t("team.purpose_up", name=seats[seat], partner=partner, turn=view.turn)
    if view.phase is Phase.PLAY_DOWN:
        return t("team.purpose_down", name=seats[seat], leader=partner, turn=view.turn)
    return None


def _team_title(side: int, names: tuple[str, str], players: int) -> str:
    """ "Pass the terminal to Blue's team: Bob & Dee", or to a player alone on a side."""
    if len(seats_of(side, players)) == 1:
        return t("handoff.title", name=who(side, names))
    return t("team.handoff_title", colour=colour_name(side), team=names[side])


def team_waiting(side: int, names: tuple[str, str]) -> str:
    """The table's line behind a handoff to a whole side."""
    return t("team.waiting", team=names[side])


def team_purpose(view: PlayerView, side: int, names: tuple[str, str]) -> str:
    """What a side decides together next (the recruit, who leads, a pickup): a handoff's line."""
    team = names[side]
    if view.phase is Phase.RECRUIT:
        return t("team.purpose_recruit", team=team, other=names[1 - side])
    return t("team.purpose_team", team=team)


def team_handoff(
    view: PlayerView,
    side: int,
    names: tuple[str, str],
    players: int,
    delay: float,
    leaving: Callable[[], Awaitable[None]] | None = None,
) -> HandoffScreen:
    """The handoff to a side that decides together (the recruit): no hand will be shown."""
    team = names[side]
    purpose = team_purpose(view, side, names)
    return HandoffScreen(
        side,
        title=_team_title(side, names, players),
        purpose=purpose,
        prompt=t("team.handoff_prompt", team=team),
        button=t("team.handoff_button", team=team),
        delay=delay,
        leaving=leaving,
    )


def team_next_prompt(
    view: PlayerView, actor: int | None, names: tuple[str, str], seats: tuple[str, ...]
) -> str:
    """What comes after a public reveal in a team game, ending with the key to press."""
    if view.result is not None or actor is None:
        return t("reveal.over")
    phase = view.phase
    if phase is Phase.LEAD:
        return t("team.next_lead", turn=view.turn, team=names[view.active])
    if phase is Phase.OFFER:
        return t("reveal.next_turn", turn=view.turn, name=seats[actor])
    if phase is Phase.PICK:
        side = side_of(actor)
        if len(seats_of(side, len(seats))) == 1:
            return t("reveal.pick", name=names[side])
        return t("team.next_pick", team=names[side])
    if phase is Phase.CHOOSE and view.pending_card is not None:
        return t("reveal.choose", name=seats[actor], card=card_name(view.pending_card))
    if phase is Phase.CONFIRM and view.pending_agent is not None:
        return t("reveal.confirm", name=seats[actor], agent=agent_name(view.pending_agent))
    return t("reveal.continue")


def handoff_purpose(public: PlayerView, seat: int, names: tuple[str, ...]) -> str:
    """What the player at `seat` is handed the terminal for, duel or team game (`names` by
    seat): their offer, their recruit, a team member's card, or an instant card's choice."""
    member = member_purpose(public, seat, names) if is_team_game(len(names)) else None
    if member is not None:
        return member
    if public.phase is Phase.OFFER:
        return t("handoff.purpose_offer", name=names[seat], turn=public.turn)
    if public.phase is Phase.RECRUIT:
        return t("handoff.purpose_recruit", name=names[seat], other=names[1 - seat])
    card = card_name(public.pending_card) if public.pending_card else ""
    return t("handoff.purpose_choose", name=names[seat], card=card)
