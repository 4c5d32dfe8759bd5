"""Outcome queries: what the End step would decide for each answer to an offer, from a view.

Every preview, hint, explanation and coach text that says "wins", "catches", "escapes" or
"N to catch" asks these functions; they run the engine's own recruit and End-step code
(`recruit_agent`, `judge`) on the public facts of a view, so no rule is decided twice.
"""

from __future__ import annotations

from dataclasses import dataclass

from agent_avenue.engine.actions import Action, Offer, PlayDown, Recruit
from agent_avenue.engine.end_step import judge
from agent_avenue.engine.movement import recruit_agent
from agent_avenue.engine.preview import board_distance, unseen_agents
from agent_avenue.engine.rules import HAND_SIZE
from agent_avenue.engine.state import (
    REASON_ORDER,
    Condition,
    Member,
    Mode,
    Phase,
    Side,
)
from agent_avenue.engine.view import PlayerView, SideView

__all__ = [
    "HiddenOutcomes",
    "Verdict",
    "action_verdicts",
    "deck_after_offer",
    "hidden_outcomes",
    "offer_outcomes",
    "split_verdict",
    "sure_winner",
]


@dataclass(frozen=True, slots=True)
class Verdict:
    """What the End step decides after one recruit: both sides' new places and the result.

    When `pickup_follows`, a black market pickup comes first: `winner` and `conditions` are
    then what the End step would decide if the card taken changed nothing ("before the pickup").
    """

    active: int
    positions: tuple[int, int]
    progress: tuple[int, int]
    moves: tuple[int, int]
    in_play: tuple[tuple[str, ...], tuple[str, ...]]
    winner: int | None
    conditions: tuple[Condition, ...]
    by_tie_rule: bool
    landings: tuple[int, ...]
    """Sides whose meeple stops exactly on a black market space, the active side first."""
    pickup_follows: bool

    @property
    def reasons(self) -> tuple[str, ...]:
        """Every end condition met, without repeats, in the documented order."""
        met = {c.reason for c in self.conditions}
        return tuple(r for r in REASON_ORDER if r in met)

    @property
    def decided(self) -> bool:
        """Whether the game ends here (no pickup first, and a side wins)."""
        return self.winner is not None and not self.pickup_follows

    def catches(self, side: int) -> bool:
        """Whether side `side` has caught the other (the catch condition holds for it)."""
        return any(c.reason == "catch" and c.side == side for c in self.conditions)

    def distance(self, side: int) -> int | None:
        """Board spaces from `side`'s meeple forward to the other's afterwards (1-13), or None
        when the game ends here or a side has caught the other."""
        if self.decided or self.catches(0) or self.catches(1):
            return None
        return board_distance(self.positions[side], self.positions[1 - side])


@dataclass(frozen=True, slots=True)
class HiddenOutcomes:
    """The verdicts when the face-down card is hidden from the asking seat.

    `counts` holds the agents this seat has not seen, with their copies: each could be the
    hidden card. `if_up[a]`: the recruiting side takes the face-up card and the offering side
    gets hidden `a`; `if_down[a]`: the recruiting side takes hidden `a`.
    """

    face_up: str
    counts: dict[str, int]
    if_up: dict[str, Verdict]
    if_down: dict[str, Verdict]

    @property
    def total(self) -> int:
        """How many cards could be the hidden one."""
        return sum(self.counts.values())


def _side(view: SideView) -> Side:
    """A side rebuilt from public facts (hands as blanks of the right sizes)."""
    sizes = view.member_hand_sizes or (view.hand_size,)
    members = tuple(Member(hand=("",) * size, discards_left=0) for size in sizes)
    return Side(
        home=view.home,
        progress=view.progress,
        in_play=view.in_play,
        ongoing=view.ongoing,
        members=members,
    )


