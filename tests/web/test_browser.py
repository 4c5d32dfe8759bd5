"""A whole game in headless Chromium: `agent-avenue host --web` serves the page, a visitor
enters the room code and takes green, and plays to the end against the computer; the page
fetches nothing from another host and never shows a card of blue's hand."""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from agent_avenue.data import default_rules
from agent_avenue.engine import Offer, Recruit
from agent_avenue.net.hosting import load_rooms
from net.test_textual_client import forbidden
from ui_helpers import names_in

from .browser import CAPTURE, PageScreen, chromium_path, web_host

GAME_TIMEOUT = 200.0
RETRY = 10.0
"""Seconds after which the keys of a decision are pressed again if nothing moved (a busy
machine may drop nothing, but a key pressed before its panel was shown does nothing)."""
SEED = 3
VIEWPORT = {"width": 1280, "height": 800}
SCREENSHOT = Path(__file__).resolve().parents[2] / "docs" / "screenshots" / "web-duel.png"
"""The README's picture, written when AGENT_AVENUE_SCREENSHOTS=1 (else into the test's folder)."""


def _browser_or_skip() -> str:
    """The system's Chromium; on CI its absence is a failure (.ci/run installs it)."""
    path = chromium_path()
    if path is None:
        if os.environ.get("CI"):
            pytest.fail("chromium is not installed: .ci/run installs the Debian package")
        pytest.skip("no chromium on this machine (apt-get install chromium)")
    return path


def _keys(session: object) -> list[str]:
    """Green's keys for its decision now: the first legal offer (by hand position), or take
    the face-up card; [] when it is not green's decision."""
    view = session.view(0)  # type: ignore[attr-defined]
    if session.stage.actor != 0 or not view.legal:  # type: ignore[attr-defined]
        return []
    offers = [a for a in view.legal if isinstance(a, Offer)]
    if offers:
        hand = list(view.hand)
        up = hand.index(offers[0].face_up)
        down = next(i for i, a in enumerate(hand) if a == offers[0].face_down and i != up)
        return [str(up + 1), "u", str(down + 1), "d", "Enter"]
    if any(isinstance(a, Recruit) for a in view.legal):
        return ["u"]
    raise AssertionError(f"no keys for {view.legal}")


@pytest.mark.slow
def test_a_whole_game_in_chromium(tmp_path: Path) -> None:
    """Open the page from the host's link, sit at green, play to the game-over screen."""
    executable = _browser_or_skip()
    from playwright.sync_api import sync_playwright

    rules = default_rules()
    home = tmp_path / "host"
    options = ("--vs", "bot:easy", "--seed", str(SEED), "--first", "green", "--mode", "simple")
    with web_host(home, *options) as host, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, args=["--no-sandbox"])
        page = browser.new_page(viewport=VIEWPORT)  # type: ignore[arg-type]
        requested: list[str] = []
        page.on("request", lambda request: requested.append(request.url))
        page.add_init_script(CAPTURE)
        page.goto(host.url)
        assert page.input_value("#code") == host.code, "the link's code fills the form"
        page.fill("#name", "Ann")
        page.click("#sit")
        screen = PageScreen(page)
        screen.wait_for("Ann", 30)
        page.focus(".xterm-helper-textarea")  # the terminal takes the keys (as after a click)
        deadline = time.monotonic() + GAME_TIMEOUT
        pressed_at: tuple[int, bool, float] | None = None
        screenshot_taken = False
        secrets_checked = 0  # screens read while blue held a card green may not know of
        while True:
            assert time.monotonic() < deadline, f"the game did not end:\n{screen.read()}"
            text = screen.read()
            rooms, _ = load_rooms(rules, home)  # read after the screen: never older than it
            session = rooms[0].session if rooms else None
            if session is None:
                if list((home / "games").glob("*.json")):
                    break  # over: the host wrote the game on its score sheet
                page.wait_for_timeout(50)
                continue
            bad = forbidden(session, (0,))
            assert not names_in(text, bad), (bad, text)
            secrets_checked += bool(bad)
            bottom = "\n".join(text.splitlines()[-14:])
            step = len(session.log)
            keys = ["Enter"] if "Press Enter" in bottom else _keys(session)
            again = pressed_at is None or pressed_at[:2] != (step, keys[:1] == ["Enter"])
            if keys and (again or time.monotonic() > pressed_at[2] + RETRY):  # type: ignore[index]
                if not screenshot_taken and keys[0] != "Enter" and step >= 6:
                    page.screenshot(path=str(tmp_path / "web-duel.png"))
                    screenshot_taken = True
                for key in keys:
                    page.keyboard.press(key)
                pressed_at = (step, keys[:1] == ["Enter"], time.monotonic())
            page.wait_for_timeout(50)
        final = screen.wait_for("wins", 30)
        assert not names_in(final, forbidden_at_end(home)), final
        browser.close()
    origins = {urlsplit(url)._replace(path="", query="", fragment="").geturl() for url in requested}
    assert origins == {f"http://127.0.0.1:{host.web_port}"}, origins
    assert screenshot_taken
    assert secrets_checked > 0
    if os.environ.get("AGENT_AVENUE_SCREENSHOTS") == "1":
        shutil.copyfile(tmp_path / "web-duel.png", SCREENSHOT)


def forbidden_at_end(home: Path) -> set[str]:
    """Nothing is secret once the game is over (its hands are still not to be shown, but the
    end screen is read against what blue held last in the finished game's record)."""
    from agent_avenue.engine import player_view
    from net.harness import finished_records, true_states

    records = finished_records(home)
    assert len(records) == 1
    last = true_states(records[0])[-1]
    blue = set(player_view(last, 1).hand) - set(player_view(last, 0).hand)
    public = player_view(last, None)
    shown = {a for side in public.sides for a in side.in_play}
    from agent_avenue.i18n import agent_name

    return {agent_name(a) for a in blue - shown}
