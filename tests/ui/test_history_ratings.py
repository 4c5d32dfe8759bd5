"""The ratings in the app: the score sheet's ratings tab (a table and a plot of each player's
rating over the games) at 80x24 and 160x45, in colour and without, in every language; and the
start screen's rating below each name typed, the computer's level's for a seat it plays."""

from __future__ import annotations

import json

import pytest
from syrupy.assertion import SnapshotAssertion
from textual.pilot import Pilot
from textual.widgets import Static, TabbedContent
from textual_plotext import PlotextPlot

from agent_avenue.i18n import set_language
from agent_avenue.storage import history_path
from agent_avenue.ui.hot_seat_app import HotSeatApp
from agent_avenue.ui.screens.history import RATINGS_TAB, HistoryScreen
from agent_avenue.ui.screens.start import StartScreen
from agent_avenue.ui.widgets.choice_row import ChoiceRow
from agent_avenue.ui.widgets.rating_plot import MARKERS, Legend, RatingPlot
from rating_rows import SHEET, row, write_sheet

from .harness import RULES, make_app, screen_text, settled_screenshot, wait_until
from .test_languages import check_screen
from .test_screens import SVGSnapshot

SIZES = [(80, 24), (160, 45)]
LANGUAGES = ("en", "fr", "nl", "es")


async def open_ratings_tab(app: HotSeatApp, pilot: Pilot[int], settle: bool = True) -> None:
    """The score sheet screen over the app, on its ratings tab (key g)."""
    app.push_screen(HistoryScreen(RULES))
    await pilot.pause()
    await pilot.press("g")
    if settle:
        await pilot.pause()


@pytest.fixture
def svg_snapshot(snapshot: SnapshotAssertion) -> SnapshotAssertion:
    """The syrupy snapshot fixture, writing SVG files."""
    return snapshot.use_extension(SVGSnapshot)


def longer_sheet() -> None:
    """The five games of SHEET, then a dozen more duels and team games."""
    more = [
        row("Ann,Bob", n % 2, "", 5 + n) if n % 3 else row("Ann,Blue", 0, ",bot:normal", 5 + n)
        for n in range(12)
    ]
    write_sheet([*SHEET, *more])


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_the_ratings_tab_shows_the_table_and_the_plot(size: tuple[int, int]) -> None:
    """g shows the ratings: every player with their rating, the computer levels by level,
    and the plot, whole on the screen, with a legend naming each plotted player."""
    longer_sheet()
    app = make_app()
    async with app.run_test(size=size) as pilot:
        app.push_screen(HistoryScreen(RULES))
        await pilot.pause()
        assert "Game 1 of 17" in screen_text(app)
        await pilot.press("g")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, HistoryScreen)
        assert screen.query_one(TabbedContent).active == RATINGS_TAB
        plot = screen.query_one(RatingPlot)
        assert isinstance(plot, PlotextPlot)
        assert plot.region.width >= 40 and plot.region.height >= 10
        assert screen.region.contains_region(plot.region)
        legend = str(screen.query_one(Legend).render())
        for name in ("Ann", "Bob", "Computer (normal)"):
            assert name in legend
        text = screen_text(app)
        assert "Ratings over the games" in text
        assert "games on the score sheet, oldest first" in text  # the x axis, drawn by plotext
        # The table: beside the plot on a wide screen, below it at 80x24 (the tab scrolls).
        screen.query_one("#history-ratings-body").scroll_end(animate=False)
        await pilot.pause()
        text = screen_text(app)
        for name in ("Ann", "Bob", "Cid", "Dee", "Computer (hard)", "Computer (easy)"):
            assert name in text
        assert "Rating" in text and "Trend" in text
        # Replaying is for the games' tab: r does nothing here; g goes back.
        await pilot.press("r")
        await pilot.pause()
        assert app.screen is screen
        await pilot.press("g")
        await pilot.pause()
        assert "Game 1 of 17" in screen_text(app)


async def test_without_colour_each_player_has_a_marker(monkeypatch: pytest.MonkeyPatch) -> None:
    """NO_COLOR: the lines are drawn with a marker per player, and the legend says which."""
    monkeypatch.setenv("NO_COLOR", "1")
    longer_sheet()
    app = make_app()
    assert app.no_color
    async with app.run_test(size=(80, 24)) as pilot:
        await open_ratings_tab(app, pilot)
        legend = str(app.screen.query_one(Legend).render())
        plot_text = screen_text(app)
        for marker in MARKERS[:3]:
            assert f"{marker} " in legend
            assert marker in plot_text


