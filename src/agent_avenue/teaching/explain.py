"""Plain explanations from engine numbers: move previews, what a reveal did and why, the result.

Everything here reads public views and events (or the deciding seat's own view) and the engine's
own previews and constants; no number in a sentence is typed by hand. No textual imports.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from agent_avenue.engine import (
    Condition,
    DistinctAgentsWin,
    Event,
    EventKind,
    HomeBoost,
    HomeGuardWin,
    LoseBecomesWin,
    Mark,
    MoveModifier,
    MoveSelf,
    Phase,
    PlayerView,
    RecruitNamedFromHand,
    RecruitPreview,
    RecruitTopOfDeck,
    Result,
    Rules,
    StealFromPlay,
    distance_to_catch,
    lose_rescue,
    moved_view,
    reaches,
    recruit_preview,
    space_of,
    spaces_to_home,
    split_verdict,
)
from agent_avenue.i18n import agent_name, card_name, plural_key, t
from agent_avenue.play.teams import team_of_two
from agent_avenue.teaching.describe import (
    agent_plural,
    an_agent,
    describe_event,
    ordinal,
    result_sentence,
    signed,
    spaces_phrase,
)
from agent_avenue.teaching.verdict_text import joined, verdict_phrase

__all__ = [
    "catch_phrase",
    "condition_sentence",
    "escapes",
    "explain_result",
    "explain_step",
    "icon_note",
    "mark_agents",
    "market_card_line",
    "move_words",
    "nth_agent",
    "offer_card_lines",
    "offer_split_line",
    "preview_effect",
    "preview_phrase",
    "short_phrase",
    "split_phrase",
]

_TOP, _MIDDLE, _BOTTOM, _ONLY = "top", "middle", "bottom", "only"
_UNFINISHED = frozenset({Phase.PICK, Phase.CHOOSE, Phase.CONFIRM})
"""Phases in which the turn's End step has not happened yet."""


# Small phrases ---------------------------------------------------------------------------------


def nth_agent(rules: Rules, agent: str, count: int) -> str:
    """ "2nd Sentinel", or just the name of an agent that exists once ("Sidekick")."""
    if count <= 1 and rules.agent_by_id[agent].copies == 1:
        return agent_name(agent)
    return t("explain.nth_agent", nth=ordinal(count), agent=agent_name(agent))


def _icon_slot(rules: Rules, agent: str, count: int) -> tuple[str, int]:
    """Which printed icon a copy uses (top, middle, bottom or only) and how many icons exist."""
    icons = len(rules.agent_by_id[agent].icons)
    if icons == 1:
        return _ONLY, icons
    index = min(count, icons) - 1
    if icons == 2:
        return (_TOP if index == 0 else _BOTTOM), icons
    return (_TOP, _MIDDLE, _BOTTOM)[min(index, 2)], icons


def icon_note(rules: Rules, agent: str, count: int) -> str:
    """Which icon the count rule reads for this copy, and when the next icon comes.

    "the middle icon; the bottom one needs a 3rd", "the bottom icon, from the 3rd copy on".
    """
    slot, icons = _icon_slot(rules, agent, count)
    if slot == _ONLY:
        return t("explain.icon_only")
    if slot == _TOP:
        return t("explain.icon_top", next=ordinal(2))
    if slot == _MIDDLE:
        return t("explain.icon_middle", last=ordinal(icons))
    return t("explain.icon_bottom", last=ordinal(icons))


def move_words(move: int) -> str:
    """A move in words: "forward 2", "back 1", "no move"."""
    if move > 0:
        return t("explain.forward", n=move)
    if move < 0:
        return t("explain.back", n=-move)
    return t("explain.no_move")


def _about(key: str, view: PlayerView, side: int) -> str:
    """`key` in the form that agrees with side `side`, its subject (plural for a team of two)."""
    return plural_key(key, team_of_two(side, view.players))


def _mark_words(
    view: PlayerView, preview: RecruitPreview, names: tuple[str, str], side: int
) -> str:
    """What a WIN or LOSE mark means for the side (its ongoing cards included)."""
    if preview.outcome is Mark.WIN:
        rescue = lose_rescue(view.rules, view.sides[side].ongoing, preview.agent)
        if preview.mark is Mark.LOSE and rescue is not None:
            return t("explain.mark_rescued", side=names[side], card=card_name(rescue))
        return t(_about("explain.mark_win", view, side), side=names[side])
    return t(_about("explain.mark_lose", view, side), side=names[side])


