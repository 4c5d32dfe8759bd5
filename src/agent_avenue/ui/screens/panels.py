"""The table's bottom action panels: one for each kind of decision, and the public reveal.

A panel shows one view and the legal actions it was given; keys reach it through the table
screen (`allows` for the footer, `run` to act). Its only way to change the game is to post
`ActionChosen` with one of those legal actions.
"""

from __future__ import annotations

from textual import events, on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.message import Message
from textual.widgets import Static

from agent_avenue.engine import (
    NO,
    RECRUIT_DOWN,
    RECRUIT_UP,
    YES,
    Action,
    Choose,
    Discard,
    Event,
    EventKind,
    Offer,
    PlayerView,
    Recruit,
    RefusalReason,
    Take,
    offer_refusal,
)
from agent_avenue.explain import market_card_line, offer_card_lines, offer_split_line
from agent_avenue.i18n import agent_name, card_name, t
from agent_avenue.ui.messages import ActionChosen, Continue
from agent_avenue.ui.phrases import hidden_range, preview_line, recruit_result
from agent_avenue.ui.widgets import AgentCard, CardBack, MarketCardView

Params = tuple[object, ...]
HAND_ROW = 4
"""Hands up to this size show the choice beside the cards; bigger ones below them."""
RECRUIT_CHOICES = ("secret_recruit", "double_trouble", "outpost")
"""Cards whose choice recruits the chosen agent (a preview of the move helps)."""


def _plain(text: str) -> Content:
    """Text shown as it is (names typed by players are never read as markup)."""
    return Content(text)


def _number(params: Params) -> int:
    value = params[0] if params else 0
    return value if isinstance(value, int) else 0


class PanelChanged(Message):
    """What the panel's keys can do may have changed: the footer should be checked."""


class Panel(Vertical):
    """Base of the action panels: by default no key does anything."""

    def allows(self, action: str, params: Params) -> bool | None:
        """Whether a key's action works now (None: shown but dimmed, False: hidden)."""
        return False

    def run(self, action: str, params: Params) -> None:
        """Carry out a key's action (only called when `allows` said True)."""

    def choose(self, action: Action) -> None:
        """Hand a legal action up to the app."""
        self.post_message(ActionChosen(action))

    def keep_state(self, old: Panel) -> None:
        """Take over what the player had chosen on `old`, the same panel in another language."""

    def hint_view(self) -> PlayerView | None:
        """The view a hint (key h) judges this decision from, or None: no hint here."""
        return None

    def show_hint(self, text: str, thinking: bool = False) -> None:
        """Show a hint's line at the bottom of the panel (replacing an earlier one), with the
        thinking indicator while the hint is being searched."""
        from agent_avenue.ui.screens.bot_panel import ThinkingIndicator

        for dots in self.query("#hint-thinking").results(ThinkingIndicator):
            if not thinking:
                dots.remove()
        for line in self.query("#hint-line").results(Static):
            line.update(_plain(text))
            break
        else:
            self.mount(Static(_plain(text), id="hint-line", classes="panel-status hint-line"))
        if thinking and not self.query("#hint-thinking"):
            self.mount(ThinkingIndicator(id="hint-thinking", classes="hint-thinking"))


class WaitingPanel(Panel):
    """A public placeholder while the terminal changes hands."""

    def __init__(self, text: str) -> None:
        super().__init__(classes="panel -waiting")
        self._text = text

    def compose(self) -> ComposeResult:
        """One line of text."""
        yield Static(_plain(self._text), classes="panel-title")


# Play: the private offer --------------------------------------------------------------------


