"""Every change of screen is drawn whole: the terminal never shows a half-built table between two
screens (the table of the wrong mode before the first handoff, the waiting line after a handoff,
an empty panel before a reveal)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from textual.pilot import Pilot
from textual.screen import Screen

from agent_avenue.ui.hot_seat_app import HotSeatApp
from agent_avenue.ui.screens.game_over import GameOverScreen
from agent_avenue.ui.screens.handoff import HandoffScreen
from agent_avenue.ui.screens.table import TableScreen
from agent_avenue.ui.widgets import BoardRing, CollectionPanel, GameLog

from .harness import KeyPlayer, make_app, screen_kind, screen_text

Frame = tuple[str, str]


@pytest.fixture
def frames(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Frame]]:
    """Every frame the app sends to the terminal: (what it shows, the screen's text). Textual
    drops what is displayed while updates are held (`batch_update`): those are not frames."""
    drawn: list[Frame] = []
    display = HotSeatApp._display

    def recording(app: HotSeatApp, screen: Screen[object], renderable: object) -> None:
        if renderable is not None and not app._batch_count:
            drawn.append((screen_kind(app), screen_text(app)))
        display(app, screen, renderable)  # type: ignore[arg-type]

    monkeypatch.setattr(HotSeatApp, "_display", recording)
    yield drawn


async def settle(pilot: Pilot[int]) -> None:
    """Let every update the last key started be drawn."""
    for _ in range(4):
        await pilot.wait_for_scheduled_animations()
        await pilot.pause()


async def press_drawn(pilot: Pilot[int], frames: list[Frame], *keys: str) -> None:
    """Press `keys` and let all they set off be drawn: `frames` holds only what they drew."""
    frames.clear()
    await pilot.press(*keys)
    await settle(pilot)


async def started(pilot: Pilot[int]) -> KeyPlayer:
    """The game started from the start screen; the player who presses its keys."""
    await pilot.press("enter")
    await settle(pilot)
    return KeyPlayer(3)


async def test_an_advanced_game_starts_with_its_handoff_not_a_simple_table(
    frames: list[Frame],
) -> None:
    app = make_app("advanced", 5)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await press_drawn(pilot, frames, "enter")
        assert isinstance(app.screen, HandoffScreen)
    assert frames, "nothing was drawn"
    shown = [kind for kind, _ in frames]
    assert set(shown) == {"HandoffScreen"}, shown
    assert not any("Simple mode" in text for _, text in frames)


async def test_the_first_handoff_is_drawn_before_the_table_behind_it_is_composed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The start key shows the handoff at once; the table is composed behind it while it
    counts down (it had kept the terminal waiting for both), and is whole when it leaves."""
    composed: list[bool] = []
    display = HotSeatApp._display

    def recording(app: HotSeatApp, screen: Screen[object], renderable: object) -> None:
        if renderable is not None and not app._batch_count and not composed:
            table = next((s for s in app.screen_stack if isinstance(s, TableScreen)), None)
            if table is not None and isinstance(app.screen, HandoffScreen):
                composed.append(bool(table.query(BoardRing)))
        display(app, screen, renderable)  # type: ignore[arg-type]

    monkeypatch.setattr(HotSeatApp, "_display", recording)
    app = make_app("advanced", 5)
    async with app.run_test(size=(160, 45)) as pilot:
        await started(pilot)
        assert composed == [False]
        assert isinstance(app.screen, HandoffScreen)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        assert "Advanced mode" in screen_text(app)
        assert len(app.screen.query(CollectionPanel)) == 2


@pytest.mark.slow
async def test_after_a_handoff_the_private_screen_is_drawn_at_once(frames: list[Frame]) -> None:
    app = make_app("simple", 11)
    async with app.run_test(size=(120, 40)) as pilot:
        player = await started(pilot)
        handoffs = 0
        while handoffs < 3:
            if isinstance(app.screen, HandoffScreen):
                handoffs += 1
                await press_drawn(pilot, frames, "enter")
                assert isinstance(app.screen, TableScreen)
                kind = screen_kind(app)
                shown = [k for k, _ in frames]
                assert shown and set(shown) == {kind}, shown  # never the waiting panel
                assert not any("take the terminal" in text for _, text in frames)
                continue
            await pilot.press(*player.keys_for(app))
            await settle(pilot)


@pytest.mark.slow
async def test_a_recruit_shows_its_reveal_whole_in_its_first_frame(frames: list[Frame]) -> None:
    app = make_app("simple", 11)
    async with app.run_test(size=(120, 40)) as pilot:
        player = await started(pilot)
        for _ in range(40):
            if screen_kind(app) == "RecruitPanel":
                break
            await pilot.press(*player.keys_for(app))
            await settle(pilot)
        await press_drawn(pilot, frames, *player.keys_for(app))
        assert screen_kind(app) == "RevealPanel"
        final = screen_text(app)
    first_reveal = next(text for kind, text in frames if kind == "RevealPanel")
    # The meeples may still move (their animation is off here): every other line is final.
    assert next(kind for kind, _ in frames) == "RevealPanel"
    assert first_reveal.splitlines()[-6:] == final.splitlines()[-6:]


@pytest.mark.slow
async def test_every_frame_shows_the_newest_line_of_a_log_that_follows_the_game(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """At 160x45 the log shrinks as the collection above it grows: it used to be drawn a row
    short of its end first and scrolled a frame later (the reveal was complete only then)."""
    late: list[tuple[float, int]] = []
    display = HotSeatApp._display

    def recording(app: HotSeatApp, screen: Screen[object], renderable: object) -> None:
        if renderable is not None and not app._batch_count:
            for log in app.screen.query("#table-log").results(GameLog):
                if log.max_scroll_y and log.scroll_y != log.max_scroll_y:
                    late.append((log.scroll_y, log.max_scroll_y))
        display(app, screen, renderable)  # type: ignore[arg-type]

    monkeypatch.setattr(HotSeatApp, "_display", recording)
    app = make_app("simple", 3)
    async with app.run_test(size=(160, 45)) as pilot:
        player = await started(pilot)
        for _ in range(80):
            if isinstance(app.screen, GameOverScreen):
                break
            await pilot.press(*player.keys_for(app))
            await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)
    assert late == []


async def test_the_first_table_of_a_computer_game_shows_its_log_in_its_first_frame(
    frames: list[Frame],
) -> None:
    """Against the computer the start key shows the table itself. Its log held back the lines
    written before it had a width (Textual's RichLog) and wrote them after the first frame:
    the log was drawn empty, then filled and the screen laid out again."""
    app = make_app("simple", 3, opponent="bot:normal")
    async with app.run_test(size=(160, 45)) as pilot:
        await settle(pilot)
        await press_drawn(pilot, frames, "enter")
        assert isinstance(app.screen, TableScreen)
        opening = app.screen.query_one(GameLog).sentences[0]
    tables = [text for kind, text in frames if kind != "StartScreen"]
    assert tables, "nothing was drawn"
    assert opening[:20] in tables[0], tables[0]