async def test_an_empty_or_damaged_sheet_has_no_ratings_and_says_why() -> None:
    """No game: the tab says that ratings start with the first one. A damaged sheet: its one
    sentence, as before, and no ratings (never from a part of the sheet)."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_ratings_tab(app, pilot)
        assert "No ratings yet" in screen_text(app)
    path = write_sheet(SHEET)
    document = json.loads(path.read_text(encoding="utf-8"))
    document["games"][1]["turns"] = 0
    path.write_text(json.dumps(document), encoding="utf-8")
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(HistoryScreen(RULES))
        await pilot.pause()
        problem = str(app.screen.query_one("#history-problem", Static).render())
        assert "set aside" in problem and problem.count(".") >= 1
        await pilot.press("g")
        await pilot.pause()
        assert "No ratings yet" in screen_text(app)
    assert not history_path().exists()


@pytest.mark.parametrize("code", LANGUAGES)
async def test_the_ratings_tab_in_every_language(code: str) -> None:
    """No raw key, no English left, nothing cut off, at 80x24."""
    set_language(code)
    longer_sheet()
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_ratings_tab(app, pilot)
        check_screen(app, code, "HistoryScreen")


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_snapshot_ratings(size: tuple[int, int], svg_snapshot: SnapshotAssertion) -> None:
    """The ratings tab at each size."""
    longer_sheet()
    app = make_app()
    async with app.run_test(size=size) as pilot:
        await open_ratings_tab(app, pilot, settle=False)
        svg = await settled_screenshot(pilot)
    assert svg == svg_snapshot


@pytest.mark.slow
async def test_snapshot_ratings_no_colour(
    monkeypatch: pytest.MonkeyPatch, svg_snapshot: SnapshotAssertion
) -> None:
    """The ratings tab at 80x24 with NO_COLOR set."""
    monkeypatch.setenv("NO_COLOR", "1")
    longer_sheet()
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_ratings_tab(app, pilot, settle=False)
        svg = await settled_screenshot(pilot)
    assert svg == svg_snapshot


# The start screen ------------------------------------------------------------------------------


def rating_text(app: object, seat: int) -> str:
    """The rating line below one name field."""
    screen = getattr(app, "screen")  # noqa: B009
    return str(screen.query_one(f"#rating-{seat}", Static).render())


async def test_the_start_screen_shows_the_rating_of_each_name_typed() -> None:
    """Once read (in a thread), each field's rating follows the name typed; a name never
    played has none; a seat the computer plays shows its level's rating, team games too."""
    write_sheet(SHEET)
    app = make_app(names=("Ann", "Blue"))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, StartScreen)
        await wait_until(pilot, lambda: rating_text(app, 0) != "")
        assert rating_text(app, 0).startswith("rating ") and "5 games" in rating_text(app, 0)
        assert rating_text(app, 1) == "no rating yet"
        screen.query_one("#name-1").value = "Bob"  # type: ignore[attr-defined]
        await pilot.pause()
        assert "3 games" in rating_text(app, 1)
        screen.query_one("#name-1").value = "Zed"  # type: ignore[attr-defined]
        await pilot.pause()
        assert rating_text(app, 1) == "no rating yet"
        screen.query_one("#opponent", ChoiceRow).choose("bot:hard")
        await pilot.pause()
        assert rating_text(app, 1).startswith("Computer (hard): rating ")
        assert "1 game" in rating_text(app, 1)
        screen.query_one("#opponent", ChoiceRow).choose("human")
        screen.query_one("#players", ChoiceRow).choose("4")
        await pilot.pause()
        await pilot.pause()
        assert rating_text(app, 2) == "no rating yet"  # the default partner name, never played
        screen.query_one("#name-2").value = "Cid"  # type: ignore[attr-defined]
        await pilot.pause()
        assert "2 games" in rating_text(app, 2)


async def test_the_start_screen_without_a_sheet_shows_no_rating() -> None:
    """No score sheet (or a damaged one, never set aside from here): the lines stay empty."""
    app = make_app(names=("Ann", "Bob"))
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(5):
            await pilot.pause(0.05)
        assert rating_text(app, 0) == "" and rating_text(app, 1) == ""
        assert not app.screen.query_one("#rating-0").display  # the screen as it was
    path = history_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{ damaged", encoding="utf-8")
    app = make_app(names=("Ann", "Bob"))
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(5):
            await pilot.pause(0.05)
        assert rating_text(app, 0) == ""
    assert path.read_text(encoding="utf-8") == "{ damaged"  # left for the score sheet to report
