"""The result and replay screens at the table's size class: the result lies over the table
(its final board, a side's collection on each hand), who won and why where the panel was;
snapshots at the three sizes."""

from __future__ import annotations

import random

import pytest
from syrupy.assertion import SnapshotAssertion
from textual.pilot import Pilot

from agent_avenue.engine import GameState, Mode, apply, new_game, player_view
from agent_avenue.engine.record import GameRecord
from agent_avenue.ui.hot_seat_app import HotSeatApp
from agent_avenue.ui.saving import SaveNote
from agent_avenue.ui.screens.game_over import GameOverScreen
from agent_avenue.ui.screens.replay import ReplayScreen
from agent_avenue.ui.screens.table import TableScreen
from agent_avenue.ui.widgets import BoardRing, CollectionPanel
from agent_avenue.ui.widgets.board import board_size
from agent_avenue.ui.widgets.panel_box import PanelBox

from .harness import (
    RULES,
    KeyPlayer,
    make_app,
    play_game,
    screen_text,
    settle,
    settled_screenshot,
)
from .test_screens import SVGSnapshot

SIZES = [(80, 24), (120, 40), (160, 45)]
NAMES = ("Green", "Blue")


@pytest.fixture
def svg_snapshot(snapshot: SnapshotAssertion) -> SnapshotAssertion:
    """The syrupy snapshot fixture, writing SVG files."""
    return snapshot.use_extension(SVGSnapshot)


def played_states(mode: Mode, seed: int) -> tuple[GameState, ...]:
    """Every state of a game played to its end by random legal actions (the same every time),
    the deal first."""
    rng = random.Random(seed)
    states = [new_game(RULES, mode, seed, 0)]
    while not states[-1].is_over:
        state = states[-1]
        states.append(apply(state, rng.choice(player_view(state, state.to_act).legal)))
    return tuple(states)


async def played_to_the_result(pilot: Pilot[int]) -> tuple[GameOverScreen, TableScreen]:
    """The app's game played by keys to its end: the result and the table it lies over."""
    app = pilot.app
    assert isinstance(app, HotSeatApp)
    await settle(pilot)
    await play_game(app, pilot, KeyPlayer(3))
    await settle(pilot)
    result, table = app.screen_stack[-1], app.screen_stack[-2]
    assert isinstance(result, GameOverScreen) and isinstance(table, TableScreen)
    return result, table


def assert_the_result_covers_the_panel(result: GameOverScreen, table: TableScreen) -> None:
    """The result lies over the table's panel box, whole, and over nothing of the board or the
    collections: each collection shows every one of its lines."""
    panel, box = result.query_one("#over-panel").region, table.query_one(PanelBox).region
    assert panel.y <= box.y and panel.bottom >= box.bottom, (panel, box)
    assert table.query_one(BoardRing).region.bottom <= panel.y
    for side in (0, 1):
        collection = table.query_one(f"#collection-{side}").region
        assert collection.height > 0
        assert collection.bottom <= panel.y, (side, collection, panel)


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_the_result_lies_over_the_table(
    size: tuple[int, int], svg_snapshot: SnapshotAssertion
) -> None:
    """The result shows who won and why where the table's panel was: the final board, the
    collections and the log are the table's own, at its size class, every line in sight."""
    app = make_app("advanced", 3)
    async with app.run_test(size=size) as pilot:
        result, table = await played_to_the_result(pilot)
        # Nothing of the table is made again: composing and drawing a board of the result's
        # own made it the slowest change of screen (175 ms at 160x45, the table's is drawn).
        assert not result.query(BoardRing) and not result.query(CollectionPanel)
        assert len(list(result.walk_children())) <= 8
        assert table.query_one(BoardRing).size_class == board_size(*size)
        text = screen_text(app)
        assert "Replay this deal" in text and "wins" in text
        assert text.count("discards") >= 2  # both collections' last lines
        assert_the_result_covers_the_panel(result, table)
        assert await settled_screenshot(pilot) == svg_snapshot


@pytest.mark.slow
async def test_crossing_a_size_lays_the_result_out_again() -> None:
    """Resized from 160x45 to 120x40, 80x24 and back, the table below the result takes the
    board of each size class, and the result still covers its panel."""
    app = make_app("advanced", 3)
    async with app.run_test(size=(160, 45)) as pilot:
        result, _ = await played_to_the_result(pilot)
        for size in ((120, 40), (80, 24), (160, 45)):
            await pilot.resize_terminal(*size)
            await settle(pilot)
            await pilot.pause()
            shown = app.screen_stack[-2]
            assert isinstance(shown, TableScreen) and app.screen is result
            assert shown.query_one(BoardRing).size_class == board_size(*size)
            assert_the_result_covers_the_panel(result, shown)


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


@pytest.mark.slow
@pytest.mark.parametrize("size", [(80, 24), (160, 45)], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_a_game_that_could_not_be_recorded_says_so_on_the_result(
    size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The score sheet's problem is one line in sight on the result, over nothing of it, and
    the table's own line goes (it would push the panel's box out from under the result)."""
    problem = "The score sheet could not be written."
    monkeypatch.setattr("agent_avenue.ui.saving.record_game", lambda *args, **kwargs: problem)
    app = make_app("advanced", 3)
    async with app.run_test(size=size) as pilot:
        result, table = await played_to_the_result(pilot)
        await settle(pilot)
        assert screen_text(app).count(problem) == 1
        note = result.query_one(SaveNote)
        assert note.region.height > 0
        assert not note.region.overlaps(result.query_one("#over-panel").region)
        assert all(
            not shown.display or shown.has_class("-empty") for shown in table.query(SaveNote)
        )
        assert_the_result_covers_the_panel(result, table)


@pytest.mark.slow
async def test_a_size_crossed_under_the_log_is_met_back_on_the_result() -> None:
    """Resized while the whole log covers the result and the table: back on the result, the
    table has the new size's board and the result covers its panel."""
    app = make_app("advanced", 3)
    async with app.run_test(size=(160, 45)) as pilot:
        result, _ = await played_to_the_result(pilot)
        await pilot.press("l")
        await settle(pilot)
        assert app.screen is not result
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        await pilot.press("escape")
        await settle(pilot)
        await pilot.pause()
        table = app.screen_stack[-2]
        assert app.screen is result and isinstance(table, TableScreen)
        assert table.query_one(BoardRing).size_class == board_size(80, 24)
        assert_the_result_covers_the_panel(result, table)
