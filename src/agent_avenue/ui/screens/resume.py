"""The resume offer: games were left unfinished; resume one of them or start a new one.

One saved game is offered in a sentence; several are listed (players, mode, turn, when), the
most recent first, to pick one. Public facts only, never a hand: it appears before any handoff.
"""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Horizontal, Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Button, OptionList, Static
from textual.widgets.option_list import Option

from agent_avenue.i18n import t
from agent_avenue.storage import LoadedSave
from agent_avenue.ui.saving import resume_offer, save_line
from agent_avenue.ui.widgets.keybar import KeyBar
from agent_avenue.ui.widgets.size import SizeWarning

RESUME = "resume"
NEW = "new"

__all__ = ["NEW", "RESUME", "ResumeScreen"]


class ResumeScreen(Screen[str]):
    """Dismissed with RESUME (then `chosen` is the game picked) or NEW; with only bad saves it
    only says so, then NEW."""

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
    #resume-list {
        height: auto;
        max-height: 12;
        margin-bottom: 1;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r", "choose('resume')", t("resume.key_resume")),
        Binding("enter", "choose('default')", t("resume.key_resume"), show=False),
        Binding("n", "choose('new')", t("resume.key_new")),
    ]

    def __init__(
        self,
        save: LoadedSave | None,
        problem: str | None,
        saves: tuple[LoadedSave, ...] = (),
    ) -> None:
        """`save` is the most recent game; `saves` every one (most recent first), if several."""
        super().__init__()
        self.save = save
        self.problem = problem
        self.saves = saves if len(saves) > 1 else ()
        self.chosen = save
        """The game to resume: the one highlighted in the list."""

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
            elif self.saves:
                yield Static(Content(t("resume.list_title")), id="resume-title")
                yield OptionList(
                    *(Option(Content(save_line(save)), id=save.save_id) for save in self.saves),
                    id="resume-list",
                )
                if self.problem:
                    yield Static(Content(self.problem), id="resume-problem")
                yield Static(Content(t("resume.list_hint")), id="resume-note")
                with Horizontal(id="resume-buttons"):
                    yield self._button(t("resume.resume"), "resume-yes", primary=True)
                    yield self._button(t("resume.new"), "resume-new", primary=False)
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

    def on_mount(self) -> None:
        """The list (if any) has the keys, the most recent game highlighted."""
        if self.saves:
            self.query_one("#resume-list", OptionList).focus()

    def _pick(self, save_id: str | None) -> None:
        """The game highlighted in the list is the one to resume."""
        self.chosen = next((s for s in self.saves if s.save_id == save_id), self.save)

    @on(OptionList.OptionHighlighted, "#resume-list")
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self._pick(event.option.id)

    @on(OptionList.OptionSelected, "#resume-list")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        self._pick(event.option.id)
        self.action_choose(RESUME)

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
