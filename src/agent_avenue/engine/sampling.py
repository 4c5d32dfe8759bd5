"""Determinization: a whole game state consistent with one seat's view, its secrets sampled.

A computer opponent sees only its seat's `PlayerView`. To look ahead it samples the cards it
cannot see (the opponent's hand, the face-down card it is offered, the order of the agent deck
and of the black market deck) and plays on the sampled state. Everything the view shows is kept
exactly, so `player_view(determinize(view, rng), view.seat)` equals `view`.

In a team game (3 or 4 players) the seat cannot see its teammate's hand either: every other
member's hand is sampled, with the sizes the view shows.

Known imprecisions (a view is one moment, not the game's history):

* Cards the opponent took into hand in the open (Mind Control, Spycation's "keep", the second
  card of Double Trouble) are public knowledge, but a view does not remember them: they are
  sampled with the other unseen cards.
* A view does not say whether the other side still waits for a black market pickup later in
  the same turn (the state's `queue`). It is rebuilt from the board: while the active side
  resolves a pickup, the other side is queued if its meeple stands on a black market space and
  its last recruit moved it (so it stopped there this turn). Rare positions (its last agent taken
  by Mind Control, a 14-space move) can be read wrongly.
"""

from __future__ import annotations

import random

from agent_avenue.engine.market import choice_options
from agent_avenue.engine.movement import modified_move
from agent_avenue.engine.preview import unseen_agents
from agent_avenue.engine.rules import DUEL_DISCARDS, MARKET_SPACES
from agent_avenue.engine.seats import seat_of
from agent_avenue.engine.setup import discard_allowance
from agent_avenue.engine.state import (
    CHOOSE,
    CONFIRM,
    PICK,
    PLAY_DOWN,
    RECRUIT,
    GameState,
    Member,
    Mode,
    Pending,
    Side,
    make_state,
)
from agent_avenue.engine.view import PlayerView, SideView

__all__ = ["determinize", "unseen_market_cards"]


def unseen_market_cards(view: PlayerView) -> tuple[str, ...]:
    """Black market cards the seat has not seen: those still in the black market deck."""
    if view.mode is not Mode.ADVANCED:
        return ()
    seen = set(view.supply) | set(view.market_discard)
    for side in view.sides:
        seen.update(side.ongoing)
    return tuple(c for c in view.rules.card_ids if c not in seen)


def _queued_behind(view: PlayerView) -> tuple[int, ...]:
    """The state's pickup queue, rebuilt from the view (see the module docstring)."""
    if view.phase not in (PICK, CHOOSE, CONFIRM) or view.to_act is None:
        return ()
    if view.to_act % 2 != view.active:  # a seat's side (a team's partner sits at seat + 2)
        return ()
    other = view.sides[1 - view.active]
    if other.position not in MARKET_SPACES or not other.in_play:
        return ()
    agent = other.in_play[-1]
    count = other.in_play.count(agent)
    move = view.rules.moves[agent][count]
    if other.ongoing:
        move = modified_move(view.rules, other.ongoing, agent, move)
    return (other.index,) if move != 0 else ()


def _side(view: SideView, member: Member) -> Side:
    return Side(
        home=view.home,
        progress=view.progress,
        in_play=view.in_play,
        ongoing=view.ongoing,
        members=(member,),
    )


