"""The waiting line of a network game: the other player decides at their own terminal, so the
table never asks anyone to take this one (an opponent that is slow on purpose keeps it shown)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from agent_avenue.net.client import GameClient
from agent_avenue.net.scripted import bot_chooser, play_out
from agent_avenue.ui.screens.table import TableScreen
from agent_avenue.ui.widgets.panels import OfferPanel, WaitingPanel
from ui_helpers import KeyPlayer, screen_text

from .harness import LOOPBACK
from .test_textual_client import TIMEOUT, _Seen, _until, make_remote, serving


async def _slow_opponent(client: GameClient, go: asyncio.Event) -> None:
    """Join at once, then answer nothing until `go` is set; then play two steps."""
    table = await client.join()
    await go.wait()
    steps = table.step + 2
    await play_out(
        client, bot_chooser("random", 1), timeout=TIMEOUT, until=lambda t: t.step >= steps
    )


@pytest.mark.slow
async def test_the_waiting_line_says_the_other_player_decides_at_their_own_terminal(
    tmp_path: Path,
) -> None:
    """After green's offer, blue (held back) must recruit: green's table shows the waiting
    panel with blue's name and the network sentence, never "take the terminal"; once blue
    answers, the panel moves on."""
    async with serving(tmp_path / "server", ("human", "human")) as (hosted, port):
        room = hosted.room.config.code
        green = GameClient(LOOPBACK, port, room, name="Ann", seats=(0,), home=tmp_path / "g")
        blue = GameClient(LOOPBACK, port, room, name="Bob", seats=(1,), home=tmp_path / "b")
        app = make_remote(green)
        go = asyncio.Event()
        async with app.run_test(size=(100, 32)) as pilot:
            other = asyncio.create_task(_slow_opponent(blue, go))

            def panel() -> object:
                screen = app.screen
                return screen.panel if isinstance(screen, TableScreen) else None

            await _until(pilot, lambda: isinstance(panel(), OfferPanel), "green's offer")
            await pilot.press(*KeyPlayer(1, discard_rate=0).keys_for(_Seen(app)))  # type: ignore[arg-type]
            await _until(pilot, lambda: isinstance(panel(), WaitingPanel), "blue's recruit")
            await pilot.pause(0.05)
            text = screen_text(app)  # type: ignore[arg-type]
            assert isinstance(panel(), WaitingPanel), "blue answered although held back"
            assert "Bob is deciding at their own terminal" in text, text
            assert "take the terminal" not in text, text
            go.set()
            await asyncio.wait_for(other, TIMEOUT)
            await _until(pilot, lambda: not isinstance(panel(), WaitingPanel), "blue's answer")
            assert "Bob is deciding at their own terminal" not in screen_text(app)  # type: ignore[arg-type]
        await blue.close()
