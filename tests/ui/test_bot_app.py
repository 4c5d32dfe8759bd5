"""Playing against the computer in the app: no handoff for its seat, a thinking indicator while
it decides in a worker thread (the keys keep working), only its own view given to it, the
start screen's opponent choice, and saves that remember and resume the computer's seat."""

from __future__ import annotations

import threading
from functools import partial

import pytest
from textual.widgets import LoadingIndicator

from agent_avenue import storage
from agent_avenue.bots import Bot
from agent_avenue.engine import Action, PlayerView
from agent_avenue.play.session import replay
from agent_avenue.ui import computer as app_module
from agent_avenue.ui.hot_seat_app import HotSeatApp
from agent_avenue.ui.launch import LaunchOptions
from agent_avenue.ui.screens.handoff import HandoffScreen
from agent_avenue.ui.screens.start import StartScreen
from agent_avenue.ui.screens.table import TableScreen
from agent_avenue.ui.widgets.choice_row import ChoiceRow
from agent_avenue.ui.widgets.panels import RevealPanel, ThinkingPanel

from .harness import (
    RULES,
    KeyPlayer,
    make_app,
    play_game,
    screen_kind,
    screen_text,
    settle,
    wait_until,
)
from .test_leaks import check_screen

SIZE = (80, 24)


@pytest.mark.slow
@pytest.mark.parametrize(("seat", "first", "mode"), [(0, 1, "simple"), (1, 0, "advanced")])
async def test_a_game_against_the_computer_to_the_end(seat: int, first: int, mode: str) -> None:
    """A whole game against the computer: never a handoff, every private screen is the
    person's own; the record and the score sheet say which seat the computer played."""
    app = make_app(mode, 7, first, opponent="bot:hard", seat=seat)
    audiences: set[int | None] = set()

    def visit(app: HotSeatApp, kind: str) -> None:
        if kind in ("OfferPanel", "RecruitPanel", "ChoicePanel") and app.session is not None:
            audiences.add(app.session.stage.audience)

    async with app.run_test(size=SIZE) as pilot:
        seen = await play_game(app, pilot, KeyPlayer(7), visit)
        session = app.session
        assert session is not None and session.result is not None
        assert "HandoffScreen" not in seen
        assert {"OfferPanel", "RecruitPanel", "RevealPanel"} <= set(seen)
        assert audiences <= {seat, None}
        assert replay(RULES, session.record).result == session.result
    kinds = ["human", "human"]
    kinds[1 - seat] = "bot:hard"
    assert app.player_kinds == tuple(kinds)
    rows, problem = storage.load_history()
    assert problem is None and len(rows) == 1
    assert rows[0].players == tuple(kinds)


