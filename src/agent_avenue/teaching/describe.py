"""Plain sentences for the game log and the end of a game, from public events and views only."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from agent_avenue.engine import (
    HOMES,
    REASON_ORDER,
    Condition,
    DistinctAgentsWin,
    Event,
    EventKind,
    HomeBoost,
    HomeGuardWin,
    LoseBecomesWin,
    Mark,
    PlayerView,
    Result,
    Rules,
    distance_to_catch,
)
from agent_avenue.engine import space_of as board_space
from agent_avenue.i18n import agent_name, card_name, plural_key, t
from agent_avenue.play.teams import team_of_two

__all__ = [
    "agent_plural",
    "an_agent",
    "count_word",
    "describe_event",
    "nth_word",
    "ordinal",
    "result_sentence",
    "signed",
    "space_of",
    "spaces_phrase",
]

MINUS = "\u2212"
MEMBER_KINDS = frozenset(
    {
        EventKind.DISCARD,
        EventKind.DRAW,
        EventKind.OFFER,
        EventKind.LEAD,
        EventKind.PLAY_UP,
        EventKind.TAKE,
        EventKind.STEAL,
        EventKind.RETURN,
        EventKind.REVEAL_PAIR,
    }
)
"""Events one member of a team did (their seat is on the event; none means the first member)."""


def signed(value: int) -> str:
    """A move as printed on a card: +3, 0, or a real minus sign (U+2212) and the number."""
    if value > 0:
        return f"+{value}"
    if value < 0:
        return f"{MINUS}{-value}"
    return "0"


def _numbered(prefix: str, n: int, fallback: str) -> str:
    """The locale's word for `n` under `prefix` (e.g. `describe.nth_3`), else `fallback`."""
    key = f"describe.{prefix}_{n}"
    text = t(key)
    return fallback if text == key else text


def ordinal(n: int) -> str:
    """A short ordinal: 1st, 2nd, 3rd, 4th."""
    return _numbered("ordinal", n, t("describe.ordinal_n", n=n))


def nth_word(n: int) -> str:
    """An ordinal in words (first, second, third), or the short form past the known words."""
    return _numbered("nth", n, ordinal(n))


def count_word(n: int) -> str:
    """A count in words (one, two, three), or digits past the known words."""
    return _numbered("number", n, str(n))


def an_agent(agent: str) -> str:
    """An agent with its indefinite article: "an Enforcer", "a Sentinel"."""
    key = f"describe.indefinite.{agent}"
    text = t(key)
    return t("describe.indefinite_other", agent=agent_name(agent)) if text == key else text


def agent_plural(agent: str) -> str:
    """An agent name in the plural: "Codebreakers"."""
    key = f"describe.plural.{agent}"
    text = t(key)
    return t("describe.plural_other", agent=agent_name(agent)) if text == key else text


def spaces_phrase(n: int) -> str:
    """A count of board spaces with its noun: "1 space", "3 spaces"."""
    return t("describe.spaces_one") if n == 1 else t("describe.spaces_many", n=n)


def _cards(n: int) -> str:
    return t("describe.cards_one") if n == 1 else t("describe.cards_many", n=n)


def space_of(side: int, progress: int) -> int:
    """The board space (0-13) of a side's meeple at an unwrapped progress."""
    return board_space(HOMES[side], progress)


def _recruited(agent: str, count: int, words: bool = False) -> str:
    """ "an Enforcer" for the first copy, "a 2nd Enforcer" (or "a second") for the next ones."""
    if count <= 1:
        return an_agent(agent)
    nth = nth_word(count) if words else ordinal(count)
    return t("describe.nth_agent", nth=nth, agent=agent_name(agent))


def _move_text(side: int, value: int, start: int, end: int, plural: bool) -> str:
    """A move with its spaces; `plural`: the side moving is a team (French and Spanish say it
    with a verb, "avancent de 2")."""
    first, last = space_of(side, start), space_of(side, end)
    if value > 0:
        return t(plural_key("describe.move_forward", plural), n=value, start=first, end=last)
    if value < 0:
        return t(plural_key("describe.move_back", plural), n=-value, start=first, end=last)
    return t(plural_key("describe.move_none", plural), space=first)


def _recruit_effect(event: Event, rules: Rules, plural: bool) -> str:
    """What one recruit did: its move, and the WIN or LOSE mark the copy shows."""
    mark: Mark | None = None
    spec = rules.agent_by_id.get(event.agent or "")
    if spec is not None and event.count >= 1:
        icon = spec.icon_for(event.count)
        mark = icon if isinstance(icon, Mark) else None
    if mark is None:
        return _move_text(event.side, event.value, event.start, event.end, plural)
    mark_text = t("describe.mark_win" if mark is Mark.WIN else "describe.mark_lose")
    if event.value == 0:
        return mark_text
    move = _move_text(event.side, event.value, event.start, event.end, plural)
    return t("describe.effect_with_mark", move=move, mark=mark_text)


