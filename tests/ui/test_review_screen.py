"""The review screen (issue 25): opened by r on the result screen, v on the score sheet and r
in a replay; a progress bar while judging that Escape cancels; then the plot, the accuracies
and the marked decisions; "learn from your mistakes" replays every marked decision of the
chosen player, mistakes and blunders included; snapshots at 80x24 and 160x45."""

from __future__ import annotations

import time

import pytest
from syrupy.assertion import SnapshotAssertion
from textual.pilot import Pilot
from textual.widgets import ProgressBar

from agent_avenue.engine import GameRecord, Mode, Phase, parse_action
from agent_avenue.storage import HUMAN, record_finished, replay_states
from agent_avenue.teaching.review import mark
from agent_avenue.teaching.review_judge import ReviewBudget
from agent_avenue.teaching.review_marks import Mark
from agent_avenue.ui.hot_seat_app import HotSeatApp
from agent_avenue.ui.screens import review as review_screen
from agent_avenue.ui.screens.game_over import GameOverScreen
from agent_avenue.ui.screens.history import HistoryScreen
from agent_avenue.ui.screens.learn import LearnScreen
from agent_avenue.ui.screens.replay import ReplayScreen
from agent_avenue.ui.screens.review import ReviewScreen
from agent_avenue.ui.screens.table import TableScreen
from agent_avenue.ui.widgets import AgentCard
from agent_avenue.ui.widgets.collection import CollectionPanel
from agent_avenue.ui.widgets.lesson_panel import LessonPanel
from agent_avenue.ui.widgets.panels import OfferPanel
from agent_avenue.ui.widgets.review_plot import ReviewPlot
from bot_games import bot_game
from ui_helpers import team_action_keys

from .harness import (
    RULES,
    SHORT_GAME,
    KeyPlayer,
    make_app,
    play_game,
    screen_text,
    settled_screenshot,
    wait_until,
)
from .test_screens import SVGSnapshot

TINY = ReviewBudget(iterations=24, playouts=12, refine_playouts=24, team_deals=24)
SIZES = [(80, 24), (160, 45)]


@pytest.fixture(autouse=True)
def _small_reviews(monkeypatch: pytest.MonkeyPatch) -> None:
    """Reviews in these tests use a small budget, judged in the test's own process."""
    monkeypatch.setattr(review_screen, "BUDGET", TINY)
    monkeypatch.setattr(review_screen, "WORKERS", 1)


@pytest.fixture
def svg_snapshot(snapshot: SnapshotAssertion) -> SnapshotAssertion:
    """The syrupy snapshot fixture, writing SVG files."""
    return snapshot.use_extension(SVGSnapshot)


def greedy_record(seed: int, mode: Mode = Mode.ADVANCED) -> GameRecord:
    """A finished duel between greedy bots (it has marked decisions to learn from)."""
    return bot_game(mode, seed, first=0, names=("Ada", "Bob"))


async def shown(pilot: Pilot[int], screen: ReviewScreen) -> None:
    """Wait until the review is on the screen."""
    await wait_until(pilot, lambda: screen.report is not None and screen.query(ReviewPlot))
    await pilot.pause()


@pytest.mark.slow
async def test_r_on_the_result_screen_opens_the_review(tmp_path: object) -> None:
    app = make_app("simple", SHORT_GAME, names=("Ada", "Bob"))
    async with app.run_test(size=(100, 32)) as pilot:
        await play_game(app, pilot, KeyPlayer(SHORT_GAME))
        assert isinstance(app.screen, GameOverScreen)
        await pilot.press("r")
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        await shown(pilot, screen)
        text = screen_text(app)
        assert "Review of Ada vs Bob" in text
        assert "Ada: accuracy" in text and "Bob: accuracy" in text
        assert "Winning chance over the game" in text
        await pilot.press("escape")
        assert isinstance(app.screen, GameOverScreen)


