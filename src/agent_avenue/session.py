"""A game in progress: its record (mode, seed, first player, moves), and who may look now."""

from __future__ import annotations

from dataclasses import dataclass, field

from agent_avenue.engine import (
    Action,
    Event,
    GameState,
    Mode,
    Phase,
    PlayerView,
    Result,
    Rules,
    apply,
    choice_uses_hand,
    format_action,
    new_game,
    parse_action,
    player_view,
)

SEAT_COLOURS = ("green", "blue")


@dataclass(frozen=True, slots=True)
class GameRecord:
    """Everything that determines a game: saves, replays and bug reports are this."""

    mode: Mode
    seed: int
    first: int
    names: tuple[str, str] = ("Green", "Blue")
    # Moves include discards, which are secret while the game runs: keep them out of reprs.
    moves: tuple[str, ...] = field(default=(), repr=False)
    rules_version: str = ""


@dataclass(frozen=True, slots=True)
class Stage:
    """What the table is waiting for: who decides, and whose secrets the screen may show.

    `audience` None means a public screen that everyone may watch.
    """

    phase: Phase
    actor: int | None
    audience: int | None


@dataclass(frozen=True, slots=True)
class LogEntry:
    """Public events of one step, with the turn they happened in."""

    turn: int
    events: tuple[Event, ...]


def replay(rules: Rules, record: GameRecord) -> GameState:
    """The state after replaying a record's moves; raises on an illegal or unreadable move."""
    state = new_game(rules, record.mode, record.seed, record.first)
    for text in record.moves:
        state = apply(state, parse_action(text, rules))
    return state


def stage_of(state: GameState) -> Stage:
    """Who must decide next and whether their decision needs a private screen."""
    actor = state.to_act
    phase = state.phase
    private = phase in (Phase.OFFER, Phase.RECRUIT) or choice_uses_hand(state)
    return Stage(phase, actor, actor if private else None)


class Session:
    """Holds the one true game state; hands out views, never the state itself."""

    def __init__(self, rules: Rules, record: GameRecord) -> None:
        self._rules = rules
        self._record = record
        self._state = replay(rules, record)
        self._log: list[LogEntry] = []

    def __repr__(self) -> str:
        return f"Session({self._record!r}, turn={self._state.turn})"

    @classmethod
    def new(
        cls,
        rules: Rules,
        mode: Mode,
        seed: int,
        first: int,
        names: tuple[str, str] = ("Green", "Blue"),
    ) -> Session:
        """A new game."""
        return cls(rules, GameRecord(mode, seed, first, names, (), rules.version))

    @property
    def record(self) -> GameRecord:
        """The game so far, as a record."""
        return self._record

    @property
    def names(self) -> tuple[str, str]:
        """The two players' names, green first."""
        return self._record.names

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
    def log(self) -> tuple[LogEntry, ...]:
        """Every public event so far, step by step."""
        return tuple(self._log)

    def view(self, seat: int | None) -> PlayerView:
        """What `seat` may know (None: what everyone may know)."""
        return player_view(self._state, seat)

    def play(self, action: Action) -> tuple[Event, ...]:
        """Apply an action through the engine; returns the public events it caused."""
        turn = self._state.turn
        self._state = apply(self._state, action)
        self._record = GameRecord(
            self._record.mode,
            self._record.seed,
            self._record.first,
            self._record.names,
            (*self._record.moves, format_action(action)),
            self._record.rules_version,
        )
        public = tuple(e.public() for e in self._state.events)
        self._log.append(LogEntry(turn, public))
        return public
