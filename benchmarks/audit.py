"""The audit: sure wins missed and sure losses chosen, by level, over whole games.

Run: PYTHONPATH=src python benchmarks/audit.py [--levels greedy easy normal hard]
         [--games 1000] [--minutes 20] [--modes simple advanced] [--seed 1]

Each level plays `--games` games (seat-balanced, the first player alternating) against the
greedy bot, in each mode, or as many as fit in `--minutes` minutes per level and mode. At each
of its decisions with a choice, the audit (which may look at the true game, unlike the bots)
classifies every legal action:

* a **sure win** this turn: the engine's `sure_winner` says so from the seat's view, or the
  reference engine, for every answer to an offer and every card a face-down one could be,
  plays out the rest of the turn (the seat's own later choices at best, the opponent's at
  worst: black market picks, instant choices) and the seat wins every time;
* a **sure loss** this turn: the same, with the seat losing every time however it plays on.

"Every time" means in the game itself and in `DEALS` other deals of what the seat cannot see
(the opponent's hand, the deck orders: engine.sampling), and a result that holds on those is
confirmed on `CONFIRM_DEALS` more, so that a win that depends on the true deck order (a black
market card refilled, a card drawn) is not counted as certain. It counts decisions where a
sure win existed and was not taken, and decisions where a sure loss was chosen although an
action that is not a sure loss existed.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from dataclasses import dataclass

from agent_avenue.bots import make_bot
from agent_avenue.data import default_rules
from agent_avenue.engine import (
    Action,
    GameState,
    Mode,
    Offer,
    Phase,
    PlayerView,
    Recruit,
    apply,
    determinize,
    legal_actions,
    new_game,
    player_view,
    sure_winner,
    unseen_agents,
)

WIN, OPEN, LOSS = 1, 0, -1
LEVEL_SPECS = {
    "greedy": "greedy",
    "easy": "bot:easy",
    "normal": "search:normal:cpu",
    "hard": "search:hard:cpu",
}
OPPONENT = "greedy"
DEALS = 6
"""Deals of what the seat cannot see (engine.sampling) judged besides the game itself."""
CONFIRM_DEALS = 60
"""Further deals on which a result that looks sure (with a black market pick in it) must hold."""


@dataclass
class Counts:
    """One level's audit in one mode."""

    games: int = 0
    decisions: int = 0
    sure_win_positions: int = 0
    missed_wins: int = 0
    avoidable_losses: int = 0
    seconds: float = 0.0


def rest_of_turn(state: GameState, me: int) -> int:
    """WIN, LOSS or OPEN for seat `me` once this turn's remaining choices are made."""
    if state.result is not None:
        return WIN if state.result.winner == me else LOSS
    if state.phase in (Phase.OFFER, Phase.RECRUIT):
        return OPEN
    actor = state.to_act
    results = [rest_of_turn(apply(state, a), me) for a in legal_actions(state)]
    return max(results) if actor == me else min(results)


def answers(state: GameState, view: PlayerView, action: Action) -> list[GameState]:
    """The states after `action` for every answer and every card a hidden one could be."""
    if isinstance(action, Offer):
        after = apply(state, action)
        return [apply(after, Recruit(face_up=True)), apply(after, Recruit(face_up=False))]
    if isinstance(action, Recruit) and state.offer is not None:
        up = state.offer[0]
        return [
            apply(state._replace(offer=(up, agent)), action) for agent in unseen_agents(view)
        ] or [apply(state, action)]
    return [apply(state, action)]


class Deals:
    """The game and deals of it its seat cannot tell apart: a few, and more on demand."""

    def __init__(self, state: GameState, view: PlayerView, rng: random.Random) -> None:
        """The game itself and `DEALS` deals of what `view`'s seat cannot see."""
        self.view = view
        self.rng = rng
        self.few = [state, *(determinize(view, rng) for _ in range(DEALS))]
        self._more: list[GameState] = []

    def more(self) -> list[GameState]:
        """`CONFIRM_DEALS` further deals (made once)."""
        if not self._more:
            self._more = [determinize(self.view, self.rng) for _ in range(CONFIRM_DEALS)]
        return self._more


