"""Bot-against-bot matches, seat-balanced, in parallel: the games and their totals.

Every deal is played twice, once with each bot in each seat, so neither bot profits from a lucky
deal or from moving first; the first player alternates from deal to deal. Games run in worker
processes (one per core by default) and each bot only ever sees its own seat's view. The
`simulate` command (cli.simulate) shows the results.
"""

from __future__ import annotations

import math
import os
import random
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from functools import partial

from agent_avenue.bots.registry import make_bot
from agent_avenue.data import default_rules
from agent_avenue.engine import Mode, apply, new_game, player_view, side_of
from agent_avenue.i18n import t

__all__ = [
    "BotTotals",
    "GameOutcome",
    "Progress",
    "SimulationResult",
    "deal_seed",
    "play_pair",
    "run_simulation",
    "summarize",
    "wilson_interval",
]

Progress = Callable[[int, int], None]


@dataclass(frozen=True, slots=True)
class BotTotals:
    """One bot's work over a simulation: decisions, search playouts and seconds thinking.

    `seconds` is wall-clock time, `cpu_seconds` processor time (the speeds use the latter, so
    other load on the machine does not distort them).
    """

    decisions: int = 0
    playouts: int = 0
    seconds: float = 0.0
    cpu_seconds: float = 0.0

    def __add__(self, other: BotTotals) -> BotTotals:
        """Both totals together."""
        return BotTotals(
            self.decisions + other.decisions,
            self.playouts + other.playouts,
            self.seconds + other.seconds,
            self.cpu_seconds + other.cpu_seconds,
        )

    @property
    def decisions_per_second(self) -> float:
        """Decisions made per second of processor time spent thinking."""
        return self.decisions / self.cpu_seconds if self.cpu_seconds > 0 else math.inf

    @property
    def playouts_per_second(self) -> float:
        """Search playouts run per second of processor time spent thinking."""
        return self.playouts / self.cpu_seconds if self.cpu_seconds > 0 else 0.0


@dataclass(frozen=True, slots=True)
class GameOutcome:
    """One finished game: who won, from which seats, how and how long."""

    a_seat: int
    first: int
    winner: int
    reasons: tuple[str, ...]
    by_tie_rule: bool
    turns: int
    a: BotTotals
    b: BotTotals

    @property
    def a_won(self) -> bool:
        """Whether bot A won."""
        return self.winner == self.a_seat


@dataclass(frozen=True, slots=True)
class SimulationResult:
    """The totals of a simulation of bot A against bot B."""

    bot_a: str
    bot_b: str
    mode: Mode
    games: int
    wins_a: int
    first_player_wins: int
    tie_rule_games: int
    turns: int
    reasons: dict[str, int]
    a: BotTotals
    b: BotTotals
    seconds: float = 0.0
    workers: int = 1
    seed: int = 0
    outcomes: tuple[GameOutcome, ...] = field(default=(), repr=False)

    @property
    def wins_b(self) -> int:
        """Games bot B won."""
        return self.games - self.wins_a

    @property
    def win_rate_a(self) -> float:
        """Bot A's share of the games."""
        return self.wins_a / self.games if self.games else 0.0

    @property
    def average_turns(self) -> float:
        """Average game length in turns."""
        return self.turns / self.games if self.games else 0.0

    @property
    def first_player_rate(self) -> float:
        """Share of the games won by the player who moved first."""
        return self.first_player_wins / self.games if self.games else 0.0


def wilson_interval(wins: int, games: int, z: float = 1.959964) -> tuple[float, float]:
    """The 95 % Wilson score interval of a win rate (0-1)."""
    if games <= 0:
        return 0.0, 1.0
    p = wins / games
    denominator = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denominator
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


# Playing ----------------------------------------------------------------------------------------


def deal_seed(seed: int, pair: int) -> int:
    """The shuffle seed of deal number `pair` of a simulation seeded with `seed`."""
    return (seed * 1_000_003 + pair) % 2**31


def _seat_rng(dealt: int, a_seat: int, seat: int) -> random.Random:
    """The random generator of one seat's bot (a team's second players get their own)."""
    extra = 0 if seat < 2 else 2**40
    return random.Random(dealt * 4 + 2 * a_seat + seat + extra)