class OfferPanel(Panel):
    """The active player's hand: discard, then choose the face-up and the face-down card."""

    def __init__(self, view: PlayerView, names: tuple[str, str], note: str | None) -> None:
        super().__init__(classes="panel -offer")
        self.view = view
        self.names = names
        self.note = note
        self.hand = view.hand
        self.selected: int | None = None
        self.up: int | None = None
        self.down: int | None = None
        self.legal = frozenset(view.legal)

    def compose(self) -> ComposeResult:
        """The title, the hand as cards, the choice so far and its explanation."""
        seat = self.view.seat
        assert seat is not None
        if len(self.hand) > HAND_ROW:
            self.add_class("-many-cards")
        yield Static(
            _plain(t("offer.title", name=self.names[seat], other=self.names[1 - seat])),
            classes="panel-title",
        )
        with Horizontal(classes="panel-body"):
            with Horizontal(id="offer-hand", classes="hand"):
                for index, agent in enumerate(self.hand):
                    yield AgentCard(agent, index, self.view, seat)
            yield Static(id="offer-info", classes="panel-info")
        yield Static(id="offer-status", classes="panel-status")

    def on_mount(self) -> None:
        """Show the starting choice."""
        self._update()

    def hint_view(self) -> PlayerView | None:
        """The offering player's own view."""
        return self.view

    def keep_state(self, old: Panel) -> None:
        """The cards already chosen stay chosen."""
        if isinstance(old, OfferPanel) and old.hand == self.hand:
            self.selected, self.up, self.down = old.selected, old.up, old.down

    def _can_discard(self) -> bool:
        return any(isinstance(a, Discard) for a in self.legal)

    def _pair(self) -> Offer | None:
        if self.up is None or self.down is None:
            return None
        return Offer(self.hand[self.up], self.hand[self.down])

    def allows(self, action: str, params: Params) -> bool | None:
        """Number keys pick a card; u, d and x act on it; Enter offers a legal pair."""
        if action == "select":
            return 1 <= _number(params) <= len(self.hand)
        if action in ("mark_up", "mark_down"):
            return True if self.selected is not None else None
        if action == "discard":
            if not self._can_discard():
                return False
            if self.selected is None:
                return None
            return Discard(self.hand[self.selected]) in self.legal
        if action == "offer":
            pair = self._pair()
            return True if pair is not None and pair in self.legal else None
        return False

    def run(self, action: str, params: Params) -> None:
        """Act on the hand."""
        if action == "select":
            self.select(_number(params) - 1)
        elif action == "mark_up":
            self.mark(up=True)
        elif action == "mark_down":
            self.mark(up=False)
        elif action == "discard" and self.selected is not None:
            self.choose(Discard(self.hand[self.selected]))
        elif action == "offer":
            pair = self._pair()
            if pair is not None and pair in self.legal:
                self.choose(pair)

    def select(self, index: int) -> None:
        """Select one card of the hand."""
        if 0 <= index < len(self.hand):
            self.selected = index
            self._update()

    def mark(self, up: bool) -> None:
        """Put the selected card face up or face down (taking it from the other slot)."""
        index = self.selected
        if index is None:
            return
        if up:
            self.up = index
            if self.down == index:
                self.down = None
        else:
            self.down = index
            if self.up == index:
                self.up = None
        self.selected = self._next_unmarked(index)
        self._update()

    def _next_unmarked(self, after: int) -> int | None:
        """The next card not yet placed, so two key presses can finish the choice."""
        count = len(self.hand)
        for step in range(1, count + 1):
            index = (after + step) % count
            if index not in (self.up, self.down):
                return index if (self.up is None or self.down is None) else after
        return after

    @on(AgentCard.Selected)
    def _clicked(self, message: AgentCard.Selected) -> None:
        message.stop()
        if self.selected == message.index:
            # A second click places the card: face up first, then face down.
            self.mark(up=self.up is None or self.up == message.index)
        else:
            self.select(message.index)

    def _update(self) -> None:
        for card in self.query(AgentCard):
            index = card.index
            card.set_class(index == self.selected, "-selected")
            card.set_class(index == self.up, "-face-up")
            card.set_class(index == self.down, "-face-down")
        info = self._info()
        self.query_one("#offer-info", Static).update(_plain("\n".join(info)))
        status = self._status()
        if self.has_class("-many-cards"):
            status = [" · ".join(info[:3]), *status]
        self.query_one("#offer-status", Static).update(_plain("\n".join(status)))
        self.post_message(PanelChanged())

    def _info(self) -> list[str]:
        """Face up, face down, discards left, and what Enter does."""
        none = t("offer.none")
        up = agent_name(self.hand[self.up]) if self.up is not None else none
        down = agent_name(self.hand[self.down]) if self.down is not None else none
        lines = [t("offer.face_up", agent=up), t("offer.face_down", agent=down)]
        left = self.view.me.discards_left
        if self._can_discard():
            lines.append(t("offer.discards_left", count=left))
        elif left > 0:
            lines.append(t("offer.no_discard_deck"))
        else:
            lines.append(t("offer.no_discards"))
        pair = self._pair()
        if pair is not None and pair in self.legal:
            lines.append(t("offer.ready"))
        return lines

    def _status(self) -> list[str]:
        """The discard note, then help, the selected card's previews, or each split's result."""
        pair = self._pair()
        lines: list[str] = [self.note] if self.note else []
        if pair is None and self.selected is None:
            lines.append(t("offer.help"))
        elif pair is None and self.selected is not None:
            # The selected card: what it would do for you, and for the opponent (explain.py).
            lines.extend(offer_card_lines(self.view, self.hand[self.selected], self.names))
        elif pair is not None and pair in self.legal:
            for taken, kept in ((pair.face_up, pair.face_down), (pair.face_down, pair.face_up)):
                lines.append(offer_split_line(self.view, taken, kept, self.names))
        elif pair is not None and _refused_for_names(self.hand, pair):
            lines.append(t("offer.same_names", agent=agent_name(pair.face_up)))
        else:
            lines.append(t("offer.not_allowed"))
        return lines


