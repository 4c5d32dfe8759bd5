"""A fast, mutable re-implementation of the rules for the search bots' look-ahead.

The reference engine (`agent_avenue.engine`) builds a new immutable state for every step, which
is clear but slow for a search that plays hundreds of thousands of steps per decision. `FastGame`
plays the same rules on small integer lists that it changes in place: agents and black market
cards are numbered in table order, and actions are integers (bots.playout_tables, re-exported
here: `encode` / `decode`, the phase and action codes).

It only ever starts from a determinized state (`engine.sampling.determinize`), never from the
true game. `tests/test_playout.py` checks that it agrees with the reference engine on every step
of many random games of both modes: the legal actions, whose turn it is, both meeples, the agents
in play, the hands, the decks and the winner.
"""

from __future__ import annotations

from agent_avenue.bots.playout_tables import (
    CHOOSE,
    CHOOSE_BASE,
    CONFIRM,
    DISCARD_BASE,
    EFFECT_MOVE,
    EFFECT_NAMED,
    EFFECT_NEW_NAME,
    EFFECT_PAIR,
    EFFECT_RETURN,
    EFFECT_STEAL,
    EFFECT_TOP,
    MAX_NAMES,
    NO,
    OFFER,
    OVER,
    PHASE_CODE,
    PICK,
    RECRUIT,
    RECRUIT_DOWN,
    RECRUIT_UP,
    TAKE_BASE,
    YES,
    SideExtras,
    Tables,
    decode,
    encode,
    extras_for,
    tables_for,
)
from agent_avenue.engine import (
    BOARD_SIZE,
    CATCH_LEAD,
    HAND_SIZE,
    HOMES,
    MARKET_SPACES,
    GameState,
    Mode,
)

__all__ = [
    "CHOOSE",
    "CONFIRM",
    "DISCARD_BASE",
    "MAX_NAMES",
    "NO",
    "OFFER",
    "OVER",
    "PHASE_CODE",
    "PICK",
    "RECRUIT",
    "RECRUIT_DOWN",
    "RECRUIT_UP",
    "YES",
    "FastGame",
    "FastPosition",
    "SideExtras",
    "Tables",
    "decode",
    "encode",
    "fast_game",
    "tables_for",
]

_SCAN_HOME = frozenset(HOMES)


