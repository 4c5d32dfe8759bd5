"""The immutable game state: sides, their members' hands, the decks and what must happen next."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import NamedTuple

from agent_avenue.engine.events import Event
from agent_avenue.engine.rules import BOARD_SIZE, HOMES, Rules


class Mode(StrEnum):
    """Which side of the board: without or with the black market."""

    SIMPLE = "simple"
    ADVANCED = "advanced"


class Phase(StrEnum):
    """The decision the game is waiting for."""

    OFFER = "offer"  # the active player may discard, then offers two cards
    RECRUIT = "recruit"  # the opponent picks the face-up or the face-down card
    PICK = "pick"  # a side that landed on a black market space takes a supply card
    CHOOSE = "choose"  # an instant card asks its owner to choose an agent
    CONFIRM = "confirm"  # Spycation asks whether to recruit the returned agent again
    OVER = "over"  # the game has ended


# Module-level aliases: looking up an enum member on its class is slow in the hot paths.
OFFER = Phase.OFFER
RECRUIT = Phase.RECRUIT
PICK = Phase.PICK
CHOOSE = Phase.CHOOSE
CONFIRM = Phase.CONFIRM
OVER = Phase.OVER

REASON_ORDER: tuple[str, ...] = (
    "catch",
    "codebreakers",
    "daredevils",
    "exhaustion",
    "masterplan",
    "security_system",
    "leader_of_the_pack",
)


class Member(NamedTuple):
    """One player of a side: a secret hand (kept sorted), discards left and what they discarded."""

    hand: tuple[str, ...]
    discards_left: int
    discarded: tuple[str, ...] = ()

    def __repr__(self) -> str:
        # Secrets stay out of reprs: a crash report on the shared screen must not show a hand.
        return f"Member(hand=<{len(self.hand)} cards>, discards_left={self.discards_left})"


class Side(NamedTuple):
    """One side of the duel: its meeple's unwrapped progress, agents in play, ongoing cards."""

    home: int
    progress: int
    in_play: tuple[str, ...]
    ongoing: tuple[str, ...]
    members: tuple[Member, ...]

    @property
    def position(self) -> int:
        """The board space (0-13) the meeple stands on."""
        return (self.home + self.progress) % BOARD_SIZE


@dataclass(frozen=True, slots=True)
class Condition:
    """An End-step condition one side met: it wins (`wins`) or loses by `reason`."""

    side: int
    reason: str
    wins: bool


@dataclass(frozen=True, slots=True)
class Result:
    """How the game ended: the winner, every condition met, and whether the tie rule decided."""

    winner: int
    conditions: tuple[Condition, ...]
    by_tie_rule: bool

    @property
    def reasons(self) -> tuple[str, ...]:
        """Every end condition met, without repeats, in the documented order."""
        met = {c.reason for c in self.conditions}
        return tuple(r for r in REASON_ORDER if r in met)


@dataclass(frozen=True, slots=True)
class Pending:
    """An instant card waiting for its owner's choice (`agent` is set once one is chosen)."""

    card: str
    side: int
    member: int = 0
    agent: str | None = None


class GameState(NamedTuple):
    """A whole game at one moment. Never changed: every step makes a new one.

    A NamedTuple rather than a frozen dataclass: it is as immutable and several times faster to
    build, which the search bots need (see benchmarks/engine.py).
    """

    rules: Rules
    mode: Mode
    turn: int
    active: int
    phase: Phase
    sides: tuple[Side, ...]
    deck: tuple[str, ...]
    offer: tuple[str, str] | None = None
    supply: tuple[str, ...] = ()
    market_deck: tuple[str, ...] = ()
    market_discard: tuple[str, ...] = ()
    queue: tuple[int, ...] = ()
    pending: Pending | None = None
    picker: int | None = None
    result: Result | None = None
    events: tuple[Event, ...] = ()

    def __repr__(self) -> str:
        # Only public facts: hands, the deck order and the face-down card never reach a repr.
        return (
            f"GameState(mode={self.mode.value}, turn={self.turn}, active={self.active}, "
            f"phase={self.phase.value}, positions={self.positions}, deck=<{len(self.deck)} cards>, "
            f"result={self.result!r})"
        )

    @property
    def positions(self) -> tuple[int, ...]:
        """Board space of each side's meeple."""
        return tuple(s.position for s in self.sides)

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.phase is OVER

    @property
    def to_act(self) -> int | None:
        """The seat that must decide next, or None when the game is over."""
        phase = self.phase
        if phase is OFFER:
            return self.active
        if phase is RECRUIT:
            return 1 - self.active
        if phase is PICK:
            return self.picker
        if phase is OVER:
            return None
        assert self.pending is not None
        return self.pending.side


def home_of(side: int) -> int:
    """The home space of a side (0 for green, 7 for blue)."""
    return HOMES[side]
