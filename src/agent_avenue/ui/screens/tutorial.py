"""The tutorial: a menu of lessons, and the lesson screen (the game table with a coach).

The lesson screen is the game table: the learner's moves go through the same panels and the
engine; the scripted opponent's moves come from the lesson (tutorial/driver.py). The learner
always looks at the screen, so there are no handoffs; the opponent's hand is never shown.
"""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from agent_avenue.engine import (
    Action,
    Choose,
    Discard,
    Offer,
    Recruit,
    Rules,
    Take,
    player_view,
)
from agent_avenue.i18n import agent_name, card_name, retranslate, t
from agent_avenue.play.flow import Flow, Show
from agent_avenue.play.session import stage_of
from agent_avenue.teaching.explain import explain_result
from agent_avenue.teaching.tutorial.driver import LessonRun, Played, Verdict
from agent_avenue.teaching.tutorial.lesson import LESSON_IDS, Lesson, load_lesson
from agent_avenue.teaching.tutorial.progress import finished_lessons, mark_finished
from agent_avenue.ui.app import ANIMATION_DELAY, BaseApp
from agent_avenue.ui.messages import ActionChosen, Continue
from agent_avenue.ui.screens.table import TableScreen
from agent_avenue.ui.seat_words import colour_name
from agent_avenue.ui.widgets.coach import Coach
from agent_avenue.ui.widgets.keybar import KeyBar
from agent_avenue.ui.widgets.lesson_panel import LessonPanel
from agent_avenue.ui.widgets.size import SizeWarning

__all__ = ["LessonPanel", "TutorialMenuScreen", "TutorialScreen", "action_words"]

PLAY = "play"
"""The menu's result when the user wants to play a game (the start screen is below it)."""


def action_words(action: Action) -> str:
    """What the learner should do, in words: "offer the Enforcer face up and ..."."""
    if isinstance(action, Offer):
        return t(
            "tutorial.action_offer",
            up=agent_name(action.face_up),
            down=agent_name(action.face_down),
        )
    if isinstance(action, Recruit):
        return t("tutorial.action_recruit_up" if action.face_up else "tutorial.action_recruit_down")
    if isinstance(action, Discard):
        return t("tutorial.action_discard", agent=agent_name(action.agent))
    if isinstance(action, Take):
        return t("tutorial.action_take", card=card_name(action.card))
    if isinstance(action, Choose):
        return t("tutorial.action_choose", agent=agent_name(action.agent))
    return t("tutorial.action_other")


