"""The engine's `lead_verdict`, the End step's verdict from its decisive inputs, is `judge`'s."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from agent_avenue.data import default_rules
from agent_avenue.engine import HOMES, LoseBecomesWin, Mark, Member, Side, lead_verdict
from agent_avenue.engine.end_step import judge

RULES = default_rules()
RESCUE = next(c.id for c in RULES.market if isinstance(c.effect, LoseBecomesWin))


def _reaching(mark: Mark | None, rescued: bool) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Agents in play and ongoing cards that make a side reach `mark` (or none) at the End step;
    `rescued`: with the card that turns that LOSE mark into a win."""
    if mark is None:
        return (), ()
    agent, by_count = next((a, row) for a, row, _ in RULES.marks if mark in row)
    return (agent,) * by_count.index(mark), (RESCUE,) if rescued else ()


# (mark given to lead_verdict, mark the side reaches, rescued by its ongoing card)
MARK_CASES = (
    (None, None, False),
    (Mark.WIN, Mark.WIN, False),
    (Mark.LOSE, Mark.LOSE, False),
    (Mark.WIN, Mark.LOSE, True),
)


@pytest.mark.parametrize("active", [0, 1])
def test_lead_verdict_is_the_end_steps_verdict(active: int) -> None:
    """Every lead and mark of both sides: the query's winner is the one `judge` gives."""
    decided = Counter[object]()
    for lead, mine, theirs in itertools.product(range(-16, 17), MARK_CASES, MARK_CASES):
        progress = [0, 0]
        progress[active] = lead
        cases = {active: mine, 1 - active: theirs}
        sides = []
        for index in (0, 1):
            in_play, ongoing = _reaching(cases[index][1], cases[index][2])
            member = Member(hand=("",) * 4, discards_left=0)
            sides.append(Side(HOMES[index], progress[index], in_play, ongoing, (member,)))
        winner, _, by_tie = judge(RULES, (sides[0], sides[1]), active, False)
        expected = None if winner is None else 0 if winner == active else 1
        assert lead_verdict(lead, mine[0], theirs[0]) == expected, (lead, mine, theirs)
        decided[expected, by_tie] += 1
    # The tie rule decided some of them: the contested results go to the active side.
    assert decided[0, True] > 100
    assert decided[None, False] and decided[1, False] and decided[0, False]
