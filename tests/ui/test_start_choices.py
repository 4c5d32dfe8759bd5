"""The start screen's radio lists: the highlight bar sits on the chosen button, not the first."""

from __future__ import annotations

from textual.widgets import RadioButton

from agent_avenue.engine import Mode
from agent_avenue.ui.app import AgentAvenueApp
from agent_avenue.ui.launch import LaunchOptions
from agent_avenue.ui.widgets.choices import Choices

from .harness import RULES, screen_text


def highlighted(choices: Choices) -> str | None:
    """The id of the button the highlight bar is on."""
    marked = [b.id for b in choices.query(RadioButton) if b.has_class("-selected")]
    assert len(marked) <= 1
    return marked[0] if marked else None


async def test_the_highlight_starts_on_what_the_command_line_chose() -> None:
    app = AgentAvenueApp(RULES, LaunchOptions(Mode.ADVANCED, 5, None, 1, players=3))
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        expected = {"mode": "advanced", "first": "first-1", "players": "players-3"}
        for list_id, button_id in expected.items():
            choices = screen.query_one(f"#{list_id}", Choices)
            assert choices.pressed_button is not None
            assert choices.pressed_button.id == button_id
            assert highlighted(choices) == button_id, list_id


async def test_the_subtitle_is_true_for_any_number_of_players() -> None:
    for players in (2, 3, 4):
        app = AgentAvenueApp(RULES, LaunchOptions(Mode.SIMPLE, 5, None, 0, players=players))
        async with app.run_test(size=(100, 40)) as pilot:
            await pilot.pause()
            text = " ".join(screen_text(app).split())
            assert "two-player" not in text
            assert "for two to four players" in text


async def test_the_highlight_follows_the_choice() -> None:
    app = AgentAvenueApp(RULES, LaunchOptions(Mode.SIMPLE, 5, None, 0))
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        choices = app.screen.query_one("#mode", Choices)
        assert highlighted(choices) == "simple"
        await pilot.click("#advanced")
        await pilot.pause()
        assert choices.pressed_button is not None and choices.pressed_button.id == "advanced"
        assert highlighted(choices) == "advanced"