def _refused_for_names(hand: tuple[str, ...], pair: Offer) -> bool:
    """Whether the engine refuses this offer for its two cards' same name."""
    refused = offer_refusal(hand, pair.face_up, pair.face_down)
    return refused is not None and refused.reason is RefusalReason.SAME_NAMES


# Recruit: the opponent's private choice -----------------------------------------------------


class RecruitPanel(Panel):
    """The offered cards for the opponent: the face-up card, a card back, what each would do."""

    def __init__(self, view: PlayerView, names: tuple[str, str]) -> None:
        super().__init__(classes="panel -recruit")
        self.view = view
        self.names = names
        self.legal = frozenset(view.legal)

    def compose(self) -> ComposeResult:
        """Two columns: the face-up card and the hidden one."""
        view = self.view
        me = view.seat
        assert me is not None and view.face_up is not None
        active = view.active
        other = self.names[active]
        yield Static(
            _plain(t("recruit.title", name=self.names[me], other=other)), classes="panel-title"
        )
        with Horizontal(classes="panel-body"):
            with Horizontal(classes="recruit-option", id="recruit-up"):
                yield AgentCard(view.face_up, 0, view, me)
                with Vertical(classes="panel-info"):
                    yield Static(_plain(t("recruit.take_up")), classes="option-key")
                    mine = preview_line(view, me, view.face_up, self.names)
                    yield Static(_plain(t("recruit.for_you", line=mine)))
                    # What the hidden card could do for the opponent, from what this seat saw.
                    theirs_hidden = hidden_range(view, active, self.names)
                    yield Static(_plain(t("recruit.other_gets", other=other, line=theirs_hidden)))
                    yield Static(_plain(recruit_result(view, True, self.names)), classes="result")
            with Horizontal(classes="recruit-option", id="recruit-down"):
                yield CardBack()
                with Vertical(classes="panel-info"):
                    yield Static(_plain(t("recruit.take_down")), classes="option-key")
                    hidden = hidden_range(view, me, self.names)
                    yield Static(_plain(t("recruit.for_you", line=hidden)))
                    theirs = preview_line(view, active, view.face_up, self.names)
                    yield Static(_plain(t("recruit.other_gets", other=other, line=theirs)))
                    yield Static(_plain(recruit_result(view, False, self.names)), classes="result")
        hand = ", ".join(agent_name(a) for a in view.hand) or t("recruit.empty_hand")
        yield Static(_plain(t("recruit.your_hand", hand=hand)), classes="panel-status")

    def hint_view(self) -> PlayerView | None:
        """The recruiting player's own view."""
        return self.view

    def allows(self, action: str, params: Params) -> bool | None:
        """u and d take a card."""
        if action == "recruit_up":
            return RECRUIT_UP in self.legal
        if action == "recruit_down":
            return RECRUIT_DOWN in self.legal
        return False

    def run(self, action: str, params: Params) -> None:
        """Take the face-up or the face-down card."""
        if action == "recruit_up":
            self.choose(RECRUIT_UP)
        elif action == "recruit_down":
            self.choose(RECRUIT_DOWN)

    @on(AgentCard.Selected)
    def _clicked_up(self, message: AgentCard.Selected) -> None:
        message.stop()
        self.choose(RECRUIT_UP)

    def on_click(self, event: events.Click) -> None:
        """A click on the card back (or beside it) takes the face-down card."""
        box = self.query_one("#recruit-down")
        widget = event.widget
        if widget is not None and (widget is box or box in widget.ancestors):
            event.stop()
            self.choose(RECRUIT_DOWN)