def catch_phrase(
    preview: RecruitPreview,
    names: tuple[str, str],
    side: int,
    players: int,
    *,
    others_move: bool = True,
) -> str:
    """Where a recruit judged alone would leave the side: it reaches the other's space (a catch
    unless the other moves away), walks into reach, or the board distance still to cover (with
    `others_move`, the other side recruits too: the distance says it assumes the other stays).
    `players` says whether the other side is a team of two (its verbs are then plural)."""
    plural = team_of_two(1 - side, players)
    if preview.catches:
        return t(plural_key("explain.catches", plural), other=names[1 - side])
    if preview.caught:
        key = plural_key("explain.caught_by", plural)
        return t(key, side=names[side], other=names[1 - side])
    if others_move:
        return t(
            plural_key("explain.to_catch_if", plural), n=preview.distance, other=names[1 - side]
        )
    return t("explain.to_catch", n=preview.distance)


def preview_phrase(
    view: PlayerView,
    side: int,
    agent: str,
    names: tuple[str, str],
    *,
    long: bool = False,
    others_move: bool = True,
) -> str:
    """What recruiting one more `agent` would do to `side`, judged alone.

    "2nd Sentinel: +2 (middle icon), 5 to catch if Blue stays"; "3rd Codebreaker: WIN mark, so
    Green wins at the End step"; with `long`, the icon note says when the next icon comes;
    `others_move` false: only `side` recruits now (an instant card's choice), no "if".
    """
    preview = recruit_preview(view, side, agent)
    what = nth_agent(view.rules, agent, preview.count)
    effect = preview_effect(view, side, agent, names, long, others_move=others_move)
    return t("explain.preview", what=what, effect=effect)


def preview_effect(
    view: PlayerView,
    side: int,
    agent: str,
    names: tuple[str, str],
    long: bool = False,
    *,
    note: bool = True,
    others_move: bool = True,
) -> str:
    """What `preview_phrase` says after the agent's name: "+2 (middle icon), 5 to catch if Blue
    stays" (without `note`, the icon's name is left out: "+2, 5 to catch if Blue stays")."""
    preview = recruit_preview(view, side, agent)
    slot, _ = _icon_slot(view.rules, agent, preview.count)
    icon = icon_note(view.rules, agent, preview.count) if long else t(f"explain.slot_{slot}")
    if preview.mark is not None:
        mark = _mark_words(view, preview, names, side)
        return t("explain.preview_mark", mark=mark, note=icon) if note else mark
    move = signed(preview.move)
    parts = [t("explain.preview_move", move=move, note=icon) if note else move]
    parts.append(catch_phrase(preview, names, side, view.players, others_move=others_move))
    if preview.lands_on_market:
        parts.append(t("explain.preview_market", space=preview.space))
    text = parts[0]
    for part in parts[1:]:
        text = t("explain.pair", a=text, b=part)  # each part stays as made by t() (claims)
    return text


def offer_card_lines(view: PlayerView, agent: str, names: tuple[str, str]) -> list[str]:
    """For a card in the offering player's hand: what keeping it and what giving it would do."""
    me = view.me.index
    other = 1 - me
    return [
        t("explain.card_you", agent=agent_name(agent), line=preview_phrase(view, me, agent, names)),
        t(
            _about("explain.card_them", view, other),
            other=names[other],
            line=preview_phrase(view, other, agent, names),
        ),
    ]


def short_phrase(view: PlayerView, side: int, agent: str) -> str:
    """A recruit in a few words: "2nd: +2", "3rd: WIN", "1st: +2, black market"."""
    preview = recruit_preview(view, side, agent)
    if preview.outcome is not None:
        effect = t("cards.win" if preview.outcome is Mark.WIN else "cards.lose")
    else:
        effect = signed(preview.move)
    text = t("explain.short", nth=ordinal(preview.count), effect=effect)
    if preview.lands_on_market:
        text = t("explain.short_market", text=text)
    return text


