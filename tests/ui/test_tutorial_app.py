"""The tutorial in the app, by keys: lessons finished, left and restarted, then a real game;
hints in the panels; the rules book found from the command palette."""

from __future__ import annotations

import pytest
from textual.command import CommandPalette
from textual.pilot import Pilot
from textual.widgets import OptionList

from agent_avenue.engine import Action, EventKind, Mode, Offer
from agent_avenue.i18n import LANGUAGES, set_language
from agent_avenue.teaching.explain import explain_result
from agent_avenue.teaching.hints import suggest
from agent_avenue.teaching.tutorial.progress import finished_lessons
from agent_avenue.ui.hot_seat_app import HotSeatApp
from agent_avenue.ui.launch import LaunchOptions
from agent_avenue.ui.rules_search import RulesBookScreen
from agent_avenue.ui.screens.game_over import GameOverScreen
from agent_avenue.ui.screens.start import StartScreen
from agent_avenue.ui.screens.tutorial import TutorialMenuScreen, TutorialScreen
from agent_avenue.ui.widgets.coach import Coach
from agent_avenue.ui.widgets.lesson_panel import LessonPanel
from agent_avenue.ui.widgets.panels import (
    RevealPanel,
)
from ui_helpers import action_keys

from .harness import (
    RULES,
    KeyPlayer,
    make_app,
    play_game,
    press_together,
    screen_kind,
    screen_text,
    wait_until,
)

SIZE = (100, 32)


def tutorial_app() -> HotSeatApp:
    """The app as `agent-avenue tutorial` starts it, animations off."""
    app = HotSeatApp(RULES, LaunchOptions(Mode.SIMPLE, 1, None, 0, tutorial=True))
    app.animation_delay = 0
    app.handoff_delay = 0
    app.animation_level = "none"
    return app


def keys_for(screen: TutorialScreen, action: Action) -> list[str]:
    """The keys a learner presses for an action on the panel shown."""
    return action_keys(screen.panel, action)


async def finish_lesson(app: HotSeatApp, pilot: Pilot[int], try_wrong: bool) -> list[str]:
    """Play the lesson on screen to its end by keys; returns the coach's texts after wrong tries."""
    whys: list[str] = []
    tried: set[int] = set()
    for _ in range(300):
        screen = app.screen
        assert isinstance(screen, TutorialScreen)
        if screen.finished:
            return whys
        panel = screen.panel
        run = screen.lesson_run
        step = run.step
        if isinstance(panel, LessonPanel | RevealPanel):
            await pilot.press("enter")
            continue
        assert step is not None and step.expect is not None
        if try_wrong and step.wrong and run.index not in tried:
            tried.add(run.index)
            state = run.state
            await press_together(pilot, *keys_for(screen, step.wrong[0].action))
            await pilot.pause()
            assert screen.demo and run.state is state  # only a try
            whys.append(screen.query_one(Coach).text)
            assert "Only a try" in screen_text(app)
            await pilot.press("enter")
            await pilot.pause()
            assert not screen.demo and run.step is step
            continue
        await press_together(pilot, *keys_for(screen, step.expect))
        await pilot.pause()
    raise AssertionError("the lesson did not end")


@pytest.mark.slow
async def test_simple_lesson_by_keys_then_the_next() -> None:
    """The simple lesson, every wrong try included, ends with the learner's win; it is
    remembered, and Enter goes on to the advanced lesson."""
    app = tutorial_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TutorialMenuScreen)
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TutorialScreen) and screen.lesson.id == "simple"
        whys = await finish_lesson(app, pilot, try_wrong=True)
        assert len(whys) == sum(1 for s in screen.lesson.steps if s.wrong)
        assert all(why and "tutorial." not in why for why in whys)
        state = screen.lesson_run.state
        assert state.result is not None and state.result.winner == screen.lesson.learner
        text = screen_text(app)
        assert "Lesson complete: The basics" in text
        assert "Green caught Blue" in text
        assert "simple" in finished_lessons()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TutorialScreen) and app.screen.lesson.id == "advanced"
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TutorialMenuScreen)
        assert "✓ The basics" in screen_text(app)


@pytest.mark.slow
async def test_leaving_a_lesson_starts_it_again() -> None:
    """Escape leaves a lesson; starting it again begins at its first step and position."""
    app = tutorial_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TutorialScreen)
        welcome = screen.query_one(Coach).text
        await pilot.press("enter", "enter")  # the two coach steps
        await pilot.pause()
        await press_together(pilot, *keys_for(screen, Offer("enforcer", "double_agent")))
        await pilot.pause()
        assert screen.lesson_run.index > 2
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TutorialMenuScreen)
        assert "simple" not in finished_lessons()
        await pilot.press("enter")
        await pilot.pause()
        again = app.screen
        assert isinstance(again, TutorialScreen) and again is not screen
        assert again.lesson_run.index == 0
        assert again.lesson_run.state == again.lesson.start
        assert again.query_one(Coach).text == welcome