# Public decisions: black market picks, instant choices, yes/no -------------------------------


def market_lines(
    view: PlayerView, side: int, cards: tuple[str, ...], names: tuple[str, str]
) -> str:
    """One line per supply card: what taking it would mean for `side` now (explain.py)."""
    return "\n".join(
        t(
            "market_preview.line",
            card=card_name(card),
            line=market_card_line(view, side, card, names),
        )
        for card in cards
    )


class PickPanel(Panel):
    """A public pick: the black market supply, one key per card."""

    def __init__(
        self, view: PlayerView, actor: int, legal: tuple[Action, ...], names: tuple[str, str]
    ) -> None:
        super().__init__(classes="panel -pick")
        self.view = view
        self.actor = actor
        self.names = names
        self.cards = tuple(a.card for a in legal if isinstance(a, Take))

    def compose(self) -> ComposeResult:
        """The supply cards with their texts."""
        yield Static(_plain(t("pick.title", name=self.names[self.actor])), classes="panel-title")
        with Horizontal(classes="panel-body market-row"):
            for number, card in enumerate(self.cards, start=1):
                view = MarketCardView(card, self.view, classes="market-choice")
                view.border_subtitle = _plain(t("pick.key", number=number))
                yield view
        yield Static(
            _plain(market_lines(self.view, self.actor, self.cards, self.names)),
            classes="panel-status market-preview",
        )

    def hint_view(self) -> PlayerView | None:
        """A public pick: judged from public facts only (hints.seat_view)."""
        from agent_avenue.hints import seat_view

        return seat_view(self.view, self.actor, tuple(Take(card) for card in self.cards))

    def allows(self, action: str, params: Params) -> bool | None:
        """A number key takes that card."""
        return action == "take" and 1 <= _number(params) <= len(self.cards)

    def run(self, action: str, params: Params) -> None:
        """Take a card."""
        self.choose(Take(self.cards[_number(params) - 1]))

    @on(MarketCardView.Selected)
    def _clicked(self, message: MarketCardView.Selected) -> None:
        message.stop()
        if message.card_id in self.cards:
            self.choose(Take(message.card_id))


class ChoicePanel(Panel):
    """An instant card's choice among agents: from the owner's hand (private) or in play."""

    def __init__(
        self,
        view: PlayerView,
        actor: int,
        legal: tuple[Action, ...],
        names: tuple[str, str],
    ) -> None:
        super().__init__(classes="panel -choice")
        self.view = view
        self.actor = actor
        self.names = names
        self.options = tuple(a.agent for a in legal if isinstance(a, Choose))

    def compose(self) -> ComposeResult:
        """What the card asks, and one card per option."""
        card = self.view.pending_card or ""
        key = f"choice.{card}"
        text = t(key, name=self.names[self.actor], other=self.names[1 - self.actor])
        if text == key:
            text = t("choice.generic", name=self.names[self.actor], card=card_name(card))
        yield Static(
            _plain(t("choice.title", card=card_name(card), text=text)), classes="panel-title"
        )
        with Horizontal(classes="panel-body"):
            with Horizontal(classes="hand"):
                for index, agent in enumerate(self.options):
                    yield AgentCard(agent, index, self.view, self.actor)
            if card in RECRUIT_CHOICES:
                lines = [
                    f"{n}. {preview_line(self.view, self.actor, agent, self.names)}"
                    for n, agent in enumerate(self.options, start=1)
                ]
                yield Static(_plain("\n".join(lines)), classes="panel-info")

    def hint_view(self) -> PlayerView | None:
        """The owner's own view for a choice from hand; public facts only for one in play."""
        if self.view.seat == self.actor:
            return self.view
        from agent_avenue.hints import seat_view

        return seat_view(self.view, self.actor, tuple(Choose(a) for a in self.options))

    def allows(self, action: str, params: Params) -> bool | None:
        """A number key chooses that agent."""
        return action == "choose" and 1 <= _number(params) <= len(self.options)

    def run(self, action: str, params: Params) -> None:
        """Choose an agent."""
        self.choose(Choose(self.options[_number(params) - 1]))

    @on(AgentCard.Selected)
    def _clicked(self, message: AgentCard.Selected) -> None:
        message.stop()
        if 0 <= message.index < len(self.options):
            self.choose(Choose(self.options[message.index]))


