"""A finished game step by step, forward and back, with every hand and hidden card revealed.

This screen reads GameState directly, unlike every screen of a game in progress (they only
ever get PlayerViews): the game is over, so nothing is secret any more. It refuses a game that
has not ended.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.events import Resize
from textual.screen import Screen
from textual.widgets import Static

from agent_avenue.engine import EventKind, GameRecord, GameState, PlayerView, player_view, seat_of
from agent_avenue.i18n import agent_name, t
from agent_avenue.play.session import LogEntry, public_entry
from agent_avenue.play.teams import side_names
from agent_avenue.teaching.describe import result_sentence
from agent_avenue.ui.screens.log import LogScreen
from agent_avenue.ui.screens.table_layout import fit_collections
from agent_avenue.ui.widgets import BoardRing, CollectionPanel, GameLog
from agent_avenue.ui.widgets.board import board_size
from agent_avenue.ui.widgets.keybar import KeyBar
from agent_avenue.ui.widgets.size import SizeWarning

DECK_SHOWN = 4
"""How many cards of the top of the agent deck are revealed."""

__all__ = ["ReplayScreen", "revealed_lines", "step_entries"]


def _cards(agents: Sequence[str]) -> str:
    """Agent names joined for a sentence ("nothing" for none)."""
    return t("replay.separator").join(agent_name(a) for a in agents) or t("replay.nothing")


def step_entries(states: Sequence[GameState]) -> tuple[LogEntry, ...]:
    """The public log of a game: the opening, then one entry per move (as the table logs it)."""
    entries = [public_entry(states[0].turn, states[0])]
    for before, after in pairwise(states):
        entries.append(public_entry(before.turn, after))
    return tuple(entries)


def revealed_lines(state: GameState, seats: tuple[str, ...]) -> list[str]:
    """Everything hidden during play at this moment: hands, the offer, the deck, secret draws.

    `seats` names every player by seat: each hand and each secret draw is a player's own."""
    lines: list[str] = []
    for index, side in enumerate(state.sides):
        for number, member in enumerate(side.members):
            cards = _cards(member.hand) if member.hand else t("replay.no_cards")
            lines.append(t("replay.hand", name=seats[seat_of(index, number)], cards=cards))
    if state.offer is not None:
        up, down = state.offer
        lines.append(t("replay.offer", up=agent_name(up), down=agent_name(down)))
    for event in state.events:
        who = seats[event.side if event.seat is None else event.seat]
        drawn = _cards(event.agents)
        if event.kind is EventKind.DISCARD and event.agent:
            agent = agent_name(event.agent)
            lines.append(t("replay.secret_discard", side=who, agent=agent, drawn=drawn))
        elif event.kind is EventKind.OFFER and event.agent and event.card:
            up, down = agent_name(event.agent), agent_name(event.card)
            if event.seat is not None:  # a team's partner played the face-down card
                lines.append(t("replay.secret_down", side=who, down=down, drawn=drawn))
            else:
                lines.append(t("replay.secret_offer", side=who, up=up, down=down, drawn=drawn))
        elif event.kind is EventKind.DRAW and event.agents:
            lines.append(t("replay.secret_draw", side=who, drawn=drawn))
    if state.deck:
        lines.append(t("replay.deck", cards=_cards(state.deck[:DECK_SHOWN])))
    else:
        lines.append(t("replay.deck_empty"))
    return lines


