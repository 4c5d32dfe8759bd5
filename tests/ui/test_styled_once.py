"""A new screen's widgets are styled once, as they are mounted, not again when the screen is
pushed or first gets its size (most of the work of the game's first screen and its result)."""

from __future__ import annotations

from collections import Counter

import pytest
from textual.css.stylesheet import Stylesheet
from textual.widget import Widget

from agent_avenue.ui.hot_seat_app import HotSeatApp
from agent_avenue.ui.screens.game_over import GameOverScreen
from agent_avenue.ui.screens.handoff import HandoffScreen
from agent_avenue.ui.screens.table import TableScreen

from .harness import KeyPlayer, make_app, play_game, press_together, screen_text, settle


@pytest.fixture
def styled(monkeypatch: pytest.MonkeyPatch) -> Counter[int]:
    """How many times each widget has been styled, by id."""
    counts: Counter[int] = Counter()
    apply = Stylesheet.apply

    def counting(sheet: Stylesheet, node: object, *args: object, **kwargs: object) -> None:
        if isinstance(node, Widget):
            counts[id(node)] += 1
        apply(sheet, node, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Stylesheet, "apply", counting)
    return counts


def _styled_again(counts: Counter[int], widgets: list[Widget]) -> list[str]:
    """The widgets styled more than once."""
    return [type(w).__name__ for w in widgets if counts[id(w)] > 1]


async def test_the_first_screen_of_a_game_styles_its_widgets_once(
    styled: Counter[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    # A table composed at the start key (none was composed while the start screen was read).
    monkeypatch.setattr(HotSeatApp, "_compose_table", lambda app: None)
    app = make_app("advanced", 5)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        styled.clear()
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, HandoffScreen)
        table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        widgets = [table, *table.walk_children(Widget), app.screen, *app.screen.walk_children()]
        again = _styled_again(styled, widgets)  # type: ignore[arg-type]
        # Filled before they are mounted, the board, collections, supply and log have their
        # classes when they are first styled (23 of 70 were styled again, 69 before that).
        # Styled again: the table's panel as it takes the focus, and the handoff's button as
        # its countdown ends.
        assert sorted(again) == ["Button", type(table.panel).__name__], again


async def test_the_result_screen_styles_its_widgets_once(styled: Counter[int]) -> None:
    app = make_app("simple", 3)

    def forget(shown: HotSeatApp, kind: str) -> None:
        if not isinstance(shown.screen, GameOverScreen):
            styled.clear()  # only the key that ends the game is counted

    async with app.run_test(size=(120, 40)) as pilot:
        await play_game(app, pilot, KeyPlayer(3), forget)
        assert isinstance(app.screen, GameOverScreen)
        widgets = [app.screen, *app.screen.walk_children(Widget)]
        again = _styled_again(styled, widgets)
        # Filled before they are mounted, the board and collections have their final classes
        # when they are first styled (48 of 48 were styled twice, then 17).
        assert again == [], again


async def test_the_result_is_composed_while_the_final_reveal_is_read(
    styled: Counter[int],
) -> None:
    """The result screen's widgets are made, mounted and styled while the players read the
    final reveal (the meeples' last walk): its Enter only lays the result out and draws it.
    Composed at that Enter, the result took 110-220 ms at 160x45."""
    app = make_app("simple", 3)
    player = KeyPlayer(3)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("enter")
        await settle(pilot)
        while app.session is not None and app.session.result is None:
            await press_together(pilot, *player.keys_for(app))
        assert isinstance(app.screen, TableScreen)  # the final reveal
        for _ in range(10):
            await pilot.pause()
        styled.clear()
        await press_together(pilot, *player.keys_for(app))
        assert isinstance(app.screen, GameOverScreen)
        widgets = [app.screen, *app.screen.walk_children(Widget)]
        assert len(widgets) > 20
        assert [type(w).__name__ for w in widgets if styled[id(w)]] == []


async def test_a_result_composed_before_a_resize_shows_at_the_new_size() -> None:
    """The terminal resized while the final reveal is read: the result shows at the new size,
    and only one result is on the stack."""
    from agent_avenue.ui.size_classes import size_classes

    app = make_app("simple", 3)
    player = KeyPlayer(3)
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.press("enter")
        await settle(pilot)
        while app.session is not None and app.session.result is None:
            await press_together(pilot, *player.keys_for(app))
        for _ in range(10):
            await pilot.pause()
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        await press_together(pilot, *player.keys_for(app))
        screen = app.screen
        assert isinstance(screen, GameOverScreen)
        assert set(size_classes(80, 24)) <= set(screen.classes)
        assert screen.size == (80, 24)
        assert [s for s in app.screen_stack if isinstance(s, GameOverScreen)] == [screen]


async def _first_screen(mode: str, opponent: str, wait: bool) -> tuple[str, object, object]:
    """The text of a game's first screen, its table, and the table composed out of sight
    before the start key (None if none was: `wait` False starts before it could be)."""
    app = make_app(mode, 3, opponent=opponent)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        ready = None
        for _ in range(200 if wait else 0):
            ready = app.ready_table.screen
            if ready is not None and ready.is_mounted:
                break
            await pilot.pause(0.02)
        await pilot.press("enter")
        await settle(pilot)
        table = next(s for s in reversed(app.screen_stack) if isinstance(s, TableScreen))
        return screen_text(app), table, ready


@pytest.mark.parametrize(("mode", "opponent"), [("simple", "bot:normal"), ("advanced", "human")])
async def test_a_duels_table_is_composed_while_the_start_screen_is_read(
    monkeypatch: pytest.MonkeyPatch, mode: str, opponent: str
) -> None:
    """While the start screen is read, a duel's table is composed out of sight: a game whose
    first screen is the table (against the computer) shows it at once (composed at the start
    key, it took 200-300 ms at 160x45); people's first screen is a handoff, behind which their
    table is composed as before. Every first screen is the same as with a table composed at
    the key."""
    text, table, ready = await _first_screen(mode, opponent, wait=True)
    assert ready is not None
    assert (table is ready) == (opponent != "human")
    monkeypatch.setattr(HotSeatApp, "_compose_table", lambda app: None)
    fresh, _, none = await _first_screen(mode, opponent, wait=False)
    assert none is None
    assert text == fresh
