"""Previews from public facts: what recruiting an agent would do to a side, without playing it."""

from __future__ import annotations

from dataclasses import dataclass, replace

from agent_avenue.engine.end_step import lose_rescue, reaches
from agent_avenue.engine.movement import move_side, recruit_agent
from agent_avenue.engine.rules import BOARD_SIZE, CATCH_LEAD, Mark
from agent_avenue.engine.state import Mode, Side
from agent_avenue.engine.view import PlayerView, SideView


@dataclass(frozen=True, slots=True)
class RecruitPreview:
    """What recruiting one more `agent` would do to a side, judged alone (no other move)."""

    agent: str
    count: int  # copies in play after the recruit
    move: int  # spaces moved, home boost included (negative: backward)
    space: int  # the board space the meeple would stop on
    lands_on_market: bool  # stops exactly on a black market space (advanced mode)
    mark: Mark | None  # the WIN or LOSE mark this copy shows, if any
    outcome: Mark | None  # what that mark means for this side, its ongoing cards included
    lead: int  # the side's lead over the opponent afterwards (7 or more: a catch)
    distance: int  # board spaces from the new space forward to the opponent's meeple

    @property
    def catches(self) -> bool:
        """Whether this recruit alone would reach or pass the opponent."""
        return reaches(self.lead, 0)

    @property
    def caught(self) -> bool:
        """Whether this recruit alone would leave the side reached or passed by the opponent."""
        return reaches(0, self.lead)


def _side(view: SideView) -> Side:
    return Side(
        home=view.home,
        progress=view.progress,
        in_play=view.in_play,
        ongoing=view.ongoing,
        members=(),
    )


def recruit_preview(view: PlayerView, side: int, agent: str) -> RecruitPreview:
    """What side `side` recruiting one more `agent` would do, if nothing else moved."""
    rules = view.rules
    me = view.sides[side]
    other = view.sides[1 - side]
    moved, _, landed = recruit_agent(rules, _side(me), side, agent, view.mode is Mode.ADVANCED)
    count = me.count(agent) + 1
    icon = rules.agent_by_id[agent].icon_for(count)
    mark = icon if isinstance(icon, Mark) else None
    outcome = mark
    if mark is Mark.LOSE and lose_rescue(rules, me.ongoing, agent) is not None:
        outcome = Mark.WIN
    return RecruitPreview(
        agent=agent,
        count=count,
        move=moved.progress - me.progress,
        space=moved.position,
        lands_on_market=landed,
        mark=mark,
        outcome=outcome,
        lead=moved.progress - other.progress,
        distance=board_distance(moved.position, other.position),
    )


def moved_view(view: PlayerView, side: int, spaces: int) -> PlayerView:
    """The view as if an ability (Surveillance Truck) had moved side `side`'s meeple `spaces`
    spaces, exactly as the reducer moves it: a stop on a home goes on with a home boost."""
    me = view.sides[side]
    moved, _, _ = move_side(view.rules, _side(me), side, spaces, view.mode is Mode.ADVANCED)
    sides = list(view.sides)
    sides[side] = replace(me, progress=moved.progress, position=moved.position)
    return replace(view, sides=tuple(sides))


def returned_view(view: PlayerView, side: int, agent: str) -> PlayerView:
    """The view as if one `agent` of side `side` had gone back from play to its hand
    (Spycation's return), for previews: recruiting it again then counts its copies as the
    engine will (only the agents in play change)."""
    me = view.sides[side]
    in_play = list(me.in_play)
    in_play.remove(agent)
    sides = list(view.sides)
    sides[side] = replace(me, in_play=tuple(in_play))
    return replace(view, sides=tuple(sides))


def board_distance(start: int, target: int) -> int:
    """Spaces forward (clockwise) from board space `start` to board space `target` (0-13)."""
    return (target - start) % BOARD_SIZE


def catch_gap() -> int:
    """The lead that catches: how many spaces apart the two homes (and spies) start."""
    return CATCH_LEAD


def capped_lead(progress: int, other_progress: int) -> int:
    """A side's lead in progress, held within the lead that catches either way (a lead beyond
    a catch is worth no more than the catch): for evaluations."""
    return max(min(progress - other_progress, CATCH_LEAD), -CATCH_LEAD)


def distance_to_catch(view: PlayerView, side: int) -> int:
    """Spaces on the board from side `side`'s meeple forward to the opponent's: 1 to 13 while
    neither has caught the other, 0 once `side` has reached or passed the opponent (a board
    distance, never a progress difference: show it only while the game is on)."""
    lead = view.sides[side].progress - view.sides[1 - side].progress
    if lead >= CATCH_LEAD:
        return 0
    # The homes are CATCH_LEAD apart: the gap on the board is what the lead leaves to cover.
    return (CATCH_LEAD - lead) % BOARD_SIZE


def space_of(home: int, progress: int) -> int:
    """The board space (0-13) of a meeple that started on `home` and moved `progress` in all."""
    return (home + progress) % BOARD_SIZE


def spaces_to_home(view: PlayerView, side: int) -> int:
    """Spaces the opponent's meeple must still move forward to stand on `side`'s home (0: there)."""
    return (view.sides[side].home - view.sides[1 - side].position) % BOARD_SIZE


def unseen_agents(view: PlayerView) -> dict[str, int]:
    """Agent copies this seat has not seen anywhere: in the deck, a hand, a discard or hidden."""
    seen = list(view.hand) + list(view.discarded)
    for s in view.sides:
        seen.extend(s.in_play)
    if view.face_up is not None:
        seen.append(view.face_up)
    if view.face_down is not None:
        seen.append(view.face_down)
    counts = {a.id: a.copies for a in view.rules.agents}
    for agent in seen:
        counts[agent] -= 1
    return {a: n for a, n in counts.items() if n > 0}


__all__ = [
    "RecruitPreview",
    "board_distance",
    "distance_to_catch",
    "moved_view",
    "reaches",
    "recruit_preview",
    "returned_view",
    "space_of",
    "spaces_to_home",
    "unseen_agents",
]
