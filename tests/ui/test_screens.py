"""Snapshots of the key screens, the size check, the rules book, quitting, the mouse, crashes."""

from __future__ import annotations

from pathlib import Path

import pytest
from syrupy.assertion import SnapshotAssertion
from syrupy.extensions.single_file import SingleFileSnapshotExtension, WriteMode
from textual.widgets import Input

from agent_avenue.engine import Mode
from agent_avenue.ui import crash as app_module
from agent_avenue.ui.hot_seat_app import HotSeatApp
from agent_avenue.ui.screens.game_over import GameOverScreen
from agent_avenue.ui.screens.handoff import HandoffScreen
from agent_avenue.ui.screens.keep_game import KeepGameScreen
from agent_avenue.ui.screens.rules import RulesScreen
from agent_avenue.ui.screens.table import TableScreen
from agent_avenue.ui.widgets import AgentCard, MarketCardView

from .harness import (
    KeyPlayer,
    make_app,
    play_game,
    press_together,
    screen_kind,
    screen_text,
    settled_screenshot,
)

TIMES = "\u00d7"


class SVGSnapshot(SingleFileSnapshotExtension):
    """One .svg file per snapshot, compared as text."""

    file_extension = "svg"
    _write_mode = WriteMode.TEXT


@pytest.fixture
def svg_snapshot(snapshot: SnapshotAssertion) -> SnapshotAssertion:
    """The syrupy snapshot fixture, writing SVG files."""
    return snapshot.use_extension(SVGSnapshot)


def _still(app: HotSeatApp) -> None:
    """No blinking cursors in screenshots."""
    for field in app.screen.query(Input):
        field.cursor_blink = False


async def _to(app: HotSeatApp, pilot: object, kind: str, player: KeyPlayer) -> None:
    """Play on (by keys) until a screen of this kind is shown."""
    from textual.pilot import Pilot

    assert isinstance(pilot, Pilot)
    for _ in range(500):
        if screen_kind(app) == kind:
            return
        await press_together(pilot, *player.keys_for(app))
        await pilot.pause()
    raise AssertionError(f"no {kind} screen")


async def test_snapshot_start(svg_snapshot: SnapshotAssertion) -> None:
    """The start screen."""
    app = make_app("simple", 7)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        _still(app)
        assert await settled_screenshot(pilot) == svg_snapshot


@pytest.mark.slow
async def test_start_screen_by_keyboard() -> None:
    """Tab and the arrows set the choices (Space changes nothing); Enter starts from anywhere."""
    app = make_app("simple", 1, first=None, names=("Ada", "Bob"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("tab", "tab", "tab")  # Ada's name, Bob's name, the board side
        await pilot.press("down", "space")  # advanced, at once
        # The choice starts on the one made ("at random", the last): up to Bob.
        await pilot.press("tab", "up", "space")
        await pilot.press("enter")
        await pilot.pause()
        session = app.session
        assert session is not None
        assert session.mode is Mode.ADVANCED
        assert session.record.first == 1
        assert session.names == ("Ada", "Bob")
        assert isinstance(app.screen, HandoffScreen)
        assert "Pass the terminal to Bob (Blue)" in screen_text(app)


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["HandoffScreen", "OfferPanel", "RecruitPanel", "RevealPanel"])
async def test_snapshot_simple_turn(kind: str, svg_snapshot: SnapshotAssertion) -> None:
    """A simple game's handoff, private offer, recruit and reveal."""
    app = make_app("simple", 7)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        await _to(app, pilot, kind, KeyPlayer(7))
        assert await settled_screenshot(pilot) == svg_snapshot


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["PickPanel", "OfferPanel"])
async def test_snapshot_advanced_board(kind: str, svg_snapshot: SnapshotAssertion) -> None:
    """The advanced board with the black market: a pick, then an offer later in the game."""
    app = make_app("advanced", 140)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        player = KeyPlayer(140)
        await _to(app, pilot, "PickPanel", player)
        if kind == "OfferPanel":
            await _to(app, pilot, "RevealPanel", player)
            await _to(app, pilot, "OfferPanel", player)
        assert await settled_screenshot(pilot) == svg_snapshot