class FastPosition:
    """The facts of one game in progress, and the questions asked of them (who acts, what is
    legal); `FastGame` adds the steps that change them."""

    __slots__ = (
        "active",
        "advanced",
        "by_tie",
        "deck",
        "deck_drawn",
        "discarded",
        "discards_left",
        "extras",
        "face_down",
        "face_up",
        "hand",
        "hand_count",
        "in_play",
        "market_deck",
        "market_drawn",
        "pending_agent",
        "pending_card",
        "pending_side",
        "phase",
        "picker",
        "progress",
        "queue",
        "supply",
        "tables",
        "turn",
        "winner",
    )

    tables: Tables
    advanced: bool  # the advanced mode: black market spaces count
    turn: int
    active: int
    phase: int
    progress: list[int]  # [side] -> spaces its meeple has moved from its home
    in_play: list[list[int]]  # [side][agent] -> copies in play
    hand: list[list[int]]  # [side][agent] -> copies in hand
    hand_count: list[int]  # [side] -> cards in hand
    discards_left: list[int]
    discarded: list[list[int]]  # [side][agent] -> copies discarded (shared: copied on change)
    deck: tuple[int, ...]
    deck_drawn: int  # cards of `deck` drawn so far: the next one is deck[deck_drawn]
    face_up: int  # the offered agents (-1 without an offer)
    face_down: int
    supply: list[int]
    market_deck: tuple[int, ...]
    market_drawn: int  # cards of `market_deck` drawn so far
    extras: list[SideExtras | None]  # [side] -> what its ongoing cards do, if it has any
    queue: list[int]  # sides owed a black market pickup
    pending_card: int  # the instant card being resolved (-1 without one)
    pending_side: int  # its owner
    pending_agent: int  # the agent Spycation returned, awaiting the answer
    picker: int
    winner: int
    by_tie: bool  # whether the tie rule decided the game (checked against the reference)

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
        return self.pending_side

    def position(self, side: int) -> int:
        """The board space of a side's meeple."""
        return (HOMES[side] + self.progress[side]) % BOARD_SIZE

    def move_for(self, side: int, agent: int, count: int) -> int:
        """The move side `side` makes for recruiting its `count`-th `agent` (modifiers applied)."""
        extras = self.extras[side]
        if extras is None:
            return self.tables.moves[agent][count]
        return extras.moves[agent][count]

    def offers(self) -> list[int]:
        """The legal offers of the active player (no discards)."""
        hand = self.hand[self.active]
        names = [agent for agent in range(len(hand)) if hand[agent]]
        if len(names) == 1:
            agent = names[0]
            return [agent * MAX_NAMES + agent] if hand[agent] >= 2 else []
        return [up * MAX_NAMES + down for up in names for down in names if up != down]

    def can_discard(self) -> bool:
        """Whether the active player may discard now."""
        return self.deck_drawn < len(self.deck) and self.discards_left[self.active] > 0

    def options(self) -> list[int]:
        """The agents the owner of the pending instant may choose."""
        kind = self.tables.instant[self.pending_card][0]
        owner = self.pending_side
        if kind == EFFECT_STEAL:
            row = self.in_play[1 - owner]
            return [agent for agent in range(len(row)) if row[agent]]
        if kind == EFFECT_RETURN:
            row = self.in_play[owner]
            return [agent for agent in range(len(row)) if row[agent]]
        hand = self.hand[owner]
        if kind == EFFECT_NEW_NAME:
            row = self.in_play[owner]
            return [agent for agent in range(len(hand)) if hand[agent] and not row[agent]]
        if kind == EFFECT_PAIR:
            return [agent for agent in range(len(hand)) if hand[agent] >= 2]
        return []

    def legal(self) -> list[int]:
        """Every legal action, as integers."""
        phase = self.phase
        if phase == OFFER:
            actions = self.offers()
            if self.can_discard():
                hand = self.hand[self.active]
                actions += [DISCARD_BASE + agent for agent in range(len(hand)) if hand[agent]]
            return actions
        if phase == RECRUIT:
            return [RECRUIT_UP, RECRUIT_DOWN]
        if phase == PICK:
            return [TAKE_BASE + card for card in self.supply]
        if phase == CHOOSE:
            return [CHOOSE_BASE + agent for agent in self.options()]
        if phase == CONFIRM:
            return [YES, NO]
        return []


