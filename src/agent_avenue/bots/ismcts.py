"""The search bot: information-set Monte Carlo tree search over sampled hidden cards.

Each iteration deals the cards the bot cannot see at random, consistently with its view (the
opponent's hand, the face-down card it is offered, the deck orders; see engine.sampling), and
plays one line of the game on the fast engine (bots.playout). Two trees are grown side by side,
one per player, each keyed by what that player observes (multiple-observer ISMCTS): an offer is
seen by the recruiter as its face-up card only, so neither player's choices in the search can
depend on a card it could not see. In each tree a player's choice is made by UCB among the
actions available in the current deal; new lines are played to the end of the game by the quick
greedy policy (bots.quick_policies), or for `rollout_turns` turns and then judged.

Three choices matter most against a sensible opponent:

* when the bot recruits, deals are weighted by how likely the opponent was to make its offer
  holding them (`offer_likelihood`): the face-down card is read, not assumed uniform;
* in the tree the opponent recruits by the quick judgment over the cards it has not seen, so
  our offers are judged against a recruiter who cannot see our face-down card;
* after a discard the quick policy offers (no search below a discard), so the maximum of noisy
  estimates does not make discarding look better than it is.

The playouts use the evaluation's quick policies with `PLAYOUT_WEIGHTS`: measured, the
recruiter model of the greedy's offers made the search weaker there (see that constant).

The bot first runs the win/loss safety check (bots.safety): a sure win is taken at once and
actions that walk into a loss it can see are never searched when another action exists.
`analyse(view, rng)` returns the root statistics instead of the action (`RootStats`: visits and
mean result per action, every legal action searched), which the hints show as win chances.
"""

from __future__ import annotations

import bisect
import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from agent_avenue.bots.base import BotStats, check_view
from agent_avenue.bots.evaluation import Weights, evaluate, win_chance
from agent_avenue.bots.playout import (
    DISCARD_BASE,
    MAX_NAMES,
    OFFER,
    OVER,
    RECRUIT,
    RECRUIT_UP,
    FastGame,
    Tables,
    decode,
    encode,
    fast_game,
    tables_for,
)
from agent_avenue.bots.quick_policies import offer_chance, quick_offer, quick_other, quick_recruit
from agent_avenue.bots.safety import assess
from agent_avenue.bots.team import is_team_view, team_choice
from agent_avenue.data.seat_kinds import DEFAULT_LEVEL, HARD, NORMAL
from agent_avenue.engine import DUEL_DISCARDS, Action, Mode, PlayerView, determinize

__all__ = ["LEVELS", "Budget", "RootStats", "SearchBot", "search_level"]

# Observation keys for the player who did not act (the actor sees its own action's code).
_SEEN_OFFER = 1000  # + face-up agent
_SEEN_DISCARD = 2000
_REVEALED = 3000  # + recruit choice * MAX_NAMES + the face-down card now turned up


@dataclass(frozen=True, slots=True)
class Budget:
    """How long the search may think: a number of iterations and/or a time limit in seconds
    (whichever ends first); `team_iterations` counts the sampled deals of a team game."""

    seconds: float | None = 0.1
    iterations: int | None = None
    advanced_iterations: int | None = None  # duels in advanced mode; None: `iterations`
    team_iterations: int | None = None  # None: `iterations`
    rollout_turns: int | None = None  # quick-policy turns before judging; None: to the end
    exploration: float = 0.7
    clock: Literal["wall", "cpu"] = "wall"  # cpu: count this process's processor time only
    belief: float = 1.0  # how sharply the opponent's offer is read (0: face-down card uniform)
    offer_noise: float = 0.25  # the share of offers read as made at random (`offer_likelihood`)
    recruit_noise: float = 0.25  # in the tree, the share of the opponent's recruits made at random
    peek: float = 0.0  # in playouts, how often a recruiter reads the face-down card right
    model_recruits: bool = True  # the opponent recruits by the quick judgment in the tree
    search_discards: bool = False  # search the offers below a discard too (reviews only)

    def duel_iterations(self, mode: Mode) -> int | None:
        """The iterations of one duel decision in `mode` (None: only the time limit counts)."""
        if mode is Mode.ADVANCED and self.advanced_iterations is not None:
            return self.advanced_iterations
        return self.iterations


