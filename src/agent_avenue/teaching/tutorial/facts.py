"""Coach text placeholders computed by the engine: a lesson names a query, never a number.

A lesson step lists `facts`, each a placeholder name and a query such as `move you sentinel`
(the vocabulary is `VERBS`); `evaluate` answers the query on the position at hand with the
engine's previews and constants.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from agent_avenue.engine import (
    BOARD_SIZE,
    HAND_SIZE,
    MARKET_SPACES,
    EventKind,
    GameState,
    Icon,
    Mark,
    MoveSelf,
    PlayerView,
    catch_gap,
    distance_to_catch,
    player_view,
    recruit_preview,
)
from agent_avenue.i18n import agent_name, card_name, t
from agent_avenue.teaching.describe import an_agent, ordinal, signed
from agent_avenue.teaching.explain import preview_phrase, split_phrase

__all__ = ["FactError", "check_query", "evaluate", "fill"]

SIDES = ("you", "them")
SLOTS = ("top", "middle", "bottom")


class FactError(ValueError):
    """A fact query that is not in the vocabulary (the message says what is wrong)."""


def _icon(icon: Icon) -> str:
    if icon is Mark.WIN:
        return t("cards.win")
    if icon is Mark.LOSE:
        return t("cards.lose")
    assert isinstance(icon, int)
    return signed(icon)


_DRAWING = (EventKind.DISCARD, EventKind.DRAW, EventKind.OFFER)
"""Events whose `agents` are the cards their player drew (a discard's replacement, the draw
back up to a full hand)."""


def _spaces(spaces: list[int]) -> str:
    """Board spaces as a list: "2, 5, 9 and 12"."""
    return _listed([str(s) for s in sorted(spaces)])


def _listed(words: list[str]) -> str:
    """Words as a list: "a, b and c"."""
    if len(words) <= 1:
        return "".join(words)
    return t("tutorial.list_join").join(words[:-1]) + t("tutorial.list_last") + words[-1]


class _Query:
    """A parsed query on one position, seen by the learner's seat."""

    def __init__(self, view: PlayerView, learner: int, names: tuple[str, str]) -> None:
        self.view = view
        self.learner = learner
        self.names = names

    def side(self, word: str) -> int:
        """The seat a side word names: `you` the learner, `them` the opponent."""
        return self.learner if word == "you" else 1 - self.learner

    def move(self, side: str, agent: str) -> str:
        """The signed move recruiting one more of `agent` would make (count rule, modifiers)."""
        return signed(recruit_preview(self.view, self.side(side), agent).move)

    def nth(self, side: str, agent: str) -> str:
        """The ordinal of the next copy of `agent` ("2nd")."""
        return ordinal(recruit_preview(self.view, self.side(side), agent).count)

    def count(self, side: str, agent: str) -> str:
        """How many of `agent` the side has in play."""
        return str(self.view.sides[self.side(side)].count(agent))

    def land(self, side: str, agent: str) -> str:
        """The board space recruiting one more of `agent` would stop on."""
        return str(recruit_preview(self.view, self.side(side), agent).space)

    def preview(self, side: str, agent: str) -> str:
        """The full preview phrase of recruiting one more of `agent` (explain.py)."""
        return preview_phrase(self.view, self.side(side), agent, self.names, long=True)

    def split(self, side: str, mine: str, theirs: str) -> str:
        """Where the side recruiting `mine` while the other recruits `theirs` leaves things."""
        return split_phrase(self.view, self.side(side), mine, theirs, self.names)

    def _slot_index(self, agent: str, slot: str) -> int:
        """The copy count (1, 2, 3...) from which an agent's card reads this icon."""
        icons = len(self.view.rules.agent_by_id[agent].icons)
        return {"top": 1, "middle": min(2, icons), "bottom": icons}[slot]

    def icon_at(self, agent: str, slot: str) -> str:
        """The printed icon at the top, middle or bottom of an agent's card."""
        spec = self.view.rules.agent_by_id[agent]
        return _icon(spec.icon_for(self._slot_index(agent, slot)))

    def slot_copy(self, agent: str, slot: str) -> str:
        """The ordinal of the first copy that reads this icon ("3rd" for the bottom one)."""
        return ordinal(self._slot_index(agent, slot))

    def nth_held(self, side: str, agent: str) -> str:
        """The ordinal of the side's copies of `agent` in play ("2nd" with two)."""
        return ordinal(self.view.sides[self.side(side)].count(agent))

    def _first_mark(self, agent: str) -> int:
        spec = self.view.rules.agent_by_id[agent]
        return next(i for i, icon in enumerate(spec.icons, start=1) if isinstance(icon, Mark))

    def mark_copy(self, agent: str) -> str:
        """The ordinal of the first copy showing the agent's WIN or LOSE mark."""
        return ordinal(self._first_mark(agent))

    def mark_count(self, agent: str) -> str:
        """How many copies in play show the agent's WIN or LOSE mark."""
        return str(self._first_mark(agent))

    def card_move(self, card: str) -> str:
        """The signed move of a black market card that moves its owner (else 0)."""
        effect = self.view.rules.card_by_id[card].effect
        return signed(effect.value if isinstance(effect, MoveSelf) else 0)

    def supply(self) -> str:
        """How many black market cards lie face up in the supply."""
        return str(len(self.view.supply))

    def distance(self, side: str) -> str:
        """Spaces the side must gain on the other to catch it (distance_to_catch)."""
        return str(distance_to_catch(self.view, self.side(side)))

    def space(self, side: str) -> str:
        """The board space of the side's meeple."""
        return str(self.view.sides[self.side(side)].position)

    def home(self, side: str) -> str:
        """The side's home space."""
        return str(self.view.sides[self.side(side)].home)

    def discards(self, side: str) -> str:
        """Discards the side has left."""
        return str(self.view.sides[self.side(side)].discards_left)

    def catch_lead(self) -> str:
        """The lead that catches (the spies start this far apart)."""
        return str(catch_gap())

    def board(self) -> str:
        """Spaces on the board."""
        return str(BOARD_SIZE)

    def hand(self) -> str:
        """Cards in a full hand."""
        return str(HAND_SIZE)

    def deck(self) -> str:
        """Cards left in the agent deck."""
        return str(self.view.deck_size)

    def market_spaces(self) -> str:
        """The black market spaces, as a list."""
        return _spaces(list(MARKET_SPACES))

    def card(self, card: str) -> str:
        """A black market card's name."""
        return card_name(card)

    def agent(self, agent: str) -> str:
        """An agent's name."""
        return agent_name(agent)

    def drawn(self) -> str:
        """The cards the learner drew in the position's latest step, each with its article
        ("a Daredevil"); raises FactError when the learner drew nothing there."""
        cards = [
            an_agent(agent)
            for event in self.view.events
            if event.kind in _DRAWING and event.side == self.learner
            for agent in event.agents
        ]
        if not cards:
            raise FactError("drawn: the learner drew no card in this position's latest step")
        return _listed(cards)


