"""The fast playout's integer vocabulary: phase, action and effect codes, and the rules as tables.

`FastGame` (bots.playout) numbers agents and black market cards in table order and plays
actions as small integers; this module holds those numbers and the translation to and from
the reference engine's actions (`encode` / `decode`).
"""

from __future__ import annotations

from dataclasses import dataclass

from agent_avenue.engine import (
    Action,
    Answer,
    Choose,
    Discard,
    DistinctAgentsWin,
    HomeBoost,
    HomeGuardWin,
    LoseBecomesWin,
    Mark,
    MoveModifier,
    MoveSelf,
    Offer,
    Phase,
    Recruit,
    RecruitNamedFromHand,
    RecruitNewNameFromHand,
    RecruitPairFromHand,
    RecruitTopOfDeck,
    ReturnAndRerecruit,
    Rules,
    StealFromPlay,
    Take,
)

__all__ = [
    "CHOOSE",
    "CHOOSE_BASE",
    "CONFIRM",
    "DISCARD_BASE",
    "EFFECT_MOVE",
    "EFFECT_NAMED",
    "EFFECT_NEW_NAME",
    "EFFECT_NONE",
    "EFFECT_PAIR",
    "EFFECT_RETURN",
    "EFFECT_STEAL",
    "EFFECT_TOP",
    "MAX_NAMES",
    "NO",
    "OFFER",
    "OVER",
    "PHASE_CODE",
    "PICK",
    "RECRUIT",
    "RECRUIT_DOWN",
    "RECRUIT_UP",
    "TAKE_BASE",
    "YES",
    "SideExtras",
    "Tables",
    "decode",
    "encode",
    "extras_for",
    "tables_for",
]

# Phases ------------------------------------------------------------------------------------------
OFFER, RECRUIT, PICK, CHOOSE, CONFIRM, OVER = range(6)
PHASE_CODE = {
    Phase.OFFER: OFFER,
    Phase.RECRUIT: RECRUIT,
    Phase.PICK: PICK,
    Phase.CHOOSE: CHOOSE,
    Phase.CONFIRM: CONFIRM,
    Phase.OVER: OVER,
}

# Actions: small integers ---------------------------------------------------------------------
# offer: up * 16 + down (0-255); discard: 256 + agent; take: 320 + card; choose: 340 + agent.
MAX_NAMES = 16
DISCARD_BASE = 256
RECRUIT_UP = 300
RECRUIT_DOWN = 301
TAKE_BASE = 320
CHOOSE_BASE = 340
YES = 360
NO = 361

# Black market effects, as codes.
(
    EFFECT_NONE,
    EFFECT_TOP,
    EFFECT_MOVE,
    EFFECT_NAMED,
    EFFECT_STEAL,
    EFFECT_NEW_NAME,
    EFFECT_PAIR,
    EFFECT_RETURN,
) = range(8)


@dataclass(frozen=True, slots=True)
class Tables:
    """The rules as integer tables: moves and marks by count, black market effects by card."""

    rules: Rules
    agents: tuple[str, ...]
    cards: tuple[str, ...]
    agent_index: dict[str, int]
    card_index: dict[str, int]
    moves: tuple[tuple[int, ...], ...]  # [agent][count] -> printed move
    marks: tuple[tuple[int, tuple[int, ...]], ...]  # (agent, [count] -> 0 / 1 WIN / 2 LOSE)
    mark_rows: tuple[tuple[int, ...] | None, ...]  # [agent] -> its [count] -> mark row, if any
    ongoing: tuple[bool, ...]  # [card] -> an ongoing card
    instant: tuple[tuple[int, int], ...]  # [card] -> (effect code, value or agent index)
    copies: tuple[int, ...]  # [agent] -> copies in the game


_TABLES: dict[int, Tables] = {}