@pytest.mark.slow
async def test_another_action_is_refused_with_the_instruction() -> None:
    """A legal action the lesson does not ask for changes nothing; the coach says what to do."""
    app = tutorial_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("enter", "enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TutorialScreen)
        state = screen.lesson_run.state
        await press_together(pilot, *keys_for(screen, Offer("codebreaker", "mole")))
        await pilot.pause()
        assert screen.lesson_run.state is state
        coach = screen.query_one(Coach).text
        assert "offer the Enforcer face up and the Double Agent face down" in coach
        await pilot.press("h")
        await pilot.pause()
        assert "Hint: offer the Enforcer face up" in screen_text(app)


@pytest.mark.slow
async def test_lessons_then_a_hot_seat_game() -> None:
    """A new user's path: both lessons, then a hot-seat game to its end, all by keys; the
    game-over screen explains the result."""
    app = tutorial_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        await finish_lesson(app, pilot, try_wrong=False)
        await pilot.press("enter")  # on to the advanced lesson
        await pilot.pause()
        await finish_lesson(app, pilot, try_wrong=True)
        assert "Lesson complete: The black market" in screen_text(app)
        await pilot.press("enter")  # back to the lessons
        await pilot.pause()
        assert isinstance(app.screen, TutorialMenuScreen)
        assert finished_lessons() == {"simple", "advanced"}
        listing = app.screen.query_one(OptionList)
        listing.highlighted = listing.option_count - 1  # "Play a hot-seat game"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        await play_game(app, pilot, KeyPlayer(4))
        assert isinstance(app.screen, GameOverScreen)
        session = app.session
        assert session is not None and session.result is not None
        lines = explain_result(session.result, session.view(None), session.names)
        text = " ".join(screen_text(app).split())
        assert " ".join(lines[0].split()) in text


@pytest.mark.parametrize("code", LANGUAGES)
async def test_the_lesson_list_says_each_lesson_in_one_plain_sentence(code: str) -> None:
    """Each lesson of the menu is "mark title: summary", with no second colon in the summary
    ("The black market: the advanced mode: landing …")."""
    set_language(code)
    app = tutorial_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TutorialMenuScreen)
        listing = app.screen.query_one(OptionList)
        lessons = [str(listing.get_option_at_index(i).prompt) for i in range(2)]
    assert all(line.count(":") == 1 for line in lessons), lessons


async def test_start_screen_opens_the_lessons() -> None:
    """F2 on the start screen opens the lessons; Escape comes back."""
    app = make_app("simple", 1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        assert "Learn to play (F2)" in screen_text(app)
        await pilot.press("f2")
        await pilot.pause()
        assert isinstance(app.screen, TutorialMenuScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)


async def test_hint_key_shows_the_suggestion_in_the_panel(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """h on a private offer shows the search's suggestion with its chances in the panel, not
    as a toast (the search is given a short budget here)."""
    from agent_avenue.teaching import hints

    monkeypatch.setattr(hints, "HINT_SECONDS", 0.05)
    app = make_app("simple", 2)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.press("enter")  # start
        await pilot.pause()
        await pilot.press("enter")  # Green takes the terminal
        await pilot.pause()
        assert screen_kind(app) == "OfferPanel"
        session = app.session
        assert session is not None
        view = session.view(0)
        hint = suggest(view, session.names)
        assert hint is not None and hint.action in view.legal
        await pilot.press("h")
        await wait_until(pilot, lambda: "you win about" in " ".join(screen_text(app).split()))
        line = app.screen.query_one("#hint-line")
        assert line.parent is app.screen.panel
        text = " ".join(screen_text(app).split())
        assert "Hint: " in text and "you win about" in text and " %" in text
        assert not app._notifications


@pytest.mark.slow
async def test_palette_finds_getaway_car() -> None:
    """ctrl+p, "Getaway Car": the card's entry; choosing it opens the rules book at the card."""
    app = make_app("simple", 1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+p")
        await pilot.pause()
        assert isinstance(app.screen, CommandPalette)
        await pilot.press(*"Getaway Car")
        await wait_until(pilot, lambda: "Black market card: Getaway Car" in screen_text(app))
        assert "Black market card: Getaway Car (ongoing ∞)" in screen_text(app)
        await pilot.press("enter")
        await wait_until(
            pilot,
            lambda: isinstance(app.screen, RulesBookScreen) and "Getaway Car" in screen_text(app),
        )
        screen = app.screen
        assert isinstance(screen, RulesBookScreen)
        text = screen_text(app)
        assert "Getaway Car (ongoing ∞: stays in front of its owner)" in " ".join(text.split())
        # Scrolled to the card: the book's first heading is out of sight.
        assert "Agent Avenue: the rules" not in text


@pytest.mark.slow
async def test_table_reveal_uses_the_explanations() -> None:
    """A reveal in a real game shows explain_step's sentences (with the count rule's note)."""
    app = make_app("simple", 2)
    async with app.run_test(size=SIZE) as pilot:
        player = KeyPlayer(2)
        await pilot.press("enter")
        await pilot.pause()
        for _ in range(50):
            if screen_kind(app) == "RevealPanel":
                break
            await press_together(pilot, *player.keys_for(app))
        assert screen_kind(app) == "RevealPanel"
        session = app.session
        assert session is not None
        after = session.view(None)
        panel = app.screen.panel
        assert isinstance(panel, RevealPanel)
        recruits = [e for e in after.events if e.kind is EventKind.RECRUIT]
        assert len(recruits) == 2
        for event in recruits:
            name = session.names[event.side]
            assert any(
                line.startswith(f"{name} recruited") and "icon" in line for line in panel.lines
            )
