"""The team game's action panels: who leads, each member's own card, the team's recruit and pick.

Which screens may show what (see session.stage_of):

* `LeadPanel`, `TeamRecruitPanel` and `TeamPickPanel` are decisions a whole side makes together:
  they show public facts only, never a hand.
* `PlayUpPanel` and `PlayDownPanel` show one member's own hand, after a handoff to that member.

`team_private_maker` and `team_public_maker` say which panel the table shows in a team game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widgets import Static

from agent_avenue.engine import (
    Action,
    Discard,
    Lead,
    Phase,
    PlayDown,
    PlayerView,
    PlayUp,
    Recruit,
    Take,
    member_of_seat,
    side_of,
)
from agent_avenue.i18n import agent_name, t
from agent_avenue.play.teams import partner_of
from agent_avenue.teaching.explain import split_phrase
from agent_avenue.ui.phrases import hidden_range, lead_result, preview_line, recruit_result
from agent_avenue.ui.widgets import AgentCard, CardBack, MarketCardView
from agent_avenue.ui.widgets.panels import (
    CHOOSE,
    HAND_ROW,
    SELECT,
    TAKE,
    ChoicePanel,
    ConfirmPanel,
    Panel,
    PanelChanged,
    RecruitPanel,
    market_lines,
    number_bindings,
)

Params = tuple[object, ...]
PanelMaker = Callable[[tuple[str, str]], Panel]
"""Builds a panel for the sides' names (the table builds it again after a change of language)."""

__all__ = [
    "LeadPanel",
    "PlayDownPanel",
    "PlayUpPanel",
    "TeamPickPanel",
    "TeamRecruitPanel",
    "member_names",
    "team_private_maker",
    "team_public_maker",
]


def _plain(text: str) -> Content:
    """Text shown as it is (names typed by players are never read as markup)."""
    return Content(text)


def _number(params: Params) -> int:
    value = params[0] if params else 0
    return value if isinstance(value, int) else 0


def member_names(names: tuple[str, str], seats: tuple[str, ...], seat: int) -> tuple[str, str]:
    """The sides' names with the acting member's side called by that member's name."""
    if side_of(seat) == 0:
        return seats[seat], names[1]
    return names[0], seats[seat]


# Lead: the active team says who plays the face-up card ----------------------------------------


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
            _plain(t("team.lead_title", turn=view.turn, team=self.names[side])),
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
                yield Static(_plain(text), id=f"lead-{number}", classes="lead-option")
        yield Static(_plain(t("team.lead_help")), classes="panel-status")

    def allows(self, action: str, params: Params) -> bool | None:
        """A number key names who leads."""
        return action == "choose" and 1 <= _number(params) <= len(self.leads)

    def run(self, action: str, params: Params) -> None:
        """Choose who leads."""
        self.choose(self.leads[_number(params) - 1])

    def on_click(self, event: events.Click) -> None:
        """A click on an option chooses it."""
        widget = event.widget
        for number, lead in enumerate(self.leads, start=1):
            option = self.query_one(f"#lead-{number}")
            if widget is not None and (widget is option or option in widget.ancestors):
                event.stop()
                self.choose(lead)
                return


# One member's own card: face up (the leader), then face down (the partner) ---------------------


class _PlayPanel(Panel):
    """One member's hand: discard (their own allowance), then play one card."""

    BINDINGS: ClassVar[list[BindingType]] = [
        *number_bindings("select", SELECT),
        Binding("x", "do('discard')", t("app.key_discard")),
        Binding("enter", "do('play')", t("team.key_play")),
    ]

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
            self.add_class("-many-cards")
        yield Static(_plain(self._title()), classes="panel-title")
        with Horizontal(classes="panel-body"):
            with Horizontal(id="play-hand", classes="hand"):
                for index, agent in enumerate(self.hand):
                    card = AgentCard(agent, index, self.view, self.side)
                    card.set_class(self._play(agent) not in self.legal, "-disabled")
                    yield card
            yield Static(id="play-info", classes="panel-info")
        yield Static(id="play-status", classes="panel-status")

    def on_mount(self) -> None:
        """Show the starting choice."""
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
            return 1 <= _number(params) <= len(self.hand)
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
            self.select(_number(params) - 1)
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
            card.set_class(card.index == self.selected, "-selected")
        info = self._info()
        self.query_one("#play-info", Static).update(_plain("\n".join(info)))
        status = self._status()
        if self.has_class("-many-cards"):
            status = [" · ".join(info[:2]), *status]
        self.query_one("#play-status", Static).update(_plain("\n".join(status)))
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


# The recruit: the opposing team decides together, seeing no hand -------------------------------


