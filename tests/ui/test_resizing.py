"""Whatever the terminal does: a resize on any screen, and a key pressed at once after it."""

from __future__ import annotations

import pytest
from textual.events import Resize
from textual.geometry import Size
from textual.pilot import Pilot

from agent_avenue.ui.hot_seat_app import HotSeatApp
from agent_avenue.ui.screens.game_over import GameOverScreen
from agent_avenue.ui.screens.start import StartScreen
from agent_avenue.ui.screens.table import TableScreen

from .harness import SHORT_GAME, KeyPlayer, make_app, play_game, screen_kind, settle


def resize_now(pilot: Pilot[int], width: int, height: int) -> None:
    """The terminal changes size, as a window does, without waiting for the app to see it."""
    size = Size(width, height)
    pilot.app._driver._size = size  # type: ignore[union-attr]  # the headless driver's size
    pilot.app.post_message(Resize(size, size))


async def to_greens_offer(pilot: Pilot[int]) -> None:
    """From the start screen through the first handoff to Green's offer panel."""
    await pilot.press("enter")
    await pilot.pause()
    await pilot.press("enter")  # the handoff: Green's offer
    await pilot.pause()
    app = pilot.app
    assert isinstance(app, HotSeatApp) and screen_kind(app) == "OfferPanel"


@pytest.mark.slow
async def test_a_resize_on_the_result_screen_then_a_new_game_at_once() -> None:
    # The table below the result crossed a board size as "n" dismissed it: it was laid out
    # again while being removed ("No nodes match 'BoardRing'", the app crashed).
    app = make_app("simple", SHORT_GAME)
    async with app.run_test(size=(160, 45)) as pilot:
        await play_game(app, pilot, KeyPlayer(SHORT_GAME))
        assert isinstance(app.screen, GameOverScreen)
        resize_now(pilot, 120, 40)
        await pilot.press("n")
        for _ in range(6):
            await pilot.pause()
        assert app.is_running
        assert isinstance(app.screen, StartScreen)
        assert app.return_code is None


@pytest.mark.slow
async def test_the_key_pressed_right_after_a_resize_is_not_lost() -> None:
    # Crossing a board size lays the table out again; the panel shown after it must have the
    # keys at once, not after the next refresh.
    app = make_app("simple", 4)
    async with app.run_test(size=(160, 45)) as pilot:
        await to_greens_offer(pilot)
        keys = KeyPlayer(4).keys_for(app)
        resize_now(pilot, 100, 30)
        await pilot.press(*keys)
        await pilot.pause()
        session = app.session
        assert session is not None
        assert isinstance(app.screen, TableScreen) or screen_kind(app) == "HandoffScreen"
        assert len(session.record.moves) == 1, "the offer was lost"


@pytest.mark.slow
async def test_enter_right_after_a_resize_on_a_reveal_goes_on() -> None:
    app = make_app("simple", 4)
    player = KeyPlayer(4)
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        for _ in range(40):
            if screen_kind(app) == "RevealPanel":
                break
            await pilot.press(*player.keys_for(app))
            await pilot.pause()
        assert screen_kind(app) == "RevealPanel"
        moves = len(app.session.record.moves) if app.session else 0
        resize_now(pilot, 100, 30)
        await pilot.press("enter")
        await settle(pilot)
        assert screen_kind(app) != "RevealPanel", "the Enter was lost"
        assert app.session is not None and len(app.session.record.moves) == moves


@pytest.mark.slow
async def test_the_keys_work_again_once_a_window_too_small_is_large_enough() -> None:
    # Below 80x24 the panel is hidden, which took its focus; back at a size with the same board
    # (no new layout) nothing had the focus, and every key of the offer was lost.
    app = make_app("simple", 4)
    async with app.run_test(size=(100, 30)) as pilot:
        await to_greens_offer(pilot)
        keys = KeyPlayer(4).keys_for(app)
        await pilot.resize_terminal(70, 20)
        await pilot.pause()
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        await pilot.press(*keys)
        await pilot.pause()
        session = app.session
        assert session is not None
        assert len(session.record.moves) == 1, "the offer was lost"


async def test_enter_does_not_pass_a_handoff_the_window_is_too_small_to_show() -> None:
    # Below 80x24 the handoff's question is not on screen; Enter answered it all the same, and
    # the next player's hand showed as soon as the window was large enough again.
    app = make_app("simple", 4)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        assert screen_kind(app) == "HandoffScreen"
        await pilot.resize_terminal(70, 20)
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert screen_kind(app) == "HandoffScreen", "Enter passed a handoff not shown"
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert screen_kind(app) == "OfferPanel"


@pytest.mark.slow
async def test_no_key_acts_while_the_window_is_too_small_even_with_the_focus_left() -> None:
    # Below 80x24 the panel is hidden and Textual takes its focus, but only when the panel
    # handles its Hide message: a key that arrived first still reached the hidden panel and
    # made an offer that was not on screen (seen under load by the resize property test).
    app = make_app("simple", 4)
    async with app.run_test(size=(100, 30)) as pilot:
        await to_greens_offer(pilot)
        keys = KeyPlayer(4).keys_for(app)
        await pilot.resize_terminal(70, 20)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableScreen)
        screen.set_focus(screen.panel)  # the focus as it is before the Hide is handled
        await pilot.press(*keys)
        await pilot.pause()
        session = app.session
        assert session is not None
        assert session.record.moves == (), "a key acted below the minimum size"
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        await pilot.press(*keys)
        await pilot.pause()
        assert len(session.record.moves) == 1, "the offer was lost"
