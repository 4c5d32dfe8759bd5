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

from .harness import KeyPlayer, make_app, play_game, settle


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


async def test_the_first_screen_of_a_game_styles_its_widgets_once(styled: Counter[int]) -> None:
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
