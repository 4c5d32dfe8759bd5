"""The active team's turn: who leads, then each member's own card (face up, then face down)."""

from __future__ import annotations

from typing import ClassVar

from textual import events, on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from agent_avenue.engine import (
    Action,
    Discard,
    Lead,
    PlayDown,
    PlayerView,
    PlayUp,
    member_of_seat,
    side_of,
)
from agent_avenue.i18n import agent_name, t
from agent_avenue.play.teams import partner_of
from agent_avenue.teaching.explain import (
    split_phrase,
)
from agent_avenue.ui.agent_look import styled_names
from agent_avenue.ui.phrases import lead_result, preview_line
from agent_avenue.ui.widgets import AgentCard
from agent_avenue.ui.widgets._common import set_classes, show_content
from agent_avenue.ui.widgets.panels.base import (
    CHOOSE,
    HAND_ROW,
    Panel,
    PanelChanged,
    Params,
    hand_bindings,
    key_number,
    number_bindings,
    plain,
)


class LeadPanel(Panel):
    """Public, for the active team: which member plays the face-up card (no hand is shown)."""

    BINDINGS: ClassVar[list[BindingType]] = number_bindings("choose", CHOOSE)

    DEFAULT_CSS = """
    LeadPanel .lead-option {
        width: 100%;
        height: auto;
    }
    LeadPanel .lead-option:hover {
        background: $boost;
    }
    """

    def __init__(
        self,
        view: PlayerView,
        legal: tuple[Action, ...],
        names: tuple[str, str],
        seats: tuple[str, ...],
    ) -> None:
        super().__init__(classes="panel -lead")
        self.view = view
        self.names = names
        self.seats = seats
        self.leads = tuple(a for a in legal if isinstance(a, Lead))

    def hint_view(self) -> PlayerView | None:
        """A shared screen: judged from public facts only (hints.seat_view)."""
        from agent_avenue.teaching.hints import seat_view

        return seat_view(self.view, self.view.active, self.leads)

    def compose(self) -> ComposeResult:
        """The question, one line per member who could lead, and a reminder to keep cards hidden."""
        view = self.view
        side = view.active
        facts = view.sides[side]
        yield Static(
            plain(t("team.lead_title", turn=view.turn, team=self.names[side])),
            classes="panel-title",
        )
        with Vertical(classes="panel-body"):
            for number, lead in enumerate(self.leads, start=1):
                member = member_of_seat(lead.seat)
                text = t(
                    "team.lead_option",
                    number=number,
                    leader=self.seats[lead.seat],
                    partner=self.seats[partner_of(lead.seat, len(self.seats))],
                    cards=facts.member_hand_sizes[member],
                    discards=facts.member_discards_left[member],
                )
                yield Static(plain(text), id=f"lead-{number}", classes="lead-option")
        yield Static(plain(t("team.lead_help")), classes="panel-status")

    def allows(self, action: str, params: Params) -> bool | None:
        """A number key names who leads."""
        return action == "choose" and 1 <= key_number(params) <= len(self.leads)

    def run(self, action: str, params: Params) -> None:
        """Choose who leads."""
        self.choose(self.leads[key_number(params) - 1])

    def on_click(self, event: events.Click) -> None:
        """A click on an option chooses it."""
        widget = event.widget
        for number, lead in enumerate(self.leads, start=1):
            option = self.query_one(f"#lead-{number}")
            if widget is not None and (widget is option or option in widget.ancestors):
                event.stop()
                self.choose(lead)
                return