async def test_escape_while_judging_cancels_and_goes_back(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(review_screen, "BUDGET", ReviewBudget(iterations=20_000, playouts=5_000))
    monkeypatch.setattr(review_screen, "WORKERS", 2)  # worker processes, ended at once
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = ReviewScreen(greedy_record(3), RULES)
        await app.push_screen(screen)
        await pilot.pause()
        assert "Judging" in screen_text(app) and "Escape cancels" in screen_text(app)
        await pilot.press("escape")
        assert app.screen is not screen
        assert screen.cancel.is_set()
        started = time.monotonic()
        await wait_until(pilot, screen.finished.is_set, seconds=20)
        assert time.monotonic() - started < 10  # not the minutes the whole review would take
        assert screen.review is None


@pytest.mark.slow
async def test_the_score_sheet_and_the_replay_open_the_review() -> None:
    record = greedy_record(4, Mode.SIMPLE)
    record_finished(record, (HUMAN, HUMAN))
    app = make_app()
    async with app.run_test(size=(100, 32)) as pilot:
        await app.push_screen(HistoryScreen(RULES))
        await pilot.pause()
        await pilot.press("v")
        screen = app.screen
        assert isinstance(screen, ReviewScreen) and screen.record == record
        await shown(pilot, screen)
        await pilot.press("escape")
        await app.push_screen(ReplayScreen(record, replay_states(record, rules=RULES)))
        await pilot.pause()
        await pilot.press("r")
        again = app.screen
        assert isinstance(again, ReviewScreen) and again.record == record
        await shown(pilot, again)  # from the stored review, at once


def verdict_of(screen: LearnScreen) -> str:
    """The verdict the table's panel shows on the new choice."""
    panel = screen.panel
    assert isinstance(panel, LessonPanel)
    return "\n".join(panel.lines)


def the_seats_view_only(screen: LearnScreen, seat: int) -> None:
    """The table shows the seat's own view (a private decision: its hand in the panel) or the
    public one, never another seat's."""
    decision = screen.decision
    assert decision is not None and decision.view.seat == seat
    shown = screen.shown
    assert shown is not None and shown.seat in (seat, None)
    panel = screen.panel
    if isinstance(panel, OfferPanel):
        assert shown is decision.view and panel.hand == decision.view.hand
        cards = [card.agent for card in panel.query(AgentCard)]
        assert cards == list(decision.view.hand)


async def learn_every_decision(app: HotSeatApp, pilot: Pilot[int], seat: int) -> list[int]:
    """On the learning table, choose again at every marked decision (the first legal action,
    by the keys a player presses on the game's panel) and go on with n; the move numbers
    replayed, each with a verdict."""
    screen = app.screen
    assert isinstance(screen, LearnScreen)
    replayed = []
    while screen.decision is not None:
        decision = screen.decision
        number = decision.number
        await wait_until(pilot, lambda: screen.panel.has_focus)
        the_seats_view_only(screen, seat)
        assert len(decision.view.legal) > 1
        for key in team_action_keys(screen.panel, decision.view.legal[0]):
            await pilot.press(key)
        await wait_until(pilot, lambda n=number: n in screen.answers)  # type: ignore[misc]
        await pilot.pause()
        verdict = verdict_of(screen)
        assert ("As good as the best" in verdict) or ("Not as good" in verdict)
        assert "Why:" in verdict
        replayed.append(number)
        await pilot.press("n")
        await pilot.pause()
    assert "Every marked decision has been replayed" in screen_text(app)
    return replayed


@pytest.mark.slow
async def test_learning_from_mistakes_replays_every_mistake_and_blunder() -> None:
    record = greedy_record(3)
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_review(pilot, record)
        review = screen.review
        assert review is not None
        for seat in (0, 1):
            if seat == 1:
                await pilot.press("p")  # the next player
                assert screen.seat == 1
            wanted = [j.number for j in review.of_seat(seat) if mark(j) is not Mark.NONE]
            serious = [j.number for j in review.of_seat(seat) if mark(j).rank >= 2]
            await pilot.press("l")
            learn = app.screen
            assert isinstance(learn, LearnScreen)  # the game table itself
            assert isinstance(learn, TableScreen)
            replayed = await learn_every_decision(app, pilot, seat)
            assert replayed == wanted
            assert set(serious) <= set(replayed)
            await pilot.press("escape")
            assert app.screen is screen
    assert any(mark(j).rank >= 2 for j in review.judgements)  # there were some to replay


@pytest.mark.slow
async def test_a_team_game_is_learnt_on_the_team_panels() -> None:
    # Green's first player has a recruit and a lead to replay (public), and a card (private).
    record = bot_game(Mode.ADVANCED, 16, first=0, names=("Ada", "Bob", "Cid", "Dee"), players=4)
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_review(pilot, record)
        review = screen.review
        assert review is not None
        await pilot.press("l")
        learn = app.screen
        assert isinstance(learn, LearnScreen)
        wanted = [j.number for j in review.of_seat(0) if mark(j) is not Mark.NONE]
        phases = {p.decision.view.phase for p in learn.run.positions}
        assert {Phase.RECRUIT, Phase.LEAD, Phase.PLAY_UP} <= phases
        assert await learn_every_decision(app, pilot, 0) == wanted


@pytest.mark.slow
async def test_a_better_choice_is_said_to_be_as_good_as_the_best() -> None:
    record = greedy_record(3)
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await open_review(pilot, record)
        await pilot.press("l")
        learn = app.screen
        assert isinstance(learn, LearnScreen)
        decision = learn.decision
        assert decision is not None
        await wait_until(pilot, lambda: learn.panel.has_focus)
        best = parse_action(learn.items[0].best, RULES)
        assert not learn.check_action("next", ())  # n waits for the new choice
        for key in team_action_keys(learn.panel, best):
            await pilot.press(key)
        await wait_until(pilot, lambda: decision.number in learn.answers)
        await pilot.pause()
        assert "As good as the best" in verdict_of(learn)
        assert learn.decision is decision  # not played: the same decision until n


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("colour", [True, False], ids=["colour", "no-colour"])
async def test_snapshot_of_the_review_screen(
    size: tuple[int, int],
    colour: bool,
    svg_snapshot: SnapshotAssertion,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    if not colour:
        monkeypatch.setenv("NO_COLOR", "1")
    app = make_app()
    async with app.run_test(size=size) as pilot:
        screen = await open_review(pilot, greedy_record(3))
        plot = screen.query_one(ReviewPlot)
        assert plot.region.width >= 40 and plot.region.height >= 10
        assert screen.region.contains_region(plot.region)
        assert await settled_screenshot(pilot) == svg_snapshot


async def test_quitting_the_app_while_judging_stops_the_review(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(review_screen, "BUDGET", ReviewBudget(iterations=20_000, playouts=5_000))
    monkeypatch.setattr(review_screen, "WORKERS", 2)
    app = make_app()
    screen = ReviewScreen(greedy_record(3), RULES)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(screen)
        await pilot.pause()
        app.exit()
    assert screen.cancel.is_set()
    assert screen.finished.wait(10)  # not the minutes the whole review would take
    assert screen.review is None


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("colour", [True, False], ids=["colour", "no-colour"])
async def test_snapshot_of_a_learning_position(
    size: tuple[int, int],
    colour: bool,
    svg_snapshot: SnapshotAssertion,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A marked decision back on the game table (the player's offer, from their view), then
    the verdict on the choice made again."""
    if not colour:
        monkeypatch.setenv("NO_COLOR", "1")
    app = make_app()
    async with app.run_test(size=size) as pilot:
        await open_review(pilot, greedy_record(3))
        await pilot.press("l")
        learn = app.screen
        assert isinstance(learn, LearnScreen)
        await wait_until(pilot, lambda: learn.panel.has_focus)
        assert isinstance(learn.panel, OfferPanel)
        assert await settled_screenshot(pilot) == svg_snapshot(name="position")
        decision = learn.decision
        assert decision is not None
        for key in team_action_keys(learn.panel, decision.view.legal[0]):
            await pilot.press(key)
        await wait_until(pilot, lambda: decision.number in learn.answers)
        assert await settled_screenshot(pilot) == svg_snapshot(name="verdict")


async def test_a_stored_review_is_composed_whole_at_once() -> None:
    """A second look lays the screen out once: the plot and side column are composed with it,
    no progress bar first (each later change would lay out and draw the screen again)."""
    record = greedy_record(4, Mode.SIMPLE)
    app = make_app()
    async with app.run_test(size=(160, 45)) as pilot:
        first = ReviewScreen(record, RULES)
        await app.push_screen(first)
        await shown(pilot, first)  # judged, then stored with the game
        await pilot.press("escape")
        again = ReviewScreen(record, RULES)
        await app.push_screen(again)
        assert again.review is not None and again.worker is None
        assert again.query(ReviewPlot) and again.query("#review-side")
        assert not again.query(ProgressBar)
        assert again.has_class("-wide")
        await pilot.pause()
        assert "Winning chance over the game" in screen_text(app)


async def open_review(pilot: Pilot[int], record: GameRecord, seat: int | None = 0) -> ReviewScreen:
    """The review of `record` pushed on the app, for `seat`, once judged and shown."""
    screen = ReviewScreen(record, RULES, seat=seat)
    await pilot.app.push_screen(screen)
    await shown(pilot, screen)
    return screen


async def _learning_table(pilot: Pilot[int]) -> tuple[ReviewScreen, LearnScreen]:
    """A greedy game's review of Ada, then its learning table at her first marked decision."""
    app = pilot.app
    review = await open_review(pilot, greedy_record(3))
    await pilot.press("l")
    learn = app.screen
    assert isinstance(learn, LearnScreen)
    await wait_until(pilot, lambda: learn.panel.has_focus)
    return review, learn


@pytest.mark.slow
async def test_the_review_and_the_learning_table_follow_a_change_of_language() -> None:
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        review, learn = await _learning_table(pilot)
        decision = learn.decision
        await app.switch_language("fr")
        await pilot.pause()
        assert learn.decision is decision and isinstance(learn.panel, OfferPanel)
        text = screen_text(app)
        assert "Apprendre de ses erreurs" in text and "Décision 1 sur" in text
        await pilot.press("escape")
        assert app.screen is review and review.query(ReviewPlot)
        assert "Ada contre Bob" in screen_text(app)  # the French title
        await app.switch_language("en")


@pytest.mark.slow
async def test_escape_while_a_choice_is_judged_goes_back_and_the_late_verdict_is_dropped() -> None:
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        review, learn = await _learning_table(pilot)
        decision = learn.decision
        assert decision is not None
        for key in team_action_keys(learn.panel, decision.view.legal[0]):
            await pilot.press(key)
        assert learn.worker is not None  # judging
        await pilot.press("escape")
        assert app.screen is review
        worker = learn.worker
        await wait_until(pilot, lambda: worker.is_finished)
        await pilot.pause()
        assert app.screen is review and app.is_running


async def test_at_80x24_both_collections_stay_above_the_fold_of_the_learning_table() -> None:
    """On the small board the coach goes below the two collections: the opponent's agents are
    part of the position to judge, so the coach must not push them out of sight."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        _, learn = await _learning_table(pilot)
        await pilot.pause()
        side = learn.query_one("#table-side")
        for panel in learn.query(CollectionPanel):
            assert panel.region.y >= side.region.y
            assert panel.region.bottom <= side.region.bottom, panel.id
        assert learn.query_one("#coach").region.y > side.region.y


async def test_the_plots_move_axis_counts_whole_moves() -> None:
    """The winning-chance plot's move axis is labelled with whole move numbers ("8", never
    "8.8": there is no such move)."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        record = greedy_record(2)  # 16 moves: a fifth of the axis is not a whole move
        assert len(record.moves) == 16
        await open_review(pilot, record)
        lines = screen_text(app).splitlines()
        axis = lines[next(n for n, line in enumerate(lines) if line.strip() == "move") - 1]
        labels = axis.split()
        assert len(labels) >= 3 and all(label.isdigit() for label in labels), axis
