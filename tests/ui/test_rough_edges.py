"""Rough edges of the table: the team reveal's names."""

from __future__ import annotations

import pytest

from agent_avenue.engine import Mode
from agent_avenue.ui.hot_seat_app import HotSeatApp
from agent_avenue.ui.launch import LaunchOptions
from agent_avenue.ui.screens.table import TableScreen
from agent_avenue.ui.widgets.panels import RevealPanel

from .harness import RULES, region_text
from .test_team_app import TeamKeyPlayer


def four_players(seed: int) -> HotSeatApp:
    """A seeded four-player game with every pause off."""
    app = HotSeatApp(RULES, LaunchOptions(Mode.ADVANCED, seed, None, 0, players=4))
    app.animation_delay = 0
    app.handoff_delay = 0
    app.animation_level = "none"
    app.computer.pause = 0
    app.reading_pause = 0
    return app


@pytest.mark.slow
async def test_a_team_reveal_keeps_the_two_sides_names_apart() -> None:
    app = four_players(3)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        player = TeamKeyPlayer(1)
        for _ in range(300):
            screen = app.screen
            panel = screen.panel if isinstance(screen, TableScreen) else None
            if isinstance(panel, RevealPanel) and len(panel.recruited) == 2:
                break
            await pilot.press(*player.keys_for(app))
            await pilot.pause()
        else:
            raise AssertionError("no recruit reveal")
        names = [w for w in panel.query(".reveal-name")]
        assert len(names) == 2
        left, right = names[0].region, names[1].region
        assert left.right < right.x  # at least one space between the two names
        text = region_text(app, panel)
        assert "Green & Green 2 " in text and "Blue & Blue 2" in text
        assert "2Blue" not in text


# The hint key on the game's last reveal (hidden) and on the others (dimmed) is checked over
# whole games by test_leaks.py::test_no_secret_on_any_screen.