def tables_for(rules: Rules) -> Tables:
    """The integer tables for a rules object (built once per rules object)."""
    cached = _TABLES.get(id(rules))
    if cached is not None and cached.rules is rules:
        return cached
    agents = rules.agent_ids
    cards = rules.card_ids
    if len(agents) > MAX_NAMES or len(cards) > MAX_NAMES + 4:
        raise ValueError("too many agent names or black market cards for the fast engine")
    agent_index = {agent: index for index, agent in enumerate(agents)}
    marks = tuple(
        (
            agent_index[agent],
            tuple(0 if mark is None else 1 if mark is Mark.WIN else 2 for mark in by_count),
        )
        for agent, by_count, _ in rules.marks
    )
    instant: list[tuple[int, int]] = []
    for card in rules.market:
        effect = card.effect
        if card.kind == "ongoing":
            instant.append((EFFECT_NONE, 0))
        elif isinstance(effect, RecruitTopOfDeck):
            instant.append((EFFECT_TOP, 0))
        elif isinstance(effect, MoveSelf):
            instant.append((EFFECT_MOVE, effect.value))
        elif isinstance(effect, RecruitNamedFromHand):
            instant.append((EFFECT_NAMED, agent_index[effect.agent]))
        elif isinstance(effect, StealFromPlay):
            instant.append((EFFECT_STEAL, 0))
        elif isinstance(effect, RecruitNewNameFromHand):
            instant.append((EFFECT_NEW_NAME, 0))
        elif isinstance(effect, RecruitPairFromHand):
            instant.append((EFFECT_PAIR, 0))
        elif isinstance(effect, ReturnAndRerecruit):
            instant.append((EFFECT_RETURN, 0))
        else:  # pragma: no cover - the data loader accepts no other instant effect
            raise ValueError(f"unknown instant effect of {card.id}")
    tables = Tables(
        rules=rules,
        agents=agents,
        cards=cards,
        agent_index=agent_index,
        card_index={card: index for index, card in enumerate(cards)},
        moves=tuple(rules.moves[agent] for agent in agents),
        marks=marks,
        mark_rows=tuple(
            next((row for index, row in marks if index == agent), None)
            for agent in range(len(agents))
        ),
        ongoing=tuple(card.kind == "ongoing" for card in rules.market),
        instant=tuple(instant),
        copies=tuple(agent.copies for agent in rules.agents),
    )
    _TABLES[id(rules)] = tables
    return tables


def _modified(operation: str, value: int, amount: int) -> int:
    """A printed move `amount` after a move modifier's `operation` with `value`."""
    if operation == "forward":
        return abs(amount)
    if operation == "multiply":
        return amount * value
    if operation == "add":
        return amount + value
    return value


class SideExtras:
    """What one side's ongoing cards do: modified move rows, home boost, extra End-step wins."""

    __slots__ = ("boost", "cards", "distinct", "guard", "moves", "rescue", "tables")

    def __init__(self, tables: Tables, cards: tuple[int, ...]) -> None:
        """Work out the effects of the ongoing cards `cards` (in the order they were taken)."""
        self.tables = tables
        self.cards = cards
        rows = list(tables.moves)
        self.boost = 0
        self.distinct = 0
        self.guard = False
        rescue = [False] * len(tables.agents)
        market = tables.rules.market
        for card in cards:
            effect = market[card].effect
            if isinstance(effect, MoveModifier):
                agent = tables.agent_index[effect.agent]
                operation, value = effect.operation, effect.value
                rows[agent] = tuple(
                    0 if count == 0 else _modified(operation, value, move)
                    for count, move in enumerate(rows[agent])
                )
            elif isinstance(effect, HomeBoost):
                self.boost += effect.value
            elif isinstance(effect, DistinctAgentsWin):
                self.distinct = (
                    effect.count if not self.distinct else min(self.distinct, effect.count)
                )
            elif isinstance(effect, HomeGuardWin):
                self.guard = True
            elif isinstance(effect, LoseBecomesWin):
                rescue[tables.agent_index[effect.agent]] = True
        self.moves: tuple[tuple[int, ...], ...] = tuple(rows)
        self.rescue: tuple[bool, ...] = tuple(rescue)


_EXTRAS: dict[tuple[int, tuple[int, ...]], SideExtras] = {}


def extras_for(tables: Tables, cards: tuple[int, ...]) -> SideExtras:
    """The (shared, never changed) SideExtras of a side owning ongoing `cards`."""
    key = (id(tables), cards)
    found = _EXTRAS.get(key)
    if found is None or found.tables is not tables:
        found = _EXTRAS[key] = SideExtras(tables, cards)
    return found


def encode(tables: Tables, action: Action) -> int:
    """The integer code of a reference action."""
    agent_index = tables.agent_index
    if isinstance(action, Offer):
        return agent_index[action.face_up] * MAX_NAMES + agent_index[action.face_down]
    if isinstance(action, Discard):
        return DISCARD_BASE + agent_index[action.agent]
    if isinstance(action, Recruit):
        return RECRUIT_UP if action.face_up else RECRUIT_DOWN
    if isinstance(action, Take):
        return TAKE_BASE + tables.card_index[action.card]
    if isinstance(action, Choose):
        return CHOOSE_BASE + agent_index[action.agent]
    assert isinstance(action, Answer)
    return YES if action.yes else NO


def decode(tables: Tables, code: int) -> Action:
    """The reference action of an integer code."""
    agents = tables.agents
    if code < DISCARD_BASE:
        return Offer(agents[code // MAX_NAMES], agents[code % MAX_NAMES])
    if code < RECRUIT_UP:
        return Discard(agents[code - DISCARD_BASE])
    if code in (RECRUIT_UP, RECRUIT_DOWN):
        return Recruit(face_up=code == RECRUIT_UP)
    if code < CHOOSE_BASE:
        return Take(tables.cards[code - TAKE_BASE])
    if code < YES:
        return Choose(agents[code - CHOOSE_BASE])
    return Answer(yes=code == YES)
