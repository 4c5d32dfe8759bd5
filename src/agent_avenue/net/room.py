"""One hosted game: its seats and their secrets, who holds them, and the checks on every move.

No sockets here: the server (net/server.py) turns what this returns into messages. The room
hands out views only (`Session.view`), never the state.
"""

from __future__ import annotations

import hashlib
import hmac
import random
import secrets
from dataclasses import dataclass, field, replace

from agent_avenue.data.player_names import name_problem
from agent_avenue.engine import (
    Action,
    GameRecord,
    Mode,
    NotationError,
    Rules,
    format_action,
    parse_action,
    side_of,
)
from agent_avenue.i18n import t
from agent_avenue.net.errors import Refused
from agent_avenue.net.names import is_visible
from agent_avenue.net.protocol import PROTOCOL_VERSION, ActionMsg, Hello
from agent_avenue.play.seats import is_bot
from agent_avenue.play.session import Session

CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
"""Room codes avoid letters and digits that look alike (0/O, 1/I/L)."""
CODE_LENGTH = 10
"""31 ** 10, about 8.2e14 codes (49 bits): docs/protocol.md gives the guessing arithmetic."""
TOKEN_BYTES = 24

__all__ = [
    "Attendee",
    "Room",
    "RoomConfig",
    "bot_seed",
    "hash_token",
    "new_room_code",
]


def new_room_code() -> str:
    """A fresh room code: ten characters, about 49 bits of chance."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def hash_token(token: str) -> str:
    """What the server keeps of a seat's token: its SHA-256, never the token itself."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def bot_seed(seed: int, moves: int, seat: int) -> int:
    """The computer's seed for one decision: the same game and move give the same seed."""
    return random.Random(f"bot-{seed}-{moves}-{seat}").randrange(2**63)


@dataclass(frozen=True, slots=True)
class RoomConfig:
    """What a hosted game is: its code and save id, its deal, and who plays each seat."""

    code: str
    save_id: str
    mode: Mode
    players: int
    seed: int
    first: int
    kinds: tuple[str, ...]
    spectators: bool = False
    seeded: bool = False
    """Whether the host gave the seed (`--seed`): a rematch then deals seed + 1, else a fresh
    seed from the operating system."""
    game: int = 1
    """The room's game number: 1, then one more for each rematch."""

    def __repr__(self) -> str:
        # The seed decides every hidden card: never in a log or a traceback.
        return (
            f"RoomConfig(save_id={self.save_id!r}, mode={self.mode}, players={self.players}, "
            f"game={self.game})"
        )

    def next_game(self, save_id: str) -> RoomConfig:
        """The room's next game (a rematch): the same seats, mode and players, a new save, the
        other side first, and a new seed (seed + 1 if the host gave one, else a fresh one)."""
        seed = self.seed + 1 if self.seeded else _fresh_seed(self.seed)
        return replace(self, save_id=save_id, seed=seed, first=1 - self.first, game=self.game + 1)


def _fresh_seed(old: int) -> int:
    """A seed from the operating system, never the one just played."""
    rng = random.SystemRandom()
    while (seed := rng.randrange(2**31)) == old:
        pass
    return seed


@dataclass(eq=False, slots=True)
class Attendee:
    """One connection's place in a room: the seats it holds, or a spectator's public view."""

    seats: tuple[int, ...] = ()
    spectator: bool = False
    new_tokens: tuple[tuple[int, str], ...] = field(default=(), repr=False)

    @property
    def sides(self) -> frozenset[int]:
        """The sides of the seats held."""
        return frozenset(side_of(seat) for seat in self.seats)


