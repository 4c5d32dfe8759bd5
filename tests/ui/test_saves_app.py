"""The app and storage: autosave, resuming a killed game, quitting, the score sheet, replays."""

from __future__ import annotations

import json
import random

import pytest
from textual.pilot import Pilot
from textual.widgets import Static

from agent_avenue import storage
from agent_avenue.engine import (
    Mode,
    apply,
    format_action,
    legal_actions,
    new_game,
    player_view,
)
from agent_avenue.i18n import agent_name
from agent_avenue.play.session import GameRecord
from agent_avenue.storage import StorageError, load_history, record_finished, replay_states
from agent_avenue.teaching.describe import result_sentence
from agent_avenue.ui.hot_seat_app import HotSeatApp
from agent_avenue.ui.launch import LaunchOptions
from agent_avenue.ui.saving import HUMANS, SaveNote
from agent_avenue.ui.screens.game_over import GameOverScreen
from agent_avenue.ui.screens.handoff import HandoffScreen
from agent_avenue.ui.screens.history import HistoryScreen
from agent_avenue.ui.screens.keep_game import KeepGameScreen
from agent_avenue.ui.screens.replay import ReplayScreen
from agent_avenue.ui.screens.resume import ResumeScreen
from agent_avenue.ui.screens.start import StartScreen
from agent_avenue.ui.screens.table import TableScreen
from agent_avenue.ui.widgets import GameLog

from .harness import (
    RULES,
    SHORT_GAME,
    KeyPlayer,
    make_app,
    play_game,
    press_together,
    screen_kind,
    screen_text,
    the_save,
    wait_until,
)

SIZE = (80, 24)


def _quick(app: HotSeatApp) -> HotSeatApp:
    """No animations, no handoff pause (as harness.make_app does)."""
    app.animation_delay = 0
    app.handoff_delay = 0
    app.animation_level = "none"
    return app


def saved_moves() -> tuple[str, ...] | None:
    """The moves in the autosave file, read straight from disk (None if there is no save)."""
    path = the_save()
    if not path.exists():
        return None
    return tuple(json.loads(path.read_text(encoding="utf-8"))["moves"])


def finished_record(seed: int, mode: Mode = Mode.SIMPLE) -> GameRecord:
    """A complete game played with random legal moves through the engine."""
    state = new_game(RULES, mode, seed, 0)
    rng = random.Random(seed)
    moves: list[str] = []
    while not state.is_over:
        action = rng.choice(legal_actions(state))
        moves.append(format_action(action))
        state = apply(state, action)
    return GameRecord(mode, seed, 0, ("Ada", "Bob"), tuple(moves), RULES.version)


async def play_until(
    app: HotSeatApp, pilot: Pilot[int], player: KeyPlayer, moves: int, kind: str | None = None
) -> None:
    """From the start screen, play by keys until `moves` actions are recorded (and, with `kind`,
    until that kind of screen shows)."""
    await pilot.press("enter")
    await pilot.pause()
    for _ in range(2000):
        session = app.session
        assert session is not None
        done = len(session.record.moves) >= moves
        if done and (kind is None or screen_kind(app) == kind):
            return
        await press_together(pilot, *player.keys_for(app))
    raise AssertionError("did not get there")


async def wait_for(pilot: Pilot[int], app: HotSeatApp, screen: type[object]) -> None:
    """Let the app run until a screen of this type is on top and drawn (the resume offer comes
    from a worker thread)."""
    for _ in range(200):
        if isinstance(app.screen, screen):
            await pilot.pause()  # pushed: let it be composed and drawn
            return
        await pilot.pause(0.02)
    raise AssertionError(f"no {screen.__name__}; on {type(app.screen).__name__}")


# Autosave ----------------------------------------------------------------------------------------


@pytest.mark.slow
async def test_the_game_is_saved_after_every_action() -> None:
    """After each action the save file on disk holds exactly the moves played so far, with the
    names, mode, seed and first player; nothing is saved before the first action."""
    app = make_app("advanced", 140, names=("Ada", "Bob"))
    player = KeyPlayer(140)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        assert saved_moves() is None
        checked = 0
        while checked < 8:
            session = app.session
            assert session is not None
            before = len(session.record.moves)
            await press_together(pilot, *player.keys_for(app))
            if len(session.record.moves) > before:
                assert saved_moves() == session.record.moves
                checked += 1
        data = json.loads(the_save().read_text(encoding="utf-8"))
        assert data["names"] == ["Ada", "Bob"]
        assert (data["mode"], data["seed"], data["first"]) == ("advanced", 140, 0)
        assert data["players"] == ["human", "human"]
        assert data["rules_version"] == RULES.version


