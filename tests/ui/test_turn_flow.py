"""A turn that flows: a reveal's own prompt asks the privacy question of the private screen that
follows (one key press, after the handoff's pause), and the handoff's pause is counted down."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable

import pytest
from textual.pilot import Pilot

from agent_avenue.ui import key_pause
from agent_avenue.ui.hot_seat_app import HotSeatApp
from agent_avenue.ui.screens.handoff import HandoffScreen
from agent_avenue.ui.screens.table import TableScreen
from agent_avenue.ui.widgets.panels import OfferPanel, RecruitPanel, RevealPanel

from .harness import KeyPlayer, make_app, press_together, screen_kind, screen_text

PRIVATE = {"OfferPanel", "RecruitPanel", "ChoicePanel"}


PAUSE = 2.0
"""A real pause, long enough for a busy machine to check the screen during it."""


async def until(pilot: Pilot[int], done: Callable[[], bool]) -> None:
    """Let the app run until `done` (at most a few seconds)."""
    for _ in range(100):
        if done():
            await pilot.pause()
            return
        await asyncio.sleep(0.05)
    raise AssertionError("it never happened")


def countdown(text: str) -> float:
    """The seconds the countdown on screen shows."""
    found = re.search(r"Ready in (\d\.\d) s", text)
    assert found is not None, text
    return float(found.group(1))


async def to_asking_reveal(app: HotSeatApp, pilot: Pilot[int], player: KeyPlayer) -> RevealPanel:
    """Press keys until a reveal whose prompt asks the privacy question is shown."""
    for _ in range(200):
        screen = app.screen
        panel = screen.panel if isinstance(screen, TableScreen) else None
        if isinstance(panel, RevealPanel) and panel.question is not None:
            return panel
        await press_together(pilot, *player.keys_for(app))
        await pilot.pause()
    raise AssertionError("no reveal asked the privacy question")


@pytest.mark.slow
async def test_one_enter_from_the_reveal_to_the_next_private_screen() -> None:
    app = make_app("simple", 1)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        panel = await to_asking_reveal(app, pilot, KeyPlayer(1))
        game = app.game
        assert game is not None and game.asking is not None
        seat = game.asking.seat
        assert seat is not None
        name = game.seat_names[seat]
        text = " ".join(screen_text(app).split())
        assert f"{name}: press Enter when only you are looking." in text
        assert "Press Enter." not in text
        assert panel.ready
        await pilot.press("enter")
        await pilot.pause()
        # Straight to that player's private screen: no separate handoff screen.
        assert not isinstance(app.screen, HandoffScreen)
        assert screen_kind(app) in PRIVATE
        assert app.session is not None and app.session.stage.audience == seat
        assert game.flow.looker == seat


@pytest.mark.slow
async def test_the_reveal_question_waits_for_its_pause_with_a_countdown(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The pause's clock stands still until the test has looked (on a busy machine 2 s of real
    # time went by before the first look, and the pause was over).
    clock = [1000.0]
    monkeypatch.setattr(key_pause, "now", lambda: clock[0])
    app = make_app("simple", 1)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        player = KeyPlayer(1)
        # Play up to the first recruit with no pause, then give the reveal a real one.
        while screen_kind(app) != "RecruitPanel":
            await press_together(pilot, *player.keys_for(app))
            await pilot.pause()
        app.handoff_delay = PAUSE
        await press_together(pilot, *player.keys_for(app))
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableScreen) and isinstance(screen.panel, RevealPanel)
        panel = screen.panel
        assert panel.question == PAUSE and not panel.ready
        assert 0 < countdown(screen_text(app)) <= PAUSE
        await pilot.press("enter")  # a held Enter: nothing happens during the pause
        await pilot.pause()
        assert app.screen.panel is panel  # type: ignore[attr-defined]
        clock[0] += PAUSE
        await until(pilot, lambda: panel.ready)
        assert "Ready in" not in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert isinstance(app.screen.panel, OfferPanel | RecruitPanel)


@pytest.mark.slow
async def test_the_handoff_counts_its_pause_down_and_takes_the_first_press_after_it() -> None:
    app = make_app("simple", 1)
    app.handoff_delay = PAUSE
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, HandoffScreen)
        first = countdown(screen_text(app))
        await asyncio.sleep(0.3)
        await pilot.pause()
        second = countdown(screen_text(app))
        assert 0 < second < first <= PAUSE  # updated every tenth of a second
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen and not screen.ready
        await until(pilot, lambda: screen.ready)
        assert "Press Enter when only Green is looking." in screen_text(app)
        await pilot.press("enter")  # the first press after the pause is not lost
        await pilot.pause()
        assert app.screen is not screen
        assert screen_kind(app) == "OfferPanel"