PLAYOUT_WEIGHTS = Weights(temper=0.0, cards=True, settle=True, run_out=True)
"""The search's playout policy offers without the recruiter model (the worse split weighted by
`worst`): with the model, search:normal:cpu beat random 86.5 % instead of 92.5 % (400 advanced
games, the same deals), so the playouts keep the quick offers they had. Its quick judgments
know the black market cards' End-step wins and Getaway Car, see the cards run out, and judge a
pick after its whole turn (`Weights.cards`, `run_out`, `settle`): search:normal against greedy
in advanced mode won 76.7 % instead of 74.7 % over the same 300 games (45 won only with them,
39 only without: within the noise), at the same speed."""

TEAM_TURNS = 1  # team games: turns each sampled deal is played on before it is judged

LEVELS: dict[str, Budget] = {
    NORMAL: Budget(seconds=2.0, iterations=400, team_iterations=1_100, clock="cpu"),
    HARD: Budget(
        seconds=5.0, iterations=1_000, advanced_iterations=800, team_iterations=3_300, clock="cpu"
    ),
}
"""The levels are amounts of search, so each is as strong on a slow or busy machine as on a
quick one: about what 0.1 s and 0.3 s of this project's 2-core machine allowed (duels: 400
iterations in simple mode, 210 in advanced mode per 0.1 s; team games: 1,100 deals). The
seconds are only a safety net, for a machine many times slower (README, "The computer"), and
count this process's processor time: on wall time, with both cores busy with other work, hard
stopped after 944 of its 1,000 iterations (the suite under load, 2026-12-02). Hard searches
800 iterations in advanced mode, where a playout costs about twice what it does in simple mode:
1,000 took 0.58 s per decision (median) on the idle machine, over the 0.5 s issue 27 allows, and
the strength curve is flat there (400 and 1,000 iterations both won 88.7 % against greedy)."""


@dataclass(frozen=True, slots=True)
class RootStats:
    """What the search found at its root: per action, how often it was played and the mean
    result for the searching seat (1 a win, 0 a loss), and the action it recommends.

    `sure` is set when the safety check found a sure win (nothing was searched then).
    """

    best: Action
    visits: dict[Action, int]
    means: dict[Action, float]
    playouts: int
    sure: bool = False

    def ranked(self) -> list[Action]:
        """The searched actions, the most visited first."""
        return sorted(self.visits, key=lambda a: -self.visits[a])


class Node:
    """One information set of one player: statistics of its actions, and the next sets."""

    __slots__ = ("kids", "stats")

    def __init__(self) -> None:
        """An empty node."""
        self.stats: dict[int, list[float]] = {}  # action -> [visits, reward, availability]
        self.kids: dict[int, Node] = {}

    def kid(self, key: int) -> Node:
        """The node reached by observation `key` (created when first seen)."""
        node = self.kids.get(key)
        if node is None:
            node = self.kids[key] = Node()
        return node