def offer_split_line(view: PlayerView, taken: str, kept: str, names: tuple[str, str]) -> str:
    """One way the opponent can split an offer: what each side recruits, and the result."""
    me = view.me.index
    other = 1 - me
    return t(
        _about("explain.offer_split", view, other),
        other=names[other],
        taken=agent_name(taken),
        theirs=short_phrase(view, other, taken),
        kept=agent_name(kept),
        mine=short_phrase(view, me, kept),
        result=split_phrase(view, me, kept, taken, names),
    )


def split_phrase(
    view: PlayerView, side: int, mine: str, theirs: str, names: tuple[str, str]
) -> str:
    """Where side `side` recruiting `mine` while the opponent recruits `theirs` leaves things,
    as the End step decides it (engine/outcomes.py): both moves happen together."""
    if side == view.active:
        verdict = split_verdict(view, theirs, mine)
    else:
        verdict = split_verdict(view, mine, theirs)
    text = verdict_phrase(verdict, side, names, mark_agents(view.rules), view.players)
    for who in (side, 1 - side):
        alone = recruit_preview(view, who, mine if who == side else theirs)
        if alone.catches and not verdict.catches(who):
            escape = t("verdict.escape", side=names[who], other=names[1 - who])
            return joined([escape, text])
    return text


def mark_agents(rules: Rules) -> dict[str, str]:
    """Each mark's End-step reason with its agent: {"codebreakers": "codebreaker", ...}."""
    return {reason: agent for agent, _, reason in rules.marks}


# After a reveal --------------------------------------------------------------------------------


def _modifiers(rules: Rules, ongoing: Iterable[str], agent: str) -> list[str]:
    """The side's ongoing cards that change the move for this agent."""
    found = []
    for card in ongoing:
        effect = rules.card_by_id[card].effect
        if isinstance(effect, MoveModifier) and effect.agent == agent:
            found.append(card)
    return found


def _recruit_sentence(event: Event, after: PlayerView, names: tuple[str, str], space: int) -> str:
    """One recruit: what was recruited, the move and which icon the count rule read."""
    rules = after.rules
    agent = event.agent or ""
    count = event.count
    spec = rules.agent_by_id[agent]
    icon = spec.icon_for(count)
    side = names[event.side]
    what = (
        an_agent(agent)
        if count <= 1
        else t("explain.a_nth", nth=ordinal(count), agent=agent_name(agent))
    )
    note = icon_note(rules, agent, count)
    if isinstance(icon, Mark):
        mark = t("explain.mark_win_word" if icon is Mark.WIN else "explain.mark_lose_word")
        rescue = lose_rescue(rules, after.sides[event.side].ongoing, agent)
        if icon is Mark.LOSE and rescue is not None:
            mark = t("explain.mark_rescued_word", card=card_name(rescue))
        effect = (
            mark
            if event.value == 0
            else t("explain.effect_mark_move", mark=mark, move=move_words(event.value), space=space)
        )
    elif event.value == 0:
        effect = t("explain.effect_stay", space=space)
    else:
        effect = t("explain.effect_move", move=move_words(event.value), space=space)
        printed = icon
        if printed != event.value:
            cards = _modifiers(rules, after.sides[event.side].ongoing, agent)
            if cards:
                note = t(
                    "explain.modified",
                    note=note,
                    printed=signed(printed),
                    cards=", ".join(card_name(c) for c in cards),
                )
    if event.card:
        return t(
            _about("explain.recruit_via", after, event.side),
            side=side,
            what=what,
            effect=effect,
            note=note,
            card=card_name(event.card),
        )
    key = _about("explain.recruit", after, event.side)
    return t(key, side=side, what=what, effect=effect, note=note)


def escapes(events: Iterable[Event], after: PlayerView, names: tuple[str, str]) -> list[str]:
    """Escapes: a side whose own move alone reached the other, while the other's move in the
    same turn took it out of reach (the End step's catch test, `reaches`)."""
    starts: dict[int, int] = {}
    for event in events:
        if event.kind is EventKind.RECRUIT and event.side not in starts:
            starts[event.side] = event.start
    if len(starts) < 2:
        return []
    lines = []
    for side in (0, 1):
        other = 1 - side
        end_mine = after.sides[side].progress
        end_theirs = after.sides[other].progress
        if reaches(end_mine, starts[other]) and not reaches(end_mine, end_theirs):
            lines.append(
                t(
                    _about("explain.escape", after, side),
                    side=names[side],
                    other=names[other],
                    n=end_theirs - starts[other],
                    left=distance_to_catch(after, side),
                )
            )
    return lines