class TeamRecruitPanel(RecruitPanel):
    """The offered cards for the whole recruiting side: the face-up card, a card back, and what
    each would do, from public facts only. No member's hand is on this screen."""

    def __init__(
        self, view: PlayerView, legal: tuple[Action, ...], names: tuple[str, str], side: int
    ) -> None:
        super().__init__(view, names)
        self.legal = frozenset(legal)
        self.side = side
        self.add_class("-team")

    def hint_view(self) -> PlayerView | None:
        """A shared screen: judged from public facts only (hints.seat_view)."""
        from agent_avenue.teaching.hints import seat_view

        legal = tuple(a for a in (Recruit(face_up=True), Recruit(face_up=False)) if a in self.legal)
        return seat_view(self.view, self.side, legal)

    def compose(self) -> ComposeResult:
        """Two columns: the face-up card and the hidden one."""
        view = self.view
        me = self.side
        active = view.active
        other = self.names[active]
        assert view.face_up is not None
        title = t("team.recruit_title", team=self.names[me], other=other)
        yield Static(_plain(title), classes="panel-title")
        with Horizontal(classes="panel-body"):
            with Horizontal(classes="recruit-option", id="recruit-up"):
                yield AgentCard(view.face_up, 0, view, me)
                with Vertical(classes="panel-info"):
                    yield Static(_plain(t("recruit.take_up")), classes="option-key")
                    ours = preview_line(view, me, view.face_up, self.names)
                    yield Static(_plain(t("team.for_team", line=ours)))
                    yield Static(_plain(t("recruit.other_gets_hidden", other=other)))
                    yield Static(_plain(recruit_result(view, True, self.names)), classes="result")
            with Horizontal(classes="recruit-option", id="recruit-down"):
                yield CardBack()
                with Vertical(classes="panel-info"):
                    yield Static(_plain(t("recruit.take_down")), classes="option-key")
                    hidden = hidden_range(view, me, self.names)
                    yield Static(_plain(t("team.for_team", line=hidden)))
                    theirs = preview_line(view, active, view.face_up, self.names)
                    yield Static(_plain(t("recruit.other_gets", other=other, line=theirs)))
                    yield Static(_plain(recruit_result(view, False, self.names)), classes="result")
        yield Static(_plain(t("team.recruit_no_hand")), classes="panel-status")


# A black market pickup: the team says which card, and who takes it ----------------------------


class TeamPickPanel(Panel):
    """Public: the supply cards, one key per card and member (the taker resolves an instant
    card with their own hand)."""

    BINDINGS: ClassVar[list[BindingType]] = number_bindings("take", TAKE)

    def __init__(
        self,
        view: PlayerView,
        side: int,
        legal: tuple[Action, ...],
        names: tuple[str, str],
        seats: tuple[str, ...],
    ) -> None:
        super().__init__(classes="panel -pick")
        self.view = view
        self.side = side
        self.names = names
        self.seats = seats
        self.options = tuple(a for a in legal if isinstance(a, Take) and a.seat is not None)
        self.cards = tuple(dict.fromkeys(a.card for a in self.options))

    def hint_view(self) -> PlayerView | None:
        """A shared screen: judged from public facts only (hints.seat_view)."""
        from agent_avenue.teaching.hints import seat_view

        return seat_view(self.view, self.side, self.options)

    def compose(self) -> ComposeResult:
        """The supply cards with their texts, each with its keys: one per member."""
        yield Static(
            _plain(t("team.pick_title", team=self.names[self.side])), classes="panel-title"
        )
        with Horizontal(classes="panel-body market-row"):
            for card in self.cards:
                view = MarketCardView(card, self.view, classes="market-choice")
                keys = [
                    t("team.pick_key", number=number, name=self.seats[option.seat or 0])
                    for number, option in enumerate(self.options, start=1)
                    if option.card == card
                ]
                view.border_subtitle = _plain(t("team.pick_separator").join(keys))
                yield view
        yield Static(
            _plain(market_lines(self.view, self.side, self.cards, self.names)),
            classes="panel-status market-preview",
        )
        yield Static(_plain(t("team.pick_help")), classes="panel-status")

    def allows(self, action: str, params: Params) -> bool | None:
        """A number key takes that card for that member."""
        return action == "take" and 1 <= _number(params) <= len(self.options)

    def run(self, action: str, params: Params) -> None:
        """Take a card."""
        self.choose(self.options[_number(params) - 1])

    @on(MarketCardView.Selected)
    def _clicked(self, message: MarketCardView.Selected) -> None:
        """A click cannot say who takes the card: the keys do."""
        message.stop()
        self.app.bell()


# Which panel a team game shows ----------------------------------------------------------------


def team_private_maker(
    view: PlayerView, seats: tuple[str, ...], note: str | None
) -> PanelMaker | None:
    """The panel for one member's private decision, or None where the duel's panel fits."""
    seat = view.seat
    assert seat is not None
    if view.phase is Phase.PLAY_UP:
        return lambda names: PlayUpPanel(view, names, seats, note)
    if view.phase is Phase.PLAY_DOWN:
        return lambda names: PlayDownPanel(view, names, seats, note)
    if view.phase is Phase.CHOOSE:
        side = side_of(seat)
        return lambda names: ChoicePanel(view, side, view.legal, member_names(names, seats, seat))
    return None


def team_public_maker(
    public: PlayerView, actor: int, legal: tuple[Action, ...], seats: tuple[str, ...]
) -> PanelMaker | None:
    """The panel for a decision everyone may watch in a team game, or None where the duel's
    panel fits (a pickup by a player alone on a side)."""
    phase = public.phase
    side = side_of(actor)
    if phase is Phase.LEAD:
        return lambda names: LeadPanel(public, legal, names, seats)
    if phase is Phase.RECRUIT:
        return lambda names: TeamRecruitPanel(public, legal, names, side)
    if phase is Phase.PICK and any(isinstance(a, Take) and a.seat is not None for a in legal):
        return lambda names: TeamPickPanel(public, side, legal, names, seats)
    if phase is Phase.CONFIRM:
        return lambda names: ConfirmPanel(public, side, member_names(names, seats, actor))
    if phase is Phase.CHOOSE:
        return lambda names: ChoicePanel(public, side, legal, member_names(names, seats, actor))
    return None