def determinize(view: PlayerView, rng: random.Random) -> GameState:
    """A full game state consistent with everything `view` shows, hidden cards drawn by `rng`.

    The unseen agent copies are dealt at random to the other players' hands (a teammate's
    included), the face-down offered card (when this seat did not play it) and the agent deck;
    any left over are the other players' discards (or out of the game). The unseen black market
    cards are shuffled into the black market deck. Raises ValueError for a spectators' view or a
    view that cannot be completed.
    """
    seat = view.seat
    if seat is None:
        raise ValueError("a spectators' view has no seat to determinize for")
    if any(len(side.member_hand_sizes) > 1 for side in view.sides):
        return _determinize_team(view, seat, rng)
    rules = view.rules
    me = view.sides[seat]
    them = view.sides[1 - seat]
    unseen = unseen_agents(view)
    pool = [agent for agent in rules.agent_ids for _ in range(unseen.get(agent, 0))]
    rng.shuffle(pool)
    hidden_down = view.phase is RECRUIT and view.face_down is None
    need = them.hand_size + int(hidden_down) + view.deck_size
    if len(pool) < need:
        raise ValueError(f"the view hides {need} agents but only {len(pool)} are unseen")
    their_hand = tuple(sorted(pool[: them.hand_size]))
    rest = pool[them.hand_size :]
    offer: tuple[str, str] | None = None
    if view.phase is RECRUIT:
        assert view.face_up is not None
        if hidden_down:
            offer = (view.face_up, rest[0])
            rest = rest[1:]
        else:
            assert view.face_down is not None
            offer = (view.face_up, view.face_down)
    deck = tuple(rest[: view.deck_size])
    their_discarded = tuple(rest[view.deck_size :][: DUEL_DISCARDS - them.discards_left])

    market_deck = _market_deck(view, rng)

    mine = Member(hand=view.hand, discards_left=me.discards_left, discarded=view.discarded)
    theirs = Member(hand=their_hand, discards_left=them.discards_left, discarded=their_discarded)
    sides = (_side(me, mine), _side(them, theirs))
    if seat == 1:
        sides = (sides[1], sides[0])

    pending: Pending | None = None
    if view.phase in (CHOOSE, CONFIRM):
        assert view.pending_card is not None and view.pending_side is not None
        pending = Pending(view.pending_card, view.pending_side, 0, view.pending_agent)
    return _dealt_state(view, sides, deck, offer, market_deck, pending)