@pytest.mark.slow
async def test_the_pick_previews_each_card_where_there_is_room() -> None:
    """From 30 rows the pick panel says what each supply card would do, fully visible; at
    80x24 the line gives way (the cards' texts and key h stay)."""
    from agent_avenue.ui.size_classes import ROOMY_HEIGHT

    app = make_app("advanced", 140)
    async with app.run_test(size=(80, ROOMY_HEIGHT)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        await _to(app, pilot, "PickPanel", KeyPlayer(140))
        preview = app.screen.query_one(".market-preview")
        assert preview.display and preview.region.height == len(app.screen.panel.cards)
        assert preview.region.bottom <= app.screen.panel.region.bottom
        assert "for your next Codebreaker" in screen_text(app)
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert not preview.display
        assert "for your next Codebreaker" not in screen_text(app)


@pytest.mark.slow
async def test_snapshot_game_over(svg_snapshot: SnapshotAssertion) -> None:
    """The game-over screen: who won and why, the final board and collections."""
    app = make_app("simple", 7)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_game(app, pilot, KeyPlayer(7))
        assert isinstance(app.screen, GameOverScreen)
        assert await settled_screenshot(pilot) == svg_snapshot


@pytest.mark.slow
async def test_too_small_then_large_enough() -> None:
    """Below 80 by 24 the screen asks for a larger window, with the current size."""
    app = make_app("simple", 7)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        await pilot.resize_terminal(70, 20)
        await pilot.pause()
        text = screen_text(app)
        assert f"Make the window at least 80{TIMES}24 (it is now 70{TIMES}20)" in text
        assert "Enforcer" not in text and "Daredevil" not in text
        await pilot.resize_terminal(80, 23)
        await pilot.pause()
        assert f"(it is now 80{TIMES}23)" in screen_text(app)
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        text = screen_text(app)
        assert "Make the window" not in text
        assert "your hand" in text


@pytest.mark.slow
async def test_rules_book_opens_and_closes() -> None:
    """? opens the rules over any screen; Escape goes back."""
    app = make_app("advanced", 7)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        text = screen_text(app)
        assert "Agent Avenue: the rules" in text
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen)


@pytest.mark.slow
async def test_quit_asks_during_a_game() -> None:
    """q asks first during a game whether to keep it; Escape plays on, k keeps it and quits
    (tests/ui/test_saves_app.py checks what keeping and discarding do to the save)."""
    app = make_app("simple", 7)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, KeepGameScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        await pilot.press("q")
        await pilot.pause()
        await pilot.press("k")
        await pilot.pause()
    assert app.return_code == 0


async def test_quit_on_the_start_screen_needs_no_question() -> None:
    """Before a game starts, q quits at once (when no name field has the focus)."""
    app = make_app("simple", 7)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("q")
        await pilot.pause()
    assert app.return_code == 0


@pytest.mark.slow
async def test_the_mouse_plays_a_turn() -> None:
    """Clicking cards and the key bar does what the keys do."""
    app = make_app("advanced", 140)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.click("#start-button")
        await pilot.pause()
        await pilot.click("#handoff-button")
        await pilot.pause()
        table = app.screen
        assert isinstance(table, TableScreen)
        cards = list(table.panel.query(AgentCard))
        first = next(c for c in cards)
        second = next(c for c in cards if c.agent != first.agent)
        for card in (first, first, second, second):  # select, place up; select, place down
            await pilot.click(card)
            await pilot.pause()
        assert first.has_class("-face-up") and second.has_class("-face-down")
        await pilot.press("enter")
        await pilot.pause()
        await pilot.click("#handoff-button")
        await pilot.pause()
        assert screen_kind(app) == "RecruitPanel"
        await pilot.click("#recruit-down")
        await pilot.pause()
        assert screen_kind(app) == "RevealPanel"
        player = KeyPlayer(140)
        await _to(app, pilot, "PickPanel", player)
        before = app.session.stage if app.session else None
        await pilot.click(MarketCardView)
        await pilot.pause()
        assert screen_kind(app) == "RevealPanel"
        assert app.session is not None and app.session.stage != before


async def test_a_crash_prints_one_line_without_secrets(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """An unhandled error shows its type only on the terminal: no traceback, no locals, no
    hand. The traceback (still without locals) goes to a private file for bug reports."""
    monkeypatch.setattr(app_module, "crash_dir", lambda: tmp_path)
    app = make_app("simple", 7)

    def broken(*args: object) -> None:
        hand = ("enforcer", "sentinel")
        raise RuntimeError(f"secret {hand}")

    with pytest.raises(RuntimeError):
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("enter")
            await pilot.pause()
            assert app.game is not None
            app.game.advance = broken  # type: ignore[method-assign,assignment]
            await pilot.press("enter")
            await pilot.pause()
    err = capsys.readouterr().err
    assert "agent-avenue crashed: RuntimeError" in err
    assert "Traceback" not in err
    assert "secret" not in err and "enforcer" not in err.lower()
    report = (tmp_path / "crash.txt").read_text(encoding="utf-8")
    assert "RuntimeError" in report
    assert "seed=7" in report  # the game record, to reproduce the crash