def deck_after_offer(view: PlayerView) -> int:
    """Cards left in the agent deck once the offer on the table (or being made) is drawn for."""
    deck = view.deck_size
    if view.phase is Phase.OFFER:
        return max(0, deck - max(0, HAND_SIZE - (len(view.hand) - 2)))
    if view.phase is Phase.PLAY_UP:
        sizes = view.sides[view.active].member_hand_sizes
        need = sum(max(0, HAND_SIZE - (size - 1)) for size in sizes)
        return max(0, deck - need)
    if view.phase is Phase.PLAY_DOWN:
        # The leader has played (its size is already one less); the partner plays now.
        sizes = view.sides[view.active].member_hand_sizes
        seat = view.seat if view.seat is not None else view.active
        mine = seat // 2
        need = sum(
            max(0, HAND_SIZE - (size - 1 if index == mine else size))
            for index, size in enumerate(sizes)
        )
        return max(0, deck - need)
    return deck


def split_verdict(view: PlayerView, taken: str, kept: str) -> Verdict:
    """The verdict when the recruiting side takes `taken` and the active side gets `kept`."""
    rules = view.rules
    active = view.active
    advanced = view.mode is Mode.ADVANCED
    mine, _, i_landed = recruit_agent(rules, _side(view.sides[active]), active, kept, advanced)
    theirs, _, they_landed = recruit_agent(
        rules, _side(view.sides[1 - active]), 1 - active, taken, advanced
    )
    sides = (mine, theirs) if active == 0 else (theirs, mine)
    landings = (active,) * i_landed + (1 - active,) * they_landed
    winner, conditions, by_tie = judge(rules, sides, active, deck_after_offer(view) == 0)
    before = (view.sides[0].progress, view.sides[1].progress)
    return Verdict(
        active=active,
        positions=(sides[0].position, sides[1].position),
        progress=(sides[0].progress, sides[1].progress),
        moves=(sides[0].progress - before[0], sides[1].progress - before[1]),
        in_play=(sides[0].in_play, sides[1].in_play),
        winner=winner,
        conditions=conditions,
        by_tie_rule=by_tie,
        landings=landings,
        pickup_follows=bool(landings) and bool(view.supply),
    )


def offer_outcomes(view: PlayerView, face_up: str, face_down: str) -> dict[bool, Verdict]:
    """For an offer, the verdict of each answer, keyed like `Recruit.face_up` (True: the
    recruiting side takes the face-up card)."""
    return {
        True: split_verdict(view, face_up, face_down),
        False: split_verdict(view, face_down, face_up),
    }


def hidden_outcomes(view: PlayerView, face_up: str | None = None) -> HiddenOutcomes:
    """The verdicts for every card the face-down one could be, as this seat knows it: for the
    recruiting seat (the face-up card on the table) or a team's leader choosing `face_up`."""
    up = face_up if face_up is not None else view.face_up
    if up is None:
        raise ValueError("no face-up card to judge")
    counts = unseen_agents(view)
    return HiddenOutcomes(
        face_up=up,
        counts=counts,
        if_up={agent: split_verdict(view, up, agent) for agent in counts},
        if_down={agent: split_verdict(view, agent, up) for agent in counts},
    )


def action_verdicts(view: PlayerView, action: Action) -> tuple[Verdict, ...]:
    """Every verdict the End step may reach this turn after the view's seat plays `action`,
    as far as this seat can tell: both answers to an offer, every card a hidden one could be
    for a recruit. Empty for actions that reach no End step by themselves (a discard, a pick)."""
    if isinstance(action, Offer):
        return tuple(offer_outcomes(view, action.face_up, action.face_down).values())
    if isinstance(action, PlayDown) and view.face_up is not None:
        return tuple(offer_outcomes(view, view.face_up, action.agent).values())
    if isinstance(action, Recruit) and view.face_up is not None:
        outcomes = hidden_outcomes(view)
        chosen = outcomes.if_up if action.face_up else outcomes.if_down
        return tuple(chosen.values())
    return ()


def sure_winner(view: PlayerView, action: Action) -> int | None:
    """The side that wins at this turn's End step whatever the answer or the hidden card, if
    one does (None: it depends, a black market card comes first, or play goes on)."""
    verdicts = action_verdicts(view, action)
    if not verdicts or any(not v.decided for v in verdicts):
        return None
    winners = {v.winner for v in verdicts}
    return winners.pop() if len(winners) == 1 else None
