"""Key h in the app: the search thinks in a worker with the thinking indicator, then the hint
shows the suggestion with chances; a second h, the computer's turn, a shared screen and a
language switch while it thinks all behave."""

from __future__ import annotations

import threading

import pytest

from agent_avenue.engine import PlayerView
from agent_avenue.i18n import set_language
from agent_avenue.teaching import hints
from agent_avenue.teaching.hints import Chances
from agent_avenue.ui.screens.table import TableScreen

from .harness import KeyPlayer, make_app, screen_kind, screen_text, wait_until
from .test_leaks import check_screen
from .test_screens import _to

SIZE = (100, 32)


def gated(monkeypatch: pytest.MonkeyPatch) -> tuple[threading.Event, list[PlayerView]]:
    """Make the hint's search wait for an event (and record the views it is given)."""
    release = threading.Event()
    given: list[PlayerView] = []
    original = hints.search_chances

    def slow(view: PlayerView, budget: object = None) -> Chances | None:
        given.append(view)
        release.wait(10)
        return original(view)

    monkeypatch.setattr(hints, "search_chances", slow)
    monkeypatch.setattr(hints, "HINT_SECONDS", 0.05)
    return release, given


def joined(text: str) -> str:
    """Screen text with its line breaks and runs of spaces made single spaces."""
    return " ".join(text.split())


async def test_a_hint_is_searched_in_a_worker_and_a_second_h_waits_for_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    release, given = gated(monkeypatch)
    app = make_app("simple", 2)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "enter")
        await pilot.pause()
        assert screen_kind(app) == "OfferPanel"
        await pilot.press("h")
        await wait_until(pilot, lambda: bool(given))
        await pilot.press("h")  # pressed again while it thinks: nothing new starts
        await pilot.pause()
        text = joined(screen_text(app))
        assert "Looking for a hint" in text and "● ● ●" in text
        assert len(given) == 1 and given[0] == app.session.view(0)  # type: ignore[union-attr]
        release.set()
        await wait_until(pilot, lambda: "you win about" in joined(screen_text(app)))
        text = joined(screen_text(app))
        assert "Looking for a hint" not in text and "%" in text
        await wait_until(pilot, lambda: not app.screen.query("#hint-thinking"))
        assert len(given) == 1


async def test_no_hint_while_the_computer_thinks(monkeypatch: pytest.MonkeyPatch) -> None:
    _, given = gated(monkeypatch)
    from agent_avenue.ui import computer as app_module

    release_bot = threading.Event()
    original = app_module.bot_decision

    def slow_bot(*args: object) -> object:
        release_bot.wait(10)
        return original(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(app_module, "bot_decision", slow_bot)
    app = make_app("simple", 3, first=1, opponent="bot:normal")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        await wait_until(pilot, lambda: screen_kind(app) == "ThinkingPanel")
        table = app.screen
        assert isinstance(table, TableScreen)
        assert table.check_action("hint", ()) is None  # shown dimmed: nothing to suggest
        await pilot.press("h")
        await pilot.pause()
        assert given == [] and not table.query("#hint-line")
        release_bot.set()
        await wait_until(pilot, lambda: screen_kind(app) == "RecruitPanel")


@pytest.mark.slow
async def test_a_hint_on_a_shared_screen_judges_public_facts_only(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(hints, "HINT_SECONDS", 0.05)
    app = make_app("advanced", 140)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        await _to(app, pilot, "PickPanel", KeyPlayer(140))
        await pilot.press("h")
        await wait_until(pilot, lambda: "Hint:" in joined(screen_text(app)))
        checked: list[str] = []
        check_screen(app, "PickPanel", checked)  # still nothing private on screen
        assert checked == ["PickPanel"]


async def test_switching_language_while_a_hint_is_searched(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    release, given = gated(monkeypatch)
    app = make_app("simple", 2)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("enter", "enter")
            await pilot.pause()
            await pilot.press("h")
            await wait_until(pilot, lambda: bool(given))
            await app.switch_language("fr")
            await pilot.pause()
            assert "Recherche d'un indice" in joined(screen_text(app))
            release.set()
            await wait_until(pilot, lambda: "vous gagnez environ" in joined(screen_text(app)))
            assert "Indice :" in joined(screen_text(app))
    finally:
        set_language("en")