class Room:
    """A hosted game: seats with names and token hashes, then once everyone is in, a Session."""

    def __init__(
        self,
        rules: Rules,
        config: RoomConfig,
        names: list[str | None] | None = None,
        token_hashes: list[str | None] | None = None,
        record: GameRecord | None = None,
    ) -> None:
        """A room as created or as read back from its file (then with the game's record)."""
        self.rules = rules
        self.config = config
        self.names: list[str | None] = names or [None] * config.players
        self.token_hashes: list[str | None] = token_hashes or [None] * config.players
        for seat, kind in enumerate(config.kinds):
            if is_bot(kind) and self.names[seat] is None:
                self.names[seat] = self._computer_name(seat)
        self.holders: dict[int, Attendee] = {}
        self.spectators: list[Attendee] = []
        self.session: Session | None = None if record is None else Session(rules, record)
        self.rematch_asks: set[int] = set()
        """After the end: the seats that have asked for a rematch."""

    def __repr__(self) -> str:
        return f"Room({self.config!r}, started={self.session is not None})"

    def _computer_name(self, seat: int) -> str:
        """A computer seat's name: "Computer", then "Computer 2" for a second one."""
        number = sum(1 for s in range(seat) if is_bot(self.config.kinds[s])) + 1
        return t("net.computer_name") if number == 1 else t("net.computer_n", n=number)

    # Joining -----------------------------------------------------------------------------------

    def join(self, hello: Hello) -> Attendee:
        """The place a hello asks for (room code already matched); Refused otherwise."""
        if hello.version != PROTOCOL_VERSION:
            raise Refused("version", version=PROTOCOL_VERSION)
        if hello.spectate:
            if hello.tokens or hello.seats:
                raise Refused("bad_message")
            if not self.config.spectators:
                raise Refused("no_spectators")
            attendee = Attendee(spectator=True)
            self.spectators.append(attendee)
            return attendee
        if hello.tokens:
            return self._rejoin(hello.tokens)
        return self._take_seats(hello.seats, hello.name)

    def _rejoin(self, tokens: list[str]) -> Attendee:
        """Give back the seats these tokens open, if every one opens a seat nobody holds now."""
        seats: list[int] = []
        for token in tokens:
            digest = hash_token(token)
            found = [
                seat
                for seat, kept in enumerate(self.token_hashes)
                if kept is not None and hmac.compare_digest(kept, digest)
            ]
            if not found or found[0] in seats:
                raise Refused("bad_token")
            seats.append(found[0])
        if any(seat in self.holders for seat in seats):
            raise Refused("seat_in_use")
        attendee = Attendee(seats=tuple(sorted(seats)))
        for seat in seats:
            self.holders[seat] = attendee
        return attendee

    def open_seats(self) -> tuple[int, ...]:
        """Seats for people that nobody has taken yet."""
        return tuple(
            seat
            for seat, kind in enumerate(self.config.kinds)
            if not is_bot(kind) and self.token_hashes[seat] is None
        )

    def _take_seats(self, wanted: list[int], name: str | None) -> Attendee:
        """Hand out open seats (the asked ones, or the first open one) with fresh tokens."""
        open_now = self.open_seats()
        if not open_now:
            raise Refused("room_full")
        seats = sorted(set(wanted)) if wanted else [open_now[0]]
        for seat in seats:
            if seat >= self.config.players or is_bot(self.config.kinds[seat]):
                raise Refused("seat_not_open")
            if seat not in open_now:
                raise Refused("seat_taken")
        if len({side_of(seat) for seat in seats}) > 1:
            raise Refused("seats_one_side")
        names = self._names_for(seats, name)
        tokens: list[tuple[int, str]] = []
        attendee = Attendee(seats=tuple(seats))
        for seat, seat_name in zip(seats, names, strict=True):
            token = secrets.token_urlsafe(TOKEN_BYTES)
            self.token_hashes[seat] = hash_token(token)
            self.names[seat] = seat_name
            self.holders[seat] = attendee
            tokens.append((seat, token))
        attendee.new_tokens = tuple(tokens)
        return attendee

    def _names_for(self, seats: list[int], name: str | None) -> list[str]:
        """The names of newly taken seats ("Ann", "Ann 2" for a second seat); Refused if bad:
        a name given must show something (None: "Player N")."""
        if name is not None and not is_visible(name):
            raise Refused("bad_name", problem=t("names.empty"))
        base = t("net.player_n", n=seats[0] + 1) if name is None else name.strip()
        names = [base if i == 0 else f"{base} {i + 1}" for i in range(len(seats))]
        others = [n for s, n in enumerate(self.names) if n is not None and s not in seats]
        problem = name_problem([*others, *names])
        if problem is not None:
            raise Refused("bad_name", problem=problem)
        return names

    def leave(self, attendee: Attendee) -> bool:
        """A connection went away: its seats wait for their tokens again. True if that called
        off a rematch some seats had asked for (after the end, a seat leaving calls it off)."""
        for seat in attendee.seats:
            if self.holders.get(seat) is attendee:
                del self.holders[seat]
        if attendee in self.spectators:
            self.spectators.remove(attendee)
        cancelled = bool(attendee.seats) and bool(self.rematch_asks)
        if attendee.seats:
            self.rematch_asks.clear()
        return cancelled

    # A rematch ---------------------------------------------------------------------------------

    def all_present(self) -> bool:
        """Whether every seat of a person is connected now (computer seats always are)."""
        kinds = self.config.kinds
        return all(seat in self.holders or is_bot(kind) for seat, kind in enumerate(kinds))

    def ask_rematch(self, attendee: Attendee) -> None:
        """The attendee's seats ask for a rematch; Refused before the end, from a spectator, or
        when a seat of a person is not in the room."""
        session = self.session
        if attendee.spectator:
            raise Refused("spectator")
        if session is None or session.result is None:
            raise Refused("not_over")
        if not self.all_present():
            raise Refused("no_rematch")
        self.rematch_asks.update(attendee.seats)

    def rematch_agreed(self) -> bool:
        """Whether every seat of a person has asked for the rematch."""
        people = {seat for seat, kind in enumerate(self.config.kinds) if not is_bot(kind)}
        return bool(self.rematch_asks) and people <= self.rematch_asks

    def rematch(self, save_id: str) -> Session:
        """Deal the room's next game (every seat has asked): the same seats and names, the
        other side first, a new seed (RoomConfig.next_game)."""
        self.config = self.config.next_game(save_id)
        self.session = None
        self.rematch_asks.clear()
        return self.start()

    # Starting ----------------------------------------------------------------------------------

    def ready(self) -> bool:
        """Whether every seat has a player and the game can begin."""
        return self.session is None and all(name is not None for name in self.names)

    def start(self) -> Session:
        """Deal the game with every seat's name (call once `ready()`)."""
        names = tuple(name or "" for name in self.names)
        cfg = self.config
        self.session = Session.new(self.rules, cfg.mode, cfg.seed, cfg.first, names, cfg.players)
        return self.session

    # Moves -------------------------------------------------------------------------------------

    def bot_to_move(self) -> int | None:
        """The computer seat that must decide now, if any."""
        session = self.session
        if session is None or session.result is not None:
            return None
        actor = session.stage.actor
        return actor if actor is not None and is_bot(self.config.kinds[actor]) else None

    def may_decide(self, attendee: Attendee) -> bool:
        """Whether this attendee may send the decision the game waits for."""
        session = self.session
        if session is None or session.result is not None or attendee.spectator:
            return False
        stage = session.stage
        if stage.actor is None or is_bot(self.config.kinds[stage.actor]):
            return False
        return stage.actor in attendee.seats or (
            stage.team is not None and stage.team in attendee.sides
        )

    def check(self, attendee: Attendee, message: ActionMsg) -> Action:
        """The action a client's move stands for, if that client may play it now; else Refused
        (never saying anything about cards the client may not know)."""
        session = self.session
        if attendee.spectator:
            raise Refused("spectator")
        if message.seat is not None and message.seat not in attendee.seats:
            raise Refused("not_your_seat")
        if session is None:
            raise Refused("not_started")
        if session.result is not None:
            raise Refused("game_over")
        stage = session.stage
        actor = stage.actor
        assert actor is not None
        if is_bot(self.config.kinds[actor]) and (
            actor in attendee.seats or stage.team in attendee.sides
        ):
            raise Refused("computer_decides")
        if not self.may_decide(attendee) or (
            message.seat is not None and message.seat != actor and stage.team is None
        ):
            raise Refused("not_your_turn")
        if message.step is not None and message.step != len(session.record.moves):
            raise Refused("stale")
        try:
            action = parse_action(message.move, self.rules)
        except NotationError:
            raise Refused("bad_move") from None
        # The rules are asked only now, of the seat that decides: its own hand, or public facts.
        refused = session.refusal(action)
        if refused is not None:
            raise Refused("illegal", refused.reason.value)
        return action

    def team_legal(self, seat: int) -> list[str]:
        """A team decision's moves for a member other than the engine's actor (public moves)."""
        session = self.session
        if session is None or session.result is not None:
            return []
        stage = session.stage
        actor = stage.actor
        if stage.team is None or actor is None or actor == seat or side_of(seat) != stage.team:
            return []
        if is_bot(self.config.kinds[actor]):
            return []
        return [format_action(action) for action in session.view(actor).legal]