def condition_sentence(condition: Condition, view: PlayerView, names: tuple[str, str]) -> str:
    """One End-step condition in words: a catch, a mark's copies, or an ongoing card's win."""
    rules = view.rules
    side, other = names[condition.side], names[1 - condition.side]
    reason = condition.reason
    if reason == "catch":
        return t(_about("explain.cond_catch", view, condition.side), side=side, other=other)
    if reason == "exhaustion":
        return t(_about("explain.cond_exhaustion", view, condition.side), side=side)
    for agent, _, mark_reason in rules.marks:
        if mark_reason == reason:
            copies = view.sides[condition.side].count(agent)
            key = "explain.cond_mark_win" if condition.wins else "explain.cond_mark_lose"
            key = _about(key, view, condition.side)
            return t(key, side=side, count=copies, agents=agent_plural(agent))
    spec = rules.card_by_id.get(reason)
    if spec is not None:
        effect = spec.effect
        if isinstance(effect, LoseBecomesWin):
            copies = view.sides[condition.side].count(effect.agent)
            return t(
                _about("explain.cond_rescue", view, condition.side),
                side=side,
                count=copies,
                agents=agent_plural(effect.agent),
                card=card_name(reason),
            )
        key = _about("explain.cond_card", view, condition.side)
        return t(key, side=side, card=card_name(reason))
    return t("explain.cond_other", side=side, reason=reason)


def _end_step_lines(after: PlayerView, names: tuple[str, str]) -> list[str]:
    """What the End step found, when this step ended the game."""
    result = after.result
    if result is None:
        return []
    return [condition_sentence(c, after, names) for c in result.conditions]


def _take_sentence(event: Event, after: PlayerView, names: tuple[str, str]) -> str:
    card = event.card or ""
    spec = after.rules.card_by_id[card]
    key = "explain.take_ongoing" if spec.kind == "ongoing" else "explain.take_instant"
    return t(_about(key, after, event.side), side=names[event.side], card=card_name(card))


def explain_step(
    before: PlayerView,
    after: PlayerView,
    events: tuple[Event, ...],
    names: tuple[str, str],
    seats: tuple[str, ...] = (),
) -> list[str]:
    """The sentences of a reveal: each recruit with the count rule, landings, cards taken,
    escapes, and at the end of the game every condition the End step found.

    `before` and `after` are public views around the step; `events` are its public events;
    `seats` names each player of a team game (who discarded, who played which card).
    """
    lines: list[str] = []
    for event in events:
        event = event.public()
        kind = event.kind
        if kind in (EventKind.TURN, EventKind.GAME_OVER):
            continue
        if kind is EventKind.RECRUIT and event.agent:
            space = space_of(after.sides[event.side].home, event.end)
            lines.append(_recruit_sentence(event, after, names, space))
        elif kind is EventKind.LAND:
            key = _about("explain.land", after, event.side)
            lines.append(t(key, side=names[event.side], space=event.end))
        elif kind is EventKind.TAKE and event.card:
            lines.append(_take_sentence(event, after, names))
        else:
            sentence = describe_event(event, names, after.rules, seats)
            if sentence:
                lines.append(sentence)
    lines.extend(escapes(events, after, names))
    if after.phase not in _UNFINISHED:
        lines.extend(_end_step_lines(after, names))
    return lines


# The end of the game ---------------------------------------------------------------------------


def explain_result(result: Result, view: PlayerView, names: tuple[str, str]) -> list[str]:
    """Who won and why; every condition met when there were several; the tie rule's note."""
    lines = [result_sentence(result, view, names)]
    if len(result.conditions) > 1:
        met = t("explain.join_conditions").join(
            condition_sentence(c, view, names) for c in result.conditions
        )
        lines.append(t("explain.all_conditions", conditions=met))
    if result.by_tie_rule:
        active = names[view.active]
        exhausted = any(c.reason == "exhaustion" for c in result.conditions)
        key = "explain.tie_exhaustion" if exhausted else "explain.tie"
        lines.append(t(_about(key, view, view.active), active=active))
    return lines