def _home_boost_card(rules: Rules) -> str | None:
    """The only card that makes a move go on from a home, if the rules have exactly one."""
    cards = [c.id for c in rules.market if isinstance(c.effect, HomeBoost)]
    return cards[0] if len(cards) == 1 else None


def _card(card: str | None) -> str:
    return card_name(card) if card else ""


def describe_event(
    event: Event, names: tuple[str, str], rules: Rules, seats: tuple[str, ...] = ()
) -> str | None:
    """One plain sentence for a public event, or None for an event the log does not show.

    The event is made public first, so a hidden card can never reach the sentence. In a team
    game (`seats`: every player's name by seat) what one member did names that member, and what
    a team of two did takes the plural form of the verb.
    """
    event = event.public()
    kind = event.kind
    side = names[event.side]
    other = names[1 - event.side]
    plural = len(seats) > 2 and team_of_two(event.side, len(seats))
    if len(seats) > 2 and kind in MEMBER_KINDS:
        member = seats[event.side if event.seat is None else event.seat]
        if kind is EventKind.LEAD:
            return t("team.log_lead", team=side, name=member)
        if kind is EventKind.OFFER and event.seat is not None:
            if event.count:
                return t("team.log_play_down_draw", name=member, cards=_cards(event.count))
            return t("team.log_play_down", name=member)
        side = member
        plural = False
    describer = _DESCRIBERS.get(kind)
    if describer is None:
        return None
    return describer(_About(event, side, other, rules, plural))


@dataclass(frozen=True, slots=True)
class _About:
    """What a log sentence is about: the event, the name of who did it (a side, or a team's
    member), the other side's name, the rules, and whether the doer is a team of two."""

    event: Event
    side: str
    other: str
    rules: Rules
    plural: bool

    def said(self, key: str, **params: object) -> str:
        """`t(key)` with the doer as `side`, in the form of the verb that agrees with it (a
        text with a `_plural` form: what a member of a team did is said with plain `t()`)."""
        return t(plural_key(key, self.plural), side=self.side, **params)


def _discard(about: _About) -> str:
    return t("describe.discard", side=about.side)


def _draw(about: _About) -> str:
    return t("describe.draw", side=about.side, cards=_cards(about.event.count))


def _offer(about: _About) -> str:
    event, side = about.event, about.side
    agent = agent_name(event.agent) if event.agent else "?"
    if event.count:
        return t("describe.offer_draw", side=side, agent=agent, cards=_cards(event.count))
    return t("describe.offer", side=side, agent=agent)


def _recruit(about: _About) -> str:
    event = about.event
    what = _recruited(event.agent or "", event.count)
    effect = _recruit_effect(event, about.rules, about.plural)
    if event.card:
        return about.said("describe.recruit_via", card=_card(event.card), what=what, effect=effect)
    return about.said("describe.recruit", what=what, effect=effect)


def _move(about: _About) -> str:
    event = about.event
    effect = _move_text(event.side, event.value, event.start, event.end, about.plural)
    return t("describe.move", side=about.side, effect=effect)


def _home_boost(about: _About) -> str:
    event = about.event
    start, end = space_of(event.side, event.start), space_of(event.side, event.end)
    card = _home_boost_card(about.rules)
    if card is None:
        return about.said("describe.home_boost_plain", n=event.value, start=start, end=end)
    return about.said(
        "describe.home_boost", card=card_name(card), n=event.value, start=start, end=end
    )


def _land(about: _About) -> str:
    return about.said("describe.land", space=about.event.end)


def _no_card(about: _About) -> str:
    return about.said("describe.no_card")


def _take(about: _About) -> str:
    return t("describe.take", side=about.side, card=_card(about.event.card))


def _refill(about: _About) -> str:
    return t("describe.refill", card=_card(about.event.card))


def _ignored(about: _About) -> str:
    return t("describe.ignored", card=_card(about.event.card), side=about.side)


def _steal(about: _About) -> str:
    event = about.event
    what = an_agent(event.agent or "")
    card = _card(event.card)
    return t("describe.steal", card=card, side=about.side, what=what, other=about.other)


def _return(about: _About) -> str:
    event = about.event
    what = an_agent(event.agent or "")
    return t("describe.return", card=_card(event.card), side=about.side, what=what)


def _reveal_pair(about: _About) -> str:
    event = about.event
    agents = agent_plural(event.agent or "")
    return t("describe.reveal_pair", card=_card(event.card), side=about.side, agents=agents)


def _keep(about: _About) -> str:
    return about.said("describe.keep", agent=agent_name(about.event.agent or ""))


def _lead(about: _About) -> str:
    return t("describe.lead", side=about.side, seat=about.event.seat)


def _play_up(about: _About) -> str:
    return t("describe.play_up", side=about.side, agent=agent_name(about.event.agent or ""))


def _turn(about: _About) -> str:
    return about.said("describe.turn", n=about.event.count)


def _game_over(about: _About) -> str:
    return about.said("describe.game_over")


_Describer = Callable[[_About], str]

