"""Starting a game: a seeded new game, or any position set up by hand (scenarios)."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

from agent_avenue.engine.errors import InvalidPosition
from agent_avenue.engine.events import Event, EventKind
from agent_avenue.engine.rules import (
    BOARD_SIZE,
    DUEL_DISCARDS,
    HAND_SIZE,
    HOMES,
    TEAM_DISCARDS,
    Rules,
)
from agent_avenue.engine.state import GameState, Member, Mode, Side, first_phase, make_state

SUPPLY_SIZE = 3


def shuffled(cards: tuple[str, ...], rng: random.Random) -> tuple[str, ...]:
    """A shuffle that uses only `random()`, whose sequence Python keeps stable across versions."""
    random = rng.random
    keys = [random() for _ in cards]
    order = sorted(range(len(cards)), key=keys.__getitem__)
    return tuple([cards[i] for i in order])


def team_sizes(players: int) -> tuple[int, int]:
    """How many members each side has: 2 players a duel, 3 green two and blue one, 4 two each."""
    sizes = {2: (1, 1), 3: (2, 1), 4: (2, 2)}
    if players not in sizes:
        raise InvalidPosition(f"a game has 2, 3 or 4 players, not {players}")
    return sizes[players]


def discard_allowance(team_size: int) -> int:
    """Discards each member may make in the game: 4 alone on a side, 2 in a team of two."""
    return DUEL_DISCARDS if team_size == 1 else TEAM_DISCARDS


def new_game(rules: Rules, mode: Mode | str, seed: int, first: int, players: int = 2) -> GameState:
    """A new game: shuffled decks from `seed`, 4 cards each, `first` (0 green, 1 blue) active.

    With 3 or 4 players the sides are teams (seats 0 and 2 green, 1 and 3 blue).
    """
    if first not in (0, 1):
        raise InvalidPosition(f"the first player must be 0 or 1, not {first}")
    mode = mode if isinstance(mode, Mode) else Mode(mode)
    rng = random.Random(seed)
    deck = shuffled(rules.full_deck(), rng)
    sides: tuple[Side, ...]
    if players == 2:
        sides = (
            Side(
                home=HOMES[0],
                progress=0,
                in_play=(),
                ongoing=(),
                members=(Member(hand=tuple(sorted(deck[0:4])), discards_left=DUEL_DISCARDS),),
            ),
            Side(
                home=HOMES[1],
                progress=0,
                in_play=(),
                ongoing=(),
                members=(Member(hand=tuple(sorted(deck[4:8])), discards_left=DUEL_DISCARDS),),
            ),
        )
        dealt = 2 * HAND_SIZE
    else:
        sides, dealt = _deal_teams(deck, team_sizes(players))
    supply: tuple[str, ...] = ()
    market_deck: tuple[str, ...] = ()
    if mode is Mode.ADVANCED:
        market = shuffled(rules.card_ids, rng)
        supply, market_deck = market[:SUPPLY_SIZE], market[SUPPLY_SIZE:]
    return make_state(
        rules=rules,
        mode=mode,
        turn=1,
        active=first,
        phase=first_phase(sides[first]),
        sides=sides,
        deck=deck[dealt:],
        offer=None,
        supply=supply,
        market_deck=market_deck,
        market_discard=(),
        queue=(),
        pending=None,
        picker=None,
        result=None,
        events=(Event(EventKind.TURN, first, None, None, 1),),
    )


def _deal_teams(deck: tuple[str, ...], sizes: tuple[int, int]) -> tuple[tuple[Side, ...], int]:
    """Deal 4 cards to every seat in seat order; returns the sides and the cards dealt."""
    hands: dict[int, tuple[str, ...]] = {}
    dealt = 0
    for seat in range(4):
        if seat // 2 < sizes[seat % 2]:
            hands[seat] = tuple(sorted(deck[dealt : dealt + HAND_SIZE]))
            dealt += HAND_SIZE
    sides = tuple(
        Side(
            home=HOMES[side],
            progress=0,
            in_play=(),
            ongoing=(),
            members=tuple(
                Member(hand=hands[side + 2 * m], discards_left=discard_allowance(sizes[side]))
                for m in range(sizes[side])
            ),
        )
        for side in (0, 1)
    )
    return sides, dealt


@dataclass(frozen=True, slots=True)
class SeatSetup:
    """One seat of a hand-made position."""

    hand: tuple[str, ...] = ()
    in_play: tuple[str, ...] = ()
    position: int | None = None
    discards_left: int | None = None  # None: the full allowance (4 alone, 2 in a team)
    black_market: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class PositionSetup:
    """A whole hand-made position: any cards listed nowhere are out of the game."""

    mode: Mode = Mode.SIMPLE
    active: int = 0
    deck: tuple[str, ...] = ()
    # Seats 0 and 1 are green's and blue's first players; 2 and 3 their partners in a team game.
    # Agents in play, the meeple and black market cards belong to the side: seats 0 and 1.
    seats: tuple[SeatSetup, ...] = field(default_factory=lambda: (SeatSetup(), SeatSetup()))
    supply: tuple[str, ...] = ()
    market_deck: tuple[str, ...] = ()
    turn: int = 1


def _agent_lists(setup: PositionSetup) -> list[tuple[str, tuple[str, ...]]]:
    """Every list of agent ids in a position, with its scenario key."""
    lists = [("deck", setup.deck)]
    for i, seat in enumerate(setup.seats):
        lists += [(f"seats[{i}].hand", seat.hand), (f"seats[{i}].in_play", seat.in_play)]
    return lists


def _card_lists(setup: PositionSetup) -> list[tuple[str, tuple[str, ...]]]:
    """Every list of black market card ids in a position, with its scenario key."""
    lists = [("market.supply", setup.supply), ("market.deck", setup.market_deck)]
    for i, seat in enumerate(setup.seats):
        lists.append((f"seats[{i}].black_market", seat.black_market))
    return lists


def _where(lists: list[tuple[str, tuple[str, ...]]], item: str) -> str:
    """The keys of the lists holding `item`, e.g. `deck and seats[0].hand`."""
    keys = [key for key, items in lists if item in items]
    return " and ".join(keys) if len(keys) <= 2 else ", ".join(keys[:-1]) + f" and {keys[-1]}"


def _check_ids(rules: Rules, setup: PositionSetup) -> None:
    """Every id names a real card, and no card is listed more often than it exists."""
    agents = _agent_lists(setup)
    cards = _card_lists(setup)
    for key, items in agents:
        for index, agent in enumerate(items):
            if agent not in rules.agent_by_id:
                known = ", ".join(rules.agent_ids)
                raise InvalidPosition(
                    f'{key}[{index}] should be an agent id ({known}), not "{agent}"'
                )
    for key, items in cards:
        for index, card in enumerate(items):
            if card not in rules.card_by_id:
                raise InvalidPosition(
                    f'{key}[{index}] should be a black market card id, not "{card}" '
                    f"(the ids are {', '.join(rules.card_ids)})"
                )
    agent_counts = Counter(agent for _, items in agents for agent in items)
    for agent in rules.agent_ids:
        copies = rules.agent_by_id[agent].copies
        if agent_counts[agent] > copies:
            raise InvalidPosition(
                f"{agent} is listed {agent_counts[agent]} times (in {_where(agents, agent)}) "
                f"but only {copies} {'copy exists' if copies == 1 else 'copies exist'}"
            )
    card_counts = Counter(card for _, items in cards for card in items)
    for card in rules.card_ids:
        if card_counts[card] > 1:
            raise InvalidPosition(
                f"{card} is listed {card_counts[card]} times (in {_where(cards, card)}) "
                "but each black market card exists once"
            )


def _check_position(rules: Rules, setup: PositionSetup) -> None:
    """Refuse a position that cannot occur, naming the scenario key that makes it so."""
    if setup.active not in (0, 1):
        raise InvalidPosition(f"active must be 0 or 1, not {setup.active}")
    _check_ids(rules, setup)
    for i, seat in enumerate(setup.seats):
        for index, card in enumerate(seat.black_market):
            if rules.card_by_id[card].kind != "ongoing":
                raise InvalidPosition(
                    f"seats[{i}].black_market[{index}] is {card}, an instant card, "
                    "but a player can only own ongoing cards"
                )
    if setup.mode is Mode.SIMPLE:
        for key, items in _card_lists(setup):
            if items:
                raise InvalidPosition(
                    f'{key} lists black market cards, which are only used with mode = "advanced"'
                )
    if len(setup.supply) > SUPPLY_SIZE:
        raise InvalidPosition(f"market.supply holds at most {SUPPLY_SIZE} cards")
    if not 2 <= len(setup.seats) <= 4:
        raise InvalidPosition(f"seats lists {len(setup.seats)} players; a game has 2, 3 or 4")
    sizes = team_sizes(len(setup.seats))
    for i, seat in enumerate(setup.seats):
        allowance = discard_allowance(sizes[i % 2])
        if seat.discards_left is not None and not 0 <= seat.discards_left <= allowance:
            raise InvalidPosition(f"seats[{i}].discards_left must be from 0 to {allowance}")
        if seat.position is not None and not 0 <= seat.position < BOARD_SIZE:
            raise InvalidPosition(f"seats[{i}].position must be a space from 0 to {BOARD_SIZE - 1}")
        if i >= 2 and (seat.in_play or seat.black_market or seat.position is not None):
            raise InvalidPosition(
                f"seats[{i}] is a partner: the side's agents, black market cards and position "
                f"go under seats[{i % 2}]"
            )
    spaces = _positions(setup)
    if spaces[0] == spaces[1]:
        blame = 1 if setup.seats[1].position is not None else 0
        raise InvalidPosition(
            f"seats[{blame}].position puts both meeples on space {spaces[0]}, "
            "but two meeples cannot share a space"
        )
    if sizes[setup.active] == 1:
        held = len(setup.seats[setup.active].hand)
        if held < 2:
            raise InvalidPosition(
                f"seats[{setup.active}].hand holds {held} card{'' if held == 1 else 's'}, "
                f"but seat {setup.active} is active and needs at least 2 to make an offer"
            )
    for index in (setup.active, setup.active + 2):
        if sizes[setup.active] == 2 and not setup.seats[index].hand:
            raise InvalidPosition(
                f"seats[{index}].hand is empty, but the active team needs a card from each player"
            )
    if setup.deck:
        _check_waiting_side(setup, sizes)
    if setup.turn < 1:
        raise InvalidPosition("turn must be 1 or more")


def _check_waiting_side(setup: PositionSetup, sizes: tuple[int, int]) -> None:
    """Refuse a waiting side that could never play while the deck still has cards.

    A hand is drawn back up only after its owner plays, and a discard draws one card for one,
    so a player alone with fewer than 2 cards, or a team member with none, could never make an
    offer: the game would stop with nobody able to act and the deck not yet empty. (With an
    empty deck the running-out rule ends the game at the End step instead.)
    """
    waiting = 1 - setup.active
    if sizes[waiting] == 1:
        held = len(setup.seats[waiting].hand)
        if held < 2:
            raise InvalidPosition(
                f"seats[{waiting}].hand holds {held} card{'' if held == 1 else 's'} while the "
                f"deck still has cards, but seat {waiting} needs at least 2 to play its next "
                "turn and draws only after playing"
            )
        return
    for index in (waiting, waiting + 2):
        if not setup.seats[index].hand:
            raise InvalidPosition(
                f"seats[{index}].hand is empty while the deck still has cards, but its team "
                "needs a card from each player to play its next turn and draws only after playing"
            )


def _positions(setup: PositionSetup) -> tuple[int, int]:
    first, second = setup.seats[0], setup.seats[1]
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
    sizes = team_sizes(len(setup.seats))
    sides = tuple(
        Side(
            home=HOMES[i],
            progress=progress,
            in_play=setup.seats[i].in_play,
            ongoing=setup.seats[i].black_market,
            members=tuple(
                Member(
                    hand=tuple(sorted(seat.hand)),
                    discards_left=discard_allowance(sizes[i])
                    if seat.discards_left is None
                    else seat.discards_left,
                )
                for seat in setup.seats[i::2]
            ),
        )
        for i, progress in enumerate((green_progress, blue_progress))
    )
    owned = {c for s in setup.seats for c in s.black_market}
    placed = set(setup.supply + setup.market_deck) | owned
    out = tuple(c for c in rules.card_ids if c not in placed) if setup.mode is Mode.ADVANCED else ()
    return make_state(
        rules=rules,
        mode=setup.mode,
        turn=setup.turn,
        active=setup.active,
        phase=first_phase(sides[setup.active]),
        sides=sides,
        deck=setup.deck,
        supply=setup.supply,
        market_deck=setup.market_deck,
        market_discard=out,
        events=(Event(EventKind.TURN, setup.active, count=setup.turn),),
    )
