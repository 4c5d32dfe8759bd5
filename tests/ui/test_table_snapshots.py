"""Snapshots of the table at three window sizes, a duel and a four-player game in advanced
mode, and one without colour (NO_COLOR): the look of the board, cards and collections."""

from __future__ import annotations

import pytest
from syrupy.assertion import SnapshotAssertion
from textual.containers import VerticalScroll
from textual.widgets import Static

from agent_avenue.ui.hot_seat_app import HotSeatApp
from agent_avenue.ui.screens.table import TableScreen
from agent_avenue.ui.widgets.keybar import KeyBar

from .harness import KeyPlayer, make_app, press_together, screen_kind, settled_screenshot
from .test_screens import SVGSnapshot
from .test_team_app import TeamKeyPlayer, make_team_app

SIZES = [(80, 24), (120, 40), (160, 45)]
RECRUITS = ("RecruitPanel", "TeamRecruitPanel")


@pytest.fixture
def svg_snapshot(snapshot: SnapshotAssertion) -> SnapshotAssertion:
    """The syrupy snapshot fixture, writing SVG files."""
    return snapshot.use_extension(SVGSnapshot)


async def _second_offer(app: HotSeatApp, size: tuple[int, int], player: KeyPlayer) -> str:
    """Play by keys to the second turn's recruit decision (an offer on the table, the black
    market in play) and return the screenshot."""
    async with app.run_test(size=size) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        for _ in range(400):
            session = app.session
            if screen_kind(app) in RECRUITS and session and session.view(None).turn >= 2:
                break
            await press_together(pilot, *player.keys_for(app))
            await pilot.pause()
        else:
            raise AssertionError("no recruit on the second turn")
        svg = await settled_screenshot(pilot)
        # Nothing of the panel is cut off below: it fits the box it is shown in.
        screen = app.screen
        assert isinstance(screen, TableScreen)
        box = screen.query_one("#panel-box").region
        bottom = min(box.bottom, screen.query_one(KeyBar).region.y)
        for line in screen.panel.query(Static):
            if line.display:  # shown at this size: on the screen, whole
                assert line.region.height > 0 and line.region.bottom <= bottom, (size, line)
        # The side columns hold what they show: no scrollbar, nothing below the fold.
        for column in screen.query(VerticalScroll):
            assert column.virtual_size.height <= column.size.height, (size, column)
        return svg


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_snapshot_duel_table(size: tuple[int, int], svg_snapshot: SnapshotAssertion) -> None:
    """An advanced duel's table at each size."""
    svg = await _second_offer(make_app("advanced", 140), size, KeyPlayer(140))
    assert svg == svg_snapshot


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_snapshot_team_table(size: tuple[int, int], svg_snapshot: SnapshotAssertion) -> None:
    """An advanced four-player game's table at each size."""
    app = make_team_app("advanced", 3, 4)
    svg = await _second_offer(app, size, TeamKeyPlayer(3))
    assert svg == svg_snapshot


@pytest.mark.slow
async def test_snapshot_no_colour(
    monkeypatch: pytest.MonkeyPatch, svg_snapshot: SnapshotAssertion
) -> None:
    """The duel's table at 120x40 with NO_COLOR set: Textual draws it in monochrome."""
    monkeypatch.setenv("NO_COLOR", "1")
    app = make_app("advanced", 140)
    assert app.no_color
    svg = await _second_offer(app, (120, 40), KeyPlayer(140))
    assert svg == svg_snapshot