class TutorialScreen(TableScreen):
    """One lesson on the game table, with the coach beside the board.

    When it closes, `next_lesson` is the lesson to start next (after finishing one that has
    a next lesson and pressing Enter), or None when the learner left.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "leave", t("tutorial.key_leave")),
    ]

    def __init__(self, rules: Rules, lesson: Lesson) -> None:
        super().__init__(rules)
        self.lesson = lesson
        self.names = (colour_name(0), colour_name(1))
        self.lesson_run = LessonRun(lesson, self.names)
        self.demo = False
        """A wrong try is on show: Enter goes back to the step."""
        self.finished = False
        self.next_lesson: str | None = None
        """The lesson to start next, set when the learner goes on from a finished lesson."""

    # Layout ------------------------------------------------------------------------------------

    def on_mount(self) -> None:
        """The coach goes at the top of the side column; then the first step."""
        self._mount_coach()
        self.call_after_refresh(self.show_step)

    def _mount_coach(self) -> None:
        side = self.query_one("#table-side", VerticalScroll)
        side.mount(Coach(id="coach"), before=0)

    async def refresh_language(self, names: tuple[str, str]) -> None:
        """The same moment of the lesson in the language now in use, the coach's words too."""
        coach = self.coach
        text, note = coach.text, coach.has_class("-note")
        self.names = names
        self.lesson_run.names = names
        await super().refresh_language(names)
        self._mount_coach()
        self.call_after_refresh(self._say, retranslate(text), note)

    @property
    def coach(self) -> Coach:
        """The coach box."""
        return self.query_one("#coach", Coach)

    def _say(self, text: str, note: bool = False) -> None:
        self.coach.say(text, note)
        self.query_one("#table-side", VerticalScroll).scroll_home(animate=False)

    # The steps ---------------------------------------------------------------------------------

    def show_step(self, note: str | None = None) -> None:
        """Show what the current step waits for (opponent steps play at once)."""
        run = self.lesson_run
        while True:
            step = run.step
            if step is None:
                self._finish()
                return
            if step.kind != "opponent":
                break
            played = run.play_opponent()
            if run.reveals(played.action):
                self._reveal(played, run.text(step.coach, step.facts, run.state))
                return
            run.advance()
        learner = self.lesson.learner
        state = run.state
        if step.kind == "say":
            self.show_waiting(player_view(state, None), self.names, "")
            self._set_lesson_panel((), t("tutorial.continue"))
            self._say(run.coach_text())
            return
        view = player_view(state, learner)
        # The learner alone at the terminal, the scripted opponent as a computer (play/flow.py).
        flow = Flow(2, frozenset({learner}), frozenset({1 - learner}))
        if flow.next(stage_of(state), state.result).show is Show.PRIVATE:
            self.show_private(view, self.names, note)
        else:
            self.show_public_choice(player_view(state, None), learner, view.legal, self.names)
        self._say(run.coach_text())

    def _set_lesson_panel(
        self, lines: tuple[str, ...], prompt: str, title: str | None = None
    ) -> None:
        self._set_panel(
            lambda _names: LessonPanel(
                tuple(retranslate(line) for line in lines),
                retranslate(prompt),
                None if title is None else retranslate(title),
            )
        )

    def _reveal(self, played: Played, coach: str, prompt: str | None = None) -> None:
        """The public reveal of moves (the lesson's, or a wrong try's), with the coach's words."""
        before = player_view(played.before, None)
        after = player_view(played.after, None)
        recruit = played.action if isinstance(played.action, Recruit) else None
        app = self.app
        delay = app.animation_delay if isinstance(app, BaseApp) else ANIMATION_DELAY
        self.show_reveal(
            before,
            after,
            played.events,
            self.names,
            prompt or t("tutorial.reveal_prompt"),
            recruit,
            delay,
        )
        if coach:
            self._say(coach, note=self.demo)

    def _finish(self) -> None:
        """The script is over (the learner won): remember it and offer the next lesson."""
        self.finished = True
        state = self.lesson_run.state
        public = player_view(state, None)
        lines: list[str] = []
        if state.result is not None:
            lines.extend(explain_result(state.result, public, self.names))
        problem = mark_finished(self.lesson.id)
        if problem:
            lines.append(t("tutorial.save_problem", problem=problem))
        if self.lesson.next is not None:
            next_title = t(f"tutorial.{self.lesson.next}.title")
            prompt = t("tutorial.finished_next", title=next_title)
        else:
            prompt = t("tutorial.finished_last")
        self.show_waiting(public, self.names, "")
        title = t("tutorial.finished_title", title=t(self.lesson.title))
        self._set_lesson_panel(tuple(lines), prompt, title)
        finish = self.lesson_run.text(self.lesson.finish, self.lesson.finish_facts, state)
        self._say(finish)

    # Messages from the panels ------------------------------------------------------------------

    def on_action_chosen(self, message: ActionChosen) -> None:
        """The learner chose an action: the expected one, a wrong try, or another."""
        message.stop()
        run = self.lesson_run
        step = run.step
        action = message.action
        if step is None or step.expect is None or self.demo:
            return
        verdict, wrong = run.judge(action)
        if verdict is Verdict.EXPECTED:
            played = run.play(action)
            if run.reveals(action):
                self._reveal(played, run.after_text(step) or run.coach_text())
                return
            run.advance()
            self.show_step(self._discard_note(action))
            return
        if verdict is Verdict.WRONG and wrong is not None:
            self.demo = True
            self._reveal(
                run.demonstrate(wrong, action), run.why_text(wrong), t("tutorial.demo_prompt")
            )
            return
        self.app.bell()
        self.show_step()
        self._say(t("tutorial.not_this", action=action_words(step.expect)), note=True)

    def _discard_note(self, action: Action) -> str | None:
        """After a discard: what was drawn (the learner's own screen)."""
        if not isinstance(action, Discard):
            return None
        for event in player_view(self.lesson_run.state, self.lesson.learner).events:
            if event.agent is not None and event.agents:
                from agent_avenue.teaching.describe import an_agent

                return t(
                    "offer.discarded", agent=an_agent(event.agent), drawn=an_agent(event.agents[0])
                )
        return None

    def on_continue(self, message: Continue) -> None:
        """Enter after a reveal or a coach step: go back after a wrong try, else go on."""
        message.stop()
        if self.finished:
            self.next_lesson = self.lesson.next
            self.dismiss(None)
            return
        if self.demo:
            self.demo = False
            self.show_step()
            return
        self.lesson_run.advance()
        self.show_step()

    # Keys --------------------------------------------------------------------------------------

    def action_hint(self) -> None:
        """In a lesson the hint is the step's expected action."""
        step = self.lesson_run.step
        if step is None or step.expect is None or self.demo:
            return
        self.panel.show_hint(t("tutorial.hint", action=action_words(step.expect)))

    def action_leave(self) -> None:
        """Back to the lessons; the lesson starts again from its beginning next time."""
        self.dismiss(None)