class Dealer:
    """Deals the hidden cards of one view again and again, straight into fast games."""

    def __init__(
        self,
        view: PlayerView,
        rng: random.Random,
        belief: float = 0.0,
        samples: int = 120,
        noise: float = 0.0,
    ) -> None:
        """Prepare from one determinization of `view`.

        With `belief` > 0 and a face-down card offered to this seat, deals are weighted by how
        likely the opponent was to make its offer holding them (see `offer_likelihood`).
        """
        seat = view.seat
        assert seat is not None
        self.seat = seat
        self.base = fast_game(determinize(view, rng))
        t = self.base.tables
        g = self.base
        other = 1 - seat
        self.their_hand = g.hand_count[other]
        self.hidden_down = g.phase == RECRUIT and view.face_down is None
        self.deck_size = len(g.deck)
        self.discards = DUEL_DISCARDS - g.discards_left[other]
        pool: list[int] = []
        for agent, count in enumerate(g.hand[other]):
            pool.extend([agent] * count)
        if self.hidden_down:
            pool.append(g.face_down)
        pool.extend(g.deck)
        for agent, count in enumerate(g.discarded[other]):
            pool.extend([agent] * count)
        self.pool = pool
        self.market = list(g.market_deck)
        self.agents = len(t.agents)
        self.candidates: list[tuple[list[int], int, list[int]]] = []
        self.cumulative: list[float] = []
        if belief > 0 and self.hidden_down:
            self._infer(rng, belief, samples, noise)

    def _infer(self, rng: random.Random, belief: float, samples: int, noise: float) -> None:
        """Sample candidate (opponent hand, face-down card) pairs weighted by their likelihood."""
        total = 0.0
        other = 1 - self.seat
        for _ in range(samples):
            g = self._deal(rng)
            weight = offer_likelihood(g, belief, rng, noise)
            if weight <= 0:
                continue
            hand = g.hand[other]
            rest = self.pool[self.their_hand + 1 :]
            total += weight
            self.candidates.append((hand, g.face_down, rest))
            self.cumulative.append(total)

    def deal(self, rng: random.Random) -> FastGame:
        """A fresh fast game with the hidden cards shuffled anew."""
        if not self.candidates:
            return self._deal(rng)
        pick = bisect.bisect_left(self.cumulative, rng.random() * self.cumulative[-1])
        hand, down, rest = self.candidates[min(pick, len(self.candidates) - 1)]
        g = self.base.clone()
        rand = rng.random
        rest = rest[:]
        for i in range(len(rest) - 1, 0, -1):
            j = int(rand() * (i + 1))
            rest[i], rest[j] = rest[j], rest[i]
        other = 1 - self.seat
        g.hand[other] = hand[:]
        g.face_down = down
        self._fill(g, rest, rng)
        return g

    def _deal(self, rng: random.Random) -> FastGame:
        """A deal with every hidden card shuffled uniformly."""
        g = self.base.clone()
        pool = self.pool
        rand = rng.random
        for i in range(len(pool) - 1, 0, -1):  # Fisher-Yates, cheaper than rng.shuffle
            j = int(rand() * (i + 1))
            pool[i], pool[j] = pool[j], pool[i]
        other = 1 - self.seat
        hand = [0] * self.agents
        k = self.their_hand
        for agent in pool[:k]:
            hand[agent] += 1
        g.hand[other] = hand
        if self.hidden_down:
            g.face_down = pool[k]
            k += 1
        self._fill(g, pool[k:], rng)
        return g

    def _fill(self, g: FastGame, rest: list[int], rng: random.Random) -> None:
        """Deal shuffled `rest` to the deck and the opponent's discards; shuffle the market."""
        other = 1 - self.seat
        g.deck = tuple(rest[: self.deck_size])
        gone = [0] * self.agents
        for agent in rest[self.deck_size : self.deck_size + self.discards]:
            gone[agent] += 1
        g.discarded = [g.discarded[0], g.discarded[1]]
        g.discarded[other] = gone
        if len(self.market) > 1:
            rng.shuffle(self.market)
            g.market_deck = tuple(self.market)


OPPONENT_WEIGHTS = Weights(cards=True, run_out=True)
"""How the search reads the opponent's offer (`offer_likelihood`): by the greedy's own offer
scores, which weigh each split by how likely the recruiter takes it (its own judgment of the
face-up card), with the playouts' knowledge of the cards. Measured at the normal level in
advanced mode on the same deals, against reading it by `PLAYOUT_WEIGHTS`: against greedy 88.7 %
instead of 76.7 % (300 games; 55 won only this way, 19 only the other), against random 87.5 %
instead of 92.0 % (200 games; 10 and 19): a sensible offerer is read much better, a random one
(whose offers say nothing) a little worse."""


def offer_likelihood(g: FastGame, belief: float, rng: random.Random, noise: float = 0.0) -> float:
    """How likely the active player was to offer `g.face_up` / `g.face_down` holding the hand
    dealt in `g` (bots.quick_policies.offer_chance with `OPPONENT_WEIGHTS`), read as a random
    offer `noise` of the time."""
    return offer_chance(g, belief, rng, OPPONENT_WEIGHTS, noise)


def _observed(g: FastGame, code: int, actor: int, seat: int) -> int:
    """What `seat` observes when `actor` plays `code` in `g` (before it is played)."""
    phase = g.phase
    if phase == OFFER:
        if seat == actor:
            return code
        return _SEEN_DISCARD if code >= DISCARD_BASE else _SEEN_OFFER + code // MAX_NAMES
    if phase == RECRUIT and seat == actor:
        return _REVEALED + (code - RECRUIT_UP) * MAX_NAMES + g.face_down
    return code


