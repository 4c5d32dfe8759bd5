"""Bots by name: `make_bot("search:hard")` and the list of names the app and `simulate` accept.

Specs: `random`; `greedy`; `search` (the normal level); `search:LEVEL` and `bot:LEVEL` with
LEVEL `easy`, `normal` or `hard` (`bot` alone is `bot:normal`); and for benchmarks
`greedy:classic` (the greedy bot's evaluation before issue 16, kept only as the baseline the
benchmarks measure the new one against: no level or hint uses it), `search:0.25s` (a time
limit per decision) or `search:500it` (a number of iterations); a
time budget followed by `:cpu` (`search:normal:cpu`) counts the processor time of the thinking
process instead of the clock on the wall, so that other load on the machine cannot starve it.
The easy level is the greedy bot with random jitter on its scores; normal and hard search.
"""

from __future__ import annotations

import re
from dataclasses import replace

from agent_avenue.bots.base import Bot
from agent_avenue.bots.greedy import GreedyBot
from agent_avenue.bots.ismcts import LEVELS, Budget, SearchBot
from agent_avenue.bots.random_bot import RandomBot
from agent_avenue.data.seat_kinds import DEFAULT_LEVEL, EASY
from agent_avenue.data.seat_kinds import LEVELS as LEVEL_NAMES

__all__ = ["BOT_SPECS", "LEVEL_NAMES", "bot_for_level", "make_bot"]

BOT_SPECS: tuple[str, ...] = (
    "random",
    "greedy",
    "search",
    *(f"search:{level}" for level in LEVEL_NAMES),
    "bot",
    *(f"bot:{level}" for level in LEVEL_NAMES),
)
EASY_NOISE = 3.0  # board spaces of random jitter on the greedy scores at the easy level

_SECONDS = re.compile(r"^(\d+(?:\.\d+)?)s$")
_ITERATIONS = re.compile(r"^(\d+)it$")


def bot_for_level(level: str, prefix: str = "bot") -> Bot:
    """The opponent at `easy` (greedy with random jitter), `normal` or `hard` (search)."""
    if level == EASY:
        return GreedyBot(f"{prefix}:easy", noise=EASY_NOISE)
    if level in LEVELS:
        return SearchBot(f"{prefix}:{level}", LEVELS[level])
    raise ValueError(f"unknown bot level {level!r}; choose one of {', '.join(LEVEL_NAMES)}")


def make_bot(spec: str) -> Bot:
    """The bot a spec names (see the module docstring); ValueError for an unknown spec."""
    text = spec.strip().lower()
    parts = text.split(":")
    kind, arg = parts[0], ":".join(parts[1:])
    if kind == "random" and not arg:
        return RandomBot()
    if kind == "greedy" and not arg:
        return GreedyBot()
    if kind == "greedy" and arg == "classic":
        return classic_greedy()
    if kind == "bot" and arg in ("", *LEVEL_NAMES):
        return bot_for_level(arg or DEFAULT_LEVEL)
    if kind == "search":
        if not arg:
            return SearchBot("search", LEVELS[DEFAULT_LEVEL])
        if arg in LEVEL_NAMES:
            return bot_for_level(arg, "search")
        budget = _budget(arg)
        if budget is not None:
            return SearchBot(f"search:{arg}", budget)
    raise ValueError(
        f"unknown bot {spec!r}; use random, greedy, search, search:easy|normal|hard, "
        "bot:easy|normal|hard, search:<seconds>s or search:<iterations>it"
    )


def classic_greedy() -> Bot:
    """The greedy bot as it played before issue 16: the benchmarks' measured baseline only."""
    from agent_avenue.bots.classic import classic_scores

    return GreedyBot("greedy:classic", scorer=classic_scores)


def _budget(arg: str) -> Budget | None:
    """The budget of `normal`, `hard`, `<seconds>s` or `<n>it`, with `:cpu` for processor time."""
    base, _, clock = arg.partition(":")
    if clock not in ("", "cpu"):
        return None
    budget: Budget | None = None
    seconds = _SECONDS.match(base)
    iterations = _ITERATIONS.match(base)
    if base in LEVELS:
        budget = LEVELS[base]
    elif seconds and float(seconds.group(1)) > 0:
        budget = Budget(seconds=float(seconds.group(1)))
    elif iterations and int(iterations.group(1)) > 0 and not clock:
        return Budget(seconds=None, iterations=int(iterations.group(1)))
    if budget is None:
        return None
    return replace(budget, clock="cpu") if clock else budget
