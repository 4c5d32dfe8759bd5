"""The result and replay screens at the table's size class: the final board as large as the
table's, a side's collection on each hand, who won and why; snapshots at the three sizes."""

from __future__ import annotations

import random

import pytest
from syrupy.assertion import SnapshotAssertion

from agent_avenue.engine import GameState, Mode, apply, new_game, player_view
from agent_avenue.engine.record import GameRecord
from agent_avenue.ui.screens.game_over import GameOverScreen
from agent_avenue.ui.screens.replay import ReplayScreen
from agent_avenue.ui.widgets import BoardRing
from agent_avenue.ui.widgets.board import board_size

from .harness import RULES, make_app, screen_text, settled_screenshot
from .test_screens import SVGSnapshot

SIZES = [(80, 24), (120, 40), (160, 45)]
NAMES = ("Green", "Blue")


@pytest.fixture
def svg_snapshot(snapshot: SnapshotAssertion) -> SnapshotAssertion:
    """The syrupy snapshot fixture, writing SVG files."""
    return snapshot.use_extension(SVGSnapshot)


def played_states(mode: Mode, seed: int) -> tuple[GameState, ...]:
    """Every state of the game `finished_game` plays, the deal first."""
    rng = random.Random(seed)
    states = [new_game(RULES, mode, seed, 0)]
    while not states[-1].is_over:
        state = states[-1]
        states.append(apply(state, rng.choice(player_view(state, state.to_act).legal)))
    return tuple(states)


def finished_game(mode: Mode, seed: int) -> GameState:
    """A game played to its end by random legal actions (the same every time)."""
    return played_states(mode, seed)[-1]


def result_screen(state: GameState) -> GameOverScreen:
    """The game-over screen of a finished state."""
    assert state.result is not None
    return GameOverScreen(player_view(state, None), NAMES, state.result, 3, 0, ())


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_the_result_board_has_the_tables_size(
    size: tuple[int, int], svg_snapshot: SnapshotAssertion
) -> None:
    """The board on the result screen has the size class the table has at that size."""
    app = make_app("advanced", 3)
    state = finished_game(Mode.ADVANCED, 3)
    async with app.run_test(size=size) as pilot:
        await app.push_screen(result_screen(state))
        await pilot.pause()
        board = app.screen.query_one(BoardRing)
        assert board.size_class == board_size(*size)
        text = screen_text(app)
        assert "Replay this deal" in text
        for side in (0, 1):
            collection = app.screen.query_one(f"#over-collection-{side}")
            assert collection.region.height > 0
        assert await settled_screenshot(pilot) == svg_snapshot


@pytest.mark.slow
async def test_crossing_a_size_lays_the_result_out_again() -> None:
    """Resized from 160x45 to 120x40 and back, the result board follows the size class."""
    app = make_app("advanced", 3)
    state = finished_game(Mode.ADVANCED, 3)
    async with app.run_test(size=(160, 45)) as pilot:
        await app.push_screen(result_screen(state))
        await pilot.pause()
        for size in ((120, 40), (80, 24), (160, 45)):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            await pilot.pause()
            assert app.screen.query_one(BoardRing).size_class == board_size(*size)


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_the_replay_board_has_the_tables_size(
    size: tuple[int, int], svg_snapshot: SnapshotAssertion
) -> None:
    """The replay's board has the table's size class, and follows it when resized."""
    app = make_app("advanced", 3)
    states = played_states(Mode.ADVANCED, 3)
    record = GameRecord(Mode.ADVANCED, 3, 0, NAMES)
    async with app.run_test(size=size) as pilot:
        await app.push_screen(ReplayScreen(record, states))
        await pilot.pause()
        await pilot.press("end")
        await pilot.pause()
        assert app.screen.query_one(BoardRing).size_class == board_size(*size)
        assert "wins" in screen_text(app)
        assert await settled_screenshot(pilot) == svg_snapshot
        other = (80, 24) if size != (80, 24) else (160, 45)
        await pilot.resize_terminal(*other)
        await pilot.pause()
        await pilot.pause()
        assert app.screen.query_one(BoardRing).size_class == board_size(*other)
        assert "wins" in screen_text(app)  # still the last step after laying out again