class FastGame(FastPosition):
    """One game in progress, changed in place by `play`; `clone` copies it cheaply."""

    __slots__ = ()

    def clone(self) -> FastGame:
        """An independent copy (immutable parts are shared)."""
        game = FastGame.__new__(FastGame)
        game.tables = self.tables
        game.advanced = self.advanced
        game.turn = self.turn
        game.active = self.active
        game.phase = self.phase
        game.progress = self.progress[:]
        game.in_play = [self.in_play[0][:], self.in_play[1][:]]
        game.hand = [self.hand[0][:], self.hand[1][:]]
        game.hand_count = self.hand_count[:]
        game.discards_left = self.discards_left[:]
        game.discarded = self.discarded
        game.deck = self.deck
        game.deck_drawn = self.deck_drawn
        game.face_up = self.face_up
        game.face_down = self.face_down
        game.supply = self.supply[:]
        game.market_deck = self.market_deck
        game.market_drawn = self.market_drawn
        game.extras = self.extras[:]
        game.queue = self.queue[:]
        game.pending_card = self.pending_card
        game.pending_side = self.pending_side
        game.pending_agent = self.pending_agent
        game.picker = self.picker
        game.winner = self.winner
        game.by_tie = self.by_tie
        return game

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
        """A side draws from the agent deck back up to a full hand (while the deck lasts)."""
        need = HAND_SIZE - self.hand_count[side]
        if need <= 0:
            return
        deck = self.deck
        start = self.deck_drawn
        end = min(start + need, len(deck))
        hand = self.hand[side]
        for index in range(start, end):
            hand[deck[index]] += 1
        self.hand_count[side] += end - start
        self.deck_drawn = end

    def discard(self, agent: int) -> None:
        """The active player discards one card and draws a replacement."""
        side = self.active
        hand = self.hand[side]
        hand[agent] -= 1
        hand[self.deck[self.deck_drawn]] += 1
        self.deck_drawn += 1
        self.discards_left[side] -= 1
        discarded = [self.discarded[0][:], self.discarded[1][:]]
        discarded[side][agent] += 1
        self.discarded = discarded

    def offer(self, up: int, down: int) -> None:
        """The active player offers two cards, then draws back up to 4."""
        side = self.active
        hand = self.hand[side]
        hand[up] -= 1
        hand[down] -= 1
        self.hand_count[side] -= 2
        self._draw_up(side)
        self.face_up = up
        self.face_down = down
        self.phase = RECRUIT

    def _recruit(self, side: int, agent: int) -> bool:
        """Put an agent into play for a side and move; report a black market landing."""
        row = self.in_play[side]
        row[agent] += 1
        extras = self.extras[side]
        if extras is None:
            amount = self.tables.moves[agent][row[agent]]
        else:
            amount = extras.moves[agent][row[agent]]
        if amount == 0:
            return False
        return self._move(side, amount)

    def _move(self, side: int, amount: int) -> bool:
        """Move a side's meeple (a home boost applied); report a black market landing."""
        home = HOMES[side]
        end = self.progress[side] + amount
        extras = self.extras[side]
        if extras is not None and extras.boost and (home + end) % BOARD_SIZE in _SCAN_HOME:
            end += extras.boost
        self.progress[side] = end
        return self.advanced and (home + end) % BOARD_SIZE in MARKET_SPACES

    def recruit(self, face_up: bool) -> None:
        """The opponent takes one offered card, the active player the other; both move."""
        active = self.active
        theirs, mine = (self.face_up, self.face_down) if face_up else (self.face_down, self.face_up)
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
        if self.market_drawn < len(self.market_deck):
            supply[slot] = self.market_deck[self.market_drawn]
            self.market_drawn += 1
        else:
            del supply[slot]
        tables = self.tables
        if tables.ongoing[card]:
            old = self.extras[picker]
            cards = (*old.cards, card) if old is not None else (card,)
            self.extras[picker] = extras_for(tables, cards)
            self.continue_turn()
            return
        kind, value = tables.instant[card]
        if kind == EFFECT_TOP:
            if self.deck_drawn >= len(self.deck):
                self.finish(picker, False)
                return
            agent = self.deck[self.deck_drawn]
            self.deck_drawn += 1
            self.finish(picker, self._recruit(picker, agent))
        elif kind == EFFECT_MOVE:
            self.finish(picker, value != 0 and self._move(picker, value))
        elif kind == EFFECT_NAMED:
            hand = self.hand[picker]
            if not hand[value]:
                self.finish(picker, False)
                return
            hand[value] -= 1
            self.hand_count[picker] -= 1
            self.finish(picker, self._recruit(picker, value))
        else:
            self.pending_card = card
            self.pending_side = picker
            if not self.options():
                self.finish(picker, False)
                return
            self.phase = CHOOSE
            self.picker = -1

    def choose(self, agent: int) -> None:
        """Carry out the pending instant with the chosen agent."""
        owner = self.pending_side
        kind = self.tables.instant[self.pending_card][0]
        if kind == EFFECT_STEAL:
            self.in_play[1 - owner][agent] -= 1
            self.hand[owner][agent] += 1
            self.hand_count[owner] += 1
            self.finish(owner, False)
        elif kind == EFFECT_RETURN:
            self.in_play[owner][agent] -= 1
            self.hand[owner][agent] += 1
            self.hand_count[owner] += 1
            self.pending_agent = agent
            self.phase = CONFIRM
        else:
            self.hand[owner][agent] -= 1
            self.hand_count[owner] -= 1
            self.finish(owner, self._recruit(owner, agent))

    def confirm(self, yes: bool) -> None:
        """Spycation's follow-up: recruit the returned agent again, or keep it."""
        owner = self.pending_side
        if not yes:
            self.finish(owner, False)
            return
        agent = self.pending_agent
        self.hand[owner][agent] -= 1
        self.hand_count[owner] -= 1
        self.finish(owner, self._recruit(owner, agent))

    def finish(self, owner: int, landed: bool) -> None:
        """End an ability: draw up to 4, queue the pickup its move earned, go on."""
        self._draw_up(owner)
        if landed:
            self.queue.insert(0, owner)
        self.pending_card = -1
        self.pending_agent = -1
        self.continue_turn()

    def end_step(self) -> None:
        """Check every End-step condition; end the game or pass the turn."""
        active = self.active
        other = 1 - active
        active_wins, active_loses = _conditions(self, active)
        other_wins, other_loses = _conditions(self, other)
        active_candidate = active_wins or other_loses
        other_candidate = other_wins or active_loses
        if active_candidate:
            self.winner = active
            self.by_tie = other_candidate
        elif other_candidate:
            self.winner = other
        elif self.deck_drawn >= len(self.deck) and self.hand_count[other] < 2:
            self.winner = active if self.progress[active] >= self.progress[other] else other
            self.by_tie = self.progress[active] == self.progress[other]
        else:
            self.turn += 1
            self.active = other
            self.phase = OFFER
            return
        self.phase = OVER


