"""The computer in team games: it takes a whole side or any one seat; its seat never gets a
handoff or a private screen, people still hand off between each other (not when one person is
left), it decides its side's team decisions when the engine's acting seat is its own, it gets
only its own seat's view, and nothing of its hand (nor a teammate's) ever shows."""

from __future__ import annotations

import threading

import pytest
from textual.pilot import Pilot
from textual.widgets import LoadingIndicator

from agent_avenue.bots import Bot
from agent_avenue.engine import Action, Mode, PlayerView
from agent_avenue.i18n import agent_name
from agent_avenue.play.session import replay
from agent_avenue.ui import computer as app_module
from agent_avenue.ui.hot_seat_app import HotSeatApp
from agent_avenue.ui.launch import LaunchOptions
from agent_avenue.ui.screens.handoff import HandoffScreen
from agent_avenue.ui.screens.table import TableScreen
from agent_avenue.ui.widgets.panels import ThinkingPanel

from .harness import RULES, play_game, screen_kind, screen_text, wait_until
from .test_team_app import FOUR, THREE, TeamKeyPlayer, check_screen

SIZE = (80, 24)


def make_bot_team_app(
    mode: str,
    seed: int,
    players: int,
    *,
    opponent: str = "bot:normal",
    seat: int = 0,
    kinds: tuple[str, ...] | None = None,
    bot: str = "greedy",
) -> HotSeatApp:
    """A seeded team game with the computer (a fast `bot` for every computer seat), green
    first, animations, handoff pauses and the computer's pause off."""
    names = FOUR if players == 4 else THREE
    app = HotSeatApp(
        RULES,
        LaunchOptions(
            Mode(mode),
            seed,
            names,
            0,
            players=players,
            opponent=opponent,
            seat=seat,
            kinds=kinds,
        ),
    )
    app.animation_delay = 0
    app.handoff_delay = 0
    app.animation_level = "none"
    app.computer.override = bot
    app.computer.pause = 0
    app.reading_pause = 0
    return app


class Watch:
    """Records, screen by screen, what the leak checks need: handoff titles, thinking lines."""

    def __init__(self) -> None:
        self.checked: list[str] = []
        self.handoffs: list[str] = []
        self.private: set[int | None] = set()

    def __call__(self, app: HotSeatApp, kind: str) -> None:
        """Check the screen shown now and note what it was."""
        check_screen(app, kind, self.checked)
        screen = app.screen
        if isinstance(screen, HandoffScreen):
            self.handoffs.append(screen_text(app))
        session = app.session
        if session is not None and kind in ("OfferPanel", "PlayUpPanel", "PlayDownPanel"):
            self.private.add(session.stage.audience)


