"""Short player-facing phrases built from engine previews: moves, distances, who is who."""

from __future__ import annotations

from agent_avenue.engine import (
    Phase,
    PlayerView,
    hidden_outcomes,
    recruit_preview,
    unseen_agents,
)
from agent_avenue.i18n import agent_name, card_name, plural_key, t
from agent_avenue.play.teams import team_of_two
from agent_avenue.teaching.describe import an_agent, signed
from agent_avenue.teaching.verdict_text import tally_of


def preview_line(
    view: PlayerView, side: int, agent: str, names: tuple[str, str], *, others_move: bool = True
) -> str:
    """What recruiting `agent` would do for `side`, judged alone, with the count rule: "2nd
    Sentinel: +2 (middle icon), 5 to catch if Blue stays" (explain.preview_phrase); without
    `others_move` only `side` recruits now and the distance is what it will be."""
    from agent_avenue.teaching.explain import preview_phrase

    return preview_phrase(view, side, agent, names, others_move=others_move)


def hidden_range(view: PlayerView, side: int, names: tuple[str, str]) -> str:
    """What the hidden card could do for `side`, over the agents this seat has not seen."""
    unseen = unseen_agents(view)
    total = sum(unseen.values())
    if total == 0:
        return t("recruit.preview_hidden_unknown")
    previews = [(recruit_preview(view, side, agent), n) for agent, n in unseen.items()]
    moves = [p.move for p, _ in previews]
    marks = sum(n for p, n in previews if p.mark is not None)
    text = t(
        "recruit.preview_hidden_range",
        total=total,
        low=signed(min(moves)),
        high=signed(max(moves)),
    )
    if marks:
        text += " " + t("recruit.preview_hidden_marks", count=marks)
    return text


def recruit_result(
    view: PlayerView, face_up_taken: bool, names: tuple[str, str], face_up: str | None = None
) -> str:
    """What taking the face-up card (or the hidden one) leads to, over every card the hidden
    one could be, as the End step decides it (engine.hidden_outcomes)."""
    outcomes = hidden_outcomes(view, face_up)
    return t("verdict.result", text=tally_of(outcomes, face_up_taken, names, view.players))


def lead_result(view: PlayerView, face_up: str, names: tuple[str, str]) -> str:
    """A team's leader choosing `face_up`: what each answer of the other side leads to, over
    every card the partner's face-down one could be (as this seat knows it)."""
    outcomes = hidden_outcomes(view, face_up)
    recruiting = 1 - view.active
    return t(
        plural_key("verdict.lead_result", team_of_two(recruiting, view.players)),
        other=names[recruiting],
        up=tally_of(outcomes, True, names, view.players),
        down=tally_of(outcomes, False, names, view.players),
    )


def next_prompt(view: PlayerView, actor: int | None, names: tuple[str, str]) -> str:
    """What comes after a public reveal, ending with the key to press."""
    if view.result is not None or actor is None:
        return t("reveal.over")
    name = names[actor]
    if view.phase is Phase.OFFER:
        return t("reveal.next_turn", turn=view.turn, name=name)
    if view.phase is Phase.PICK:
        return t("reveal.pick", name=name)
    if view.phase is Phase.CHOOSE and view.pending_card is not None:
        return t("reveal.choose", name=name, card=card_name(view.pending_card))
    if view.phase is Phase.CONFIRM and view.pending_agent is not None:
        return t("reveal.confirm", name=name, agent=agent_name(view.pending_agent))
    return t("reveal.continue")


def discard_note(view: PlayerView) -> str | None:
    """What the discarding player drew, from their own view (shown on their private screen)."""
    for event in view.events:
        if event.agent is not None and event.agents:
            return t(
                "offer.discarded", agent=an_agent(event.agent), drawn=an_agent(event.agents[0])
            )
    return None
