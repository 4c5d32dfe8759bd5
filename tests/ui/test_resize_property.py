"""Whole games while the terminal is resized at random: between steps, right after a key, in the
middle of an offer's keys and while meeples move; sizes from 60x20 to 200x60, below 80x24 too.

Each seeded case asserts: no crash; below 80x24 the size warning shows and no key acts; once the
size is back the keys of the chosen action act at once (none is swallowed); an extra Enter
pressed during a handoff's pause or a reveal's animation plays nothing; the record holds the
player's chosen actions only; no screen shows a hand to the wrong seat (the leak tests'
checks); and a settled decision screen equals the same screen laid out afresh (resized to
another board size and back), which a half-laid-out screen does not.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Protocol

import pytest
from textual.pilot import Pilot

from agent_avenue.engine import format_action
from agent_avenue.play.session import Session
from agent_avenue.ui.hot_seat_app import HotSeatApp
from agent_avenue.ui.screens.game_over import GameOverScreen
from agent_avenue.ui.screens.handoff import HandoffScreen
from agent_avenue.ui.screens.table import TableScreen
from agent_avenue.ui.widgets.board import board_size
from agent_avenue.ui.widgets.panels import RevealPanel, ThinkingPanel
from agent_avenue.ui.widgets.size import too_small

from . import test_leaks, test_team_app
from .harness import (
    RULES,
    SETTLE_ROUNDS,
    KeyPlayer,
    make_app,
    screen_kind,
    screen_text,
)
from .harness import settle as settle_work
from .test_resizing import resize_now
from .test_team_app import TeamKeyPlayer, make_team_app

MAX_DECISIONS = 5
"""Decisions played per game at most (the cases' games are cut there to keep the file quick)."""
WARNING = "Make the window at least 80"
START_SIZE = (100, 30)


class Chooser(Protocol):
    """A key player that remembers the action it chose last."""

    chosen: object

    def keys_for(self, app: HotSeatApp) -> list[str]:
        """The keys of a chosen legal action."""
        ...


class RecordingPlayer(KeyPlayer):
    """KeyPlayer that remembers the action it chose last."""

    chosen: object = None

    def pick(self, actions: tuple[object, ...]) -> object:
        """One of the actions, remembered."""
        self.chosen = super().pick(actions)
        return self.chosen


class RecordingTeamPlayer(TeamKeyPlayer):
    """TeamKeyPlayer that remembers the action it chose last."""

    chosen: object = None

    def pick(self, actions: tuple[object, ...]) -> object:
        """One of the actions, remembered."""
        self.chosen = super().pick(actions)
        return self.chosen


def playable(rng: random.Random) -> tuple[int, int]:
    """A size the game fits in (80x24 to 200x60), now and then exactly the minimum."""
    if rng.random() < 0.15:
        return 80, 24
    return rng.randint(80, 200), rng.randint(24, 60)


def small(rng: random.Random) -> tuple[int, int]:
    """A size below the minimum: too narrow, too short or both (down to 60x20)."""
    width, height = rng.randint(60, 200), rng.randint(20, 60)
    which = rng.randrange(3)
    if which != 1:
        width = rng.randint(60, 79)
    if which != 0:
        height = rng.randint(20, 23)
    return width, height


def calm(app: HotSeatApp) -> bool:
    """No worker running, no handoff pause, no reveal still moving or counting down."""
    if any(not worker.is_finished for worker in app.workers):
        return False
    screen = app.screen
    if isinstance(screen, HandoffScreen):
        return screen.ready
    if isinstance(screen, TableScreen) and isinstance(screen.panel, RevealPanel):
        return screen.panel.ready and screen.panel.is_attached
    return True


async def settle(pilot: Pilot[int]) -> str:
    """The screen text once it holds still and nothing is pending (no worker, no message
    waiting: the harness's `settle`, so a busy machine cannot hurry it)."""
    app = pilot.app
    assert isinstance(app, HotSeatApp)
    last = ""
    for _ in range(SETTLE_ROUNDS):
        await pilot.wait_for_scheduled_animations()
        await settle_work(pilot)
        text = screen_text(app)
        if text == last and calm(app):
            return text
        last = text
    raise AssertionError(f"the screen did not hold still ({screen_kind(app)})")


def waits_by_itself(app: HotSeatApp) -> bool:
    """The computer's turn, or a reveal that goes on by itself: no key to press."""
    screen = app.screen
    if not isinstance(screen, TableScreen):
        return False
    panel = screen.panel
    return isinstance(panel, ThinkingPanel) or (
        isinstance(panel, RevealPanel) and panel.goes_on is not None
    )


def moves(app: HotSeatApp) -> tuple[str, ...]:
    """The moves recorded so far."""
    session = app.session
    assert session is not None
    return session.record.moves


def is_decision(kind: str) -> bool:
    """Whether the keys on this screen play an action (not a handoff, reveal or result)."""
    return kind not in ("HandoffScreen", "RevealPanel", "GameOverScreen", "ThinkingPanel")


def people_moves(app: HotSeatApp, people: frozenset[int]) -> list[str]:
    """The recorded moves made by the people's seats (not the computer's), replayed."""
    session = app.session
    assert session is not None
    record = session.record
    found: list[str] = []
    for index, move in enumerate(record.moves):
        actor = Session(RULES, replace(record, moves=record.moves[:index])).stage.actor
        if actor in people:
            found.append(move)
    return found


CASES = [
    # name, mode, seed, players, opponent
    # Both modes, a duel and a team game, with the computer and without; an advanced
    # hot-seat duel is left out (the team game and the computer's duel play that mode).
    ("duel-simple", "simple", 4, 2, "human"),
    ("team-advanced", "advanced", 13, 4, "human"),
    ("bot", "advanced", 7, 2, "bot:hard"),
]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("mode", "seed", "players", "opponent"),
    [case[1:] for case in CASES],
    ids=[case[0] for case in CASES],
)
async def test_games_while_the_terminal_is_resized_at_random(
    mode: str, seed: int, players: int, opponent: str
) -> None:
    """A seeded game (up to MAX_DECISIONS decisions) under random resizes and extra keys."""
    rng = random.Random(f"resize-{mode}-{seed}-{players}-{opponent}")
    player: Chooser
    if players == 2:
        app = make_app(mode, seed, opponent=opponent)
        player = RecordingPlayer(seed)
        check_screen = test_leaks.check_screen
    else:
        app = make_team_app(mode, seed, players)
        player = RecordingTeamPlayer(seed)
        check_screen = test_team_app.check_screen
    people = frozenset({0}) if opponent != "human" else frozenset(range(players))
    checked: list[str] = []
    chosen: list[str] = []
    decisions = relayouts = small_steps = 0
    async with app.run_test(size=START_SIZE) as pilot:
        await pilot.press("enter")
        for _ in range(MAX_DECISIONS * 8):
            await settle(pilot)
            assert app.is_running and app.return_code is None
            kind = screen_kind(app)
            if isinstance(app.screen, GameOverScreen) or decisions >= MAX_DECISIONS:
                break
            if waits_by_itself(app):
                await pilot.pause(0.01)
                continue
            check_screen(app, kind, checked)
            before = moves(app)
            screen = app.screen
            # Below the minimum size: the warning, and not one key acts.
            if too_small(*app.size) or rng.random() < 0.25:
                if not too_small(*app.size):
                    await pilot.resize_terminal(*small(rng))
                text = await settle(pilot)
                assert WARNING in text, text
                check_screen(app, kind, checked)
                await pilot.press(*player_keys(player, app))
                await settle(pilot)
                assert moves(app) == before, "a key acted below the minimum size"
                assert app.screen is screen and screen_kind(app) == kind
                small_steps += 1
            # A new size between two steps (always back from a size too small).
            if too_small(*app.size) or rng.random() < 0.5:
                await pilot.resize_terminal(*playable(rng))
                await settle(pilot)
                assert screen_kind(app) == kind
            text = screen_text(app)
            assert WARNING not in text
            check_screen(app, kind, checked)
            # The settled screen equals the same screen laid out afresh at this size.
            if is_decision(kind) and rng.random() < 0.25:
                size = app.size
                away = (80, 24) if board_size(*size) != "compact" else (160, 45)
                await pilot.resize_terminal(*away)
                await settle(pilot)
                await pilot.resize_terminal(size.width, size.height)
                again = await settle(pilot)
                assert again == text, f"{kind} at {size} differs once laid out again"
                relayouts += 1
            keys = player_keys(player, app)
            decision = is_decision(kind)
            focused = app.focused
            # During the transition that follows: meeples move, a handoff pauses, the
            # terminal is resized at once after a key, or in the middle of the keys.
            moving = rng.random() < 0.4
            if moving:
                app.animation_delay = 0.02
                app.handoff_delay = 0.15
            split = rng.randrange(len(keys)) if len(keys) > 1 and rng.random() < 0.3 else 0
            await pilot.press(*keys[:split])
            if split:
                resize_now(pilot, *playable(rng))
            await pilot.press(*keys[split:])
            if rng.random() < 0.3:
                resize_now(pilot, *(small(rng) if rng.random() < 0.3 else playable(rng)))
            if moving:
                await pilot.pause()
                if in_transition(app):
                    await pilot.press("enter")  # absorbed: it plays nothing
            app.animation_delay = 0
            app.handoff_delay = 0
            await settle(pilot)
            after = moves(app)
            if decision:
                assert len(after) > len(before), (
                    f"the keys {keys} on {kind} at {app.size} were lost (focus: {focused})"
                )
                assert after[len(before)] == format_action(player.chosen)  # type: ignore[arg-type]
                chosen.append(after[len(before)])
                decisions += 1
                if opponent == "human":
                    assert len(after) == len(before) + 1, "a move nobody chose"
            elif opponent == "human":
                assert after == before, f"{kind}: a move nobody chose"
        else:
            raise AssertionError("the game did not reach its decisions")
        assert people_moves(app, people) == chosen
    assert decisions == MAX_DECISIONS
    assert small_steps and relayouts


def player_keys(player: Chooser, app: HotSeatApp) -> list[str]:
    """The keys of the player's chosen action on the screen shown."""
    return player.keys_for(app)


def in_transition(app: HotSeatApp) -> bool:
    """A handoff still ignoring keys, or a reveal whose meeples still move."""
    screen = app.screen
    if isinstance(screen, HandoffScreen):
        return not screen.ready
    if isinstance(screen, TableScreen) and isinstance(screen.panel, RevealPanel):
        return not screen.panel.done
    return False
