"""The resume offer: a game was left unfinished; resume it or start a new one.

It shows public facts only (names, turn, date), never a hand: it appears before any handoff.
"""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Horizontal, Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Button, Static

from agent_avenue.i18n import t
from agent_avenue.storage import LoadedSave
from agent_avenue.ui.keybar import KeyBar
from agent_avenue.ui.saving import resume_offer
from agent_avenue.ui.screens.size import SizeWarning

RESUME = "resume"
NEW = "new"

__all__ = ["NEW", "RESUME", "ResumeScreen"]


class ResumeScreen(Screen[str]):
    """Dismissed with RESUME or NEW; with a bad save it only says so, then NEW."""

    DEFAULT_CSS = """
    ResumeScreen {
        align: center middle;
    }
    #resume-box {
        width: 76;
        height: auto;
        border: round $accent;
        padding: 1 2;
    }
    #resume-box > Static {
        width: 100%;
        margin-bottom: 1;
    }
    #resume-title {
        text-style: bold;
        color: $accent;
    }
    #resume-note {
        color: $foreground-muted;
    }
    #resume-buttons {
        height: auto;
        align-horizontal: center;
    }
    #resume-buttons Button {
        margin: 0 2;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r", "choose('resume')", t("resume.key_resume")),
        Binding("enter", "choose('default')", t("resume.key_resume"), show=False),
        Binding("n", "choose('new')", t("resume.key_new")),
    ]

    def __init__(self, save: LoadedSave | None, problem: str | None) -> None:
        super().__init__()
        self.save = save
        self.problem = problem

    def compose(self) -> ComposeResult:
        """The offer (or the problem sentence) and its buttons."""
        yield SizeWarning()
        with Vertical(classes="main", id="resume-box"):
            if self.save is None:
                yield Static(Content(t("resume.bad_title")), id="resume-title")
                yield Static(Content(self.problem or ""), id="resume-problem")
                yield Static(Content(t("resume.bad_next")), id="resume-note")
                with Center(id="resume-buttons"):
                    yield self._button(t("resume.ok"), "resume-ok", primary=True)
            else:
                yield Static(Content(t("resume.title")), id="resume-title")
                yield Static(Content(resume_offer(self.save)), id="resume-offer")
                if self.problem:
                    yield Static(Content(self.problem), id="resume-problem")
                note = t("resume.replaces")
                if self.save.rules_changed:
                    note = f"{t('resume.rules_changed')} {note}"
                yield Static(Content(note), id="resume-note")
                with Horizontal(id="resume-buttons"):
                    yield self._button(t("resume.resume"), "resume-yes", primary=True)
                    yield self._button(t("resume.new"), "resume-new", primary=False)
        yield KeyBar()

    @staticmethod
    def _button(label: str, id: str, *, primary: bool) -> Button:
        """A compact button that never takes the focus (the keys belong to the screen)."""
        button = Button(
            Content(label), id=id, variant="primary" if primary else "default", compact=True
        )
        button.can_focus = False
        return button

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Without a game to resume, only starting a new one is offered."""
        return not (action == "choose" and self.save is None and parameters[:1] == (RESUME,))

    def action_choose(self, choice: str) -> None:
        """Resume, or start a new game ("default": Enter, which resumes when it can)."""
        if choice == "default":
            choice = NEW if self.save is None else RESUME
        if choice == RESUME and self.save is None:
            return
        self.dismiss(choice)

    @on(Button.Pressed, "#resume-yes")
    def _resume(self) -> None:
        self.action_choose(RESUME)

    @on(Button.Pressed, "#resume-new, #resume-ok")
    def _new(self) -> None:
        self.action_choose(NEW)