_DESCRIBERS: dict[EventKind, _Describer] = {
    EventKind.DISCARD: _discard,
    EventKind.DRAW: _draw,
    EventKind.OFFER: _offer,
    EventKind.RECRUIT: _recruit,
    EventKind.MOVE: _move,
    EventKind.HOME_BOOST: _home_boost,
    EventKind.LAND: _land,
    EventKind.NO_CARD: _no_card,
    EventKind.TAKE: _take,
    EventKind.REFILL: _refill,
    EventKind.IGNORED: _ignored,
    EventKind.STEAL: _steal,
    EventKind.RETURN: _return,
    EventKind.REVEAL_PAIR: _reveal_pair,
    EventKind.KEEP: _keep,
    EventKind.LEAD: _lead,
    EventKind.PLAY_UP: _play_up,
    EventKind.TURN: _turn,
    EventKind.GAME_OVER: _game_over,
}


# The end of the game -----------------------------------------------------------------------------


def _main_condition(result: Result) -> Condition | None:
    """The condition that best explains the winner: the winner's own wins first, then the
    opponent's losses, each in the documented reason order."""
    winner = result.winner
    helping = [c for c in result.conditions if (c.side == winner) == c.wins]
    if not helping:
        return None

    def rank(c: Condition) -> tuple[int, int]:
        """The winner's own conditions first, then the documented reason order."""
        order = REASON_ORDER.index(c.reason) if c.reason in REASON_ORDER else len(REASON_ORDER)
        return (0 if c.side == winner else 1, order)

    return min(helping, key=rank)


def _mark_agent(rules: Rules, reason: str) -> str | None:
    """The agent whose WIN or LOSE mark records `reason`."""
    for agent, _, mark_reason in rules.marks:
        if mark_reason == reason:
            return agent
    return None


def _winner_recruit(view: PlayerView, side: int) -> Event | None:
    """The last forward recruit of `side` among the view's latest events."""
    for event in reversed(view.events):
        if event.kind is EventKind.RECRUIT and event.side == side and event.value > 0:
            return event
    return None


def _condition_text(
    condition: Condition, result: Result, view: PlayerView, names: tuple[str, str]
) -> str:
    rules = view.rules
    winner_side = result.winner
    winner, loser = names[winner_side], names[1 - winner_side]
    reason = condition.reason

    def about(key: str, side: int) -> str:
        """`key` in the form that agrees with side `side`, its subject."""
        return plural_key(key, team_of_two(side, view.players))

    if reason == "catch":
        recruit = _winner_recruit(view, winner_side)
        if recruit is not None and recruit.agent:
            what = _recruited(recruit.agent, recruit.count, words=True)
            key = about("describe.result_catch_after", winner_side)
            return t(key, winner=winner, loser=loser, what=what)
        return t(about("describe.result_catch", winner_side), winner=winner, loser=loser)
    if reason == "exhaustion":
        near = distance_to_catch(view, winner_side)
        far = distance_to_catch(view, 1 - winner_side)
        key = "describe.result_exhaustion_tie" if near == far else "describe.result_exhaustion"
        near_words = spaces_phrase(near)
        return t(about(key, winner_side), winner=winner, loser=loser, near=near_words, far=far)
    agent = _mark_agent(rules, reason)
    if agent is not None:
        copies = view.sides[condition.side].count(agent)
        if condition.wins:
            return t(
                about("describe.result_mark_win", condition.side),
                winner=names[condition.side],
                count=count_word(copies),
                agents=agent_plural(agent),
            )
        return t(
            about("describe.result_mark_lose", condition.side),
            loser=names[condition.side],
            what=_recruited(agent, copies, words=True),
            winner=names[1 - condition.side],
        )
    spec = rules.card_by_id.get(reason)
    if spec is not None:
        card = card_name(reason)
        mine = view.sides[condition.side]
        owner, opponent = names[condition.side], names[1 - condition.side]
        effect = spec.effect
        if isinstance(effect, DistinctAgentsWin):
            distinct = count_word(len(set(mine.in_play)))
            key = about("describe.result_distinct", condition.side)
            return t(key, winner=owner, count=distinct, card=card)
        if isinstance(effect, HomeGuardWin):
            key = about("describe.result_home_guard", condition.side)
            return t(key, winner=owner, loser=opponent, card=card)
        if isinstance(effect, LoseBecomesWin):
            return t(
                about("describe.result_lose_becomes_win", condition.side),
                winner=owner,
                count=count_word(mine.count(effect.agent)),
                agents=agent_plural(effect.agent),
                card=card,
            )
        return t(about("describe.result_other", condition.side), winner=owner, reason=card)
    return t(about("describe.result_other", winner_side), winner=winner, reason=reason)


def result_sentence(result: Result, view: PlayerView, names: tuple[str, str]) -> str:
    """Who won and why, in one sentence, with a note when the tie rule decided."""
    condition = _main_condition(result)
    if condition is None:
        key = plural_key("describe.result_other", team_of_two(result.winner, view.players))
        text = t(key, winner=names[result.winner], reason="?")
    else:
        text = _condition_text(condition, result, view, names)
    key = "describe.sentence_tie" if result.by_tie_rule else "describe.sentence"
    return t(key, text=text)