class ReplayScreen(Screen[None]):
    """Steps through a finished game: ←/p back, →/n forward, Home and End; the log beside."""

    DEFAULT_CSS = """
    #replay-title {
        text-style: bold;
        color: $accent;
        padding: 0 1;
    }
    #replay-step {
        padding: 0 1;
    }
    #replay-body {
        height: 1fr;
    }
    #replay-left {
        width: 40;
        height: 100%;
        margin-right: 1;
    }
    #replay-revealed-box {
        width: 1fr;
        height: 100%;
        border: round $warning;
        border-title-color: $text-warning;
        padding: 0 1;
    }
    #replay-log {
        display: none;
        width: 1fr;
        height: 100%;
    }
    ReplayScreen.-wide #replay-log {
        display: block;
    }
    /* A medium or large board in the middle: the collections on the left, the secrets and
       the log on the right, as on the table. */
    #replay-body.-ring .replay-column {
        width: 30;
        height: 100%;
    }
    #replay-body.-large .replay-column {
        width: 36;
    }
    #replay-body.-ring #replay-board {
        margin: 0 1;
    }
    #replay-body.-ring #replay-revealed-box, #replay-body.-ring #replay-log {
        display: block;
        width: 100%;
        height: 1fr;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "step(-1)", t("replay.key_previous"), priority=True),
        Binding("right", "step(1)", t("replay.key_next"), priority=True),
        Binding("p", "step(-1)", t("replay.key_previous"), show=False),
        Binding("n", "step(1)", t("replay.key_next"), show=False),
        Binding("home", "jump(0)", t("replay.key_first")),
        Binding("end", "jump(-1)", t("replay.key_last")),
        Binding("l", "log", t("app.key_log")),
        Binding("r", "review", t("review.key_open")),
        Binding("escape", "close", t("replay.key_close")),
        Binding("q", "close", t("replay.key_close"), show=False),
    ]

    def __init__(self, record: GameRecord, states: Sequence[GameState]) -> None:
        if not states or not states[-1].is_over:
            raise ValueError(t("replay.unfinished"))
        super().__init__()
        self.record = record
        self.states = tuple(states)
        self.names = side_names(record.names)
        self.rules = states[0].rules
        self.entries = step_entries(self.states)
        self.step = 0
        """The state shown: 0 is the deal, then one step per move."""
        self._board_size = "compact"

    def compose(self) -> ComposeResult:
        """The step on top; board and collections, the revealed secrets, the log (if wide)."""
        yield SizeWarning()
        with Vertical(classes="main", id="replay-main"):
            title = t(
                "replay.title",
                green=self.names[0],
                blue=self.names[1],
                mode=t(f"board.mode_{self.record.mode.value}"),
            )
            yield Static(Content(title), id="replay-title")
            yield Static(id="replay-step")
            size = self._board_size = board_size(*self.app.size)
            board = BoardRing(id="replay-board")
            board.set_size(size)
            if size == "compact":
                with Horizontal(id="replay-body"):
                    with VerticalScroll(id="replay-left"):
                        yield board
                        yield CollectionPanel(0, id="replay-collection-0")
                        yield CollectionPanel(1, id="replay-collection-1")
                    with VerticalScroll(id="replay-revealed-box"):
                        yield Static(id="replay-revealed")
                    yield GameLog(self.rules, id="replay-log")
            else:
                with Horizontal(id="replay-body", classes=f"-ring -{size}"):
                    with VerticalScroll(id="replay-left", classes="replay-column"):
                        yield CollectionPanel(0, id="replay-collection-0")
                        yield CollectionPanel(1, id="replay-collection-1")
                    yield board
                    with Vertical(classes="replay-column"):
                        with VerticalScroll(id="replay-revealed-box"):
                            yield Static(id="replay-revealed")
                        yield GameLog(self.rules, id="replay-log")
        yield KeyBar()

    def on_mount(self) -> None:
        """Show the deal."""
        box = self.query_one("#replay-revealed-box", VerticalScroll)
        box.border_title = Content(t("replay.revealed_title"))
        box.can_focus = False
        self.query_one("#replay-left", VerticalScroll).can_focus = False
        self._show()

    async def on_resize(self, event: Resize) -> None:
        """On short terminals the collections put their agents on shared lines; crossing a
        board size (compact, medium, large) lays the replay out again, when it is shown."""
        if self.is_current and board_size(*self.app.size) != self._board_size:
            await self.recompose()
            self.on_mount()
        fit_collections(self.query(CollectionPanel).results(CollectionPanel), event.size.height)

    @property
    def state(self) -> GameState:
        """The state shown now."""
        return self.states[self.step]

    def view(self) -> PlayerView:
        """The public view of the state shown (for the board and the collections)."""
        return player_view(self.state, None)

    def _show(self) -> None:
        """Draw the current step everywhere."""
        state = self.state
        view = self.view()
        total = len(self.states) - 1
        if self.step == 0:
            step = t("replay.step_start", total=total)
        else:
            step = t("replay.step", step=self.step, total=total, turn=state.turn)
        lines = revealed_lines(state, self.record.names)
        if state.result is not None:
            lines.insert(0, result_sentence(state.result, view, self.names))
        self.query_one("#replay-step", Static).update(Content(step))
        self.query_one("#replay-revealed", Static).update(Content("\n".join(lines)))
        self.query_one(BoardRing).update_view(view, self.names)
        for side in (0, 1):
            panel = self.query_one(f"#replay-collection-{side}", CollectionPanel)
            panel.update_view(view, side, self.names)
        log = self.query_one("#replay-log", GameLog)
        log.set_entries(self.entries[: self.step + 1], self.names, self.record.names)
        log.show_newest()

    def action_step(self, delta: int) -> None:
        """One move back (-1) or forward (1)."""
        self.action_jump(min(max(self.step + delta, 0), len(self.states) - 1))

    def action_jump(self, step: int) -> None:
        """To a step: 0 is the deal, -1 the end."""
        step = step % len(self.states)
        if step != self.step:
            self.step = step
            self._show()

    def action_log(self) -> None:
        """The log up to this step on its own screen (for terminals too narrow to show it)."""
        entries = self.entries[: self.step + 1]
        title = t("replay.log_title", step=self.step, total=len(self.states) - 1)
        screen = LogScreen(entries, self.names, self.rules, self.record.names, title=title)
        self.app.push_screen(screen)

    def action_review(self) -> None:
        """The review of this game: every decision judged, the marked ones explained."""
        from agent_avenue.ui.screens.review import ReviewScreen

        self.app.push_screen(ReviewScreen(self.record, self.rules))

    def action_close(self) -> None:
        """Leave the replay."""
        self.dismiss(None)
