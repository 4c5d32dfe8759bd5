"""Complete games in both modes, played through the app with the keys a player would press."""

from __future__ import annotations

import pytest

from agent_avenue.ui.widgets import GameLog

from .harness import SHORT_GAME, KeyPlayer, make_app, play_game, screen_kind, screen_text

# Complete games, simple and advanced, are played by keys and checked at every step by
# test_leaks.py (which also checks what test_simple_game_to_the_end did here: the screens seen,
# no black market screen in a simple game, the winner on screen, the record replayed).


@pytest.mark.slow
async def test_wide_terminal_shows_the_log() -> None:
    """On a wide terminal the log sits beside the table and fills as the game goes; on a
    narrow one it is hidden and l opens it on its own screen."""
    app = make_app("simple", 1)
    async with app.run_test(size=(140, 40)) as pilot:
        player = KeyPlayer(1)
        await pilot.press("enter")
        while screen_kind(app) != "RevealPanel":
            await pilot.press(*player.keys_for(app))
        log = app.screen.query_one("#table-log", GameLog)
        assert log.display and log.region.width > 0
        assert any("Turn 1" in s for s in log.sentences)
        assert "Turn 1: Green's turn." in screen_text(app)
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert log.region.width == 0
        await pilot.press("l")
        await pilot.pause()
        assert type(app.screen).__name__ == "LogScreen"
        assert "Turn 1: Green's turn." in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert type(app.screen).__name__ == "TableScreen"


@pytest.mark.slow
async def test_new_game_after_the_end() -> None:
    """n on the game-over screen goes back to the start screen, names kept."""
    app = make_app("simple", SHORT_GAME, names=("Ada", "Bob"))
    async with app.run_test(size=(80, 24)) as pilot:
        await play_game(app, pilot, KeyPlayer(SHORT_GAME))
        await pilot.press("n")
        await pilot.pause()
        assert type(app.screen).__name__ == "StartScreen"
        assert "Ada" in screen_text(app)
