"""Fairness: a bot sees only its seat's view, so what it cannot see never changes its choice.

Behaviour: for a fixed seed, a bot chooses the same action in two games that differ only in the
opponent's hand, the order of the deck and (when it recruits) the face-down card; in a team game
also in its own partner's hand. Structure: the
bots' `choose` takes a view and a random generator, and no bot module imports anything that
could reach the true game (the session, the app, the engine's constructors and reducer).
"""

from __future__ import annotations

import ast
import inspect
import random
from collections.abc import Iterator
from pathlib import Path

import pytest

import agent_avenue.engine as engine
import agent_avenue.engine.sampling as engine_sampling
from agent_avenue.bots import make_bot
from agent_avenue.bots.greedy import GreedyBot
from agent_avenue.bots.ismcts import SearchBot
from agent_avenue.bots.random_bot import RandomBot
from agent_avenue.data import default_rules
from agent_avenue.engine import (
    GameState,
    Mode,
    Phase,
    PlayerView,
    apply,
    legal_actions,
    new_game,
    player_view,
)

RULES = default_rules()
BOTS_DIR = Path(__file__).resolve().parents[1] / "src" / "agent_avenue" / "bots"
BOT_SPECS = ("random", "greedy", "bot:easy", "search:15it")


def _swap_hidden(state: GameState, seat: int, rng: random.Random) -> GameState | None:
    """The same game with the cards `seat` cannot see exchanged and the deck reordered.

    One card of the opponent's hand trades places with a deck card of another name; when `seat`
    is recruiting, the face-down card trades places with another deck card. None if no such
    exchange is possible.
    """
    other = 1 - seat
    deck = list(state.deck)
    member = state.sides[other].members[0]
    hand = list(member.hand)
    changed = False
    for i, card in enumerate(hand):
        j = next((k for k, d in enumerate(deck) if d != card), None)
        if j is not None:
            hand[i], deck[j] = deck[j], card
            changed = True
            break
    offer = state.offer
    if offer is not None and state.active == other:
        j = next((k for k, d in enumerate(deck) if d != offer[1]), None)
        if j is not None:
            offer, deck[j] = (offer[0], deck[j]), offer[1]
            changed = True
    if not changed:
        return None
    rng.shuffle(deck)
    side = state.sides[other]
    sides = list(state.sides)
    sides[other] = side._replace(members=(member._replace(hand=tuple(sorted(hand))),))
    return state._replace(sides=tuple(sides), deck=tuple(deck), offer=offer)


def decision_points(mode: Mode, games: int) -> Iterator[GameState]:
    """States where someone must decide, from games of random moves."""
    for seed in range(games):
        rng = random.Random(f"fair-{seed}")
        state = new_game(RULES, mode, seed, seed % 2)
        while not state.is_over:
            yield state
            state = apply(state, rng.choice(legal_actions(state)))


@pytest.mark.parametrize("mode", [Mode.SIMPLE, Mode.ADVANCED])
@pytest.mark.parametrize("spec", BOT_SPECS)
def test_what_a_bot_cannot_see_never_changes_its_choice(spec: str, mode: Mode) -> None:
    rng = random.Random(4)
    pairs = 0
    recruiting = 0
    for state in decision_points(mode, 12):
        seat = state.to_act
        assert seat is not None
        twin = _swap_hidden(state, seat, rng)
        if twin is None or len(legal_actions(state)) < 2:
            continue
        assert twin != state
        view = player_view(state, seat)
        assert player_view(twin, seat) == view
        # The bot is rebuilt for each game, as a fresh opponent would be.
        first = make_bot(spec).choose(view, random.Random(99))
        second = make_bot(spec).choose(player_view(twin, seat), random.Random(99))
        assert first == second
        pairs += 1
        recruiting += state.phase is Phase.RECRUIT
        if pairs >= 40 and recruiting >= 8:
            break
    assert pairs >= 40 and recruiting >= 8


