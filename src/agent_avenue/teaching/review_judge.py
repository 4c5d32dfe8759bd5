"""One reviewed decision judged from the deciding seat's own view: the win chance of the action
taken and of the best one, and the engine's sure results.

`judge` receives a `Decision` (a seat's `PlayerView` at that step and the action it took) and
nothing else: no game state, so no card the seat had not seen can reach the numbers. Duels are
judged by the search (bots/ismcts.py: `SearchBot.analyse` over every legal action picks the
best, then the best and the action taken are each measured by a search of that action alone,
`SearchBot.analyse_actions`, for the same number of playouts and on the same sampled deals).
When the chance given up lies in a doubtful band around the mistake and blunder thresholds
(`REFINE_BAND`), the decision is refined: the root's most visited actions are measured too, then
every one of these candidates again with more playouts on fresh common deals, and the
recommendation becomes the candidate with the highest combined chance. Team games are judged by
the team evaluation of bots/team.py (every legal action on the same sampled deals). The search
runs for a fixed number of iterations, seeded from the review's seed and the step, so the same
game gives the same review. The engine's `sure_winner` overrides the search: an action it says
wins this turn has chance 1, one it says loses has chance 0.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from functools import cache

from agent_avenue.engine import (
    Action,
    PlayerView,
    Rules,
    format_action,
    side_of,
    sure_winner,
)

__all__ = [
    "Decision",
    "Judgement",
    "ReviewBudget",
    "judge",
    "judge_task",
    "measure",
    "sure_flags",
]

TEAM_TURNS = 1
"""Team games: turn changes each sampled deal is played on before it is judged (as hints do)."""

REFINE_BAND = (12.0, 45.0)
"""Duels: a first-pass loss (points) from the low end (inclusive) to the high end (exclusive) is
refined. The band straddles the mistake (20) and blunder (30) thresholds of review_marks.py: a
loss in it may get another mark with another seed, through noise in the two chances or a weaker
action picked as the best. Below it a decision is at most an inaccuracy, above it a blunder by a
margin of 15 points; refining only the doubtful ones keeps the review's time down."""

REFINE_CANDIDATES = 3
"""Duels, refined decisions: the root search's most visited actions measured besides the
recommendation and the action taken (the root's ranking is noisy at the top: with another
seed it may prefer its second or third action). Listed the recommendation first, then these,
then the action taken: a tie goes to the first listed."""


@dataclass(frozen=True, slots=True)
class ReviewBudget:
    """How much search a review spends per decision (duels: root iterations to find the best
    action, then playouts for each of the two actions compared; team games: sampled deals),
    and the seed. `refine_playouts`: the further playouts of each candidate action of a duel
    decision whose loss is doubtful (`REFINE_BAND`)."""

    iterations: int = 500
    playouts: int = 250
    refine_playouts: int = 500
    team_deals: int = 1200
    seed: int = 0

    @property
    def key(self) -> str:
        """The budget in a few characters, part of a stored review's key."""
        return (
            f"i{self.iterations}-p{self.playouts}-r{self.refine_playouts}"
            f"-d{self.team_deals}-s{self.seed}"
        )


@dataclass(frozen=True, slots=True)
class Decision:
    """A reviewed decision: its move number (from 1), the seat, its view then, the action taken."""

    number: int
    seat: int
    view: PlayerView
    taken: Action


@dataclass(frozen=True, slots=True)
class Judgement:
    """What the review found for one decision (chances 0-1, `loss` in percentage points).

    `best` is the best action found (the action taken when nothing was better); `visits` the
    playouts (duels) or deals (team games) behind the taken action's chance; `missed_win`: some
    legal action wins this turn whatever happens and the one taken does not; `chose_loss`: the
    action taken loses this turn whatever happens and another does not (engine/outcomes.py).
    """

    number: int
    seat: int
    turn: int
    taken: str
    best: str
    chance_taken: float
    chance_best: float
    visits: int
    missed_win: bool = False
    chose_loss: bool = False

    @property
    def loss(self) -> float:
        """The win chance given up, in percentage points (never negative)."""
        return max(0.0, 100.0 * (self.chance_best - self.chance_taken))

    @property
    def sure_flag(self) -> bool:
        """Whether the engine flags the decision whatever the search says."""
        return self.missed_win or self.chose_loss