def _determinize_team(view: PlayerView, seat: int, rng: random.Random) -> GameState:
    """determinize for a team game: every member but `seat` gets a sampled hand."""
    rules = view.rules
    unseen = unseen_agents(view)
    pool = [agent for agent in rules.agent_ids for _ in range(unseen.get(agent, 0))]
    # Spycation's returned agent went into the taker's hand in the open.
    known: dict[tuple[int, int], list[str]] = {}
    taker = view.to_act if view.phase in (CHOOSE, CONFIRM) else None
    if view.phase is CONFIRM and taker != seat and view.pending_agent in pool:
        assert taker is not None and view.pending_agent is not None
        pool.remove(view.pending_agent)
        known[(taker % 2, taker // 2)] = [view.pending_agent]
    state = _deal_team(view, seat, pool, known, rng)
    if taker is not None and taker != seat and view.phase is CHOOSE:
        # The taker is being asked, so its hand has a choice: deal again until it has one.
        for _ in range(_REDEALS):
            assert state.pending is not None
            if choice_options(state, state.pending):
                break
            state = _deal_team(view, seat, pool, known, rng)
    return state


_REDEALS = 50


def _deal_team(
    view: PlayerView,
    seat: int,
    pool: list[str],
    known: dict[tuple[int, int], list[str]],
    rng: random.Random,
) -> GameState:
    """One team determinization: `pool` shuffled and dealt, `known` cards added to hands."""
    pool = list(pool)
    rng.shuffle(pool)
    hands, offer, deck, left_over = _deal_hidden(view, seat, pool, known)
    sides = _team_sides(view, seat, hands, left_over)
    market_deck = _market_deck(view, rng)
    return _dealt_state(view, sides, deck, offer, market_deck, _pending_of(view))


Hands = dict[tuple[int, int], tuple[str, ...]]


def _deal_hidden(
    view: PlayerView, seat: int, pool: list[str], known: dict[tuple[int, int], list[str]]
) -> tuple[Hands, tuple[str, str] | None, tuple[str, ...], list[str]]:
    """Deal the shuffled `pool`: the other members' hands (with their `known` cards), the
    hidden face-down card, the deck; and what is left over (for the discards)."""
    others = [
        (side.index, m)
        for side in view.sides
        for m in range(len(side.member_hand_sizes))
        if seat_of(side.index, m) != seat
    ]
    hidden_down = view.phase is RECRUIT and view.face_down is None
    need = (
        sum(view.sides[s].member_hand_sizes[m] for s, m in others)
        - sum(len(cards) for cards in known.values())
        + int(hidden_down)
        + view.deck_size
    )
    if len(pool) < need:
        raise ValueError(f"the view hides {need} agents but only {len(pool)} are unseen")
    hands: Hands = {}
    at = 0
    for s, m in others:
        sure = known.get((s, m), [])
        size = view.sides[s].member_hand_sizes[m] - len(sure)
        hands[(s, m)] = tuple(sorted(pool[at : at + size] + sure))
        at += size
    offer: tuple[str, str] | None = None
    if view.phase is RECRUIT:
        assert view.face_up is not None
        if hidden_down:
            offer = (view.face_up, pool[at])
            at += 1
        else:
            assert view.face_down is not None
            offer = (view.face_up, view.face_down)
    deck = tuple(pool[at : at + view.deck_size])
    return hands, offer, deck, pool[at + view.deck_size :]


def _team_sides(
    view: PlayerView, seat: int, hands: Hands, left_over: list[str]
) -> tuple[Side, ...]:
    """Both sides of a dealt team game: the seat's own member as it knows it, the others with
    their dealt hands and as many discards as they made, from the cards left over."""
    sides: list[Side] = []
    for side in view.sides:
        size = len(side.member_hand_sizes)
        members: list[Member] = []
        for m in range(size):
            left = side.member_discards_left[m]
            if seat_of(side.index, m) == seat:
                members.append(Member(hand=view.hand, discards_left=left, discarded=view.discarded))
                continue
            used = max(discard_allowance(size) - left, 0)
            discarded = tuple(left_over[:used])
            left_over = left_over[used:]
            members.append(
                Member(hand=hands[(side.index, m)], discards_left=left, discarded=discarded)
            )
        sides.append(
            Side(
                home=side.home,
                progress=side.progress,
                in_play=side.in_play,
                ongoing=side.ongoing,
                members=tuple(members),
            )
        )
    return tuple(sides)


def _pending_of(view: PlayerView) -> Pending | None:
    """The instant card waiting for a choice, as the view shows it."""
    if view.phase not in (CHOOSE, CONFIRM):
        return None
    assert view.pending_card is not None and view.pending_side is not None
    assert view.to_act is not None
    return Pending(view.pending_card, view.pending_side, view.to_act // 2, view.pending_agent)


def _market_deck(view: PlayerView, rng: random.Random) -> tuple[str, ...]:
    """The black market deck in a random order, from the cards the view has not seen."""
    market = list(unseen_market_cards(view))
    rng.shuffle(market)
    return tuple(market[: view.market_deck_size])


def _dealt_state(
    view: PlayerView,
    sides: tuple[Side, ...],
    deck: tuple[str, ...],
    offer: tuple[str, str] | None,
    market_deck: tuple[str, ...],
    pending: Pending | None,
) -> GameState:
    """The game state of a deal: the dealt hidden cards, everything else as the view shows it."""
    return make_state(
        rules=view.rules,
        mode=view.mode,
        turn=view.turn,
        active=view.active,
        phase=view.phase,
        sides=sides,
        deck=deck,
        offer=offer,
        supply=view.supply,
        market_deck=market_deck,
        market_discard=view.market_discard,
        queue=_queued_behind(view),
        pending=pending,
        picker=view.to_act if view.phase is PICK else None,
        result=view.result,
        events=view.events,
        leader=None if view.leader is None else view.leader // 2,
        played_up=view.face_up if view.phase is PLAY_DOWN else None,
    )
