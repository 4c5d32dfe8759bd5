"""The End step: every win and lose condition at once, the tie rule, running out of cards."""

from __future__ import annotations

from collections.abc import Iterable

from agent_avenue.engine.events import Event, EventKind
from agent_avenue.engine.rules import (
    CATCH_LEAD,
    HOMES,
    DistinctAgentsWin,
    HomeGuardWin,
    LoseBecomesWin,
    Mark,
    Rules,
)
from agent_avenue.engine.state import (
    LEAD,
    OFFER,
    Condition,
    GameState,
    Phase,
    Result,
    Side,
    make_state,
)

_TURN = EventKind.TURN


def side_conditions(rules: Rules, sides: tuple[Side, ...], index: int) -> list[Condition]:
    """The conditions side `index` meets at the End step (wins and losses)."""
    side = sides[index]
    other = sides[1 - index]
    in_play = side.in_play
    marks: list[tuple[Mark, str]] = []
    for agent, by_count, reason in rules.marks:
        mark = by_count[in_play.count(agent)]
        if mark is None:
            continue
        rescue = None if mark is Mark.WIN else lose_rescue(rules, side.ongoing, agent)
        marks.append((mark, reason) if rescue is None else (Mark.WIN, rescue))
    found = catch_and_marks(index, side.progress, other.progress, marks)
    for card in side.ongoing:
        effect = rules.card_by_id[card].effect
        distinct_win = isinstance(effect, DistinctAgentsWin) and len(set(in_play)) >= effect.count
        guard_win = isinstance(effect, HomeGuardWin) and other.position == HOMES[index]
        if distinct_win or guard_win:
            found.append(Condition(index, card, True))
    return found


def catch_and_marks(
    index: int, progress: int, other_progress: int, marks: Iterable[tuple[Mark, str]]
) -> list[Condition]:
    """The catch and mark conditions side `index` meets at the End step, from its unwrapped
    progress, the other side's, and the marks its agents in play reach with their reasons (a LOSE
    mark its ongoing card turns into a win given as WIN, with the card as the reason)."""
    found: list[Condition] = []
    if reaches(progress, other_progress):
        found.append(Condition(index, "catch", True))
    found.extend(Condition(index, reason, mark is Mark.WIN) for mark, reason in marks)
    return found


def lead_verdict(lead: int, active_mark: Mark | None, other_mark: Mark | None) -> int | None:
    """The End step's winner from its decisive inputs alone: 0 the active side, 1 the other,
    None the game goes on. `lead`: the active side's unwrapped progress minus the other's;
    `active_mark` / `other_mark`: the mark each side's agents reach (None: none; a LOSE mark its
    ongoing card turns into a win given as WIN). No other condition (a card's win, running out)
    is considered: that is for the fast code of the bots, which judges only these."""
    conditions = catch_and_marks(0, lead, 0, () if active_mark is None else ((active_mark, ""),))
    conditions += catch_and_marks(1, 0, lead, () if other_mark is None else ((other_mark, ""),))
    return decide(conditions, 0)[0]


def reaches(progress: int, other_progress: int) -> bool:
    """Whether a meeple at unwrapped `progress` has reached or passed one at `other_progress`:
    the catch test of the End step."""
    return progress - other_progress >= CATCH_LEAD


def lose_rescue(rules: Rules, ongoing: tuple[str, ...], agent: str) -> str | None:
    """The ongoing card that turns this agent's LOSE mark into a win, if the side owns one."""
    for card in ongoing:
        effect = rules.card_by_id[card].effect
        if isinstance(effect, LoseBecomesWin) and effect.agent == agent:
            return card
    return None


def decide(conditions: list[Condition], active: int) -> tuple[int | None, bool]:
    """The winner under the tie rule (or None to play on), and whether the tie rule decided."""
    candidates = {c.side if c.wins else 1 - c.side for c in conditions}
    if not candidates:
        return None, False
    if len(candidates) == 1:
        return candidates.pop(), False
    return active, True


def _quiet(rules: Rules, sides: tuple[Side, ...]) -> bool:
    """A cheap test that no condition can hold: no catch, no mark reached, no ongoing cards."""
    first, second = sides
    caught = reaches(first.progress, second.progress) or reaches(second.progress, first.progress)
    if caught or first.ongoing or second.ongoing:
        return False
    for agent, by_count, _ in rules.marks:
        if by_count[first.in_play.count(agent)] or by_count[second.in_play.count(agent)]:
            return False
    return True


def can_play(side: Side) -> bool:
    """Whether a side can make an offer: a solo player needs 2 cards, a team one card each."""
    members = side.members
    if len(members) == 1:
        return len(members[0].hand) >= 2
    return all(member.hand for member in members)


def judge(
    rules: Rules, sides: tuple[Side, ...], active: int, deck_empty: bool
) -> tuple[int | None, tuple[Condition, ...], bool]:
    """The End step's verdict on these sides: the winner (None: play on), every condition met,
    and whether the tie rule decided. `deck_empty`: the agent deck is empty (running out)."""
    if _quiet(rules, sides):
        conditions: list[Condition] = []
        winner, by_tie = None, False
    else:
        conditions = side_conditions(rules, sides, active)
        conditions += side_conditions(rules, sides, 1 - active)
        winner, by_tie = decide(conditions, active)
    if winner is None and deck_empty and not can_play(sides[1 - active]):
        lead = sides[active].progress - sides[1 - active].progress
        winner = active if lead >= 0 else 1 - active
        by_tie = lead == 0
        conditions = [Condition(winner, "exhaustion", True)]
    return winner, tuple(conditions), by_tie


def end_step(
    state: GameState, events: tuple[Event, ...], sides: tuple[Side, ...] | None = None
) -> GameState:
    """Check every condition; end the game or pass the turn to the opponent.

    `sides` replaces the state's sides when given (saves building an intermediate state).
    """
    rules = state.rules
    if sides is None:
        sides = state.sides
    active = state.active
    winner, conditions, by_tie = judge(rules, sides, active, not state.deck)
    if winner is not None:
        return make_state(
            rules=rules,
            mode=state.mode,
            turn=state.turn,
            active=active,
            phase=Phase.OVER,
            sides=sides,
            deck=state.deck,
            supply=state.supply,
            market_deck=state.market_deck,
            market_discard=state.market_discard,
            result=Result(winner, conditions, by_tie),
            events=(*events, Event(EventKind.GAME_OVER, winner)),
        )
    turn = state.turn + 1
    return make_state(
        rules=rules,
        mode=state.mode,
        turn=turn,
        active=1 - active,
        phase=OFFER if len(sides[1 - active].members) == 1 else LEAD,
        sides=sides,
        deck=state.deck,
        offer=None,
        supply=state.supply,
        market_deck=state.market_deck,
        market_discard=state.market_discard,
        queue=(),
        pending=None,
        picker=None,
        result=None,
        events=(*events, Event(_TURN, 1 - active, None, None, turn)),
    )