# The vocabulary: verb -> the kinds of its arguments ("side", "agent", "card", "copy").
VERBS: Mapping[str, tuple[str, ...]] = {
    "move": ("side", "agent"),
    "nth": ("side", "agent"),
    "count": ("side", "agent"),
    "land": ("side", "agent"),
    "preview": ("side", "agent"),
    "split": ("side", "agent", "agent"),
    "icon_at": ("agent", "slot"),
    "slot_copy": ("agent", "slot"),
    "nth_held": ("side", "agent"),
    "mark_copy": ("agent",),
    "mark_count": ("agent",),
    "card_move": ("card",),
    "supply": (),
    "distance": ("side",),
    "space": ("side",),
    "home": ("side",),
    "discards": ("side",),
    "catch_lead": (),
    "board": (),
    "hand": (),
    "deck": (),
    "market_spaces": (),
    "card": ("card",),
    "agent": ("agent",),
    "drawn": (),
}


def check_query(query: str, agents: frozenset[str], cards: frozenset[str]) -> None:
    """Raise FactError unless `query` is a known verb with fitting arguments."""
    words = query.split()
    if not words or words[0] not in VERBS:
        known = ", ".join(VERBS)
        raise FactError(f"{query!r} does not start with a known fact ({known})")
    kinds = VERBS[words[0]]
    args = words[1:]
    if len(args) != len(kinds):
        raise FactError(f"{query!r}: {words[0]} takes {len(kinds)} word(s), not {len(args)}")
    for kind, arg in zip(kinds, args, strict=True):
        ok = {
            "side": arg in SIDES,
            "agent": arg in agents,
            "card": arg in cards,
            "slot": arg in SLOTS,
        }[kind]
        if not ok:
            raise FactError(f"{query!r}: {arg!r} is not a {kind}")


def evaluate(query: str, state: GameState, learner: int, names: tuple[str, str]) -> str:
    """The text of one fact on this position, as the learner's seat sees it."""
    words = query.split()
    answer: Callable[..., str] = getattr(
        _Query(player_view(state, learner), learner, names), words[0]
    )
    return answer(*words[1:])


def fill(
    facts: Mapping[str, str], state: GameState, learner: int, names: tuple[str, str]
) -> dict[str, str]:
    """Every fact of a step, evaluated; plus `you` and `them`, the two players' names."""
    values = {"you": names[learner], "them": names[1 - learner]}
    for name, query in facts.items():
        values[name] = evaluate(query, state, learner, names)
    return values
