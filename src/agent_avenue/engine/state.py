"""The immutable game state: sides, their members' hands, the decks and what must happen next."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import NamedTuple

from agent_avenue.engine.events import Event
from agent_avenue.engine.rules import BOARD_SIZE, Rules
from agent_avenue.engine.seats import member_of_seat, seat_of, side_of


class Mode(StrEnum):
    """Which side of the board: without or with the black market."""

    SIMPLE = "simple"
    ADVANCED = "advanced"


class Phase(StrEnum):
    """The decision the game is waiting for."""

    OFFER = "offer"  # the active player may discard, then offers two cards
    LEAD = "lead"  # team game: the active team picks who plays the face-up card
    PLAY_UP = "play_up"  # team game: that member may discard, then plays one card face up
    PLAY_DOWN = "play_down"  # team game: the partner may discard, then plays one face down
    RECRUIT = "recruit"  # the opponent picks the face-up or the face-down card
    PICK = "pick"  # a side that landed on a black market space takes a supply card
    CHOOSE = "choose"  # an instant card asks its owner to choose an agent
    CONFIRM = "confirm"  # Spycation asks whether to recruit the returned agent again
    OVER = "over"  # the game has ended


# Module-level aliases: looking up an enum member on its class is slow in the hot paths.
OFFER = Phase.OFFER
LEAD = Phase.LEAD
PLAY_UP = Phase.PLAY_UP
PLAY_DOWN = Phase.PLAY_DOWN
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
    leader: int | None = None  # team game: the member playing the face-up card this turn
    played_up: str | None = None  # team game: the face-up card, before the partner plays

    @property
    def players(self) -> int:
        """How many players: 2 (a duel), 3 or 4 (team games)."""
        return sum(len(s.members) for s in self.sides)

    @property
    def is_team_game(self) -> bool:
        """Whether any side has two members (3 or 4 players)."""
        return any(len(s.members) > 1 for s in self.sides)

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
        if phase is LEAD:
            return self.active
        if phase is PLAY_UP:
            assert self.leader is not None
            return seat_of(self.active, self.leader)
        if phase is PLAY_DOWN:
            assert self.leader is not None
            return seat_of(self.active, partner(self.sides[self.active], self.leader))
        assert self.pending is not None
        return seat_of(self.pending.side, self.pending.member)

    def member_of(self, seat: int) -> Member:
        """The member sitting at `seat`."""
        return self.sides[side_of(seat)].members[member_of_seat(seat)]


def make_state(
    *,
    rules: Rules,
    mode: Mode,
    turn: int,
    active: int,
    phase: Phase,
    sides: tuple[Side, ...],
    deck: tuple[str, ...],
    offer: tuple[str, str] | None = None,
    supply: tuple[str, ...] = (),
    market_deck: tuple[str, ...] = (),
    market_discard: tuple[str, ...] = (),
    queue: tuple[int, ...] = (),
    pending: Pending | None = None,
    picker: int | None = None,
    result: Result | None = None,
    events: tuple[Event, ...] = (),
    leader: int | None = None,
    played_up: str | None = None,
) -> GameState:
    """The one constructor of a game state: every part named (the tuple is built positionally,
    the fastest way, in this one place)."""
    return GameState(
        rules,
        mode,
        turn,
        active,
        phase,
        sides,
        deck,
        offer,
        supply,
        market_deck,
        market_discard,
        queue,
        pending,
        picker,
        result,
        events,
        leader,
        played_up,
    )


def first_phase(side: Side) -> Phase:
    """How a side's turn starts: a solo player offers, a team first picks who leads."""
    return OFFER if len(side.members) == 1 else LEAD


def partner(side: Side, member: int) -> int:
    """The member who plays the face-down card when `member` leads (a solo player: themself)."""
    return 1 - member if len(side.members) > 1 else member


def acting_member(state: GameState) -> int:
    """Which member of the active side is playing a card now (0 for a solo player)."""
    if state.phase is PLAY_UP:
        assert state.leader is not None
        return state.leader
    if state.phase is PLAY_DOWN:
        assert state.leader is not None
        return partner(state.sides[state.active], state.leader)
    return 0