class ConfirmPanel(Panel):
    """Spycation's question: recruit the returned agent again, or keep it in hand."""

    def __init__(self, view: PlayerView, actor: int, names: tuple[str, str]) -> None:
        super().__init__(classes="panel -confirm")
        self.view = view
        self.actor = actor
        self.names = names

    def compose(self) -> ComposeResult:
        """The question and what recruiting again would do."""
        agent = self.view.pending_agent or ""
        card = card_name(self.view.pending_card or "")
        yield Static(
            _plain(
                t("choice.confirm", name=self.names[self.actor], agent=agent_name(agent), card=card)
            ),
            classes="panel-title",
        )
        with Horizontal(classes="panel-body"):
            yield AgentCard(agent, 0, self.view, self.actor)
            with Vertical(classes="panel-info"):
                yield Static(
                    _plain(
                        t(
                            "choice.confirm_yes",
                            line=preview_line(self.view, self.actor, agent, self.names),
                        )
                    )
                )
                yield Static(_plain(t("choice.confirm_no")))

    def hint_view(self) -> PlayerView | None:
        """Spycation's yes/no is public: judged from public facts only."""
        from agent_avenue.hints import seat_view

        return seat_view(self.view, self.actor, (YES, NO))

    def allows(self, action: str, params: Params) -> bool | None:
        """y or n."""
        return action in ("answer_yes", "answer_no")

    def run(self, action: str, params: Params) -> None:
        """Answer."""
        self.choose(YES if action == "answer_yes" else NO)


# The public reveal --------------------------------------------------------------------------


class RevealPanel(Panel):
    """What just happened, in sentences (and the two recruited cards), then what comes next."""

    def __init__(
        self,
        view: PlayerView,
        lines: tuple[str, ...],
        recruited: tuple[tuple[int, str], ...],
        names: tuple[str, str],
        prompt: str,
    ) -> None:
        super().__init__(classes="panel -reveal" if recruited else "panel -reveal -plain")
        self.view = view
        self.lines = lines
        self.recruited = recruited
        self.names = names
        self.prompt = prompt
        self.done = False

    def compose(self) -> ComposeResult:
        """The recruited cards, the sentences, the prompt (shown once the meeples stopped)."""
        with Horizontal(classes="panel-body"):
            for side, agent in self.recruited:
                with Vertical(classes="reveal-card"):
                    yield Static(_plain(self.names[side]), classes=f"reveal-name -seat-{side}")
                    yield AgentCard(agent, side, self.view, side)
            yield Static(_plain("\n".join(self.lines)), classes="panel-info reveal-lines")
        prompt = self.prompt if self.done else t("reveal.moving")
        yield Static(_plain(prompt), id="reveal-prompt", classes="panel-status")

    def finish(self) -> None:
        """The meeples have stopped: show what comes next and accept Enter."""
        self.done = True
        # Possibly called before the panel is composed: compose then shows the prompt itself.
        for prompt in self.query("#reveal-prompt").results(Static):
            prompt.update(_plain(self.prompt))

    def allows(self, action: str, params: Params) -> bool | None:
        """Enter goes on once the animation is over (before that it skips it)."""
        return action == "continue"

    def run(self, action: str, params: Params) -> None:
        """Go on."""
        if self.done:
            self.post_message(Continue())

    @on(AgentCard.Selected)
    def _clicked(self, message: AgentCard.Selected) -> None:
        message.stop()


def recruited_cards(events: tuple[Event, ...]) -> tuple[tuple[int, str], ...]:
    """(side, agent) of every recruit among the events, green first."""
    found = [(e.side, e.agent) for e in events if e.kind is EventKind.RECRUIT and e.agent]
    return tuple(sorted(found, key=lambda pair: pair[0]))


def recruit_headline(before: PlayerView, action: Recruit, names: tuple[str, str]) -> str | None:
    """Who took which offered card ("Blue recruited the face-down card; Green gets...")."""
    recruiter = 1 - before.active
    key = "reveal.took_up" if action.face_up else "reveal.took_down"
    if before.is_team_game:
        key = "team.took_up" if action.face_up else "team.took_down"  # a team game
    return t(key, name=names[recruiter], other=names[before.active])


__all__ = [
    "ChoicePanel",
    "ConfirmPanel",
    "OfferPanel",
    "Panel",
    "PanelChanged",
    "PickPanel",
    "RecruitPanel",
    "RevealPanel",
    "WaitingPanel",
    "recruit_headline",
    "recruited_cards",
]
