"""The greedy bot: the best action by a one-ply evaluation (see bots.action_scores)."""

from __future__ import annotations

import random
from collections.abc import Callable

from agent_avenue.bots.action_scores import score_actions
from agent_avenue.bots.base import BotStats, check_view
from agent_avenue.bots.evaluation import DEFAULT_WEIGHTS, Weights
from agent_avenue.bots.safety import assess
from agent_avenue.bots.team import is_team_view, team_choice
from agent_avenue.engine import Action, PlayerView

__all__ = ["GreedyBot"]

TEAM_ROUNDS = 6  # sampled deals per action in a team game

Scorer = Callable[[PlayerView, Weights, int, int], dict[Action, float]]
"""One-ply scores of a view's actions: (view, weights, samples, seed) -> score per action."""


def _default_scores(view: PlayerView, w: Weights, samples: int, seed: int) -> dict[Action, float]:
    return score_actions(view, w, samples, seed)


class GreedyBot:
    """Plays the action with the best one-ply score; `noise` adds random jitter (easy level)."""

    def __init__(
        self,
        name: str = "greedy",
        weights: Weights = DEFAULT_WEIGHTS,
        noise: float = 0.0,
        scorer: Scorer | None = None,
        samples: int = 3,
    ) -> None:
        """A greedy bot; `noise` is the size, in board spaces, of random jitter on each score;
        `scorer` replaces the evaluation's one-ply scores (the benchmarks' `greedy:classic`)."""
        self.name = name
        self.weights = weights
        self.noise = noise
        self.scorer: Scorer = scorer or _default_scores
        self.samples = samples
        self.stats = BotStats()

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        """The legal action with the best one-ply score (a sure win first, a sure loss last)."""
        check_view(view)
        with self.stats.timed():
            self.stats.decisions += 1
            return self._choose(view, rng)

    def _choose(self, view: PlayerView, rng: random.Random) -> Action:
        if len(view.legal) == 1:
            return view.legal[0]
        if is_team_view(view):
            # Team games: the reference engine on sampled deals, to the end of the turn.
            action, played = team_choice(view, rng, 1, TEAM_ROUNDS, self.noise)
            self.stats.playouts += played
            return action
        win, safe = assess(view, rng)
        if win is not None:
            return win
        if len(safe) == 1:
            return safe[0]
        scores = self.scorer(view, self.weights, self.samples, int(rng.random() * 2**31))
        noise = self.noise
        best = safe[0]
        best_score = -1e18
        for action in safe:
            score = scores[action] + (rng.random() * noise if noise else 0.0)
            if score > best_score:
                best, best_score = action, score
        return best