@pytest.mark.slow
async def test_a_failed_autosave_is_one_line_on_the_table_and_play_goes_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A save that cannot be written shows one line on the table (not on the handoff), and the
    game goes on; the next good save clears it."""

    def full(*args: object, **kwargs: object) -> None:
        raise StorageError("The game could not be saved because the disk is full.")

    app = make_app("simple", 3)
    player = KeyPlayer(3)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        with monkeypatch.context() as patch:
            patch.setattr("agent_avenue.ui.saving.save_game", full)
            await press_together(pilot, *player.keys_for(app))  # the handoff
            await press_together(pilot, *player.keys_for(app))  # the offer
            await pilot.pause()
            assert isinstance(app.screen, HandoffScreen)  # on to the recruit
            assert "disk is full" not in screen_text(app)
            table = app.screen_stack[-2]
            assert isinstance(table, TableScreen)
            note = table.query_one(SaveNote)
            assert "disk is full" in str(note.render())
            assert not note.has_class("-empty")
        await press_together(pilot, *player.keys_for(app))  # the handoff
        await press_together(pilot, *player.keys_for(app))  # the recruit
        await pilot.pause()
        assert note.has_class("-empty")
        assert app.session is not None and saved_moves() == app.session.record.moves


# Resuming ----------------------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize(
    ("mode", "seed", "moves", "kind"),
    [
        ("simple", 5, 4, "OfferPanel"),  # a private screen was open: must not reopen by itself
        ("simple", 5, 1, "RecruitPanel"),
        ("simple", 5, 2, "RevealPanel"),  # killed while the reveal was shown
        ("advanced", 140, 1, "PickPanel"),  # a public decision: a handoff first all the same
    ],
)
async def test_a_killed_game_resumes_at_a_handoff_exactly_where_it_was(
    mode: str, seed: int, moves: int, kind: str
) -> None:
    """Resuming replays the saved moves: the same public position, the log back, and a handoff
    before anything else, never a private screen; then play goes on, saving as before."""
    app = make_app(mode, seed, names=("Ada", "Bob"))
    player = KeyPlayer(seed)
    async with app.run_test(size=SIZE) as pilot:
        await play_until(app, pilot, player, moves, kind)
        assert app.session is not None
        record = app.session.record
        public = app.session.view(None)
        actor = app.session.stage.actor
    # The process is killed here: nothing runs on the way out. A new one resumes.
    assert saved_moves() == record.moves
    resumed = _quick(HotSeatApp(RULES, LaunchOptions(resume=True)))
    async with resumed.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(resumed.screen, HandoffScreen)
        assert resumed.screen.seat == actor
        session = resumed.session
        assert session is not None
        assert session.record == record
        assert session.view(None) == public
        table = resumed.screen_stack[-2]
        assert isinstance(table, TableScreen)
        await table.compose_whole()  # behind the handoff, while it counts down
        assert screen_kind_of(table) == "WaitingPanel"
        text = screen_text(resumed)
        names = ("Ada", "Bob")
        assert any(name in text for name in names)
        log = table.query_one("#table-log", GameLog)
        assert any("Turn 1" in sentence for sentence in log.sentences)
        # On: the handoff leads to the decision that was waiting, and play goes on saving.
        await pilot.press("enter")
        await pilot.pause()
        assert screen_kind(resumed) == expected_panel(kind)
        moves = len(session.record.moves)
        while len(session.record.moves) == moves:
            await press_together(pilot, *player.keys_for(resumed))
        assert saved_moves() == session.record.moves


def screen_kind_of(table: TableScreen) -> str:
    """The table's panel kind."""
    return type(table.panel).__name__


def expected_panel(killed_on: str) -> str:
    """The panel after the first handoff of a resumed game: the decision that was waiting (a
    reveal is over once resumed: the next decision comes)."""
    return {"RevealPanel": "OfferPanel"}.get(killed_on, killed_on)


async def test_resume_without_a_saved_game_exits_2() -> None:
    """`resume` with nothing saved (e.g. the save went meanwhile) leaves with status 2."""
    app = _quick(HotSeatApp(RULES, LaunchOptions(resume=True)))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
    assert app.return_code == 2


