"""Determinization: a whole game state consistent with one seat's view, its secrets sampled.

A computer opponent sees only its seat's `PlayerView`. To look ahead it samples the cards it
cannot see (the opponent's hand, the face-down card it is offered, the order of the agent deck
and of the black market deck) and plays on the sampled state. Everything the view shows is kept
exactly, so `player_view(determinize(view, rng), view.seat)` equals `view`.

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

from agent_avenue.engine.movement import modified_move
from agent_avenue.engine.preview import unseen_agents
from agent_avenue.engine.rules import DUEL_DISCARDS, MARKET_SPACES
from agent_avenue.engine.state import (
    CHOOSE,
    CONFIRM,
    PICK,
    RECRUIT,
    GameState,
    Member,
    Mode,
    Pending,
    Side,
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
    if view.phase not in (PICK, CHOOSE, CONFIRM) or view.to_act != view.active:
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
    return Side(view.home, view.progress, view.in_play, view.ongoing, (member,))


def determinize(view: PlayerView, rng: random.Random) -> GameState:
    """A full game state consistent with everything `view` shows, hidden cards drawn by `rng`.

    The unseen agent copies are dealt at random to the opponent's hand, the face-down offered
    card (when this seat is the recruiter) and the agent deck; any left over are the opponent's
    discards (or out of the game). The unseen black market cards are shuffled into the black
    market deck. Raises ValueError for a spectators' view, a team game (3 or 4 players) or a
    view that cannot be completed.
    """
    seat = view.seat
    if seat is None:
        raise ValueError("a spectators' view has no seat to determinize for")
    if any(len(side.member_hand_sizes) > 1 for side in view.sides):
        raise ValueError("only two-player games can be determinized, not team games")
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

    market = list(unseen_market_cards(view))
    rng.shuffle(market)
    market_deck = tuple(market[: view.market_deck_size])

    mine = Member(view.hand, me.discards_left, view.discarded)
    theirs = Member(their_hand, them.discards_left, their_discarded)
    sides = (_side(me, mine), _side(them, theirs))
    if seat == 1:
        sides = (sides[1], sides[0])

    pending: Pending | None = None
    if view.phase in (CHOOSE, CONFIRM):
        assert view.pending_card is not None and view.pending_side is not None
        pending = Pending(view.pending_card, view.pending_side, 0, view.pending_agent)
    return GameState(
        rules=rules,
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
    )
