"""Sentences that state the engine's verdicts: who wins, who catches whom, how far, what waits.

Every claim here is read off a `Verdict` (engine/outcomes.py); nothing is decided again. The
texts are made by `t()`, so each keeps its key and placeholders (the property test reads them).
`players` (2, 3 or 4) says which side is a team of two, whose name takes plural verbs.
"""

from __future__ import annotations

from agent_avenue.engine import Condition, HiddenOutcomes, Verdict
from agent_avenue.i18n import card_name, plural_key, t
from agent_avenue.play.teams import team_of_two
from agent_avenue.teaching.describe import agent_plural, count_word, spaces_phrase

__all__ = ["hidden_tally", "joined", "tally_of", "verdict_phrase"]


def _main_condition(verdict: Verdict) -> Condition:
    """The condition that names the result: the winner's own win, else the loser's loss."""
    winner = verdict.winner
    for condition in verdict.conditions:
        if condition.side == winner and condition.wins:
            return condition
    for condition in verdict.conditions:
        if condition.side != winner and not condition.wins:
            return condition
    return verdict.conditions[0]


def _about(key: str, side: int, players: int) -> str:
    """`key` in the form that agrees with side `side`, its subject (plural for a team of two)."""
    return plural_key(key, team_of_two(side, players))


def _win_phrase(
    verdict: Verdict, names: tuple[str, str], agent_of: dict[str, str], players: int
) -> str:
    """The result in words: "Green catches Blue", "Blue loses with three Daredevils"."""
    winner = verdict.winner
    assert winner is not None
    won, lost = names[winner], names[1 - winner]
    condition = _main_condition(verdict)
    reason = condition.reason
    if reason == "catch":
        text = t(_about("verdict.win_catch", winner, players), winner=won, loser=lost)
    elif reason == "exhaustion":
        text = t(_about("verdict.win_exhaustion", winner, players), winner=won)
    elif reason in agent_of:
        agent = agent_of[reason]
        count = count_word(verdict.in_play[condition.side].count(agent))
        if condition.wins:
            key = _about("verdict.win_mark", winner, players)
        else:
            key = _about("verdict.lose_mark", 1 - winner, players)
        text = t(key, winner=won, loser=lost, count=count, agents=agent_plural(agent))
    else:
        key = _about("verdict.win_card", winner, players)
        text = t(key, winner=won, card=card_name(reason))
    if verdict.by_tie_rule:
        return t(_about("verdict.tie", winner, players), text=text, winner=won)
    return text


def verdict_phrase(
    verdict: Verdict, side: int, names: tuple[str, str], agent_of: dict[str, str], players: int
) -> str:
    """What one answer leads to, as the End step decides it, from side `side`'s point of view.

    `agent_of` maps a mark's reason ("codebreakers") to its agent (the rules' `marks`).
    """
    if verdict.pickup_follows:
        landing = tuple(dict.fromkeys(verdict.landings))
        landers = t("verdict.and").join(names[s] for s in landing)
        plural = len(landing) > 1 or team_of_two(landing[0], players)
        if verdict.winner is None:
            return t(plural_key("verdict.pickup", plural), sides=landers)
        text = _win_phrase(verdict, names, agent_of, players)
        return t(plural_key("verdict.pickup_before", plural), sides=landers, text=text)
    if verdict.winner is not None:
        return _win_phrase(verdict, names, agent_of, players)
    distance = verdict.distance(side)
    assert distance is not None  # no winner and no pickup: play goes on
    return t("verdict.goes_on", side=names[side], spaces=spaces_phrase(distance))


def hidden_tally(
    outcomes: dict[str, Verdict], counts: dict[str, int], names: tuple[str, str], players: int
) -> str:
    """Over the cards the hidden one could be: how many make each side win, how many stop a spy
    on a black market space (a card is taken before the End step), how many let play go on:
    "5 of 30 lead to the black market; 25 let play go on"."""
    total = sum(counts.values())
    wins = [0, 0]
    pickups = 0
    going_on = 0
    for agent, verdict in outcomes.items():
        copies = counts[agent]
        if verdict.pickup_follows:
            pickups += copies
        elif verdict.winner is not None:
            wins[verdict.winner] += copies
        else:
            going_on += copies
    for side in (0, 1):
        if wins[side] == total:
            return t(_about("verdict.tally_always", side, players), name=names[side])
    if going_on == total:
        return t("verdict.tally_never", total=total)
    groups: list[tuple[str, int, dict[str, object]]] = [
        ("verdict.tally_win", wins[s], {"name": names[s]}) for s in (0, 1) if wins[s]
    ]
    groups += [("verdict.tally_pickup", pickups, {}), ("verdict.tally_on", going_on, {})]
    parts: list[str] = []
    for key, n, params in groups:
        if not n:
            continue
        what = t(_counted(key, n), **params)
        if parts:
            parts.append(t("verdict.tally_part", n=n, what=what))
        else:  # the first group says what the numbers count: "5 of 30 …"
            parts.append(t("verdict.tally_first", n=n, total=total, what=what))
    return joined(parts)


def _counted(key: str, n: int) -> str:
    """`key`, or its `_one` form when it counts a single card ("1 of 30 makes Blue win")."""
    return f"{key}_one" if n == 1 else key


def joined(parts: list[str]) -> str:
    """Phrases joined with "; ", each kept as made by `t()` (claims stay readable in tests)."""
    text = parts[0]
    for part in parts[1:]:
        text = t("verdict.pair", a=text, b=part)
    return text


def tally_of(
    outcomes: HiddenOutcomes, face_up_taken: bool, names: tuple[str, str], players: int
) -> str:
    """The tally for one recruit choice: taking the face-up card, or taking the hidden one."""
    verdicts = outcomes.if_up if face_up_taken else outcomes.if_down
    return hidden_tally(verdicts, outcomes.counts, names, players)