class TutorialMenuScreen(Screen[str | None]):
    """The lessons, each marked when finished, and a way to start playing.

    Dismissed with "play" to go to the start screen and play, or None to go back.
    """

    DEFAULT_CSS = """
    #tutorial-main {
        padding: 1 2;
    }
    #tutorial-title {
        text-style: bold;
        color: $accent;
        width: 100%;
        text-align: center;
    }
    #tutorial-intro, #tutorial-help {
        color: $foreground-muted;
        margin: 1 0;
    }
    #tutorial-lessons {
        height: auto;
    }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", t("tutorial.key_back")),
    ]

    def __init__(self, rules: Rules) -> None:
        super().__init__()
        self.rules = rules

    def compose(self) -> ComposeResult:
        """A title, a short introduction, the list."""
        yield SizeWarning()
        with VerticalScroll(classes="main", id="tutorial-main"):
            yield Static(Content(t("tutorial.menu_title")), id="tutorial-title")
            yield Static(Content(t("tutorial.menu_intro")), id="tutorial-intro")
            yield OptionList(*self._options(), id="tutorial-lessons")
            yield Static(Content(t("tutorial.menu_help")), id="tutorial-help")
        yield KeyBar()

    def _options(self) -> list[Option]:
        done = finished_lessons()
        options = []
        for lesson_id in LESSON_IDS:
            mark = t("tutorial.mark_done") if lesson_id in done else t("tutorial.mark_todo")
            text = t(
                "tutorial.menu_lesson",
                mark=mark,
                title=t(f"tutorial.{lesson_id}.title"),
                summary=t(f"tutorial.{lesson_id}.summary"),
            )
            options.append(Option(Content(text), id=lesson_id))
        options.append(Option(Content(t("tutorial.menu_play")), id=PLAY))
        return options

    def on_mount(self) -> None:
        """The first unfinished lesson is highlighted."""
        self._refresh_list()

    def _refresh_list(self) -> None:
        listing = self.query_one("#tutorial-lessons", OptionList)
        listing.clear_options()
        listing.add_options(self._options())
        done = finished_lessons()
        todo = [i for i, lesson_id in enumerate(LESSON_IDS) if lesson_id not in done]
        listing.highlighted = todo[0] if todo else len(LESSON_IDS)
        listing.focus()

    @on(OptionList.OptionSelected, "#tutorial-lessons")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        choice = event.option.id
        if choice == PLAY:
            self.dismiss(PLAY)
        elif choice is not None:
            self.start_lesson(choice)

    def start_lesson(self, lesson_id: str) -> None:
        """Start a lesson from its beginning."""
        lesson = load_lesson(lesson_id, self.rules)
        screen = TutorialScreen(self.rules, lesson)
        self.app.push_screen(screen, lambda _: self._after_lesson(screen.next_lesson))

    def _after_lesson(self, next_lesson: str | None) -> None:
        self._refresh_list()
        if next_lesson:
            self.start_lesson(next_lesson)

    def action_back(self) -> None:
        """Back to where the tutorial was opened."""
        self.dismiss(None)
