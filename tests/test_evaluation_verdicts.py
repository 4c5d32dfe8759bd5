"""The greedy's quick judgments call a split won or lost exactly when the engine's End step does.

`bots.quick_policies` judges the splits of an offer on integer tables, with a verdict table it asks
the engine for once (`engine.lead_verdict`). Here that query is checked against the End step
itself (`judge`), and the evaluation's verdicts, on every split of positions from seeded games
in both modes, against the engine's `split_verdict`, from the offerer's side (`offer_splits`)
and the recruiter's (`recruit_scores`).
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Iterator

import pytest

from agent_avenue.bots.evaluation import DEFAULT_WEIGHTS
from agent_avenue.bots.playout import MAX_NAMES, FastGame, fast_game, tables_for
from agent_avenue.bots.quick_policies import offer_splits, recruit_scores
from agent_avenue.data import default_rules
from agent_avenue.engine import (
    HOMES,
    DistinctAgentsWin,
    GameState,
    HomeBoost,
    HomeGuardWin,
    LoseBecomesWin,
    Mark,
    Member,
    Mode,
    Phase,
    Side,
    Verdict,
    apply,
    lead_verdict,
    legal_actions,
    new_game,
    player_view,
    split_verdict,
)
from agent_avenue.engine.end_step import judge

RULES = default_rules()
T = tables_for(RULES)
DECISIVE = DEFAULT_WEIGHTS.decisive
# Ongoing cards whose effects the quick judgments leave to the full evaluation: the cards' own
# End-step wins, and a move past a home space (the quick moves are the printed ones).
CARD_WINS = frozenset(
    c.id for c in RULES.market if isinstance(c.effect, DistinctAgentsWin | HomeGuardWin)
)
BOOSTS = frozenset(c.id for c in RULES.market if isinstance(c.effect, HomeBoost))
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


# The evaluation against split_verdict ---------------------------------------------------------


def _positions(mode: Mode, games: int) -> Iterator[GameState]:
    """Every offer position of `games` seeded random games."""
    for seed in range(games):
        rng = random.Random(f"verdicts-{mode.value}-{seed}")
        state = new_game(RULES, mode, seed, seed % 2)
        while not state.is_over:
            if state.phase is Phase.OFFER:
                yield state
            state = apply(state, rng.choice(legal_actions(state)))


def _holding(g: FastGame, kept: int, taken: int) -> FastGame:
    """A copy of `g` whose active player holds just `kept` and `taken`."""
    h = g.clone()
    hand = [0] * len(T.agents)
    hand[kept] += 1
    hand[taken] += 1
    h.hand[g.active] = hand
    h.hand_count[g.active] = 2
    return h


def _sign(value: float) -> int:
    """A quick judgment's value as a verdict: +1 won, -1 lost, 0 the game goes on."""
    if value == DECISIVE:
        return 1
    if value == -DECISIVE:
        return -1
    assert abs(value) < DECISIVE / 2, value  # a heuristic value, never mistaken for a verdict
    return 0


def _engine_sign(v: Verdict, side: int) -> int | None:
    """The engine's verdict from `side`'s view, or None when a card's own End-step win holds
    (the quick judgments leave those to the full evaluation)."""
    if any(c.reason in CARD_WINS for c in v.conditions):
        return None
    if v.winner is None or "exhaustion" in v.reasons:
        # Running out of cards is the full evaluation's business too: no catch, no mark here.
        return 0
    return 1 if v.winner == side else -1


