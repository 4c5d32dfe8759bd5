"""A game in progress: its record (mode, seed, first player, moves), and who may look now."""

from __future__ import annotations

from dataclasses import dataclass, replace

from agent_avenue.engine import (
    Action,
    Event,
    GameRecord,
    GameState,
    Mode,
    Phase,
    PlayerView,
    Refusal,
    Result,
    Rules,
    apply,
    choice_uses_hand,
    format_action,
    player_view,
    refusal,
    replay,
    replay_steps,
    side_of,
)
from agent_avenue.play.teams import check_names, side_names

SEAT_COLOURS = ("green", "blue")
PRIVATE_PHASES = frozenset({Phase.OFFER, Phase.RECRUIT, Phase.PLAY_UP, Phase.PLAY_DOWN})
"""Decisions made from the decider's own hand (in a duel the recruit shows the hand too)."""
TEAM_DECISIONS = frozenset({Phase.LEAD, Phase.RECRUIT, Phase.PICK})
"""Team game: decisions a whole side makes together, on a screen that shows no hand."""

__all__ = [
    "SEAT_COLOURS",
    "GameRecord",
    "LogEntry",
    "Session",
    "Stage",
    "public_entry",
    "replay",
    "stage_of",
]


@dataclass(frozen=True, slots=True)
class Stage:
    """What the table is waiting for: who decides, and whose secrets the screen may show.

    `audience` None means a public screen that everyone may watch. In a team game `team` is
    the side whose players decide together (who leads, the recruit, a pickup) on a screen that
    shows no hand; None in a duel and for one player's own decision.
    """

    phase: Phase
    actor: int | None
    audience: int | None
    team: int | None = None


@dataclass(frozen=True, slots=True)
class LogEntry:
    """Public events of one step, with the turn they happened in."""

    turn: int
    events: tuple[Event, ...]


def public_entry(turn: int, state: GameState) -> LogEntry:
    """The public events of the step that led to `state`, logged in `turn` (the turn the step
    was taken in; the opening's is the state's own)."""
    return LogEntry(turn, tuple(e.public() for e in state.events))


def _replay_logged(rules: Rules, record: GameRecord) -> tuple[GameState, LogEntry, list[LogEntry]]:
    """Replay a record: the final state, the opening's public events, and each move's."""
    state = record.start(rules)
    opening = public_entry(state.turn, state)
    log: list[LogEntry] = []
    for step in replay_steps(state, record.moves):
        log.append(public_entry(state.turn, step.state))
        state = step.state
    return state, opening, log


def stage_of(state: GameState) -> Stage:
    """Who must decide next and whether their decision needs a private screen."""
    actor = state.to_act
    phase = state.phase
    if actor is not None and phase in TEAM_DECISIONS and state.is_team_game:
        # The whole side decides (each member's hand stays hidden): a public screen.
        return Stage(phase, actor, None, side_of(actor))
    private = phase in PRIVATE_PHASES or choice_uses_hand(state)
    return Stage(phase, actor, actor if private else None)


class Session:
    """Holds the one true game state; hands out views, never the state itself."""

    def __init__(self, rules: Rules, record: GameRecord) -> None:
        self._rules = rules
        self._record = record
        # A resumed game gets back its whole public log, as if it had never stopped.
        self._state, self._opening, self._log = _replay_logged(rules, record)

    def __repr__(self) -> str:
        return f"Session({self._record!r}, turn={self._state.turn})"

    @classmethod
    def new(
        cls,
        rules: Rules,
        mode: Mode,
        seed: int,
        first: int,
        names: tuple[str, ...] = ("Green", "Blue"),
        players: int = 2,
    ) -> Session:
        """A new game; `names` has one name per seat (3 or 4 players: see play/teams.py)."""
        check_names(names, players)
        return cls(rules, GameRecord(mode, seed, first, names, (), rules.version, players))

    @property
    def record(self) -> GameRecord:
        """The game so far, as a record."""
        return self._record

    @property
    def names(self) -> tuple[str, str]:
        """The two sides' names, green first: the players' names, or "Ann & Cid" for a team."""
        return side_names(self._record.names)

    @property
    def seat_names(self) -> tuple[str, ...]:
        """Every player's name, by seat (green, blue, then green's and blue's partners)."""
        return self._record.names

    @property
    def players(self) -> int:
        """How many players: 2 for a duel, 3 or 4 for a team game."""
        return self._record.players

    @property
    def mode(self) -> Mode:
        """Simple or advanced."""
        return self._record.mode

    @property
    def stage(self) -> Stage:
        """What the table is waiting for."""
        return stage_of(self._state)

    @property
    def result(self) -> Result | None:
        """How the game ended, or None while it goes on."""
        return self._state.result

    @property
    def opening(self) -> LogEntry:
        """The public events of the game's start (the first turn's line)."""
        return self._opening

    @property
    def log(self) -> tuple[LogEntry, ...]:
        """Every public event so far, step by step."""
        return tuple(self._log)

    def view(self, seat: int | None) -> PlayerView:
        """What `seat` may know (None: what everyone may know)."""
        return player_view(self._state, seat)

    def refusal(self, action: Action) -> Refusal | None:
        """Why the engine refuses `action` now, or None if it is legal (nothing is applied)."""
        return refusal(self._state, action)

    def play(self, action: Action) -> tuple[Event, ...]:
        """Apply an action through the engine; returns the public events it caused."""
        turn = self._state.turn
        self._state = apply(self._state, action)
        self._record = replace(self._record, moves=(*self._record.moves, format_action(action)))
        public = tuple(e.public() for e in self._state.events)
        self._log.append(LogEntry(turn, public))
        return public
