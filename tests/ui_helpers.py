"""What the app tests and the network tests share: the screen as text, and a player that plays
a whole game by pressing keys.

Plain functions and a class (import them with `from ui_helpers import ...`); tests/ui/harness.py
re-exports them for the app tests, and the network tests import them from here, not from the
app tests' harness.
"""

from __future__ import annotations

import io
import random
import re

from rich.console import Console
from textual.widget import Widget

from agent_avenue.data import default_rules
from agent_avenue.engine import Answer, Choose, Discard, Offer, Recruit, Take
from agent_avenue.engine.actions import Lead, PlayDown, PlayUp
from agent_avenue.ui.app import BaseApp
from agent_avenue.ui.screens.handoff import HandoffScreen
from agent_avenue.ui.screens.table import TableScreen
from agent_avenue.ui.widgets.panels import (
    ChoicePanel,
    ConfirmPanel,
    LeadPanel,
    OfferPanel,
    PickPanel,
    PlayDownPanel,
    PlayUpPanel,
    RecruitPanel,
    RevealPanel,
    TeamPickPanel,
    ThinkingPanel,
)

__all__ = [
    "RULES",
    "KeyPlayer",
    "TeamKeyPlayer",
    "action_keys",
    "names_in",
    "screen_kind",
    "screen_text",
    "team_action_keys",
]

RULES = default_rules()


def screen_text(app: BaseApp, blank: tuple[Widget, ...] = ()) -> str:
    """The current screen as plain text, exactly as the compositor draws it.

    The regions of the `blank` widgets are replaced by spaces.
    """
    width, height = app.size
    console = Console(
        width=width,
        height=height,
        file=io.StringIO(),
        force_terminal=True,
        color_system=None,
        record=True,
        legacy_windows=False,
        safe_box=False,
    )
    update = app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    console.print(update)
    text = console.export_text(styles=False)
    if not blank:
        return text
    lines = text.splitlines()
    for widget in blank:
        region = widget.region
        for y in range(region.y, min(region.bottom, len(lines))):
            line = lines[y].ljust(region.right)
            lines[y] = line[: region.x] + " " * region.width + line[region.right :]
    return "\n".join(lines)


def names_in(text: str, names: frozenset[str] | set[str]) -> set[str]:
    """Which of these names appear in the text as whole words."""
    flat = " ".join(text.split())
    return {n for n in names if re.search(rf"(?<![\w]){re.escape(n)}(?![\w])", flat)}


def screen_kind(app: BaseApp) -> str:
    """A short name for what is shown: the screen, or the table's panel."""
    screen = app.screen
    if isinstance(screen, TableScreen):
        return type(screen.panel).__name__
    return type(screen).__name__


def action_keys(panel: object, action: object) -> list[str]:
    """The keys that carry out `action` on a duel decision panel (offer, recruit, pick, choice,
    question)."""
    if isinstance(panel, OfferPanel):
        hand = list(panel.hand)
        if isinstance(action, Discard):
            return [str(hand.index(action.agent) + 1), "x"]
        assert isinstance(action, Offer)
        up = hand.index(action.face_up)
        down = next(i for i, a in enumerate(hand) if a == action.face_down and i != up)
        return [str(up + 1), "u", str(down + 1), "d", "enter"]
    if isinstance(panel, RecruitPanel):
        assert isinstance(action, Recruit)
        return ["u" if action.face_up else "d"]
    if isinstance(panel, PickPanel):
        assert isinstance(action, Take)
        return [str(panel.cards.index(action.card) + 1)]
    if isinstance(panel, ChoicePanel):
        assert isinstance(action, Choose)
        return [str(panel.options.index(action.agent) + 1)]
    if isinstance(panel, ConfirmPanel):
        assert isinstance(action, Answer)
        return ["y" if action.yes else "n"]
    raise AssertionError(f"no keys for {type(panel).__name__}")


class KeyPlayer:
    """Plays a whole game by pressing keys, choosing uniformly among the legal actions."""

    def __init__(self, seed: int, discard_rate: float = 0.2) -> None:
        self.rng = random.Random(seed)
        self.discard_rate = discard_rate

    def pick(self, actions: tuple[object, ...]) -> object:
        """One of the actions; discards only now and then so games keep moving."""
        discards = [a for a in actions if isinstance(a, Discard)]
        others = [a for a in actions if not isinstance(a, Discard)]
        if discards and self.rng.random() < self.discard_rate:
            return self.rng.choice(discards)
        return self.rng.choice(others or discards)

    def keys_for(self, app: BaseApp) -> list[str]:
        """The keys that carry out a chosen legal action on the screen shown."""
        screen = app.screen
        if isinstance(screen, HandoffScreen):
            return ["enter"]
        assert isinstance(screen, TableScreen), screen
        panel = screen.panel
        session = app.session
        assert session is not None
        if isinstance(panel, RevealPanel):
            return ["enter"]
        if isinstance(panel, ThinkingPanel):
            return []  # the computer's turn: nothing to press, wait for it
        actor = session.stage.actor
        assert actor is not None
        legal = session.view(actor).legal
        action = self.pick(legal)
        return action_keys(panel, action)


def team_action_keys(panel: object, action: object) -> list[str]:
    """The keys that carry out `action` on a decision panel, the team panels included (who
    leads, one card each, team pickups)."""
    if isinstance(panel, LeadPanel):
        assert isinstance(action, Lead)
        return [str(panel.leads.index(action) + 1)]
    if isinstance(panel, PlayUpPanel | PlayDownPanel):
        if isinstance(action, Discard):
            return [str(panel.hand.index(action.agent) + 1), "x"]
        assert isinstance(action, PlayUp | PlayDown)
        return [str(panel.hand.index(action.agent) + 1), "enter"]
    if isinstance(panel, TeamPickPanel):
        assert isinstance(action, Take)
        return [str(panel.options.index(action) + 1)]
    return action_keys(panel, action)


class TeamKeyPlayer(KeyPlayer):
    """KeyPlayer that also plays the team panels: who leads, one card each, team pickups."""

    def keys_for(self, app: BaseApp) -> list[str]:
        """The keys that carry out a chosen legal action on the screen shown."""
        screen = app.screen
        if not isinstance(screen, TableScreen):
            return super().keys_for(app)
        panel = screen.panel
        session = app.session
        assert session is not None
        actor = session.stage.actor
        if isinstance(panel, LeadPanel | PlayUpPanel | PlayDownPanel | TeamPickPanel):
            assert actor is not None
            return team_action_keys(panel, self.pick(session.view(actor).legal))
        return super().keys_for(app)