@pytest.mark.slow
@pytest.mark.parametrize("mode", [Mode.SIMPLE, Mode.ADVANCED])
def test_quick_judgments_agree_with_the_engine_on_every_split(mode: Mode) -> None:
    """For every split (x kept by the offerer, y taken by the recruiter) of every offer position:
    the offerer's and the recruiter's quick values are ±decisive exactly when the End step
    decides, for the side that wins it."""
    agents = range(len(T.agents))
    seen = Counter[tuple[int, bool]]()
    for state in _positions(mode, 40):
        o = state.active
        view = player_view(state, o)
        g = fast_game(state)
        boost = any(c in BOOSTS for s in state.sides for c in s.ongoing)
        for x, y in itertools.product(agents, agents):
            v = split_verdict(view, T.agents[y], T.agents[x])
            expected = _engine_sign(v, o)
            h = _holding(g, x, y)
            mine = offer_splits(h)[x, y]
            h.play(y * MAX_NAMES + x)  # y face up: the recruiter's "take the face-up card"
            theirs, _ = recruit_scores(h, peek=True)
            if v.progress[o] - v.progress[1 - o] != _quick_lead(g, x, y):
                assert boost, (state.turn, T.agents[x], T.agents[y], v)
                continue  # a home boost moved a meeple further than the printed move
            if expected is None:
                continue
            assert _sign(mine) == expected, (state.turn, T.agents[x], T.agents[y], v)
            assert _sign(theirs) == -expected, (state.turn, T.agents[x], T.agents[y], v)
            seen[expected, v.by_tie_rule and expected != 0] += 1
    # Wins, losses, games going on and contested results (the tie rule) all came up often.
    assert min(seen[1, False], seen[-1, False], seen[0, False]) > 500, seen
    assert seen[1, True] > 50, seen


def _quick_lead(g: FastGame, kept: int, taken: int) -> int:
    """The offerer's lead after the split as the quick judgments count it: printed moves."""
    o = g.active
    mine = g.move_for(o, kept, g.in_play[o][kept] + 1)
    theirs = g.move_for(1 - o, taken, g.in_play[1 - o][taken] + 1)
    return g.progress[o] + mine - g.progress[1 - o] - theirs


# With the cards' effects: every verdict, the cards' own wins and running out included ----------

KNOWING = DEFAULT_WEIGHTS._replace(cards=True, run_out=True)


def _holding_as_many(g: FastGame, kept: int, taken: int) -> FastGame:
    """`_holding`, the hand's size left as in `g`: the offer draws as many cards as in the game,
    so the deck runs out when it does there."""
    h = _holding(g, kept, taken)
    h.hand_count[g.active] = g.hand_count[g.active]
    return h


def _running_out(state: GameState) -> GameState:
    """`state` at the end of the cards: the agent deck empty and the recruiter (the next player)
    down to one card, so the End step ends the game if nothing else does."""
    recruiter = state.sides[1 - state.active]
    member = recruiter.members[0]
    short = member._replace(hand=member.hand[:1])
    sides = list(state.sides)
    sides[1 - state.active] = recruiter._replace(members=(short,))
    return state._replace(deck=(), sides=tuple(sides))


@pytest.mark.slow
@pytest.mark.parametrize("mode", [Mode.SIMPLE, Mode.ADVANCED])
def test_quick_judgments_that_know_the_cards_agree_with_the_engine(mode: Mode) -> None:
    """With `Weights.cards` and `Weights.run_out` the quick judgments also see the ongoing cards'
    End-step wins (Masterplan, Security System), Getaway Car's move and running out of cards:
    every split of every offer position is ±decisive exactly when the End step decides it."""
    agents = range(len(T.agents))
    seen = Counter[str]()
    positions = list(_positions(mode, 40))
    for state in [*positions, *map(_running_out, positions[::4])]:
        o = state.active
        view = player_view(state, o)
        g = fast_game(state)
        for x, y in itertools.product(agents, agents):
            v = split_verdict(view, T.agents[y], T.agents[x])
            expected = 0 if v.winner is None else 1 if v.winner == o else -1
            h = _holding_as_many(g, x, y)
            mine = offer_splits(h, KNOWING)[x, y]
            h.play(y * MAX_NAMES + x)  # y face up: the recruiter's "take the face-up card"
            theirs, _ = recruit_scores(h, KNOWING, peek=True)
            assert _sign(mine) == expected, (state.turn, T.agents[x], T.agents[y], v)
            assert _sign(theirs) == -expected, (state.turn, T.agents[x], T.agents[y], v)
            seen.update(v.reasons if expected else ("goes on",))
    assert seen["goes on"] > 500 and seen["catch"] > 500 and seen["exhaustion"] > 5, seen
    if mode is Mode.ADVANCED:
        assert sum(seen[card] for card in CARD_WINS) > 5, seen