@pytest.mark.slow
async def test_the_computer_thinks_in_a_worker_with_an_indicator_and_keys_still_work(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """While the computer thinks, the table shows who thinks and a loading indicator; the
    rules, the log and the quit question open and close; the computer gets only its view."""
    release = threading.Event()
    given: list[object] = []
    original = app_module.bot_decision

    def slow(bot: Bot, view: PlayerView, seed: int, pause: float) -> Action:
        given.append(view)
        assert threading.current_thread() is not threading.main_thread()
        release.wait(10)
        return original(bot, view, seed, pause)

    monkeypatch.setattr(app_module, "bot_decision", slow)
    app = make_app("simple", 3, first=1, opponent="bot:normal")  # the computer plays first
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        # The thinking panel is drawn while the worker waits (read too early on a busy machine).
        await wait_until(pilot, lambda: bool(given) and "is thinking" in screen_text(app))
        table = app.screen
        assert isinstance(table, TableScreen)
        assert isinstance(table.panel, ThinkingPanel)
        assert table.panel.query_one(LoadingIndicator).display
        assert "Blue (computer) is thinking" in screen_text(app)
        assert "● ● ●" in screen_text(app)  # animations are off in tests: still dots
        assert "Loading" not in screen_text(app)
        checked: list[str] = []
        check_screen(app, screen_kind(app), checked)  # public information only
        assert checked == ["ThinkingPanel"]
        for key, screen in (("question_mark", "RulesScreen"), ("l", "LogScreen")):
            await pilot.press(key)
            await pilot.pause()
            assert type(app.screen).__name__ == screen
            await pilot.press("escape")
            await pilot.pause()
            assert app.screen is table
        await pilot.press("q")
        await pilot.pause()
        assert type(app.screen).__name__ == "KeepGameScreen"
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is table
        # The computer received its own seat's view, never the game state.
        assert len(given) == 1 and isinstance(given[0], PlayerView) and given[0].seat == 1
        release.set()
        await wait_until(pilot, lambda: screen_kind(app) == "RecruitPanel")
        session = app.session
        assert session is not None and len(session.record.moves) == 1
        assert session.stage.audience == 0


async def test_a_key_cannot_act_for_the_computer(monkeypatch: pytest.MonkeyPatch) -> None:
    """An action posted while the computer must decide is refused; nothing is played."""
    release = threading.Event()
    original = app_module.bot_decision

    def slow(bot: Bot, view: PlayerView, seed: int, pause: float) -> Action:
        release.wait(10)
        return original(bot, view, seed, pause)

    monkeypatch.setattr(app_module, "bot_decision", slow)
    app = make_app("simple", 3, first=1, opponent="bot:easy")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        await wait_until(pilot, lambda: screen_kind(app) == "ThinkingPanel")
        session = app.session
        assert session is not None
        from agent_avenue.ui.messages import ActionChosen

        app.post_message(ActionChosen(session.view(1).legal[0]))
        await pilot.pause()
        assert session.record.moves == ()
        release.set()
        await wait_until(pilot, lambda: len(session.record.moves) == 1)


async def test_the_start_screen_offers_the_computer_by_keys_at_80x24() -> None:
    """The opponent choice shows at 80x24 with every level and Tab reaches it; the arrow keys
    choose a level at once; Enter starts from there, the game without any handoff."""
    app = make_app("simple", 3)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        start = app.screen
        assert isinstance(start, StartScreen)
        assert "Opponent  ◉ A person" in screen_text(app)
        choice = start.query_one("#opponent", ChoiceRow)
        for _ in range(10):
            if app.focused is choice:
                break
            await pilot.press("tab")
        assert app.focused is choice
        text = screen_text(app)
        for label in ("Computer: easy", "Computer: normal", "Computer: hard"):
            assert f"○ {label}" in text, text
        await pilot.press("right", "right", "right")
        await pilot.pause()
        assert start.opponent() == "bot:hard"
        assert "◉ Computer: hard" in screen_text(app)
        assert "◉ A person" not in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert app.player_kinds == ("human", "bot:hard")
        assert isinstance(app.screen, TableScreen)  # no handoff: the person plays at once
        assert screen_kind(app) == "OfferPanel"


@pytest.mark.parametrize(
    ("players", "kinds"),
    [
        (3, ("human", "bot:hard", "human")),
        (4, ("human", "bot:hard", "human", "bot:hard")),
    ],
)
async def test_team_games_offer_the_computer_for_the_other_side(
    players: int, kinds: tuple[str, ...]
) -> None:
    """With 3 or 4 players the opponent choice stays at 80x24: the computer takes blue's side."""
    app = make_app("simple", 3, opponent="bot:hard")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        start = app.screen
        assert isinstance(start, StartScreen)
        start.query_one("#players", ChoiceRow).choose(str(players))
        await pilot.pause()
        assert start.query_one("#opponent").display
        assert "◉ Computer: hard" in screen_text(app)
        assert start.opponent() == "bot:hard"
        await pilot.press("enter")
        await pilot.pause()
        assert app.player_kinds == kinds
        assert isinstance(app.screen, TableScreen)


@pytest.mark.slow
async def test_a_game_against_the_computer_resumes_with_the_computer_in_its_seat() -> None:
    """The autosave says "bot:normal" for the computer's seat; resuming gives it back its
    seat: when it is its turn it thinks at once (no handoff), and it plays on."""
    app = make_app("simple", 11, first=0, opponent="bot:normal")
    app.computer.pause = 1.0  # the computer's turn lasts long enough to be seen
    player = KeyPlayer(11)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        # Play until the computer must decide next.
        for _ in range(200):
            session = app.session
            assert session is not None
            if session.stage.actor == 1:
                break
            keys = player.keys_for(app)
            await pilot.press(*keys) if keys else await pilot.pause(0.01)
        moves = app.session.record.moves if app.session else ()
        app.exit(0)
    save = storage.load_save(rules=RULES).save
    assert save is not None and save.players == ("human", "bot:normal")
    assert save.record.moves == moves

    resumed = HotSeatApp(RULES, LaunchOptions(resume=True))
    resumed.computer.override = "greedy"
    resumed.computer.pause = 0
    resumed.reading_pause = 0
    resumed.animation_delay = 0
    async with resumed.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert resumed.player_kinds == ("human", "bot:normal")
        assert not isinstance(resumed.screen, HandoffScreen)
        session = resumed.session
        assert session is not None
        await wait_until(pilot, lambda: len(session.record.moves) > len(moves))
        # The computer played (a recruit shows in public, an offer goes to the person's own
        # recruit screen); never a handoff.
        assert isinstance(resumed.screen, TableScreen)
        assert screen_kind(resumed) in ("RevealPanel", "RecruitPanel")


@pytest.mark.slow
@pytest.mark.parametrize("mode", ["simple", "advanced"])
async def test_after_a_reveal_the_computer_goes_on_without_a_key(mode: str) -> None:
    """A reveal after which the computer decides asks for no key: once the meeples stop and
    the players have had a moment to read it, the computer's decision follows by itself."""
    app = make_app(mode, 11, 0, opponent="bot:hard", seat=0)
    app.reading_pause = 1.0  # long enough to see the reveal waiting for nobody
    player = KeyPlayer(11)
    waited = 0
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        # Until the third such reveal or the end: a count of loop turns ran out on a busy
        # machine while the computer was still thinking (the test then saw one reveal).
        while True:
            session = app.session
            assert session is not None
            if session.result is not None or waited == 3:
                break
            panel = app.screen.panel if isinstance(app.screen, TableScreen) else None
            if isinstance(panel, RevealPanel) and session.stage.actor == 1:
                waited += 1
                moved = partial(
                    lambda s, n: len(s.record.moves) > n, session, len(session.record.moves)
                )
                await wait_until(pilot, moved)
                continue
            keys = player.keys_for(app)
            if keys:
                await pilot.press(*keys)
            else:
                await settle(pilot)  # the computer's move, shown
    assert waited >= 2  # each one went on with no key pressed


async def test_the_computer_starts_thinking_once_its_thinking_screen_is_drawn(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The search holds the interpreter while it runs: started before the screen saying that
    the computer thinks was drawn, it could delay that screen until its answer (after an offer
    to the computer, up to 0.44 s at 80x24 in benchmarks/feel.py)."""
    drawn: list[str] = []
    seen_at_start: list[bool] = []
    display = HotSeatApp._display

    def recording(app: HotSeatApp, screen: object, renderable: object) -> None:
        display(app, screen, renderable)  # type: ignore[arg-type]
        if renderable is not None and not app._batch_count:
            drawn.append(screen_text(app))

    original = app_module.bot_decision

    def noting(bot: Bot, view: PlayerView, seed: int, pause: float) -> Action:
        seen_at_start.append(any("is thinking" in text for text in drawn))
        return original(bot, view, seed, pause)

    monkeypatch.setattr(HotSeatApp, "_display", recording)
    monkeypatch.setattr(app_module, "bot_decision", noting)
    app = make_app("simple", 3, first=1, opponent="bot:normal")  # the computer plays first
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.press("enter")
        await wait_until(pilot, lambda: screen_kind(app) == "RecruitPanel")
    assert seen_at_start == [True]


async def test_a_reveal_read_while_the_computer_still_thinks_shows_it_thinking() -> None:
    """The computer starts deciding while the reveal before its turn is read. Read before the
    computer has decided (by Enter, or by itself after its pause), the reveal gives way at once
    to the table saying that the computer thinks; before, it stayed until the answer came, and
    Enter seemed to do nothing."""
    app = make_app("simple", 3, 0, opponent="bot:normal", seat=0)
    app.computer.pause = 1.5  # each decision of the computer's takes that long at least
    player = KeyPlayer(3)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        for _ in range(400):
            session = app.session
            assert session is not None and session.result is None
            if screen_kind(app) == "RevealPanel" and session.stage.actor == 1:
                break  # the reveal after which the computer decides
            keys = player.keys_for(app)
            if keys:
                await pilot.press(*keys)
            else:
                await pilot.pause(0.05)
        else:
            raise AssertionError("no reveal before the computer's turn")
        moves = len(session.record.moves)
        await pilot.press("enter")
        await wait_until(pilot, lambda: screen_kind(app) == "ThinkingPanel", seconds=1.0)
        assert len(session.record.moves) == moves  # it has not decided yet
        assert "is thinking" in screen_text(app)