class SearchBot:
    """Multiple-observer information-set MCTS, with the quick greedy policy in its playouts."""

    def __init__(
        self, name: str = "search", budget: Budget | None = None, weights: Weights = PLAYOUT_WEIGHTS
    ) -> None:
        """A search bot thinking for `budget` (the normal level by default)."""
        self.name = name
        self.budget = budget or LEVELS[DEFAULT_LEVEL]
        self.weights = weights
        self.stats = BotStats()

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        """The most searched safe action (a sure win at once)."""
        check_view(view)
        clock = time.process_time if self.budget.clock == "cpu" else time.perf_counter
        start = clock()
        with self.stats.timed():
            self.stats.decisions += 1
            if len(view.legal) == 1:
                return view.legal[0]
            if is_team_view(view):
                return self._choose_team(view, rng, clock, start)
            win, safe = assess(view, rng)
            if win is not None:
                return win
            if len(safe) == 1:
                return safe[0]
            return self._search(view, safe, rng, clock, start).best

    def analyse(self, view: PlayerView, rng: random.Random) -> RootStats:
        """The search's root statistics for a duel view (hints show them as win chances).

        A sure win is reported as such; when the safety check leaves one action, the others
        that avoid no visible loss are still searched so their chances can be shown.
        """
        check_view(view)
        if is_team_view(view):
            raise ValueError("the search's statistics exist for duels only")
        clock = time.process_time if self.budget.clock == "cpu" else time.perf_counter
        start = clock()
        with self.stats.timed():
            self.stats.decisions += 1
            win, safe = assess(view, rng)
            if win is not None:
                return RootStats(win, {win: 0}, {win: 1.0}, 0, sure=True)
            report = self._search(view, view.legal, rng, clock, start)
            if report.best in safe:
                return report
            best = max(safe, key=lambda a: report.visits.get(a, -1))
            return RootStats(best, report.visits, report.means, report.playouts)

    def analyse_actions(
        self,
        view: PlayerView,
        actions: tuple[Action, ...],
        rng: random.Random,
        deals: random.Random | None = None,
    ) -> RootStats:
        """The root statistics of a duel search whose root may play only `actions` (a review
        measures the action a player took with playouts of its own); no safety check. With
        `deals`, each iteration's hidden cards are drawn from it alone, so that two searches
        given equal `deals` (and equal `rng`) play their actions on the same deals."""
        check_view(view)
        if is_team_view(view):
            raise ValueError("the search's statistics exist for duels only")
        if not actions or any(a not in view.legal for a in actions):
            raise ValueError("the actions must be legal in the view")
        clock = time.process_time if self.budget.clock == "cpu" else time.perf_counter
        with self.stats.timed():
            return self._search(view, actions, rng, clock, clock(), record_root=True, deals=deals)

    def _choose_team(
        self, view: PlayerView, rng: random.Random, clock: Callable[[], float], start: float
    ) -> Action:
        """Team games: sampled deals on the reference engine, played on a few turns each, for as
        many deals as the budget allows (an iteration budget counts playouts)."""
        budget = self.budget
        deadline = start + budget.seconds if budget.seconds is not None else None
        rounds = 1 << 30
        deals = budget.team_iterations if budget.team_iterations is not None else budget.iterations
        if deals is not None:
            rounds = max(deals // len(view.legal), 1)
        turns = budget.rollout_turns or TEAM_TURNS
        action, played = team_choice(view, rng, turns, rounds, 0.0, deadline, clock)
        self.stats.playouts += played
        return action

    def _search(
        self,
        view: PlayerView,
        safe: tuple[Action, ...],
        rng: random.Random,
        clock: Callable[[], float],
        start: float,
        record_root: bool = False,
        deals: random.Random | None = None,
    ) -> RootStats:
        t = tables_for(view.rules)
        seat = view.seat
        assert seat is not None
        allowed = {encode(t, a) for a in safe}
        budget = self.budget
        deadline = start + budget.seconds if budget.seconds is not None else None
        limit = budget.duel_iterations(view.mode)
        dealer = Dealer(view, rng, budget.belief, noise=budget.offer_noise)
        roots = (Node(), Node())
        w = self.weights
        horizon = budget.rollout_turns
        done = 0
        while True:
            if limit is not None and done >= limit:
                break
            if deadline is not None and done % 8 == 0 and clock() >= deadline:
                break
            g = dealer.deal(deals or rng)
            path = self._descend(g, roots, allowed, seat, rng, record_root)
            reward = self._playout(g, seat, rng, w, horizon, budget.peek)
            for s, actor in path:
                s[0] += 1
                s[1] += reward if actor == seat else 1.0 - reward
            done += 1
        self.stats.playouts += done
        return _root_stats(t, roots[seat].stats, allowed, done)

    def _descend(
        self,
        g: FastGame,
        roots: tuple[Node, Node],
        allowed: set[int],
        seat: int,
        rng: random.Random,
        record_root: bool = False,
    ) -> list[tuple[list[float], int]]:
        """One iteration's way down both players' trees on a dealt game (played in place),
        expanding one node: the statistics met on the way, with who chose there (the root's
        choice even when it has one allowed action, with `record_root`)."""
        budget = self.budget
        w, c, model = self.weights, budget.exploration, budget.model_recruits
        nodes = [roots[0], roots[1]]
        path: list[tuple[list[float], int]] = []
        expanded = False
        first = True
        through = budget.search_discards
        while g.phase != OVER:
            actor = g.to_act
            legal = g.legal()
            keep = False
            if first:
                legal = [a for a in legal if a in allowed]
                first = False
                keep = record_root
            if len(legal) == 1 and not keep:
                code = legal[0]
            elif model and actor != seat and g.phase == RECRUIT:
                # The opponent cannot see our face-down card: it recruits by the quick
                # judgment over the cards it has not seen, not by what our search tried; now
                # and then it takes either card, so our offers hold against any recruiter.
                if rng.random() < budget.recruit_noise:
                    code = legal[int(rng.random() * len(legal))]
                else:
                    code = quick_recruit(g, w)
            else:
                stats = nodes[actor].stats
                chosen, new = _select(stats, legal, rng, c, expanded)
                if chosen is None:
                    break
                code = chosen
                expanded = expanded or new
                path.append((stats[code], actor))
            keys = (_observed(g, code, actor, 0), _observed(g, code, actor, 1))
            g.play(code)
            nodes[0] = nodes[0].kid(keys[0])
            nodes[1] = nodes[1].kid(keys[1])
            if expanded or (not through and DISCARD_BASE <= code < RECRUIT_UP):
                # After a discard the quick policy offers: searching the offers below a
                # discard would make discarding look better than it is (the max of noisy
                # estimates).
                break
        return path

    @staticmethod
    def _playout(
        g: FastGame, seat: int, rng: random.Random, w: Weights, horizon: int | None, peek: float
    ) -> float:
        """Play on with the quick policy; 1 for a win of `seat`, 0 for a loss, else a chance."""
        stop = g.turn + horizon if horizon is not None else 1 << 30
        while g.phase != OVER and g.turn < stop:
            phase = g.phase
            if phase == OFFER:
                g.play(quick_offer(g, rng, w))
            elif phase == RECRUIT:
                g.play(quick_recruit(g, w, peek > 0 and rng.random() < peek))
            else:
                g.play(quick_other(g, rng, w))
        if g.phase == OVER:
            return 1.0 if g.winner == seat else 0.0
        return win_chance(evaluate(g, seat, w))


def search_level(level: str) -> SearchBot:
    """A search bot at level `normal` or `hard`."""
    return SearchBot(f"search:{level}", LEVELS[level])


def _select(
    stats: dict[int, list[float]],
    legal: list[int],
    rng: random.Random,
    c: float,
    expanded: bool,
) -> tuple[int | None, bool]:
    """The move to follow at a node, and whether it is new there: an untried move first (None
    if this iteration already expanded a node), else the best by UCB1 with exploration `c`."""
    untried = []
    for a in legal:
        s = stats.get(a)
        if s is None:
            untried.append(a)
        else:
            s[2] += 1
    if untried:
        if expanded:
            return None, False
        code = untried[int(rng.random() * len(untried))]
        stats[code] = [0.0, 0.0, 1.0]
        return code, True
    best = -1.0
    code = legal[0]
    for a in legal:
        s = stats[a]
        value = s[1] / s[0] + c * math.sqrt(math.log(s[2]) / s[0])
        if value > best:
            best, code = value, a
    return code, False


def _root_stats(t: Tables, root: dict[int, list[float]], allowed: set[int], done: int) -> RootStats:
    """The search's answer: the most visited allowed move, and each move's visits and mean."""
    best_code = max(sorted(allowed), key=lambda a: root[a][0] if a in root else -1.0)
    visits = {decode(t, a): int(root[a][0]) for a in sorted(allowed) if a in root}
    means = {decode(t, a): root[a][1] / root[a][0] for a in sorted(allowed) if root.get(a, [0])[0]}
    return RootStats(decode(t, best_code), visits, means, done)
