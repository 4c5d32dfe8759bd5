"""Starting a game: a seeded new game, or any position set up by hand (scenarios)."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

from agent_avenue.engine.errors import InvalidPosition
from agent_avenue.engine.events import Event, EventKind
from agent_avenue.engine.rules import BOARD_SIZE, DUEL_DISCARDS, HAND_SIZE, HOMES, Rules
from agent_avenue.engine.state import GameState, Member, Mode, Phase, Side

SUPPLY_SIZE = 3


def shuffled(cards: tuple[str, ...], rng: random.Random) -> tuple[str, ...]:
    """A shuffle that uses only `random()`, whose sequence Python keeps stable across versions."""
    random = rng.random
    keys = [random() for _ in cards]
    order = sorted(range(len(cards)), key=keys.__getitem__)
    return tuple([cards[i] for i in order])


def new_game(rules: Rules, mode: Mode | str, seed: int, first: int) -> GameState:
    """A new duel: shuffled decks from `seed`, 4 cards each, `first` (0 green, 1 blue) active."""
    if first not in (0, 1):
        raise InvalidPosition(f"the first player must be 0 or 1, not {first}")
    mode = mode if isinstance(mode, Mode) else Mode(mode)
    rng = random.Random(seed)
    deck = shuffled(rules.full_deck(), rng)
    sides = (
        Side(HOMES[0], 0, (), (), (Member(tuple(sorted(deck[0:4])), DUEL_DISCARDS),)),
        Side(HOMES[1], 0, (), (), (Member(tuple(sorted(deck[4:8])), DUEL_DISCARDS),)),
    )
    supply: tuple[str, ...] = ()
    market_deck: tuple[str, ...] = ()
    if mode is Mode.ADVANCED:
        market = shuffled(rules.card_ids, rng)
        supply, market_deck = market[:SUPPLY_SIZE], market[SUPPLY_SIZE:]
    return GameState(
        rules,
        mode,
        1,
        first,
        Phase.OFFER,
        sides,
        deck[2 * HAND_SIZE :],
        None,
        supply,
        market_deck,
        (),
        (),
        None,
        None,
        None,
        (Event(EventKind.TURN, first, None, None, 1),),
    )


@dataclass(frozen=True, slots=True)
class SeatSetup:
    """One seat of a hand-made position."""

    hand: tuple[str, ...] = ()
    in_play: tuple[str, ...] = ()
    position: int | None = None
    discards_left: int = DUEL_DISCARDS
    black_market: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class PositionSetup:
    """A whole hand-made position: any cards listed nowhere are out of the game."""

    mode: Mode = Mode.SIMPLE
    active: int = 0
    deck: tuple[str, ...] = ()
    seats: tuple[SeatSetup, SeatSetup] = field(default_factory=lambda: (SeatSetup(), SeatSetup()))
    supply: tuple[str, ...] = ()
    market_deck: tuple[str, ...] = ()
    turn: int = 1


def _check_position(rules: Rules, setup: PositionSetup) -> None:
    if setup.active not in (0, 1):
        raise InvalidPosition(f"active must be 0 or 1, not {setup.active}")
    agents: Counter[str] = Counter(setup.deck)
    cards: Counter[str] = Counter(setup.supply + setup.market_deck)
    for seat in setup.seats:
        agents.update(seat.hand + seat.in_play)
        cards.update(seat.black_market)
    for agent, count in sorted(agents.items()):
        spec = rules.agent_by_id.get(agent)
        if spec is None:
            raise InvalidPosition(f"{agent!r} is not an agent id")
        if count > spec.copies:
            raise InvalidPosition(
                f"{count} copies of {agent} are listed but only {spec.copies} exist"
            )
    for card, count in sorted(cards.items()):
        market = rules.card_by_id.get(card)
        if market is None:
            raise InvalidPosition(f"{card!r} is not a black market card id")
        if count > 1:
            raise InvalidPosition(f"black market card {card} is listed in {count} places")
        if market.kind != "ongoing" and any(card in s.black_market for s in setup.seats):
            raise InvalidPosition(f"{card} is an instant card and cannot be owned")
    if setup.mode is Mode.SIMPLE and cards:
        raise InvalidPosition("black market cards are only used in advanced mode")
    if len(setup.supply) > SUPPLY_SIZE:
        raise InvalidPosition(f"the supply holds at most {SUPPLY_SIZE} cards")
    for i, seat in enumerate(setup.seats):
        if not 0 <= seat.discards_left <= DUEL_DISCARDS:
            raise InvalidPosition(f"seat {i}: discards_left must be 0 to {DUEL_DISCARDS}")
        if seat.position is not None and not 0 <= seat.position < BOARD_SIZE:
            raise InvalidPosition(f"seat {i}: position must be a space from 0 to {BOARD_SIZE - 1}")
    if _positions(setup)[0] == _positions(setup)[1]:
        raise InvalidPosition("both meeples cannot stand on the same space")
    if setup.turn < 1:
        raise InvalidPosition("turn must be 1 or more")


def _positions(setup: PositionSetup) -> tuple[int, int]:
    first, second = setup.seats
    return (
        HOMES[0] if first.position is None else first.position,
        HOMES[1] if second.position is None else second.position,
    )


def from_position(rules: Rules, setup: PositionSetup) -> GameState:
    """A game at a hand-made position, with the active player about to offer."""
    _check_position(rules, setup)
    green, blue = _positions(setup)
    # Unwrapped progress: the lead is what decides a catch, so put the meeples within 7 of each
    # other the way the board shows them (green's clockwise distance to blue is 7 - lead).
    green_progress = (green - HOMES[0]) % BOARD_SIZE
    blue_progress = green_progress + (blue - green) % BOARD_SIZE - (HOMES[1] - HOMES[0])
    sides = tuple(
        Side(
            HOMES[i],
            progress,
            seat.in_play,
            seat.black_market,
            (Member(tuple(sorted(seat.hand)), seat.discards_left),),
        )
        for i, (seat, progress) in enumerate(
            zip(setup.seats, (green_progress, blue_progress), strict=True)
        )
    )
    owned = {c for s in setup.seats for c in s.black_market}
    placed = set(setup.supply + setup.market_deck) | owned
    out = tuple(c for c in rules.card_ids if c not in placed) if setup.mode is Mode.ADVANCED else ()
    return GameState(
        rules=rules,
        mode=setup.mode,
        turn=setup.turn,
        active=setup.active,
        phase=Phase.OFFER,
        sides=sides,
        deck=setup.deck,
        supply=setup.supply,
        market_deck=setup.market_deck,
        market_discard=out,
        events=(Event(EventKind.TURN, setup.active, count=setup.turn),),
    )