def _seeded(budget: ReviewBudget, decision: Decision, part: str) -> random.Random:
    """A generator seeded by the review's seed and the step alone (never a hidden card)."""
    return random.Random(f"review:{budget.seed}:{decision.number}:{decision.seat}:{part}")


FIRST_PARTS = ("alone", "deals")
"""The seed parts of a decision's first measurements (the search's numbers, the sampled deals)."""

REFINE_PARTS = ("alone-2", "deals-2")
"""The seed parts of a refined decision's second measurements: other numbers and deals than
the first pass's, common to every candidate."""


def measure(
    view: PlayerView,
    action: Action,
    playouts: int,
    budget: ReviewBudget,
    decision: Decision,
    parts: tuple[str, str] = FIRST_PARTS,
) -> tuple[float, int]:
    """An action's chance by a search whose root plays only it (the offers below a discard
    searched too), and its playouts.

    Every action of a decision is measured with the same random numbers and on the same
    sampled deals (common random numbers): each chance alone is as noisy as with numbers of
    its own, but the difference between two, which a mark rests on, is much less so. `parts`
    name the two seeded generators (the search's, the deals'): equal parts, equal numbers."""
    from agent_avenue.bots.ismcts import Budget, SearchBot

    alone = Budget(seconds=None, iterations=playouts, search_discards=True)
    rng, deals = _seeded(budget, decision, parts[0]), _seeded(budget, decision, parts[1])
    found = SearchBot("review", alone).analyse_actions(view, (action,), rng, deals)
    return found.means.get(action, 0.0), found.visits.get(action, 0)


def _duel_chances(
    view: PlayerView, taken: Action, budget: ReviewBudget, decision: Decision
) -> tuple[dict[Action, float], dict[Action, int], Action]:
    """The chance and playouts of the action taken and of the one the search recommends (and,
    for a refined decision, of the other candidates), and that recommendation.

    The root search (`iterations`, every legal action) only picks the recommendation. Both
    actions compared are then measured the same way, each by a search whose root plays only
    it, for `playouts` playouts, with the offers below a discard searched too: the root's
    means are not comparable across kinds (it plays the offers after a discard by the quick
    policy, and its most visited action's mean is its most searched one). A loss in
    `REFINE_BAND` is refined (`_refined`).
    """
    from agent_avenue.bots.ismcts import Budget, SearchBot

    bot = SearchBot("review", Budget(seconds=None, iterations=budget.iterations))
    stats = bot.analyse(view, _seeded(budget, decision, "root"))
    chances: dict[Action, float] = {}
    visits: dict[Action, int] = {}
    for action in dict.fromkeys((stats.best, taken)):
        chances[action], visits[action] = measure(view, action, budget.playouts, budget, decision)
    loss = 100.0 * (max(chances.values()) - chances[taken])
    low, high = REFINE_BAND
    if not low <= loss < high:
        return chances, visits, stats.best
    candidates = tuple(dict.fromkeys((stats.best, *stats.ranked()[:REFINE_CANDIDATES], taken)))
    return _refined(view, candidates, chances, visits, budget, decision)


def _refined(
    view: PlayerView,
    candidates: tuple[Action, ...],
    chances: dict[Action, float],
    visits: dict[Action, int],
    budget: ReviewBudget,
    decision: Decision,
) -> tuple[dict[Action, float], dict[Action, int], Action]:
    """A doubtful decision measured again: every candidate not measured yet gets the first
    pass's playouts on the first pass's numbers, then every candidate `refine_playouts` more on
    numbers of their own (common to the candidates); each chance is the playout-weighted mean
    of the two, and the recommendation the candidate with the highest (the first on a tie).

    The second measurement (with the default budget, three times the playouts behind each
    chance) makes the chances a mark rests on less noisy; measuring the root's runners-up keeps
    a root search that happened to favour a weaker action from making the loss look smaller."""
    for action in candidates:
        if action not in chances:
            chances[action], visits[action] = measure(
                view, action, budget.playouts, budget, decision
            )
    for action in candidates:
        again, played = measure(
            view, action, budget.refine_playouts, budget, decision, REFINE_PARTS
        )
        total = visits[action] + played
        if total:
            chances[action] = (chances[action] * visits[action] + again * played) / total
        visits[action] = total
    best = max(candidates, key=lambda a: chances[a])  # max keeps the first on a tie
    return chances, visits, best