@pytest.mark.slow
async def test_play_offers_to_resume_and_resumes() -> None:
    """`play` with a saved game shows the offer (names, turn, no cards); r resumes at a
    handoff."""
    first = make_app("simple", 8, names=("Ada", "Bob"))
    async with first.run_test(size=SIZE) as pilot:
        await play_until(first, pilot, KeyPlayer(8), 3)
        assert first.session is not None
        record = first.session.record
        public = first.session.view(None)
    app = make_app("simple", 99)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, app, ResumeScreen)
        text = screen_text(app)
        assert "Resume the game of Ada vs Bob, turn" in " ".join(text.split())
        assert not {agent_name(a) for a in RULES.agent_ids} & set(text.split())
        await pilot.press("r")
        await wait_for(pilot, app, HandoffScreen)
        assert app.session is not None
        assert app.session.record == record
        assert app.session.view(None) == public


@pytest.mark.slow
async def test_play_with_game_options_starts_that_game_and_keeps_the_save() -> None:
    """`play --mode advanced --first blue --seed 5` with a saved game: no offer to resume, Enter
    starts the game the options describe, and the old save stays for `resume`."""
    first = make_app("simple", 8, names=("Ada", "Bob"))
    async with first.run_test(size=SIZE) as pilot:
        await play_until(first, pilot, KeyPlayer(8), 3)
        assert first.session is not None
        old = first.session.record.moves
    options = LaunchOptions(Mode.ADVANCED, 5, None, 1, new_game=True)
    app = _quick(HotSeatApp(RULES, options))
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, StartScreen))
        await pilot.press("enter")
        await pilot.pause()
        assert not isinstance(app.screen, ResumeScreen)
        session = app.session
        assert session is not None
        assert (session.mode, session.record.seed, session.record.first) == (Mode.ADVANCED, 5, 1)
        assert isinstance(app.screen, HandoffScreen)
    assert old in all_saved_moves()
    resumed = _quick(HotSeatApp(RULES, LaunchOptions(resume=True)))
    async with resumed.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert resumed.session is not None


def all_saved_moves() -> set[tuple[str, ...]]:
    """The moves of every game in progress's save file."""
    return {
        tuple(json.loads(path.read_text(encoding="utf-8"))["moves"])
        for path in storage.saves_dir().glob("*.json")
    }


@pytest.mark.slow
async def test_starting_a_new_game_instead_keeps_the_old_save_beside_it() -> None:
    """n on the offer goes back to the start screen; the new game gets its own save file and
    the old game's save stays untouched (issue 13: one save per game)."""
    first = make_app("simple", 8, names=("Ada", "Bob"))
    async with first.run_test(size=SIZE) as pilot:
        await play_until(first, pilot, KeyPlayer(8), 3)
        assert first.session is not None
        old = first.session.record.moves
    app = make_app("simple", 12)
    player = KeyPlayer(12)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, app, ResumeScreen)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert all_saved_moves() == {old}
        while app.session is not None and not app.session.record.moves:
            await press_together(pilot, *player.keys_for(app))
        assert app.session is not None
        assert all_saved_moves() == {old, app.session.record.moves}


@pytest.mark.slow
async def test_with_two_saved_games_the_offer_lists_both_and_resumes_the_one_picked() -> None:
    """Two unfinished games: the offer lists them (names, mode, turn, when), the most recent
    first; moving down and pressing r resumes the older one, whose save stays its own."""
    first = make_app("simple", 8, names=("Ada", "Bob"))
    async with first.run_test(size=SIZE) as pilot:
        await play_until(first, pilot, KeyPlayer(8), 3)
        assert first.session is not None
        older = first.session.record
    second = make_app("advanced", 12, names=("Cy", "Di"))
    async with second.run_test(size=SIZE) as pilot:
        await wait_for(pilot, second, ResumeScreen)
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        await play_until(second, pilot, KeyPlayer(12), 2)
        assert second.session is not None
        newer = second.session.record
    assert all_saved_moves() == {older.moves, newer.moves}
    app = make_app("simple", 20)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, app, ResumeScreen)
        text = screen_text(app)
        assert "Ada vs Bob" in text and "Cy vs Di" in text
        assert "advanced" in text and "simple" in text
        assert text.index("Cy vs Di") < text.index("Ada vs Bob")  # the most recent first
        await pilot.press("down")
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen)
        assert app.session is not None and app.session.record == older
    assert all_saved_moves() == {older.moves, newer.moves}


