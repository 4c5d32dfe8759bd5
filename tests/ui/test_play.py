"""Complete games in both modes, played through the app with the keys a player would press."""

from __future__ import annotations

import pytest

from agent_avenue.engine import Mode
from agent_avenue.play.session import replay
from agent_avenue.ui.widgets import GameLog

from .harness import RULES, KeyPlayer, make_app, play_game, screen_kind, screen_text

# Complete advanced games are played (and checked at every step) by test_leaks.py.
SIMPLE_SEEDS = (1, 2)


@pytest.mark.parametrize("seed", SIMPLE_SEEDS)
async def test_simple_game_to_the_end(seed: int) -> None:
    """A simple game from the start screen to the game-over screen, by keys only."""
    app = make_app("simple", seed)
    async with app.run_test(size=(80, 24)) as pilot:
        seen = await play_game(app, pilot, KeyPlayer(seed))
        session = app.session
        assert session is not None and session.result is not None
        assert session.mode is Mode.SIMPLE
        assert {"HandoffScreen", "OfferPanel", "RecruitPanel", "RevealPanel"} <= set(seen)
        assert "PickPanel" not in seen
        text = screen_text(app)
        assert f"{session.names[session.result.winner]} wins!" in text
        # The record the app kept replays to the same ending.
        assert replay(RULES, session.record).result == session.result


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


async def test_new_game_after_the_end() -> None:
    """n on the game-over screen goes back to the start screen, names kept."""
    app = make_app("simple", 2, names=("Ada", "Bob"))
    async with app.run_test(size=(80, 24)) as pilot:
        await play_game(app, pilot, KeyPlayer(2))
        await pilot.press("n")
        await pilot.pause()
        assert type(app.screen).__name__ == "StartScreen"
        assert "Ada" in screen_text(app)