def _team_chances(
    view: PlayerView, budget: ReviewBudget, decision: Decision
) -> tuple[dict[Action, float], dict[Action, int], Action]:
    """Team games: every legal action's mean chance over the same sampled deals."""
    from agent_avenue.bots.team import team_scores

    rounds = max(budget.team_deals // len(view.legal), 8)
    rng = _seeded(budget, decision, "team")
    scores, _ = team_scores(view, view.legal, rng, TEAM_TURNS, rounds)
    best = max(view.legal, key=lambda a: scores[a])  # the first listed on a tie
    return scores, dict.fromkeys(view.legal, rounds), best


def sure_flags(sure: dict[Action, int | None], taken: Action, side: int) -> tuple[bool, bool]:
    """From the engine's `sure_winner` of every legal action: whether the action taken missed
    a sure win (another action wins this turn whatever happens, it does not) and whether it
    chose a sure loss (it loses whatever happens, another action does not)."""
    missed_win = sure[taken] != side and any(w == side for w in sure.values())
    other = 1 - side
    chose_loss = sure[taken] == other and any(w != other for w in sure.values())
    return missed_win, chose_loss


def judge(decision: Decision, budget: ReviewBudget) -> Judgement:
    """Judge one decision from its view alone (see the module's docstring)."""
    view, taken = decision.view, decision.taken
    seat = decision.seat
    me = side_of(seat)
    if view.is_team_game:
        chances, visits, recommended = _team_chances(view, budget, decision)
    else:
        chances, visits, recommended = _duel_chances(view, taken, budget, decision)
    sure = {action: sure_winner(view, action) for action in view.legal}
    for action, winner in sure.items():
        if winner is not None:
            chances[action] = 1.0 if winner == me else 0.0
    missed_win, chose_loss = sure_flags(sure, taken, me)
    if chose_loss and sure[recommended] == 1 - me:
        # The search recommends a sure loss too: the better action is one that is not.
        recommended = next(a for a in view.legal if sure[a] != 1 - me)
        if recommended not in chances:
            chances[recommended], visits[recommended] = measure(
                view, recommended, budget.playouts, budget, decision
            )
    candidates = [recommended, taken]
    candidates += [a for a in view.legal if sure[a] == me]
    if missed_win:
        # A sample can make another action look as good as a sure win; only a sure win is.
        best = next(a for a in candidates if sure[a] == me)
    else:
        best = max(candidates, key=lambda a: chances.get(a, 0.0))
        if chances.get(taken, 0.0) >= chances.get(best, 0.0) and not chose_loss:
            best = taken
    return Judgement(
        number=decision.number,
        seat=seat,
        turn=view.turn,
        taken=format_action(taken),
        best=format_action(best),
        chance_taken=chances.get(taken, 0.0),
        chance_best=chances.get(best, 0.0),
        visits=visits.get(taken, 0),
        missed_win=missed_win,
        chose_loss=chose_loss,
    )


@cache
def _worker_rules(rules: Rules) -> Rules:
    """One rules object per set of tables in a worker process (the search caches its tables by
    the rules object, so each task's unpickled copy is swapped for the first equal one)."""
    return rules


def judge_task(decision: Decision, budget: ReviewBudget) -> Judgement:
    """`judge` in a worker process: the view's rules swapped for the process's shared copy."""
    view = decision.view
    shared = _worker_rules(view.rules)
    if shared is not view.rules:
        decision = replace(decision, view=replace(view, rules=shared))
    return judge(decision, budget)