@pytest.mark.slow
async def test_enter_before_the_offer_appears_still_offers(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Pressing Enter on the start screen before the look for a save is done never skips the
    offer: n then starts the game that was set up."""
    first = make_app("simple", 8)
    async with first.run_test(size=SIZE) as pilot:
        await play_until(first, pilot, KeyPlayer(8), 2)
    # The worker's answer never arrives in time: only Enter can bring the offer.
    monkeypatch.setattr(HotSeatApp, "on_worker_state_changed", lambda self, event: None)
    app = make_app("simple", 12, names=("Cy", "Di"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        await wait_for(pilot, app, ResumeScreen)
        await pilot.press("n")
        await pilot.pause()
        assert app.session is not None and app.session.names == ("Cy", "Di")
        assert isinstance(app.screen, HandoffScreen)


async def test_a_bad_save_is_reported_set_aside_and_a_new_game_starts() -> None:
    """A broken save: one sentence on the offer screen, the file renamed (not lost), and
    Enter goes on to a new game."""
    path = storage.save_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{ not json", encoding="utf-8")
    app = make_app("simple", 4)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, app, ResumeScreen)
        assert "could not be used" in screen_text(app)
        problem = str(app.screen.query_one("#resume-problem", Static).render())
        assert f"The saved game {path}" in problem
        assert "set aside as save.json.bad-" in problem
        assert not path.exists()
        aside = list(path.parent.glob("save.json.bad-*"))
        assert len(aside) == 1 and aside[0].read_text(encoding="utf-8") == "{ not json"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen)


# Quitting ----------------------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("answer", ["k", "d", "escape"])
async def test_quitting_mid_game_asks_whether_to_keep_it(answer: str) -> None:
    """k keeps the save (and quits), d deletes it (and quits), Escape plays on."""
    app = make_app("simple", 6)
    async with app.run_test(size=SIZE) as pilot:
        await play_until(app, pilot, KeyPlayer(6), 2)
        assert app.session is not None
        moves = app.session.record.moves
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, KeepGameScreen)
        assert "Keep this game to resume later?" in screen_text(app)
        await pilot.press(answer)
        await pilot.pause()
        if answer == "escape":
            assert not isinstance(app.screen, KeepGameScreen)
            assert app.is_running
    if answer == "k":
        assert saved_moves() == moves
    elif answer == "d":
        assert saved_moves() is None
    else:
        assert saved_moves() == moves


# Game over, score sheet, replays -----------------------------------------------------------------


@pytest.mark.slow
async def test_a_finished_game_is_recorded_and_the_score_sheet_shows_it() -> None:
    """At the end the game goes on the score sheet and the save goes; h shows the sheet, r
    replays the game from it, and Escape comes back."""
    app = make_app("simple", SHORT_GAME, names=("Ada", "Bob"))
    async with app.run_test(size=(100, 40)) as pilot:
        await play_game(app, pilot, KeyPlayer(SHORT_GAME))
        session = app.session
        assert session is not None and session.result is not None
        rows, problem = load_history()
        assert problem is None and len(rows) == 1
        row = rows[0]
        assert row.names == ("Ada", "Bob")
        assert row.winner == session.result.winner
        assert row.players == HUMANS
        assert saved_moves() is None
        await pilot.press("h")
        await pilot.pause()
        assert isinstance(app.screen, HistoryScreen)
        text = screen_text(app)
        assert "Finished games" in text and "Ada" in text and "Bob" in text
        assert "Totals per player" in text
        await pilot.press("r")
        await pilot.pause()
        replay = app.screen
        assert isinstance(replay, ReplayScreen)
        assert replay.record == session.record
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HistoryScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)


@pytest.mark.slow
async def test_the_replay_steps_forward_and_back_with_everything_revealed() -> None:
    """→/n forward, ←/p back, Home and End; both hands are shown at every step, and the log
    beside the board grows with the steps."""
    record = finished_record(21)
    states = replay_states(record)
    app = _quick(HotSeatApp(RULES, LaunchOptions(replay=record)))
    async with app.run_test(size=(140, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        assert screen.step == 0
        text = str(screen.query_one("#replay-revealed", Static).render())
        for side in states[0].sides:
            hand = ", ".join(agent_name(a) for a in side.members[0].hand)
            assert hand in text
        log = screen.query_one("#replay-log", GameLog)
        assert log.region.width > 0
        at_start = len(log.sentences)
        for key, step in (("right", 1), ("n", 2), ("n", 3), ("left", 2), ("p", 1)):
            await pilot.press(key)
            await pilot.pause()
            assert screen.step == step
        await pilot.press("end")
        await pilot.pause()
        assert screen.step == len(states) - 1
        assert len(log.sentences) > at_start
        final = states[-1]
        assert final.result is not None
        sentence = result_sentence(final.result, player_view(final, None), record.names)
        assert sentence in str(screen.query_one("#replay-revealed", Static).render())
        await pilot.press("n")
        assert screen.step == len(states) - 1
        await pilot.press("home")
        await pilot.pause()
        assert screen.step == 0
        assert len(log.sentences) == at_start
        await pilot.press("q")
        await pilot.pause()
    assert app.return_code == 0


@pytest.mark.slow
async def test_the_replays_log_is_not_titled_public_events_only() -> None:
    """l in a replay opens the log up to the step shown, titled for what a replay is."""
    record = finished_record(21)
    states = replay_states(record)
    app = _quick(HotSeatApp(RULES, LaunchOptions(replay=record)))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("n", "n", "l")
        await pilot.pause()
        assert type(app.screen).__name__ == "LogScreen"
        text = screen_text(app)
        assert "public events only" not in text
        assert f"Game log up to move 2 of {len(states) - 1}" in text


def test_an_unfinished_game_is_never_replayed() -> None:
    """The replay screen refuses a game that has not ended (it would reveal live hands)."""
    record = finished_record(21)
    unfinished = GameRecord(record.mode, record.seed, 0, record.names, record.moves[:5])
    with pytest.raises(ValueError, match="not finished"):
        ReplayScreen(unfinished, replay_states(unfinished))


@pytest.mark.slow
async def test_the_score_sheet_lists_recorded_games_and_chooses_one() -> None:
    """Two recorded games: ←/→ choose which one r replays (1 is the most recent)."""
    older, newer = finished_record(31), finished_record(32)
    record_finished(older, HUMANS)
    record_finished(newer, HUMANS)
    app = _quick(HotSeatApp(RULES, LaunchOptions(replay=None)))
    async with app.run_test(size=(100, 40)) as pilot:
        app.push_screen(HistoryScreen(RULES))
        await pilot.pause()
        assert "Game 1 of 2" in screen_text(app)
        await pilot.press("left")
        await pilot.pause()
        assert "Game 2 of 2" in screen_text(app)
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        assert app.screen.record.seed == 31


@pytest.mark.slow
async def test_f3_on_the_start_screen_opens_the_score_sheet_and_replays() -> None:
    """The score sheet is reachable before any game: F3 on the start screen, then r replays
    the chosen game and Escape comes back."""
    record_finished(finished_record(34), HUMANS)
    app = _quick(HotSeatApp(RULES))
    async with app.run_test(size=(100, 40)) as pilot:
        await wait_for(pilot, app, StartScreen)
        await pilot.press("f3")
        await pilot.pause()
        assert isinstance(app.screen, HistoryScreen)
        assert "Game 1 of 1" in screen_text(app)
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        assert app.screen.record.seed == 34


async def test_a_bad_game_file_on_the_score_sheet_is_reported_and_set_aside() -> None:
    """Replaying a game whose file was damaged: one sentence on the score sheet, the file
    renamed aside (not lost), and the app goes on."""
    recorded = record_finished(finished_record(33), HUMANS)
    path = storage.games_dir() / f"{recorded.game_id}.json"
    path.write_text("{ damaged", encoding="utf-8")
    app = _quick(HotSeatApp(RULES))
    async with app.run_test(size=(100, 40)) as pilot:
        app.push_screen(HistoryScreen(RULES))
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, HistoryScreen)
        problem = str(app.screen.query_one("#history-problem", Static).render())
        assert f"The game file {path}" in problem and "set aside" in problem
        assert not path.exists()
        (aside,) = path.parent.glob(f"{recorded.game_id}.json.bad-*")
        assert aside.read_text(encoding="utf-8") == "{ damaged"
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)


async def test_the_start_screen_refuses_names_a_save_could_not_hold() -> None:
    """Two players with the same name (in any case): one sentence on the start screen, and no
    game starts (before issue 13 the names were silently replaced by the defaults)."""
    app = make_app("simple", 4, names=("Ada", "ada"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        assert app.session is None
        problem = str(app.screen.query_one("#start-problem", Static).render())
        assert "Two players are called" in problem and problem.count(".") == 1


async def test_a_game_that_cannot_be_saved_says_so_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game whose save would be refused says so on screen as it starts, and play goes on."""

    def refuse(*args: object, **kwargs: object) -> None:
        raise StorageError("The game could not be saved because its data is odd.")

    monkeypatch.setattr("agent_avenue.ui.saving.save_document", refuse)
    app = make_app("simple", 4)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        await pilot.pause()
        assert app.session is not None
        assert isinstance(app.screen, HandoffScreen)
        assert "Autosave: The game could not be saved" in screen_text(app)