def _conditions(game: FastPosition, side: int) -> tuple[bool, bool]:
    """Whether a side meets a win condition and whether it meets a lose condition."""
    wins = game.progress[side] - game.progress[1 - side] >= CATCH_LEAD
    loses = False
    row = game.in_play[side]
    extras = game.extras[side]
    for agent, by_count in game.tables.marks:
        mark = by_count[row[agent]]
        if mark == 1:
            wins = True
        elif mark == 2:
            if extras is not None and extras.rescue[agent]:
                wins = True
            else:
                loses = True
    if extras is not None:
        if extras.distinct and sum(1 for count in row if count) >= extras.distinct:
            wins = True
        if extras.guard and game.position(1 - side) == HOMES[side]:
            wins = True
    return wins, loses


def fast_game(state: GameState) -> FastGame:
    """A FastGame playing on from a (determinized) reference state."""
    tables = tables_for(state.rules)
    agent_index = tables.agent_index
    card_index = tables.card_index
    names = len(tables.agents)
    game = FastGame.__new__(FastGame)
    game.tables = tables
    game.advanced = state.mode is Mode.ADVANCED
    game.turn = state.turn
    game.active = state.active
    game.phase = PHASE_CODE[state.phase]
    game.progress = [side.progress for side in state.sides]
    game.in_play = []
    game.hand = []
    game.hand_count = []
    game.discards_left = []
    game.discarded = []
    game.extras = []
    for side in state.sides:
        row = [0] * names
        for agent in side.in_play:
            row[agent_index[agent]] += 1
        game.in_play.append(row)
        member = side.members[0]
        hand = [0] * names
        for agent in member.hand:
            hand[agent_index[agent]] += 1
        game.hand.append(hand)
        game.hand_count.append(len(member.hand))
        game.discards_left.append(member.discards_left)
        gone = [0] * names
        for agent in member.discarded:
            gone[agent_index[agent]] += 1
        game.discarded.append(gone)
        game.extras.append(
            extras_for(tables, tuple(card_index[card] for card in side.ongoing))
            if side.ongoing
            else None
        )
    game.deck = tuple(agent_index[agent] for agent in state.deck)
    game.deck_drawn = 0
    offer = state.offer
    game.face_up, game.face_down = (
        (agent_index[offer[0]], agent_index[offer[1]]) if offer else (-1, -1)
    )
    game.supply = [card_index[card] for card in state.supply]
    game.market_deck = tuple(card_index[card] for card in state.market_deck)
    game.market_drawn = 0
    game.queue = list(state.queue)
    pending = state.pending
    game.pending_card = card_index[pending.card] if pending else -1
    game.pending_side = pending.side if pending else -1
    game.pending_agent = agent_index[pending.agent] if pending and pending.agent else -1
    game.picker = state.picker if state.picker is not None else -1
    game.winner = state.result.winner if state.result else -1
    game.by_tie = state.result.by_tie_rule if state.result else False
    return game