class _PlayPanel(Panel):
    """One member's hand: discard (their own allowance), then play one card."""

    BINDINGS: ClassVar[list[BindingType]] = hand_bindings("play", t("team.key_play"))

    face_up = True

    def __init__(
        self,
        view: PlayerView,
        names: tuple[str, str],
        seats: tuple[str, ...],
        note: str | None,
    ) -> None:
        super().__init__(classes="panel -play")
        assert view.seat is not None
        self.view = view
        self.names = names
        self.seats = seats
        self.note = note
        self.seat = view.seat
        self.side = side_of(view.seat)
        self.hand = view.hand
        self.legal = frozenset(view.legal)
        self.selected: int | None = None

    def _play(self, agent: str) -> Action:
        return PlayUp(agent) if self.face_up else PlayDown(agent)

    def hint_view(self) -> PlayerView | None:
        """The member's own view (their hand only, never the partner's)."""
        return self.view

    def _title(self) -> str:
        raise NotImplementedError

    def compose(self) -> ComposeResult:
        """The title, the hand as cards, the choice so far and its explanation."""
        if len(self.hand) > HAND_ROW:
            set_classes(self, True, "-many-cards")
        yield Static(plain(self._title()), classes="panel-title")
        with Horizontal(classes="panel-body"):
            with Horizontal(id="play-hand", classes="hand"):
                for index, agent in enumerate(self.hand):
                    card = AgentCard(agent, index, self.view, self.side)
                    set_classes(card, self._play(agent) not in self.legal, "-disabled")
                    yield card
            yield Static(id="play-info", classes="panel-info")
        yield Static(id="play-status", classes="panel-status")

    def on_mount(self) -> None:
        """Show the starting choice."""
        if not self.children:
            return  # pruned as it mounted (the app quitting at a screen change): never composed
        self._update()

    def keep_state(self, old: Panel) -> None:
        """The card already chosen stays chosen."""
        if isinstance(old, _PlayPanel) and old.hand == self.hand:
            self.selected = old.selected

    def _chosen(self) -> str | None:
        return self.hand[self.selected] if self.selected is not None else None

    def _can_discard(self) -> bool:
        return any(isinstance(a, Discard) for a in self.legal)

    def allows(self, action: str, params: Params) -> bool | None:
        """Number keys pick a card; x discards it; Enter plays it."""
        chosen = self._chosen()
        if action == "select":
            return 1 <= key_number(params) <= len(self.hand)
        if action == "discard":
            if not self._can_discard():
                return False
            return None if chosen is None else Discard(chosen) in self.legal
        if action == "play":
            return True if chosen is not None and self._play(chosen) in self.legal else None
        return False

    def run(self, action: str, params: Params) -> None:
        """Act on the hand."""
        chosen = self._chosen()
        if action == "select":
            self.select(key_number(params) - 1)
        elif action == "discard" and chosen is not None:
            self.choose(Discard(chosen))
        elif action == "play" and chosen is not None and self._play(chosen) in self.legal:
            self.choose(self._play(chosen))

    def select(self, index: int) -> None:
        """Select one card of the hand."""
        if 0 <= index < len(self.hand):
            self.selected = index
            self._update()

    @on(AgentCard.Selected)
    def _clicked(self, message: AgentCard.Selected) -> None:
        message.stop()
        self.select(message.index)

    def _update(self) -> None:
        for card in self.query(AgentCard):
            set_classes(card, card.index == self.selected, "-selected")
        info = self._info()
        show_content(self.query_one("#play-info", Static), styled_names("\n".join(info)))
        status = self._status()
        if self.has_class("-many-cards"):
            status = [" · ".join(info[:2]), *status]
        show_content(self.query_one("#play-status", Static), styled_names("\n".join(status)))
        self.post_message(PanelChanged())

    def _discard_line(self) -> str:
        left = self.view.sides[self.side].member_discards_left[member_of_seat(self.seat)]
        if self._can_discard():
            return t("team.discards_left", count=left)
        if left > 0:
            return t("offer.no_discard_deck")
        return t("offer.no_discards")

    def _info(self) -> list[str]:
        raise NotImplementedError

    def _status(self) -> list[str]:
        raise NotImplementedError


class PlayUpPanel(_PlayPanel):
    """The leader's hand (private): play one card face up; the partner plays face down next."""

    face_up = True

    def _title(self) -> str:
        partner = self.seats[partner_of(self.seat, len(self.seats))]
        return t("team.up_title", name=self.seats[self.seat], partner=partner)

    def _info(self) -> list[str]:
        chosen = self._chosen()
        up = agent_name(chosen) if chosen is not None else t("offer.none")
        lines = [t("offer.face_up", agent=up), self._discard_line()]
        if chosen is not None:
            lines.append(t("team.ready_up"))
        return lines

    def _status(self) -> list[str]:
        lines: list[str] = [self.note] if self.note else []
        chosen = self._chosen()
        if chosen is None:
            lines.append(t("team.up_help"))
            return lines
        other = 1 - self.side
        theirs = preview_line(self.view, other, chosen, self.names)
        ours = preview_line(self.view, self.side, chosen, self.names)
        lines.append(t("team.to_other", other=self.names[other], line=theirs))
        lines.append(t("team.to_team", line=ours))
        lines.append(lead_result(self.view, chosen, self.names))
        return lines


class PlayDownPanel(_PlayPanel):
    """The partner's hand (private): play one card face down beside the leader's face-up card.

    A card with the face-up card's name cannot be played (unless the whole hand has that name);
    such cards are dimmed and the rule is explained.
    """

    face_up = False

    def _leader(self) -> str:
        leader = self.view.leader
        if leader is None:
            leader = partner_of(self.seat, len(self.seats))
        return self.seats[leader]

    def _title(self) -> str:
        up = agent_name(self.view.face_up or "")
        return t("team.down_title", name=self.seats[self.seat], leader=self._leader(), agent=up)

    def _info(self) -> list[str]:
        chosen = self._chosen()
        up = t("team.face_up_by", agent=agent_name(self.view.face_up or ""), name=self._leader())
        down = agent_name(chosen) if chosen is not None else t("offer.none")
        lines = [t("offer.face_up", agent=up), t("offer.face_down", agent=down)]
        lines.append(self._discard_line())
        if chosen is not None and self._play(chosen) in self.legal:
            lines.append(t("team.ready_down"))
        return lines

    def _rule_line(self) -> str | None:
        """The rule about identical names, when it blocks a card or allows a pair."""
        up = self.view.face_up
        if up is None or up not in self.hand:
            return None
        if all(card == up for card in self.hand):
            return t("team.down_all_same", agent=agent_name(up))
        return t("team.down_blocked", agent=agent_name(up))

    def _status(self) -> list[str]:
        lines: list[str] = [self.note] if self.note else []
        rule = self._rule_line()
        chosen = self._chosen()
        up = self.view.face_up
        if chosen is None or up is None:
            lines.append(t("team.down_help"))
            if rule:
                lines.append(rule)
            return lines
        if self._play(chosen) not in self.legal:
            lines.append(rule or t("offer.not_allowed"))
            return lines
        other = self.names[1 - self.side]
        for taken, kept in ((up, chosen), (chosen, up)):
            ours = preview_line(self.view, self.side, kept, self.names)
            lines.append(t("team.if_taken", other=other, agent=agent_name(taken), mine=ours))
            result = split_phrase(self.view, self.side, kept, taken, self.names)
            lines.append(t("verdict.result", text=result))
        return lines