def _swap_hidden_team(state: GameState, seat: int, rng: random.Random) -> GameState | None:
    """A team game with every hand but `seat`'s changed (the partner's too), the deck reordered
    and the face-down card changed unless `seat` played it. None if nothing could change."""
    deck = list(state.deck)
    sides = [list(side.members) for side in state.sides]
    changed = False
    for other in range(4):
        if other == seat or other // 2 >= len(sides[other % 2]):
            continue
        member = sides[other % 2][other // 2]
        hand = list(member.hand)
        for i, card in enumerate(hand):
            j = next((k for k, d in enumerate(deck) if d != card), None)
            if j is not None:
                hand[i], deck[j] = deck[j], card
                changed = True
                break
        sides[other % 2][other // 2] = member._replace(hand=tuple(sorted(hand)))
    offer = state.offer
    if offer is not None and player_view(state, seat).face_down is None:
        j = next((k for k, d in enumerate(deck) if d != offer[1]), None)
        if j is not None:
            offer, deck[j] = (offer[0], deck[j]), offer[1]
            changed = True
    if not changed:
        return None
    rng.shuffle(deck)
    new_sides = tuple(
        side._replace(members=tuple(members))
        for side, members in zip(state.sides, sides, strict=True)
    )
    return state._replace(sides=new_sides, deck=tuple(deck), offer=offer)


def team_decision_points(mode: Mode, players: int, games: int) -> Iterator[GameState]:
    """States of team games where someone must decide, from games of random moves."""
    for seed in range(games):
        rng = random.Random(f"fair-team-{seed}")
        state = new_game(RULES, mode, seed, seed % 2, players=players)
        while not state.is_over:
            yield state
            state = apply(state, rng.choice(legal_actions(state)))


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("mode", [Mode.SIMPLE, Mode.ADVANCED])
@pytest.mark.parametrize("spec", BOT_SPECS)
def test_in_a_team_game_what_a_bot_cannot_see_never_changes_its_choice(
    spec: str, mode: Mode, players: int
) -> None:
    """The same, from every seat of a team game: the partner's hand is as hidden as the rest."""
    rng = random.Random(5)
    pairs = 0
    partners = 0
    recruiting = 0
    for state in team_decision_points(mode, players, 12):
        seat = state.to_act
        assert seat is not None
        twin = _swap_hidden_team(state, seat, rng)
        if twin is None or len(legal_actions(state)) < 2:
            continue
        view = player_view(state, seat)
        assert player_view(twin, seat) == view
        first = make_bot(spec).choose(view, random.Random(99))
        second = make_bot(spec).choose(player_view(twin, seat), random.Random(99))
        assert first == second
        pairs += 1
        mate = (seat + 2) % 4
        if mate // 2 < len(state.sides[mate % 2].members):
            partners += twin.member_of(mate).hand != state.member_of(mate).hand
        recruiting += state.phase is Phase.RECRUIT
        if pairs >= 30 and recruiting >= 5 and partners >= 10:
            break
    assert pairs >= 30 and recruiting >= 5 and partners >= 10


@pytest.mark.parametrize("bot_class", [RandomBot, GreedyBot, SearchBot])
def test_choose_takes_only_a_view_and_a_generator(
    bot_class: type[RandomBot] | type[GreedyBot] | type[SearchBot],
) -> None:
    signature = inspect.signature(bot_class.choose, eval_str=True)
    params = list(signature.parameters.values())
    assert [p.name for p in params] == ["self", "view", "rng"]
    assert params[1].annotation is PlayerView
    assert params[2].annotation is random.Random


# What no bot module may import: anything holding or building the true game.
FORBIDDEN_MODULES = (
    "agent_avenue.play.session",
    "agent_avenue.cli.referee",
    "agent_avenue.cli",
    "agent_avenue.ui",
    "agent_avenue.cli.simulate",
    "agent_avenue.data",
    "agent_avenue.engine.setup",
    "agent_avenue.engine.reducer",
    "agent_avenue.engine.steps",
    "agent_avenue.engine.market",
    "agent_avenue.engine.end_step",
)
FORBIDDEN_NAMES = {"new_game", "from_position", "apply", "replay", "Session", "load_scenario"}
# Team games have no fast engine: bots.team applies actions to sampled states (determinize's
# output, the only states it holds) with the reference engine's `apply`.
# The level names are defined once, in data.seat_kinds (a few strings, no game), below the bots
# and the start screen, which must not load the bots.
ALLOWED = {
    ("team.py", "agent_avenue.engine", "apply"),
    ("registry.py", "agent_avenue.data.seat_kinds", "LEVELS"),
    ("registry.py", "agent_avenue.data.seat_kinds", "DEFAULT_LEVEL"),
    ("registry.py", "agent_avenue.data.seat_kinds", "EASY"),
    ("ismcts.py", "agent_avenue.data.seat_kinds", "DEFAULT_LEVEL"),
    ("ismcts.py", "agent_avenue.data.seat_kinds", "NORMAL"),
    ("ismcts.py", "agent_avenue.data.seat_kinds", "HARD"),
}


def _imports(path: Path) -> list[tuple[str, str | None]]:
    """(module, name) for every import in a module (name None for `import module`)."""
    found: list[tuple[str, str | None]] = []
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Import):
            found.extend((alias.name, None) for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.extend((node.module, alias.name) for alias in node.names)
    return found


@pytest.mark.parametrize("path", sorted(BOTS_DIR.glob("*.py")), ids=lambda p: p.name)
def test_bot_modules_cannot_reach_the_true_game(path: Path) -> None:
    for module, name in _imports(path):
        if (path.name, module, name) in ALLOWED:
            continue
        assert not module.startswith(FORBIDDEN_MODULES), f"{path.name} imports {module}"
        assert name not in FORBIDDEN_NAMES, f"{path.name} imports {name} from {module}"
        if name == "determinize":
            # Sampled states are the only states a bot handles: the engine's own sampler,
            # imported through the engine's one import surface.
            assert module == "agent_avenue.engine"
            assert engine.determinize is engine_sampling.determinize