def play_pair(
    spec_a: str,
    spec_b: str,
    mode: Mode,
    seed: int,
    pair: int,
    both: bool = True,
    players: int = 2,
) -> list[GameOutcome]:
    """Play deal `pair` with bot A in seat 0 and then (if `both`) in seat 1.

    With 3 or 4 players bot A fills every seat of its side (green: 0 and 2, blue: 1 and 3).
    """
    rules = default_rules()
    dealt = deal_seed(seed, pair)
    first = pair % 2
    outcomes: list[GameOutcome] = []
    for a_seat in (0, 1) if both else (0,):
        seats = range(players)
        bots = {s: make_bot(spec_a if side_of(s) == a_seat else spec_b) for s in seats}
        rngs = {s: _seat_rng(dealt, a_seat, s) for s in seats}
        state = new_game(rules, mode, dealt, first, players=players)
        while not state.is_over:
            seat = state.to_act
            assert seat is not None
            action = bots[seat].choose(player_view(state, seat), rngs[seat])
            state = apply(state, action)
        result = state.result
        assert result is not None
        totals = {side: BotTotals() for side in (0, 1)}
        for s, b in bots.items():
            totals[side_of(s)] += BotTotals(
                b.stats.decisions, b.stats.playouts, b.stats.seconds, b.stats.cpu_seconds
            )
        outcomes.append(
            GameOutcome(
                a_seat=a_seat,
                first=first,
                winner=result.winner,
                reasons=result.reasons,
                by_tie_rule=result.by_tie_rule,
                turns=state.turn,
                a=totals[a_seat],
                b=totals[1 - a_seat],
            )
        )
    return outcomes


def summarize(
    spec_a: str,
    spec_b: str,
    mode: Mode,
    outcomes: Sequence[GameOutcome],
    seconds: float = 0.0,
    workers: int = 1,
    seed: int = 0,
) -> SimulationResult:
    """Add up finished games into a SimulationResult."""
    reasons: Counter[str] = Counter()
    a = BotTotals()
    b = BotTotals()
    for outcome in outcomes:
        reasons.update(outcome.reasons)
        a += outcome.a
        b += outcome.b
    return SimulationResult(
        bot_a=spec_a,
        bot_b=spec_b,
        mode=mode,
        games=len(outcomes),
        wins_a=sum(o.a_won for o in outcomes),
        first_player_wins=sum(o.winner == o.first for o in outcomes),
        tie_rule_games=sum(o.by_tie_rule for o in outcomes),
        turns=sum(o.turns for o in outcomes),
        reasons=dict(reasons.most_common()),
        a=a,
        b=b,
        seconds=seconds,
        workers=workers,
        seed=seed,
        outcomes=tuple(outcomes),
    )


def _tasks(games: int) -> Iterator[tuple[int, bool]]:
    """The deals to play: (deal number, both seats?) adding up to `games` games."""
    for pair in range(games // 2):
        yield pair, True
    if games % 2:
        yield games // 2, False


def run_simulation(
    bot_a: str,
    bot_b: str,
    games: int,
    mode: Mode | str = Mode.SIMPLE,
    workers: int | None = None,
    seed: int = 0,
    progress: Progress | None = None,
    players: int = 2,
) -> SimulationResult:
    """Play `games` seat-balanced games of `bot_a` against `bot_b` on `workers` processes.

    `progress(done, total)` is called as games finish. With `players` 3 or 4 each bot fills
    every seat of its side of a team game. Raises ValueError for an unknown bot, a mode that
    does not exist, a player count other than 2, 3 or 4, or fewer than 1 game or worker.
    """
    mode = Mode(mode)
    if players not in (2, 3, 4):
        raise ValueError(t("simulate.players_range", players=players))
    make_bot(bot_a)
    make_bot(bot_b)
    if games < 1:
        raise ValueError(t("simulate.no_games"))
    workers = (os.cpu_count() or 1) if workers is None else workers
    if workers < 1:
        raise ValueError(t("simulate.no_workers"))
    start = time.perf_counter()
    tasks = list(_tasks(games))
    if progress:
        progress(0, games)
    match = partial(play_pair, bot_a, bot_b, mode, seed, players=players)
    if workers == 1:
        outcomes: list[GameOutcome] = []
        for pair, both in tasks:
            outcomes.extend(match(pair, both))
            if progress:
                progress(len(outcomes), games)
    else:
        outcomes = _play_in_parallel(match, tasks, workers, games, progress)
    return summarize(
        bot_a, bot_b, mode, outcomes, time.perf_counter() - start, workers=workers, seed=seed
    )


def _play_in_parallel(
    match: Callable[[int, bool], list[GameOutcome]],
    tasks: list[tuple[int, bool]],
    workers: int,
    games: int,
    progress: Progress | None,
) -> list[GameOutcome]:
    """Play the deals on `workers` processes, a few in flight per worker (so that an interrupt
    stops quickly), reporting progress as games finish."""
    outcomes: list[GameOutcome] = []
    with ProcessPoolExecutor(max_workers=min(workers, len(tasks))) as pool:
        pending: set[Future[list[GameOutcome]]] = set()
        queue = iter(tasks)
        try:
            for pair, both in queue:
                pending.add(pool.submit(match, pair, both))
                if len(pending) >= 2 * workers:
                    break
            while pending:
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in done:
                    outcomes.extend(future.result())
                    nxt = next(queue, None)
                    if nxt is not None:
                        pending.add(pool.submit(match, *nxt))
                if progress:
                    progress(len(outcomes), games)
        except BaseException:
            for future in pending:
                future.cancel()
            raise
    return outcomes