# Black market picks ------------------------------------------------------------------------------


def _with_ongoing(view: PlayerView, side: int, card: str) -> PlayerView:
    """The view as if `side` already owned the ongoing `card` (for a before/after preview)."""
    sides = list(view.sides)
    sides[side] = replace(sides[side], ongoing=(*sides[side].ongoing, card))
    return replace(view, sides=tuple(sides))


def _effect_words(view: PlayerView, side: int, agent: str) -> str:
    """What recruiting one more `agent` would give `side`, as its card prints it: "+2", "WIN",
    "+3 and WIN" (a move and a mark)."""
    preview = recruit_preview(view, side, agent)
    move = signed(preview.move)
    if preview.outcome is None:
        return move
    mark = t("cards.win" if preview.outcome is Mark.WIN else "cards.lose")
    return mark if preview.move == 0 else t("market_preview.move_and_mark", move=move, mark=mark)


def _agents_count(n: int) -> str:
    """ "1 agent", "3 agents"."""
    return t("market_preview.agents_one") if n == 1 else t("market_preview.agents_many", n=n)


def _first_lose_copy(rules: Rules, agent: str) -> int:
    """The copy of `agent` whose card shows the LOSE mark (the count rule's icon)."""
    spec = rules.agent_by_id[agent]
    return next(n for n in range(1, len(spec.icons) + 1) if spec.icon_for(n) is Mark.LOSE)


def market_card_line(view: PlayerView, side: int, card: str, names: tuple[str, str]) -> str:
    """What taking black market `card` would mean for `side` now, from the engine's numbers, in
    one sentence (the pick panel puts the card's name and a colon before it).

    "+4 instead of +2 for your next Enforcer"; "+1 at once, leaving 3 to catch"; "you have 4
    of the 5 different agents it needs". Cards whose use depends on a later choice say what
    they act on.
    """
    rules = view.rules
    effect = rules.card_by_id[card].effect
    me, other = view.sides[side], view.sides[1 - side]
    if isinstance(effect, MoveModifier):
        return t(
            "market_preview.modifier",
            agent=agent_name(effect.agent),
            now=_effect_words(view, side, effect.agent),
            then=_effect_words(_with_ongoing(view, side, card), side, effect.agent),
        )
    if isinstance(effect, LoseBecomesWin):
        return t(
            "market_preview.lose_becomes_win",
            nth=ordinal(_first_lose_copy(rules, effect.agent)),
            agent=agent_name(effect.agent),
            n=me.count(effect.agent),
        )
    if isinstance(effect, DistinctAgentsWin):
        return t("market_preview.distinct", n=len(set(me.in_play)), count=effect.count)
    if isinstance(effect, HomeGuardWin):
        gap = spaces_to_home(view, side)
        if gap == 0:
            return t("market_preview.guard_now", other=names[1 - side])
        return t("market_preview.guard", other=names[1 - side], spaces=spaces_phrase(gap))
    if isinstance(effect, HomeBoost):
        return t("market_preview.home_boost", n=effect.value)
    if isinstance(effect, MoveSelf):
        after = distance_to_catch(moved_view(view, side, effect.value), side)
        if after == 0:
            return t(
                "market_preview.move_catches", move=signed(effect.value), other=names[1 - side]
            )
        return t("market_preview.move", move=signed(effect.value), n=after)
    if isinstance(effect, RecruitNamedFromHand):
        return t(
            "market_preview.named_from_hand",
            agent=an_agent(effect.agent),
            effect=preview_effect(view, side, effect.agent, names, note=False, others_move=False),
        )
    if isinstance(effect, StealFromPlay):
        key = _about("market_preview.steal", view, 1 - side)
        return t(key, other=names[1 - side], agents=_agents_count(len(other.in_play)))
    if isinstance(effect, RecruitTopOfDeck):
        return t("market_preview.top_of_deck", n=view.deck_size)
    return t("market_preview.from_hand")
