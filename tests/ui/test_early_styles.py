"""The game's widget styles are parsed while the start screen is read, as Textual would parse
them when they are first mounted (ui/early_styles.py)."""

from __future__ import annotations

import pytest
from textual.css.stylesheet import CssSource
from textual.pilot import Pilot

from agent_avenue.ui import early_styles
from agent_avenue.ui.hot_seat_app import HotSeatApp
from agent_avenue.ui.spare_table import SpareTable

from .harness import KeyPlayer, make_app, play_game, settle

SIZE = (160, 45)


async def _read_start_screen(app: HotSeatApp, pilot: Pilot[int]) -> None:
    """As a player reading the start screen: the look-ahead's worker done, its follow-up run."""
    await settle(pilot)
    await app.workers.wait_for_complete()
    await settle(pilot)


async def _whole_game(app: HotSeatApp, pilot: Pilot[int]) -> dict[object, CssSource]:
    """Start and play the game to its result; the sources of the styles at the end."""
    await play_game(app, pilot, KeyPlayer(3))
    return dict(app.stylesheet.source)


@pytest.mark.parametrize("opponent", ["human", "bot:normal"])
async def test_a_game_started_after_the_start_screen_was_read_parses_no_styles(
    opponent: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app("advanced", 3, opponent=opponent)
    parses: list[str] = []
    async with app.run_test(size=SIZE) as pilot:
        await _read_start_screen(app, pilot)
        parse = app.stylesheet.parse

        def counted() -> None:
            parses.append(app.screen.__class__.__name__)
            parse()

        monkeypatch.setattr(app.stylesheet, "parse", counted)
        before = set(app.stylesheet.source)
        after = await _whole_game(app, pilot)
    # A style sheet added here names the widget class missing from early_styles.GAME_WIDGETS.
    assert [location[1] for location in after if location not in before] == []
    assert parses == []


async def test_the_styles_parsed_early_are_those_textual_parses_as_the_widgets_come(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    games: list[dict[object, CssSource]] = []
    for early in (False, True):
        if not early:
            # Textual's own: nothing made ahead, neither the styles nor the spare table.
            monkeypatch.setattr(early_styles, "parse_early", lambda *_: None)
            monkeypatch.setattr(SpareTable, "ready", lambda *_: None)
        else:
            monkeypatch.undo()
        app = make_app("advanced", 3)
        async with app.run_test(size=SIZE) as pilot:
            await _read_start_screen(app, pilot)
            games.append(await _whole_game(app, pilot))
    textual_own, early = games
    # The same sources, in the same order; early also has those of a game against the computer.
    assert [item for item in early.items() if item[0] in textual_own] == list(textual_own.items())
    assert {location[1] for location in early if location not in textual_own} == {
        "ThinkingPanel.DEFAULT_CSS",
        "ThinkingIndicator.DEFAULT_CSS",
        "LoadingIndicator.DEFAULT_CSS",
    }
