"""The start screen's choices: what is highlighted is what is chosen, from the first frame."""

from __future__ import annotations

from agent_avenue.engine import Mode
from agent_avenue.ui.hot_seat_app import HotSeatApp
from agent_avenue.ui.launch import LaunchOptions
from agent_avenue.ui.widgets.choice_row import CHOSEN, NOT_CHOSEN, ChoiceRow

from .harness import RULES, screen_text


def marked(row: ChoiceRow) -> list[str]:
    """The labels drawn with the chosen mark."""
    return [
        line.split(CHOSEN, 1)[1].split("   ")[0].strip()
        for line in row.plain().split("\n")
        if CHOSEN in line
    ]


async def test_the_choices_start_on_what_the_command_line_chose() -> None:
    app = HotSeatApp(RULES, LaunchOptions(Mode.ADVANCED, 5, None, 1, players=3))
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        expected = {"mode": "advanced", "first": "1", "players": "3"}
        for row_id, value in expected.items():
            row = screen.query_one(f"#{row_id}", ChoiceRow)
            assert row.value == value, row_id
            label = next(o.label for o in row.options if o.value == value)
            assert marked(row) == [label], row_id


async def test_the_subtitle_is_true_for_any_number_of_players() -> None:
    for players in (2, 3, 4):
        app = HotSeatApp(RULES, LaunchOptions(Mode.SIMPLE, 5, None, 0, players=players))
        async with app.run_test(size=(100, 40)) as pilot:
            await pilot.pause()
            text = " ".join(screen_text(app).split())
            assert "two-player" not in text
            assert "for two to four players" in text


async def test_a_click_chooses_and_the_mark_follows() -> None:
    app = HotSeatApp(RULES, LaunchOptions(Mode.SIMPLE, 5, None, 0))
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        row = app.screen.query_one("#mode", ChoiceRow)
        assert marked(row) == ["Simple"]
        await pilot.click("#mode", offset=row.option_offset("advanced"))
        await pilot.pause()
        assert row.value == "advanced"
        assert marked(row) == ["Advanced (black market)"]
        assert f"{NOT_CHOSEN} Simple" in row.plain()


async def test_the_arrow_keys_choose_at_once_going_round() -> None:
    app = HotSeatApp(RULES, LaunchOptions(Mode.SIMPLE, 5, None, None))
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        row = app.screen.query_one("#first", ChoiceRow)
        row.focus()
        await pilot.pause()
        assert row.value == "random"
        await pilot.press("right")
        assert row.value == "0"  # past the last option: back to the first
        await pilot.press("space")  # the highlighted option is chosen already: nothing moves
        assert row.value == "0"
        await pilot.press("down", "down")
        assert row.value == "random"
        await pilot.press("up", "left")
        assert row.value == "0"
        await pilot.press("enter")  # Enter is the screen's: it starts the game
        await pilot.pause()
        assert app.session is not None and app.session.record.first == 0


async def test_a_wrapped_row_keeps_each_option_whole() -> None:
    app = HotSeatApp(RULES, LaunchOptions(Mode.SIMPLE, 5, None, 0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        row = app.screen.query_one("#opponent", ChoiceRow)
        lines = row.plain().split("\n")
        assert len(lines) > 1  # too long for one line at 80 columns
        for option in row.options:
            x, y = row.option_offset(option.value)
            assert lines[y][x:].startswith(f"{NOT_CHOSEN} {option.label}") or lines[y][
                x:
            ].startswith(f"{CHOSEN} {option.label}")
            assert x + len(option.label) + 2 <= row.size.width
