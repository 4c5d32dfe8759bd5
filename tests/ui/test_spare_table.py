"""A new game's table is made behind the start screen while it is read (ui/spare_table.py):
the game takes that table, and its first screens are those of a table made at the key, whatever
was chosen, typed, resized or switched on the start screen after the table was laid."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.strip import Strip

from agent_avenue.ui.hot_seat_app import HotSeatApp
from agent_avenue.ui.screens.start import StartScreen
from agent_avenue.ui.screens.table import TableScreen
from agent_avenue.ui.spare_table import SpareTable
from agent_avenue.ui.widgets.board import SpaceCell
from agent_avenue.ui.widgets.choice_row import ChoiceRow

from .harness import KeyPlayer, make_app, play_game, settle, settled_screenshot, wait_until

Before = Callable[[HotSeatApp, Pilot[int]], Awaitable[None]]


async def _laid(app: HotSeatApp, pilot: Pilot[int]) -> TableScreen:
    """Read the start screen until its spare table is laid and composed."""
    await settle(pilot)
    await app.workers.wait_for_complete()
    await settle(pilot)
    table = app.spare.table
    assert table is not None
    await table.compose_whole()
    await settle(pilot)
    return table


async def _first_screens(
    mode: str,
    opponent: str,
    size: tuple[int, int],
    spare: bool,
    monkeypatch: pytest.MonkeyPatch,
    home: Path,
    before: Before | None = None,
) -> tuple[list[str], bool]:
    """The pictures of the game's first two screens (the start key, then the next key), and
    whether the game took the table laid under the start screen; in a data folder of its own
    (no game saved by the other run is offered to resume)."""
    with monkeypatch.context() as patch:
        patch.setenv("AGENT_AVENUE_HOME", str(home / ("spare" if spare else "new")))
        if not spare:
            patch.setattr(SpareTable, "ready", lambda *_: None)
        app = make_app(mode, 3, opponent=opponent)
        async with app.run_test(size=size) as pilot:
            if spare:
                laid: TableScreen | None = await _laid(app, pilot)
            else:
                await settle(pilot)
                await app.workers.wait_for_complete()
                await settle(pilot)
                laid = None
            if before is not None:
                await before(app, pilot)
                await settle(pilot)
            await pilot.press("enter")
            pictures = [await settled_screenshot(pilot)]
            taken = laid is not None and app.game is not None and app.game.table is laid
            await pilot.press(*KeyPlayer(3).keys_for(app))
            pictures.append(await settled_screenshot(pilot))
    return pictures, taken


@pytest.mark.parametrize("size", [(80, 24), (160, 45)])
@pytest.mark.parametrize("mode", ["simple", "advanced"])
@pytest.mark.parametrize("opponent", ["bot:normal", "human"])
async def test_the_game_takes_the_table_laid_and_shows_what_a_new_table_shows(
    size: tuple[int, int],
    mode: str,
    opponent: str,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    made_at_the_key, _ = await _first_screens(mode, opponent, size, False, monkeypatch, tmp_path)
    on_the_spare, taken = await _first_screens(mode, opponent, size, True, monkeypatch, tmp_path)
    assert taken
    assert on_the_spare == made_at_the_key


async def _advanced_team_of_three(app: HotSeatApp, pilot: Pilot[int]) -> None:
    start = app.screen
    assert isinstance(start, StartScreen)
    start.query_one("#mode", ChoiceRow).choose("advanced")
    start.query_one("#players", ChoiceRow).choose("3")
    start.query_one("#first", ChoiceRow).choose("1")


async def _names_typed(app: HotSeatApp, pilot: Pilot[int]) -> None:
    await pilot.press("tab", *"Zoë")  # the first name field has the keys at first


async def _resized(app: HotSeatApp, pilot: Pilot[int]) -> None:
    await pilot.resize_terminal(80, 24)  # from the large board to the compact one


async def _in_french(app: HotSeatApp, pilot: Pilot[int]) -> None:
    await app.switch_language("fr")


@pytest.mark.parametrize(
    "before",
    [_advanced_team_of_three, _names_typed, _resized, _in_french],
    ids=lambda f: f.__name__,
)
async def test_what_changes_on_the_start_screen_after_the_table_was_laid_shows(
    before: Before, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    made_at_the_key, _ = await _first_screens(
        "simple", "bot:normal", (160, 45), False, monkeypatch, tmp_path, before
    )
    on_the_spare, taken = await _first_screens(
        "simple", "bot:normal", (160, 45), True, monkeypatch, tmp_path, before
    )
    assert taken
    assert on_the_spare == made_at_the_key


async def test_what_a_table_is_told_while_it_is_composed_is_shown() -> None:
    """A game may start while its table is still being composed under the start screen: what
    the game tells the table meanwhile (the view, the log, the panel) is shown once it is
    whole, as on a table told everything before or after composing."""
    app = make_app("advanced", 3, opponent="bot:normal")
    async with app.run_test(size=(160, 45)) as pilot:
        await _laid(app, pilot)
        await pilot.press("enter")
        shown = await settled_screenshot(pilot)
        game = app.game
        assert game is not None and game.table is not None
        view, names = game.session.view(0), game.names
        table = TableScreen(app.rules, later=True)
        await app.push_screen(table)
        composing = asyncio.ensure_future(table.compose_whole())
        while not table.children:  # its widgets made, not yet mounted
            await asyncio.sleep(0)
        assert not composing.done()
        for entry in (game.session.opening, *game.session.log):
            table.add_log(entry, names)
        table.show_private(view, names, None)
        await composing
        await table.built()
        assert await settled_screenshot(pilot) == shown


async def test_the_next_game_gets_a_table_laid_too() -> None:
    app = make_app("simple", 23, opponent="bot:normal")
    async with app.run_test(size=(120, 40)) as pilot:
        await _laid(app, pilot)
        await play_game(app, pilot, KeyPlayer(23))
        await pilot.press("n")
        await settle(pilot)
        assert isinstance(app.screen, StartScreen)
        laid = await _laid(app, pilot)
        assert app.screen_stack[-2] is laid  # right under the start screen, nothing else
        await pilot.press("enter")
        await settle(pilot)
        assert app.game is not None and app.game.table is laid
        assert app.screen is laid


async def test_the_table_laid_is_drawn_ahead_and_its_board_not_drawn_again_at_the_key(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Each widget of the table laid is drawn once under the start screen; at the key the game
    changes nothing on the board, so the first frame draws no board space again (drawing every
    widget for the first time was half of that frame)."""
    drawn: list[int] = []
    draw = SpaceCell.render_line

    def counted(cell: SpaceCell, y: int) -> Strip:
        drawn.append(cell.space)
        return draw(cell, y)

    monkeypatch.setattr(SpaceCell, "render_line", counted)
    app = make_app("advanced", 3, opponent="bot:normal")
    async with app.run_test(size=(160, 45)) as pilot:
        laid = await _laid(app, pilot)
        await wait_until(pilot, lambda: set(drawn) == set(range(14)))
        drawn.clear()
        await pilot.press("enter")
        await settled_screenshot(pilot)
        assert app.game is not None and app.game.table is laid
    assert drawn == []
