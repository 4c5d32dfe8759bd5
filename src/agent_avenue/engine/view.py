"""A player's view: exactly what one seat may know, built from the state and nothing more."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from agent_avenue.engine.actions import Action
from agent_avenue.engine.events import Event
from agent_avenue.engine.legal import legal_actions
from agent_avenue.engine.rules import Rules
from agent_avenue.engine.seats import (
    is_team_game,
    member_of_seat,
    partner_of,
    seat_of,
    seats_of,
    side_of,
)
from agent_avenue.engine.state import GameState, Mode, Phase, Result, partner


@dataclass(frozen=True, slots=True)
class SideView:
    """What everyone may know about one side."""

    index: int
    home: int
    position: int
    progress: int
    in_play: tuple[str, ...]
    ongoing: tuple[str, ...]
    hand_size: int
    discards_left: int
    member_hand_sizes: tuple[int, ...] = ()  # per member, for team games
    member_discards_left: tuple[int, ...] = ()

    def count(self, agent: str) -> int:
        """How many agents of this name the side has in play."""
        return self.in_play.count(agent)


@dataclass(frozen=True, slots=True)
class PlayerView:
    """What seat `seat` may know: its own hand and secrets, and everything public.

    `seat` is None for the spectators' view: what everyone at the table may see.
    """

    rules: Rules = field(repr=False, compare=False)
    seat: int | None
    mode: Mode
    turn: int
    active: int
    phase: Phase
    to_act: int | None
    hand: tuple[str, ...] = field(repr=False)
    discarded: tuple[str, ...] = field(repr=False)
    sides: tuple[SideView, ...]
    deck_size: int
    supply: tuple[str, ...]
    market_deck_size: int
    market_discard: tuple[str, ...]
    face_up: str | None
    face_down: str | None = field(repr=False)
    pending_card: str | None
    pending_side: int | None
    pending_agent: str | None
    legal: tuple[Action, ...] = field(repr=False)
    result: Result | None
    events: tuple[Event, ...] = field(repr=False)
    leader: int | None = None  # team game: the seat playing the face-up card this turn

    @property
    def side(self) -> int | None:
        """The side this seat plays for (None for the spectators' view)."""
        return None if self.seat is None else side_of(self.seat)

    @property
    def me(self) -> SideView:
        """This seat's own side (the active side in a spectators' view)."""
        return self.sides[self.active if self.seat is None else side_of(self.seat)]

    @property
    def players(self) -> int:
        """How many players: 2 (a duel), 3 or 4 (team games)."""
        return sum(len(side.member_hand_sizes) for side in self.sides)

    @property
    def is_team_game(self) -> bool:
        """Whether the game is played in teams (3 or 4 players)."""
        return is_team_game(self.players)

    def seats_of(self, side: int) -> tuple[int, ...]:
        """The seats of one side's players (green: 0, and 2 in a team)."""
        return seats_of(side, self.players)

    def partner_of(self, seat: int) -> int:
        """The teammate of the player at `seat` (a player alone on a side: themself)."""
        return partner_of(seat, self.players)

    @property
    def opponent(self) -> SideView:
        """The other side."""
        return self.sides[1 - self.me.index]

    @property
    def my_turn(self) -> bool:
        """Whether this seat must decide now."""
        return self.seat is not None and self.to_act == self.seat


def public_view(view: PlayerView) -> PlayerView:
    """The spectators' view, made from any seat's view of the same moment: exactly
    `player_view(state, None)` (a client that holds only seats' views shows the table with it)."""
    return replace(
        view,
        seat=None,
        hand=(),
        discarded=(),
        face_down=None,
        legal=(),
        events=tuple(e.public() for e in view.events),
    )


def player_view(state: GameState, seat: int | None) -> PlayerView:
    """The view of `seat` (None: the spectators'): never another seat's hand, discards or the
    hidden offered card."""
    if seat is not None and not (
        0 <= seat < 4 and member_of_seat(seat) < len(state.sides[side_of(seat)].members)
    ):
        raise ValueError(f"there is no player at seat {seat}")
    member = state.member_of(seat) if seat is not None else None
    to_act = state.to_act
    pending = state.pending
    offer = state.offer
    active = state.active
    leader = state.leader
    down_seat = active if leader is None else seat_of(active, partner(state.sides[active], leader))
    face_up = offer[0] if offer else state.played_up
    return PlayerView(
        rules=state.rules,
        seat=seat,
        mode=state.mode,
        turn=state.turn,
        active=state.active,
        phase=state.phase,
        to_act=to_act,
        hand=member.hand if member else (),
        discarded=member.discarded if member else (),
        sides=tuple(
            SideView(
                index=i,
                home=s.home,
                position=s.position,
                progress=s.progress,
                in_play=s.in_play,
                ongoing=s.ongoing,
                hand_size=sum(len(m.hand) for m in s.members),
                discards_left=sum(m.discards_left for m in s.members),
                member_hand_sizes=tuple(len(m.hand) for m in s.members),
                member_discards_left=tuple(m.discards_left for m in s.members),
            )
            for i, s in enumerate(state.sides)
        ),
        deck_size=len(state.deck),
        supply=state.supply,
        market_deck_size=len(state.market_deck),
        market_discard=state.market_discard,
        face_up=face_up,
        face_down=offer[1] if offer and seat == down_seat else None,
        pending_card=pending.card if pending else None,
        pending_side=pending.side if pending else None,
        pending_agent=pending.agent if pending else None,
        legal=legal_actions(state) if to_act == seat else (),
        result=state.result,
        events=tuple(e.public() if seat is None else e.seen_by(seat) for e in state.events),
        leader=None if leader is None else seat_of(active, leader),
    )