@pytest.fixture
def thinking(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The line of every thinking indicator the table shows (the fast computer answers before
    a test could look at the screen)."""
    lines: list[str] = []
    original = TableScreen.show_thinking

    def recording(self: TableScreen, public: PlayerView, names: tuple[str, str], text: str) -> None:
        assert public.seat is None  # public information only while the computer thinks
        lines.append(text)
        original(self, public, names, text)

    monkeypatch.setattr(TableScreen, "show_thinking", recording)
    return lines


@pytest.fixture
def given_views(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, PlayerView]]:
    """Every view the computer is given, with the seat it decides for."""
    given: list[tuple[int, PlayerView]] = []
    original = app_module.bot_decision

    def recording(bot: Bot, view: PlayerView, seed: int, pause: float) -> Action:
        assert isinstance(view, PlayerView)
        assert view.seat is not None
        given.append((view.seat, view))
        return original(bot, view, seed, pause)

    monkeypatch.setattr(app_module, "bot_decision", recording)
    return given


@pytest.mark.slow
@pytest.mark.parametrize(
    ("mode", "seed", "bot"), [("simple", 1, "greedy"), ("advanced", 13, "search:30it")]
)
async def test_two_people_against_a_computer_team(
    mode: str,
    seed: int,
    bot: str,
    given_views: list[tuple[int, PlayerView]],
    thinking: list[str],
) -> None:
    """Ann & Cid against the computer's Bob & Dee to the end: handoffs between Ann and Cid
    only, a thinking line for each computer seat, its own view only, no leak anywhere."""
    app = make_bot_team_app(mode, seed, 4, bot=bot)
    watch = Watch()
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await play_game(app, pilot, TeamKeyPlayer(seed), watch)
        session = app.session
        assert session is not None and session.result is not None
        assert replay(RULES, session.record).result == session.result
    assert app.player_kinds == ("human", "bot:normal", "human", "bot:normal")
    assert watch.handoffs, "two people share the terminal"
    for text in watch.handoffs:
        assert "Ann" in text or "Cid" in text
        assert "Bob" not in text and "Dee" not in text
    assert watch.private <= {0, 2}
    assert "Bob (computer) is thinking…" in thinking
    assert "Dee (computer) is thinking…" in thinking
    assert {seat for seat, _ in given_views} == {1, 3}
    assert all(view.my_turn and view.legal for _, view in given_views)


@pytest.mark.slow
@pytest.mark.parametrize(("mode", "seed"), [("simple", 3), ("advanced", 6)])
async def test_one_person_against_a_computer_team(
    mode: str, seed: int, given_views: list[tuple[int, PlayerView]], thinking: list[str]
) -> None:
    """3 players, Bob (blue, alone) against the computer's Ann & Cid: one person at the
    terminal, so never a handoff; Bob's private screens are his own; no leak."""
    app = make_bot_team_app(mode, seed, 3, opponent="bot:easy", seat=1)
    watch = Watch()
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        seen = await play_game(app, pilot, TeamKeyPlayer(seed), watch)
        session = app.session
        assert session is not None and session.result is not None
        assert replay(RULES, session.record).result == session.result
    assert app.player_kinds == ("bot:easy", "human", "bot:easy")
    assert "HandoffScreen" not in seen
    assert "OfferPanel" in seen and "Ann (computer) is thinking…" in thinking
    assert watch.private <= {1}
    assert {seat for seat, _ in given_views} == {0, 2}


@pytest.mark.slow
async def test_three_people_and_one_computer_partner(thinking: list[str]) -> None:
    """Ann, Bob and Dee with the computer in Cid's seat (Ann's partner): the people hand off
    between each other, the computer's seat never gets a handoff or a private screen, and its
    hand never shows (checked on every screen, as text and SVG, with toasts on)."""
    kinds = ("human", "human", "bot:hard", "human")
    app = make_bot_team_app("advanced", 13, 4, kinds=kinds)
    watch = Watch()
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        seen = await play_game(app, pilot, TeamKeyPlayer(13), watch)
        session = app.session
        assert session is not None and session.result is not None
    assert app.player_kinds == kinds
    assert "HandoffScreen" in seen
    assert watch.private <= {0, 1, 3}
    for text in watch.handoffs:
        assert "Cid (Green)" not in text
    assert "Cid (computer) is thinking…" in thinking


@pytest.mark.slow
async def test_the_computer_alone_on_a_mixed_side_decides_for_its_side() -> None:
    """Blue's first seat is the computer's: blue's team decisions (the engine asks seat 1) are
    the computer's; Dee, its human partner, still plays her own cards after a handoff."""
    kinds = ("human", "bot:normal", "human", "human")
    app = make_bot_team_app("simple", 1, 4, kinds=kinds)
    watch = Watch()
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await play_game(app, pilot, TeamKeyPlayer(1), watch)
    assert 3 in watch.private
    assert 1 not in watch.private
    assert any("Pass the terminal to Dee (Blue)" in text for text in watch.handoffs)
    assert not any("Bob & Dee" in text.split("\n")[0] for text in watch.handoffs)


async def test_the_thinking_indicator_shows_in_a_team_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """While a computer seat of a team game thinks: its name, the indicator, the team table."""
    release = threading.Event()
    original = app_module.bot_decision

    def slow(bot: Bot, view: PlayerView, seed: int, pause: float) -> Action:
        release.wait(10)
        return original(bot, view, seed, pause)

    monkeypatch.setattr(app_module, "bot_decision", slow)
    app = make_bot_team_app("simple", 1, 4, seat=1)  # the computer is green and leads
    async with app.run_test(size=SIZE) as pilot:
        try:
            await look_while_thinking(app, pilot)
        finally:
            release.set()
        session = app.session
        assert session is not None
        for _ in range(200):
            if session.record.moves:
                break
            await pilot.pause(0.02)
        assert session.record.moves


async def look_while_thinking(app: HotSeatApp, pilot: Pilot[int]) -> None:
    """Start the game and check the table while the computer (green, first) thinks."""
    await pilot.press("enter")
    for _ in range(100):
        if screen_kind(app) == "ThinkingPanel":
            break
        await pilot.pause(0.02)
    table = app.screen
    assert isinstance(table, TableScreen) and isinstance(table.panel, ThinkingPanel)
    assert table.panel.query_one(LoadingIndicator).display
    text = screen_text(app)
    assert "Ann (computer) is thinking" in text, text
    assert "● ● ●" in text
    checked: list[str] = []
    check_screen(app, "ThinkingPanel", checked)


async def _hint_shown(app: HotSeatApp, pilot: Pilot[int]) -> None:
    """Let the hint's worker finish (key h searches in a thread)."""
    await wait_until(pilot, lambda: "Hint:" in screen_text(app))


@pytest.mark.slow
async def test_hints_in_a_team_game() -> None:
    """h on the shared lead screen and on a member's own hand: a legal suggestion, one line."""
    app = make_bot_team_app("simple", 1, 4, opponent="human")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        session = app.session
        assert session is not None
        assert screen_kind(app) == "LeadPanel"
        await pilot.press("h")
        await _hint_shown(app, pilot)
        text = " ".join(screen_text(app).split())
        assert "Hint: let Ann lead" in text or "Hint: let Cid lead" in text, text
        await pilot.press("1", "enter")  # Ann leads, Ann takes the terminal
        await pilot.pause()
        assert screen_kind(app) == "PlayUpPanel"
        await pilot.press("h")
        await _hint_shown(app, pilot)
        text = " ".join(screen_text(app).split())
        hand = session.view(0).hand
        named = [agent_name(a) for a in hand if f"Hint: play the {agent_name(a)} face up" in text]
        assert named, text
