"""Properties of random legal team games (3 and 4 players, both modes): every state has a legal
move until the end, every card is accounted for, no view leaks a teammate's or an opponent's
secrets, every legal move survives the notation round trip, replays reproduce the game, and games
end.

Moves are chosen uniformly among the legal actions by a `random.Random` seeded from the game's
seed. The secret owner of each event is worked out here from the move that produced it (the
player who discarded, the partner who played face down, the face-up player who drew first, the
player who took a black market card), not from the engine's own bookkeeping.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass

import pytest

from agent_avenue.data import default_rules
from agent_avenue.engine import (
    NO,
    RECRUIT_DOWN,
    RECRUIT_UP,
    YES,
    Action,
    Answer,
    Choose,
    Discard,
    Event,
    EventKind,
    GameState,
    Mode,
    Offer,
    Phase,
    Take,
    apply,
    format_action,
    legal_actions,
    new_game,
    parse_action,
    player_view,
)
from agent_avenue.engine.actions import Lead, PlayDown, PlayUp
from agent_avenue.engine.sampling import determinize

RULES = default_rules()
AGENT_IDS = RULES.agent_ids
AGENT_COPIES = Counter({a.id: a.copies for a in RULES.agents})
MARKET_CARDS = Counter(RULES.card_ids)
SECRET_KINDS = frozenset({EventKind.DISCARD, EventKind.DRAW, EventKind.OFFER})
MAX_STEPS = 300
GAMES = 200  # per player count and mode
# The view checks build a view per seat: every other step is plenty, and the twin-state check
# (another view per seat) every few steps; both always on the final state.
VIEW_EVERY = 2
TWIN_EVERY = 6

CONFIGS = [(players, mode) for players in (3, 4) for mode in Mode]


def seats_of(players: int) -> tuple[int, ...]:
    """The seats at the table: 0-2 with 3 players, 0-3 with 4."""
    return tuple(range(players))


def member(state: GameState, seat: int) -> tuple[tuple[str, ...], int, tuple[str, ...]]:
    """A seat's hand, discards left and discarded cards."""
    m = state.sides[seat % 2].members[seat // 2]
    return m.hand, m.discards_left, m.discarded


def allowance(state: GameState, seat: int) -> int:
    """Discards a seat may make in the game: 2 in a team of two, 4 alone on a side."""
    return 2 if len(state.sides[seat % 2].members) == 2 else 4


def partner_seat(seat: int, players: int) -> int:
    """The teammate of a seat (a solo player's own seat)."""
    other = (seat + 2) % 4
    return other if other < players else seat


# The game's own story, told from the moves -----------------------------------------------------


@dataclass(frozen=True)
class Story:
    """What the moves so far say about who plays and who owns each secret."""

    players: int
    leader: int | None = None  # the seat that leads this turn (team turns)
    taker: int | None = None  # the seat that took the black market card being resolved
    owners: tuple[int | None, ...] = ()  # per event of the last step: whose secret it is


def next_story(story: Story, before: GameState, action: Action, after: GameState) -> Story:
    """The story after a move: the leader, the taker and the secret owner of each new event."""
    actor = before.to_act
    assert actor is not None
    leader = story.leader
    taker = story.taker
    if isinstance(action, Lead):
        leader = action.seat
    if isinstance(action, Take):
        taker = action.seat if action.seat is not None else actor
    if isinstance(action, PlayDown):
        assert leader is not None
        drawer = leader  # after both cards, the face-up player draws (first)
    elif isinstance(action, (Take, Choose, Answer)):
        drawer = taker  # an ability's draw goes to the player who took the card
    else:
        drawer = None
    owners: list[int | None] = []
    for event in after.events:
        if event.kind in (EventKind.DISCARD, EventKind.OFFER):
            owners.append(actor)
        elif event.kind is EventKind.DRAW:
            assert drawer is not None, f"unexpected draw after {action}"
            owners.append(drawer)
        else:
            owners.append(None)
    if after.phase not in (Phase.PLAY_UP, Phase.PLAY_DOWN, Phase.RECRUIT):
        leader = None  # the face-up player is known until the recruit
    return Story(story.players, leader, taker, tuple(owners))


def random_game(
    seed: int, mode: Mode, players: int, first: int
) -> Iterator[tuple[GameState, Action, GameState, Story]]:
    """One game of uniformly random legal moves: (before, action, after, story) per step."""
    rng = random.Random(f"team-{players}-{mode}-{seed}")
    state = new_game(RULES, mode, seed, first, players=players)
    story = Story(players, owners=(None,))
    for _ in range(MAX_STEPS):
        if state.is_over:
            return
        action = rng.choice(legal_actions(state))
        after = apply(state, action)
        story = next_story(story, state, action, after)
        yield state, action, after, story
        state = after
    raise AssertionError(f"game {seed} ({players} players, {mode}) still running")


# Invariants ------------------------------------------------------------------------------------


def agents_everywhere(state: GameState) -> Counter[str]:
    """Every agent card: deck, hands, discards, in play, on the table."""
    cards: Counter[str] = Counter(state.deck)
    for side in state.sides:
        cards.update(side.in_play)
        for m in side.members:
            cards.update(m.hand)
            cards.update(m.discarded)
    if state.offer is not None:
        cards.update(state.offer)
    if state.played_up is not None:
        cards[state.played_up] += 1
    return cards


def market_everywhere(state: GameState) -> Counter[str]:
    """Every black market card: supply, deck, discard pile and both sides' ongoing cards."""
    cards = Counter(state.supply + state.market_deck + state.market_discard)
    for side in state.sides:
        cards.update(side.ongoing)
    return cards


def expected_to_act(state: GameState, story: Story) -> int | None:
    """Who must decide now, from RULES.md section 6 and the moves so far."""
    phase = state.phase
    if phase is Phase.OVER:
        return None
    if phase in (Phase.OFFER, Phase.LEAD):
        return state.active
    if phase is Phase.PLAY_UP:
        return story.leader
    if phase is Phase.PLAY_DOWN:
        assert story.leader is not None
        return partner_seat(story.leader, story.players)
    if phase is Phase.RECRUIT:
        return 1 - state.active
    if phase is Phase.PICK:
        return state.picker
    return story.taker


def discards_for(state: GameState, seat: int) -> set[Action]:
    """One discard per name in the seat's hand, with allowance left and cards in the deck."""
    hand, left, _ = member(state, seat)
    return {Discard(a) for a in hand} if left > 0 and state.deck else set()


def expected_legal(state: GameState, to_act: int | None) -> set[Action]:
    """The legal actions recomputed from RULES.md 4 to 6."""
    phase = state.phase
    if phase is Phase.OVER:
        return set()
    assert to_act is not None
    if phase is Phase.RECRUIT:
        return {RECRUIT_UP, RECRUIT_DOWN}
    if phase is Phase.CONFIRM:
        return {YES, NO}
    if phase is Phase.LEAD:
        return {Lead(state.active), Lead(state.active + 2)}
    hand = member(state, to_act)[0]
    names = set(hand)
    if phase is Phase.OFFER:
        if len(names) == 1 and len(hand) >= 2:
            offers = {Offer(a, a) for a in names}
        else:
            offers = {Offer(u, d) for u in names for d in names if u != d}
        return offers | discards_for(state, to_act)
    if phase is Phase.PLAY_UP:
        return {PlayUp(a) for a in names} | discards_for(state, to_act)
    if phase is Phase.PLAY_DOWN:
        up = state.played_up
        assert up is not None
        downs = {PlayDown(up)} if names == {up} else {PlayDown(a) for a in names - {up}}
        return downs | discards_for(state, to_act)
    if phase is Phase.PICK:
        picker = state.picker
        assert picker is not None
        if len(state.sides[picker].members) == 1:
            return {Take(c) for c in state.supply}
        return {Take(c, s) for c in state.supply for s in (picker, picker + 2)}
    assert phase is Phase.CHOOSE and state.pending is not None
    owner = state.sides[to_act % 2]
    theirs = state.sides[1 - to_act % 2].in_play
    options = {
        "mind_control": set(theirs),
        "secret_recruit": names - set(owner.in_play),
        "double_trouble": {a for a in names if hand.count(a) >= 2},
        "spycation": set(owner.in_play),
    }[state.pending.card]
    return {Choose(a) for a in options}


def check_state(state: GameState, story: Story) -> tuple[Action, ...]:
    """The invariants of every team-game state; returns the legal actions."""
    players = story.players
    legal = legal_actions(state)
    to_act = expected_to_act(state, story)
    assert state.to_act == to_act, (state.phase, state.to_act, to_act)
    if state.is_over:
        assert state.result is not None and state.result.winner in (0, 1)
        assert state.result.reasons
        assert legal == ()
    else:
        assert state.result is None
        assert legal, f"no legal action in phase {state.phase}"
        assert to_act in seats_of(players)
        assert len(set(legal)) == len(legal)
        assert set(legal) == expected_legal(state, to_act)
    assert (state.offer is not None) == (state.phase is Phase.RECRUIT)
    assert (state.played_up is not None) == (state.phase is Phase.PLAY_DOWN)
    assert agents_everywhere(state) == AGENT_COPIES
    if state.mode is Mode.ADVANCED:
        assert market_everywhere(state) == MARKET_CARDS
        assert len(state.supply) == 3 or not state.market_deck
    else:
        assert not market_everywhere(state)
    assert [len(s.members) for s in state.sides] == ([2, 1] if players == 3 else [2, 2])
    for seat in seats_of(players):
        hand, left, discarded = member(state, seat)
        assert left >= 0 and left + len(discarded) == allowance(state, seat)
        assert list(hand) == sorted(hand)
        # Hands are topped up to 4 whenever the deck allows; the face-up player waits for the
        # partner's card before drawing.
        waiting = state.phase is Phase.PLAY_DOWN and seat == story.leader
        assert len(hand) >= (3 if waiting else 4) or not state.deck
    return legal


def down_seat(state: GameState, story: Story) -> int:
    """The seat that played the face-down card this turn."""
    if story.leader is None:
        return state.active
    return partner_seat(story.leader, story.players)


def as_seen_by(event: Event, owner: int | None, seat: int | None) -> Event:
    """An event as `seat` may know it: another player's secret cards blanked."""
    if event.kind not in SECRET_KINDS or (seat is not None and owner == seat):
        return event
    agent = None if event.kind is EventKind.DISCARD else event.agent
    return event._replace(agent=agent, card=None, agents=())


def check_views(state: GameState, story: Story, legal: tuple[Action, ...]) -> None:
    """Each seat's view holds its own secrets and the public state, nothing else."""
    for seat in (*seats_of(story.players), None):
        view = player_view(state, seat)
        if seat is None:
            assert (view.hand, view.discarded) == ((), ())
        else:
            hand, _, discarded = member(state, seat)
            assert view.hand == hand
            assert view.discarded == discarded
        sees_down = seat is not None and seat == down_seat(state, story)
        assert view.face_down == (state.offer[1] if state.offer and sees_down else None)
        assert view.face_up == (state.offer[0] if state.offer else state.played_up)
        assert view.leader == story.leader
        assert view.to_act == state.to_act
        assert view.legal == (legal if seat is not None and state.to_act == seat else ())
        assert len(story.owners) == len(state.events)
        expected = tuple(
            as_seen_by(e, owner, seat) for e, owner in zip(state.events, story.owners, strict=True)
        )
        assert view.events == expected
        for i, side_view in enumerate(view.sides):
            side = state.sides[i]
            assert side_view.in_play == side.in_play
            assert side_view.ongoing == side.ongoing
            assert side_view.position == side.position
            assert side_view.member_hand_sizes == tuple(len(m.hand) for m in side.members)
        assert view.deck_size == len(state.deck)
        assert view.result == state.result


def _other(agent: str) -> str:
    """Another agent id (the next one in table order)."""
    return AGENT_IDS[(AGENT_IDS.index(agent) + 1) % len(AGENT_IDS)]


def twin(state: GameState, story: Story, seat: int | None) -> GameState:
    """The same state with every secret that `seat` may not know made up differently."""
    sides = list(state.sides)
    for other in seats_of(story.players):
        if other == seat:
            continue
        side = sides[other % 2]
        members = list(side.members)
        m = members[other // 2]
        members[other // 2] = m._replace(
            hand=tuple(sorted(_other(a) for a in m.hand)),
            discarded=tuple(_other(a) for a in reversed(m.discarded)),
        )
        sides[other % 2] = side._replace(members=tuple(members))
    events = tuple(
        e._replace(
            agent=_other(e.agent) if e.kind is EventKind.DISCARD and e.agent else e.agent,
            card=_other(e.card) if e.card else None,
            agents=tuple(_other(a) for a in e.agents),
        )
        if e.kind in SECRET_KINDS and (seat is None or owner != seat)
        else e
        for e, owner in zip(state.events, story.owners, strict=True)
    )
    offer = state.offer
    if offer is not None and (seat is None or seat != down_seat(state, story)):
        offer = (offer[0], _other(offer[1]))
    return state._replace(
        sides=tuple(sides),
        deck=tuple(_other(a) for a in reversed(state.deck)),
        market_deck=tuple(reversed(state.market_deck)),
        events=events,
        offer=offer,
    )


def check_twins(state: GameState, story: Story) -> None:
    """Changing what a seat may not know never changes that seat's view."""
    for seat in (*seats_of(story.players), None):
        other = twin(state, story, seat)
        assert player_view(other, seat) == player_view(state, seat), (seat, state.phase)


def check_notation(legal: tuple[Action, ...]) -> None:
    """Every legal action prints as notation that parses back to it."""
    for action in legal:
        text = format_action(action)
        assert parse_action(text, RULES) == action, text


# Tests -----------------------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize(("players", "mode"), CONFIGS)
def test_random_team_games_keep_the_invariants(players: int, mode: Mode) -> None:
    """Hundreds of random games: legal moves until the end, cards, views, notation, replay."""
    seen: Counter[str] = Counter()
    reasons: Counter[str] = Counter()
    for seed in range(GAMES):
        first = seed % 2
        start = new_game(RULES, mode, seed, first, players=players)
        story = Story(players, owners=(None,))
        check_views(start, story, check_state(start, story))
        actions: list[Action] = []
        last = start
        for step, (before, action, after, story) in enumerate(
            random_game(seed, mode, players, first)
        ):
            legal = check_state(after, story)
            check_notation(legal)
            if step % VIEW_EVERY == seed % VIEW_EVERY or after.is_over:
                check_views(after, story, legal)
            if step % TWIN_EVERY == seed % TWIN_EVERY or after.is_over:
                check_twins(after, story)
            seen[_label(before, action)] += 1
            actions.append(action)
            last = after
        assert last.is_over
        assert last.result is not None
        reasons.update(last.result.reasons)
        replayed = new_game(RULES, mode, seed, first, players=players)
        for action in actions:
            # Through the notation, as the referee would, in another case and spacing.
            text = f"  {format_action(action).upper()} "
            replayed = apply(replayed, parse_action(text, RULES))
        assert replayed == last
    # The random players really exercised the team rules.
    for label in ("lead 0", "lead 2", "up", "down", "discard@0", "discard@2", "recruit"):
        assert seen[label], label
    if players == 4:
        assert seen["lead 1"] and seen["lead 3"] and seen["discard@3"]
    else:
        assert seen["offer"] and not seen["lead 1"]
    if mode is Mode.ADVANCED:
        assert seen["take@0"] and seen["take@2"] and seen["choose@2"]
        assert seen["take@1"] and (players == 3 or seen["take@3"])
    else:
        assert not any(label.startswith(("take", "choose")) for label in seen)
    assert reasons["catch"] and reasons["codebreakers"] and reasons["daredevils"]


def _label(before: GameState, action: Action) -> str:
    """A short name for a move, with the seat that made it where that matters."""
    if isinstance(action, Lead):
        return f"lead {action.seat}"
    if isinstance(action, Take):
        return f"take@{action.seat if action.seat is not None else before.to_act}"
    if isinstance(action, (Discard, Choose)):
        return f"{format_action(action).split()[0]}@{before.to_act}"
    return format_action(action).split()[0]


@pytest.mark.parametrize(("players", "mode"), CONFIGS)
def test_apply_is_pure_and_games_differ(players: int, mode: Mode) -> None:
    """apply is a function of its input: the same move on the same state gives the same state;
    the seed drives both the deal and the moves, so different seeds give different games."""
    endings = set()
    for seed in range(15):
        final = None
        for before, action, after, _ in random_game(seed, mode, players, 0):
            assert apply(before, action) == after
            final = after
        assert final is not None
        endings.add((final.result, final.sides, final.turn))
    assert len(endings) == 15


@pytest.mark.parametrize(("players", "mode"), CONFIGS)
def test_determinize_reproduces_a_team_view(players: int, mode: Mode) -> None:
    """determinize(view) is a state whose view for the same seat is the view itself, with every
    card accounted for, and the game can go on from it."""
    rng = random.Random(players)
    checked = 0
    queues_right = 0
    for seed in range(5):
        for _, _, after, story in random_game(seed, mode, players, seed % 2):
            if after.is_over:
                continue
            for seat in seats_of(story.players):
                view = player_view(after, seat)
                sampled = determinize(view, rng)
                assert player_view(sampled, seat) == view
                assert agents_everywhere(sampled) == AGENT_COPIES
                if mode is Mode.ADVANCED:
                    assert market_everywhere(sampled) == MARKET_CARDS
                assert [len(s.members) for s in sampled.sides] == [
                    len(s.members) for s in after.sides
                ]
                # What the seat cannot see is dealt again, but the game goes on legally.
                for other in seats_of(story.players):
                    if other != seat:
                        hand = sampled.member_of(other).hand
                        assert len(hand) == len(after.member_of(other).hand)
                legal = legal_actions(sampled)
                assert legal
                apply(sampled, rng.choice(legal))
                checked += 1
                queues_right += sampled.queue == after.queue
    assert checked > 300
    # The pickup queue is rebuilt from the board (documented imprecision): nearly always right.
    assert queues_right >= 0.98 * checked