def judge(deals: Deals, view: PlayerView, action: Action) -> int:
    """WIN or LOSS when the action's result this turn is sure, else OPEN: the engine's verdict
    from the view, or the same result on every deal the seat cannot tell apart from the game
    (for every answer and hidden card; a result seen on the first few is confirmed on more)."""
    me = view.seat
    assert me is not None
    verdict = sure_winner(view, action)
    if verdict is not None:
        return WIN if verdict == me else LOSS
    for states in (deals.few, deals.more()):
        results = {rest_of_turn(after, me) for s in states for after in answers(s, view, action)}
        if len(results) != 1 or OPEN in results:
            return OPEN
    return results.pop()


def report(
    what: str,
    level: str,
    mode: Mode,
    game: int,
    view: PlayerView,
    chosen: Action,
    better: list[Action],
    moves: list[Action],
) -> None:
    """One line on standard error for each miss, so that it can be replayed and studied."""
    print(
        f"{what}: {level} {mode.value} game {game} turn {view.turn} seat {view.seat} "
        f"phase {view.phase.value}: chose {chosen!r}; better {better!r}; after {moves!r}",
        file=sys.stderr,
        flush=True,
    )


def audit(level: str, mode: Mode, games: int, minutes: float, seed: int) -> Counts:
    """Play the level's games and count its missed sure wins and avoidable sure losses."""
    rules = default_rules()
    counts = Counts()
    started = time.process_time()
    for game in range(games):
        if time.process_time() - started > 60 * minutes:
            break
        seat = game % 2
        bots = {seat: make_bot(LEVEL_SPECS[level]), 1 - seat: make_bot(OPPONENT)}
        rng = random.Random(f"audit-{seed}-{game}")
        state = new_game(rules, mode, seed * 100_000 + game // 2, (game // 2) % 2)
        moves: list[Action] = []
        while state.result is None:
            actor = state.to_act
            assert actor is not None
            view = player_view(state, actor)
            action = bots[actor].choose(view, rng)
            if actor == seat and len(view.legal) > 1 and not view.is_team_game:
                counts.decisions += 1
                deals = Deals(state, view, random.Random(rng.random()))
                verdicts = {a: judge(deals, view, a) for a in view.legal}
                wins = [a for a, v in verdicts.items() if v == WIN]
                if wins:
                    counts.sure_win_positions += 1
                    if verdicts[action] != WIN:
                        counts.missed_wins += 1
                        report("sure win missed", level, mode, game, view, action, wins, moves)
                elif verdicts[action] == LOSS and any(v != LOSS for v in verdicts.values()):
                    counts.avoidable_losses += 1
                    others = [a for a, v in verdicts.items() if v != LOSS]
                    report("avoidable sure loss", level, mode, game, view, action, others, moves)
            state = apply(state, action)
            moves.append(action)
        counts.games += 1
    counts.seconds = time.process_time() - started
    return counts


def main() -> None:
    """Audit the chosen levels and print a Markdown table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--levels", nargs="*", default=list(LEVEL_SPECS))
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--minutes", type=float, default=20.0, help="per level and mode")
    parser.add_argument("--modes", nargs="*", default=["simple", "advanced"])
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(
        "| Level | Mode | Games | Decisions | With a sure win | Sure win missed "
        "| Avoidable sure loss | Minutes (cpu) |\n|---|---|---|---|---|---|---|---|",
        flush=True,
    )
    for level in args.levels:
        for mode in args.modes:
            c = audit(level, Mode(mode), args.games, args.minutes, args.seed)
            print(
                f"| {level} | {mode} | {c.games} | {c.decisions} | {c.sure_win_positions} "
                f"| {c.missed_wins} | {c.avoidable_losses} | {c.seconds / 60:.1f} |",
                flush=True,
            )


if __name__ == "__main__":
    main()
