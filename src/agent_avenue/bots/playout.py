"""A fast, mutable re-implementation of the rules for the search bots' look-ahead.

The reference engine (`agent_avenue.engine`) builds a new immutable state for every step, which
is clear but slow for a search that plays hundreds of thousands of steps per decision. `FastGame`
plays the same rules on small integer lists that it changes in place: agents and black market
cards are numbered in table order, and actions are integers (see `encode` / `decode`).

It only ever starts from a determinized state (`engine.sampling.determinize`), never from the
true game. `tests/test_playout.py` checks that it agrees with the reference engine on every step
of many random games of both modes: the legal actions, whose turn it is, both meeples, the agents
in play, the hands, the decks and the winner.
"""

from __future__ import annotations

from dataclasses import dataclass

from agent_avenue.engine import (
    BOARD_SIZE,
    CATCH_LEAD,
    HAND_SIZE,
    HOMES,
    MARKET_SPACES,
    Action,
    Answer,
    Choose,
    Discard,
    DistinctAgentsWin,
    GameState,
    HomeBoost,
    HomeGuardWin,
    LoseBecomesWin,
    Mark,
    Mode,
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
    "CONFIRM",
    "NO",
    "OFFER",
    "OVER",
    "PICK",
    "RECRUIT",
    "RECRUIT_DOWN",
    "RECRUIT_UP",
    "YES",
    "FastGame",
    "Tables",
    "decode",
    "encode",
    "fast_game",
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
E_NONE, E_TOP, E_MOVE, E_NAMED, E_STEAL, E_NEW_NAME, E_PAIR, E_RETURN = range(8)

_SCAN_HOME = frozenset(HOMES)


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
    markrow: tuple[tuple[int, ...] | None, ...]  # [agent] -> its [count] -> mark row, if any
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
    agent_index = {a: i for i, a in enumerate(agents)}
    marks = tuple(
        (
            agent_index[agent],
            tuple(0 if m is None else 1 if m is Mark.WIN else 2 for m in by_count),
        )
        for agent, by_count, _ in rules.marks
    )
    instant: list[tuple[int, int]] = []
    for card in rules.market:
        effect = card.effect
        if card.kind == "ongoing":
            instant.append((E_NONE, 0))
        elif isinstance(effect, RecruitTopOfDeck):
            instant.append((E_TOP, 0))
        elif isinstance(effect, MoveSelf):
            instant.append((E_MOVE, effect.value))
        elif isinstance(effect, RecruitNamedFromHand):
            instant.append((E_NAMED, agent_index[effect.agent]))
        elif isinstance(effect, StealFromPlay):
            instant.append((E_STEAL, 0))
        elif isinstance(effect, RecruitNewNameFromHand):
            instant.append((E_NEW_NAME, 0))
        elif isinstance(effect, RecruitPairFromHand):
            instant.append((E_PAIR, 0))
        elif isinstance(effect, ReturnAndRerecruit):
            instant.append((E_RETURN, 0))
        else:  # pragma: no cover - the data loader accepts no other instant effect
            raise ValueError(f"unknown instant effect of {card.id}")
    tables = Tables(
        rules=rules,
        agents=agents,
        cards=cards,
        agent_index=agent_index,
        card_index={c: i for i, c in enumerate(cards)},
        moves=tuple(rules.moves[a] for a in agents),
        marks=marks,
        markrow=tuple(next((row for i, row in marks if i == a), None) for a in range(len(agents))),
        ongoing=tuple(c.kind == "ongoing" for c in rules.market),
        instant=tuple(instant),
        copies=tuple(a.copies for a in rules.agents),
    )
    _TABLES[id(rules)] = tables
    return tables


def _modified(op: str, value: int, amount: int) -> int:
    if op == "forward":
        return abs(amount)
    if op == "multiply":
        return amount * value
    if op == "add":
        return amount + value
    return value


class SideExtras:
    """What one side's ongoing cards do: modified move rows, home boost, extra End-step wins."""

    __slots__ = ("boost", "cards", "distinct", "guard", "moves", "rescue", "tables")

    def __init__(self, t: Tables, cards: tuple[int, ...]) -> None:
        """Work out the effects of the ongoing cards `cards` (in the order they were taken)."""
        self.tables = t
        self.cards = cards
        rows = list(t.moves)
        self.boost = 0
        self.distinct = 0
        self.guard = False
        rescue = [False] * len(t.agents)
        market = t.rules.market
        for c in cards:
            effect = market[c].effect
            if isinstance(effect, MoveModifier):
                a = t.agent_index[effect.agent]
                op, value = effect.operation, effect.value
                rows[a] = tuple(
                    0 if n == 0 else _modified(op, value, m) for n, m in enumerate(rows[a])
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
                rescue[t.agent_index[effect.agent]] = True
        self.moves: tuple[tuple[int, ...], ...] = tuple(rows)
        self.rescue: tuple[bool, ...] = tuple(rescue)


_EXTRAS: dict[tuple[int, tuple[int, ...]], SideExtras] = {}


def extras_for(t: Tables, cards: tuple[int, ...]) -> SideExtras:
    """The (shared, never changed) SideExtras of a side owning ongoing `cards`."""
    key = (id(t), cards)
    found = _EXTRAS.get(key)
    if found is None or found.tables is not t:
        found = _EXTRAS[key] = SideExtras(t, cards)
    return found


class FastGame:
    """One game in progress, changed in place by `play`; `clone` copies it cheaply."""

    __slots__ = (
        "active",
        "adv",
        "by_tie",
        "deck",
        "disc",
        "dleft",
        "down",
        "dpos",
        "extras",
        "hand",
        "hn",
        "inplay",
        "mdeck",
        "mpos",
        "pagent",
        "pcard",
        "phase",
        "picker",
        "prog",
        "pside",
        "queue",
        "supply",
        "t",
        "turn",
        "up",
        "winner",
    )

    t: Tables
    adv: bool
    turn: int
    active: int
    phase: int
    prog: list[int]
    inplay: list[list[int]]
    hand: list[list[int]]
    hn: list[int]
    dleft: list[int]
    disc: list[list[int]]
    deck: tuple[int, ...]
    dpos: int
    up: int
    down: int
    supply: list[int]
    mdeck: tuple[int, ...]
    mpos: int
    extras: list[SideExtras | None]
    queue: list[int]
    pcard: int
    pside: int
    pagent: int
    picker: int
    winner: int
    by_tie: bool  # whether the tie rule decided the game (checked against the reference)

    def clone(self) -> FastGame:
        """An independent copy (immutable parts are shared)."""
        g = FastGame.__new__(FastGame)
        g.t = self.t
        g.adv = self.adv
        g.turn = self.turn
        g.active = self.active
        g.phase = self.phase
        g.prog = self.prog[:]
        g.inplay = [self.inplay[0][:], self.inplay[1][:]]
        g.hand = [self.hand[0][:], self.hand[1][:]]
        g.hn = self.hn[:]
        g.dleft = self.dleft[:]
        g.disc = self.disc
        g.deck = self.deck
        g.dpos = self.dpos
        g.up = self.up
        g.down = self.down
        g.supply = self.supply[:]
        g.mdeck = self.mdeck
        g.mpos = self.mpos
        g.extras = self.extras[:]
        g.queue = self.queue[:]
        g.pcard = self.pcard
        g.pside = self.pside
        g.pagent = self.pagent
        g.picker = self.picker
        g.winner = self.winner
        g.by_tie = self.by_tie
        return g

    # Queries -------------------------------------------------------------------------------

    @property
    def to_act(self) -> int:
        """The side that must decide next (-1 once the game is over)."""
        phase = self.phase
        if phase == OFFER:
            return self.active
        if phase == RECRUIT:
            return 1 - self.active
        if phase == PICK:
            return self.picker
        if phase == OVER:
            return -1
        return self.pside

    def position(self, side: int) -> int:
        """The board space of a side's meeple."""
        return (HOMES[side] + self.prog[side]) % BOARD_SIZE

    def move_for(self, side: int, agent: int, count: int) -> int:
        """The move side `side` makes for recruiting its `count`-th `agent` (modifiers applied)."""
        extras = self.extras[side]
        if extras is None:
            return self.t.moves[agent][count]
        return extras.moves[agent][count]

    def offers(self) -> list[int]:
        """The legal offers of the active player (no discards)."""
        h = self.hand[self.active]
        names = [a for a in range(len(h)) if h[a]]
        if len(names) == 1:
            a = names[0]
            return [a * MAX_NAMES + a] if h[a] >= 2 else []
        return [u * MAX_NAMES + d for u in names for d in names if u != d]

    def can_discard(self) -> bool:
        """Whether the active player may discard now."""
        return self.dpos < len(self.deck) and self.dleft[self.active] > 0

    def options(self) -> list[int]:
        """The agents the owner of the pending instant may choose."""
        kind = self.t.instant[self.pcard][0]
        owner = self.pside
        if kind == E_STEAL:
            row = self.inplay[1 - owner]
            return [a for a in range(len(row)) if row[a]]
        if kind == E_RETURN:
            row = self.inplay[owner]
            return [a for a in range(len(row)) if row[a]]
        h = self.hand[owner]
        if kind == E_NEW_NAME:
            row = self.inplay[owner]
            return [a for a in range(len(h)) if h[a] and not row[a]]
        if kind == E_PAIR:
            return [a for a in range(len(h)) if h[a] >= 2]
        return []

    def legal(self) -> list[int]:
        """Every legal action, as integers."""
        phase = self.phase
        if phase == OFFER:
            acts = self.offers()
            if self.can_discard():
                h = self.hand[self.active]
                acts += [DISCARD_BASE + a for a in range(len(h)) if h[a]]
            return acts
        if phase == RECRUIT:
            return [RECRUIT_UP, RECRUIT_DOWN]
        if phase == PICK:
            return [TAKE_BASE + c for c in self.supply]
        if phase == CHOOSE:
            return [CHOOSE_BASE + a for a in self.options()]
        if phase == CONFIRM:
            return [YES, NO]
        return []

    # Steps ---------------------------------------------------------------------------------

    def play(self, action: int) -> None:
        """Carry out a legal action (not checked)."""
        phase = self.phase
        if phase == RECRUIT:
            self.recruit(action == RECRUIT_UP)
        elif phase == OFFER:
            if action < DISCARD_BASE:
                self.offer(action // MAX_NAMES, action % MAX_NAMES)
            else:
                self.discard(action - DISCARD_BASE)
        elif phase == PICK:
            self.take(action - TAKE_BASE)
        elif phase == CHOOSE:
            self.choose(action - CHOOSE_BASE)
        else:
            self.confirm(action == YES)

    def _draw_up(self, side: int) -> None:
        need = HAND_SIZE - self.hn[side]
        if need <= 0:
            return
        deck = self.deck
        pos = self.dpos
        end = min(pos + need, len(deck))
        h = self.hand[side]
        for i in range(pos, end):
            h[deck[i]] += 1
        self.hn[side] += end - pos
        self.dpos = end

    def discard(self, agent: int) -> None:
        """The active player discards one card and draws a replacement."""
        side = self.active
        h = self.hand[side]
        h[agent] -= 1
        h[self.deck[self.dpos]] += 1
        self.dpos += 1
        self.dleft[side] -= 1
        disc = [self.disc[0][:], self.disc[1][:]]
        disc[side][agent] += 1
        self.disc = disc

    def offer(self, up: int, down: int) -> None:
        """The active player offers two cards, then draws back up to 4."""
        side = self.active
        h = self.hand[side]
        h[up] -= 1
        h[down] -= 1
        self.hn[side] -= 2
        self._draw_up(side)
        self.up = up
        self.down = down
        self.phase = RECRUIT

    def _recruit(self, side: int, agent: int) -> bool:
        """Put an agent into play for a side and move; report a black market landing."""
        row = self.inplay[side]
        row[agent] += 1
        extras = self.extras[side]
        if extras is None:
            amount = self.t.moves[agent][row[agent]]
        else:
            amount = extras.moves[agent][row[agent]]
        if amount == 0:
            return False
        return self._move(side, amount)

    def _move(self, side: int, amount: int) -> bool:
        home = HOMES[side]
        end = self.prog[side] + amount
        extras = self.extras[side]
        if extras is not None and extras.boost and (home + end) % BOARD_SIZE in _SCAN_HOME:
            end += extras.boost
        self.prog[side] = end
        return self.adv and (home + end) % BOARD_SIZE in MARKET_SPACES

    def recruit(self, face_up: bool) -> None:
        """The opponent takes one offered card, the active player the other; both move."""
        active = self.active
        theirs, mine = (self.up, self.down) if face_up else (self.down, self.up)
        i_landed = self._recruit(active, mine)
        they_landed = self._recruit(1 - active, theirs)
        if not (i_landed or they_landed):
            self.end_step()
            return
        queue = self.queue
        if i_landed:
            queue.append(active)
        if they_landed:
            queue.append(1 - active)
        self.continue_turn()

    def continue_turn(self) -> None:
        """Run queued pickups; stop at the next decision or go to the End step."""
        queue = self.queue
        while queue:
            picker = queue.pop(0)
            if self.supply:
                self.phase = PICK
                self.picker = picker
                return
        self.end_step()

    def take(self, card: int) -> None:
        """The picker takes a supply card; refill, then resolve it."""
        picker = self.picker
        supply = self.supply
        slot = supply.index(card)
        if self.mpos < len(self.mdeck):
            supply[slot] = self.mdeck[self.mpos]
            self.mpos += 1
        else:
            del supply[slot]
        t = self.t
        if t.ongoing[card]:
            old = self.extras[picker]
            cards = (*old.cards, card) if old is not None else (card,)
            self.extras[picker] = extras_for(t, cards)
            self.continue_turn()
            return
        kind, value = t.instant[card]
        if kind == E_TOP:
            if self.dpos >= len(self.deck):
                self.finish(picker, False)
                return
            agent = self.deck[self.dpos]
            self.dpos += 1
            self.finish(picker, self._recruit(picker, agent))
        elif kind == E_MOVE:
            self.finish(picker, value != 0 and self._move(picker, value))
        elif kind == E_NAMED:
            h = self.hand[picker]
            if not h[value]:
                self.finish(picker, False)
                return
            h[value] -= 1
            self.hn[picker] -= 1
            self.finish(picker, self._recruit(picker, value))
        else:
            self.pcard = card
            self.pside = picker
            if not self.options():
                self.finish(picker, False)
                return
            self.phase = CHOOSE
            self.picker = -1

    def choose(self, agent: int) -> None:
        """Carry out the pending instant with the chosen agent."""
        owner = self.pside
        kind = self.t.instant[self.pcard][0]
        if kind == E_STEAL:
            self.inplay[1 - owner][agent] -= 1
            self.hand[owner][agent] += 1
            self.hn[owner] += 1
            self.finish(owner, False)
        elif kind == E_RETURN:
            self.inplay[owner][agent] -= 1
            self.hand[owner][agent] += 1
            self.hn[owner] += 1
            self.pagent = agent
            self.phase = CONFIRM
        else:
            self.hand[owner][agent] -= 1
            self.hn[owner] -= 1
            self.finish(owner, self._recruit(owner, agent))

    def confirm(self, yes: bool) -> None:
        """Spycation's follow-up: recruit the returned agent again, or keep it."""
        owner = self.pside
        if not yes:
            self.finish(owner, False)
            return
        agent = self.pagent
        self.hand[owner][agent] -= 1
        self.hn[owner] -= 1
        self.finish(owner, self._recruit(owner, agent))

    def finish(self, owner: int, landed: bool) -> None:
        """End an ability: draw up to 4, queue the pickup its move earned, go on."""
        self._draw_up(owner)
        if landed:
            self.queue.insert(0, owner)
        self.pcard = -1
        self.pagent = -1
        self.continue_turn()

    def end_step(self) -> None:
        """Check every End-step condition; end the game or pass the turn."""
        active = self.active
        other = 1 - active
        w0, l0 = _conditions(self, active)
        w1, l1 = _conditions(self, other)
        active_candidate = w0 or l1
        other_candidate = w1 or l0
        if active_candidate:
            self.winner = active
            self.by_tie = other_candidate
        elif other_candidate:
            self.winner = other
        elif self.dpos >= len(self.deck) and self.hn[other] < 2:
            self.winner = active if self.prog[active] >= self.prog[other] else other
            self.by_tie = self.prog[active] == self.prog[other]
        else:
            self.turn += 1
            self.active = other
            self.phase = OFFER
            return
        self.phase = OVER


def _conditions(g: FastGame, side: int) -> tuple[bool, bool]:
    """Whether a side meets a win condition and whether it meets a lose condition."""
    wins = g.prog[side] - g.prog[1 - side] >= CATCH_LEAD
    loses = False
    row = g.inplay[side]
    extras = g.extras[side]
    for agent, by_count in g.t.marks:
        mark = by_count[row[agent]]
        if mark == 1:
            wins = True
        elif mark == 2:
            if extras is not None and extras.rescue[agent]:
                wins = True
            else:
                loses = True
    if extras is not None:
        if extras.distinct and sum(1 for n in row if n) >= extras.distinct:
            wins = True
        if extras.guard and g.position(1 - side) == HOMES[side]:
            wins = True
    return wins, loses


def fast_game(state: GameState) -> FastGame:
    """A FastGame playing on from a (determinized) reference state."""
    t = tables_for(state.rules)
    ai = t.agent_index
    ci = t.card_index
    n = len(t.agents)
    g = FastGame.__new__(FastGame)
    g.t = t
    g.adv = state.mode is Mode.ADVANCED
    g.turn = state.turn
    g.active = state.active
    g.phase = PHASE_CODE[state.phase]
    g.prog = [s.progress for s in state.sides]
    g.inplay = []
    g.hand = []
    g.hn = []
    g.dleft = []
    g.disc = []
    g.extras = []
    for side in state.sides:
        row = [0] * n
        for a in side.in_play:
            row[ai[a]] += 1
        g.inplay.append(row)
        member = side.members[0]
        h = [0] * n
        for a in member.hand:
            h[ai[a]] += 1
        g.hand.append(h)
        g.hn.append(len(member.hand))
        g.dleft.append(member.discards_left)
        gone = [0] * n
        for a in member.discarded:
            gone[ai[a]] += 1
        g.disc.append(gone)
        g.extras.append(extras_for(t, tuple(ci[c] for c in side.ongoing)) if side.ongoing else None)
    g.deck = tuple(ai[a] for a in state.deck)
    g.dpos = 0
    g.up, g.down = (ai[state.offer[0]], ai[state.offer[1]]) if state.offer else (-1, -1)
    g.supply = [ci[c] for c in state.supply]
    g.mdeck = tuple(ci[c] for c in state.market_deck)
    g.mpos = 0
    g.queue = list(state.queue)
    pending = state.pending
    g.pcard = ci[pending.card] if pending else -1
    g.pside = pending.side if pending else -1
    g.pagent = ai[pending.agent] if pending and pending.agent else -1
    g.picker = state.picker if state.picker is not None else -1
    g.winner = state.result.winner if state.result else -1
    g.by_tie = state.result.by_tie_rule if state.result else False
    return g


def encode(t: Tables, action: Action) -> int:
    """The integer code of a reference action."""
    ai = t.agent_index
    if isinstance(action, Offer):
        return ai[action.face_up] * MAX_NAMES + ai[action.face_down]
    if isinstance(action, Discard):
        return DISCARD_BASE + ai[action.agent]
    if isinstance(action, Recruit):
        return RECRUIT_UP if action.face_up else RECRUIT_DOWN
    if isinstance(action, Take):
        return TAKE_BASE + t.card_index[action.card]
    if isinstance(action, Choose):
        return CHOOSE_BASE + ai[action.agent]
    assert isinstance(action, Answer)
    return YES if action.yes else NO


def decode(t: Tables, code: int) -> Action:
    """The reference action of an integer code."""
    agents = t.agents
    if code < DISCARD_BASE:
        return Offer(agents[code // MAX_NAMES], agents[code % MAX_NAMES])
    if code < RECRUIT_UP:
        return Discard(agents[code - DISCARD_BASE])
    if code in (RECRUIT_UP, RECRUIT_DOWN):
        return Recruit(face_up=code == RECRUIT_UP)
    if code < CHOOSE_BASE:
        return Take(t.cards[code - TAKE_BASE])
    if code < YES:
        return Choose(agents[code - CHOOSE_BASE])
    return Answer(yes=code == YES)
