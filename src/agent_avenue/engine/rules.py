"""The game's fixed tables: agents, black market cards and the board, as plain typed values."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from types import MappingProxyType
from typing import Literal

BOARD_SIZE = 14
HOMES: tuple[int, int] = (0, 7)
MARKET_SPACES: frozenset[int] = frozenset({2, 5, 9, 12})
HAND_SIZE = 4
DUEL_DISCARDS = 4
TEAM_DISCARDS = 2
CATCH_LEAD = 7
AGENT_COUNT = 38


class Mark(Enum):
    """A printed icon that moves nobody but decides the game at the End step."""

    WIN = "WIN"
    LOSE = "LOSE"


Icon = int | Mark


@dataclass(frozen=True, slots=True)
class AgentSpec:
    """One agent name: how many copies exist and the icons for the 1st, 2nd and 3rd+ copy."""

    id: str
    name: str
    copies: int
    icons: tuple[Icon, ...]
    mark_reason: str | None = None

    def icon_for(self, count: int) -> Icon:
        """The icon that applies when `count` agents of this name are in play."""
        return self.icons[self.icon_row(count)]

    def icon_row(self, count: int) -> int:
        """Which of the card's icons (0 top, 1 middle, 2 bottom) applies when `count` agents
        of this name are in play: the last printed one for every copy after it."""
        if count < 1:
            raise ValueError(f"{self.id}: the count in play starts at 1, not {count}")
        return min(count, len(self.icons)) - 1


# Ongoing effects -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MoveModifier:
    """Changes the move for recruiting one agent name: forward, multiply, add or set."""

    agent: str
    operation: Literal["forward", "multiply", "add", "set"]
    value: int = 0


@dataclass(frozen=True, slots=True)
class HomeBoost:
    """A move that stops exactly on either home space goes on this many spaces."""

    value: int


@dataclass(frozen=True, slots=True)
class DistinctAgentsWin:
    """End step: this many different agent names in play win."""

    count: int


@dataclass(frozen=True, slots=True)
class HomeGuardWin:
    """End step: the opponent's meeple on the owner's home space wins."""


@dataclass(frozen=True, slots=True)
class LoseBecomesWin:
    """End step: the LOSE mark of this agent makes the owner win instead."""

    agent: str


# Instant effects -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RecruitTopOfDeck:
    """Recruit the top card of the agent deck."""


@dataclass(frozen=True, slots=True)
class MoveSelf:
    """Move the owner's meeple this many spaces."""

    value: int


@dataclass(frozen=True, slots=True)
class StealFromPlay:
    """Take one agent the opponent has in play into the owner's hand."""


@dataclass(frozen=True, slots=True)
class RecruitNewNameFromHand:
    """Recruit one agent from hand whose name the owner does not have in play."""


@dataclass(frozen=True, slots=True)
class RecruitNamedFromHand:
    """Recruit one agent of a given name from hand."""

    agent: str


@dataclass(frozen=True, slots=True)
class RecruitPairFromHand:
    """Reveal two identical agents from hand, recruit one and keep the other."""


@dataclass(frozen=True, slots=True)
class ReturnAndRerecruit:
    """Return one of the owner's agents in play to hand; the owner may recruit it again."""


OngoingEffect = MoveModifier | HomeBoost | DistinctAgentsWin | HomeGuardWin | LoseBecomesWin
InstantEffect = (
    RecruitTopOfDeck
    | MoveSelf
    | StealFromPlay
    | RecruitNewNameFromHand
    | RecruitNamedFromHand
    | RecruitPairFromHand
    | ReturnAndRerecruit
)
Effect = OngoingEffect | InstantEffect


@dataclass(frozen=True, slots=True)
class MarketCardSpec:
    """One black market card: instant (resolves once) or ongoing (stays with its owner)."""

    id: str
    name: str
    kind: Literal["instant", "ongoing"]
    effect: Effect
    text: str


@dataclass(frozen=True, slots=True)
class Rules:
    """Everything the engine needs to know about the cards, built from the data files."""

    agents: tuple[AgentSpec, ...]
    market: tuple[MarketCardSpec, ...]
    version: str = ""
    agent_by_id: Mapping[str, AgentSpec] = field(init=False, repr=False, compare=False)
    card_by_id: Mapping[str, MarketCardSpec] = field(init=False, repr=False, compare=False)
    moves: Mapping[str, tuple[int, ...]] = field(init=False, repr=False, compare=False)
    marks: tuple[tuple[str, tuple[Mark | None, ...], str], ...] = field(
        init=False, repr=False, compare=False
    )
    deck_order: tuple[str, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # Lookup tables indexed by the count in play, so a recruit costs one tuple index.
        total = sum(a.copies for a in self.agents)
        counts = range(total + 1)
        moves = {
            a.id: tuple(0 if n == 0 else _icon_move(a.icon_for(n)) for n in counts)
            for a in self.agents
        }
        marks = tuple(
            (
                a.id,
                tuple(None if n == 0 else _icon_mark(a.icon_for(n)) for n in counts),
                a.mark_reason or a.id,
            )
            for a in self.agents
            if any(isinstance(i, Mark) for i in a.icons)
        )
        object.__setattr__(self, "agent_by_id", MappingProxyType({a.id: a for a in self.agents}))
        object.__setattr__(self, "card_by_id", MappingProxyType({c.id: c for c in self.market}))
        object.__setattr__(self, "moves", MappingProxyType(moves))
        object.__setattr__(self, "marks", marks)
        object.__setattr__(
            self, "deck_order", tuple(a.id for a in self.agents for _ in range(a.copies))
        )

    def __reduce__(self) -> tuple[type[Rules], tuple[object, ...]]:
        """Pickled as its tables alone (its lookups are rebuilt): views travel to worker
        processes (a game's review judges its decisions on every core)."""
        return (Rules, (self.agents, self.market, self.version))

    @property
    def agent_ids(self) -> tuple[str, ...]:
        """Agent ids in table order."""
        return tuple(a.id for a in self.agents)

    @property
    def card_ids(self) -> tuple[str, ...]:
        """Black market card ids in table order."""
        return tuple(c.id for c in self.market)

    def full_deck(self) -> tuple[str, ...]:
        """Every agent card, in table order (before shuffling)."""
        return self.deck_order


def _icon_move(icon: Icon) -> int:
    return 0 if isinstance(icon, Mark) else icon


def _icon_mark(icon: Icon) -> Mark | None:
    return icon if isinstance(icon, Mark) else None
