"""The referee: apply moves in notation to a game and report the whole position as JSON data."""

from __future__ import annotations

from collections import Counter

from agent_avenue.engine import (
    GameState,
    IllegalAction,
    Mode,
    NotationError,
    apply,
    format_action,
    legal_actions,
    parse_action,
)
from agent_avenue.engine.state import Member
from agent_avenue.printable import shown

__all__ = ["RefereeError", "player_count", "referee_report", "run_moves", "split_moves"]


class RefereeError(Exception):
    """A move that is not in the notation or not legal; the message names the move."""


def player_count(state: GameState) -> int:
    """How many players the game has: 2 (a duel), 3 or 4 (team games)."""
    return sum(len(side.members) for side in state.sides)


def _per_seat(state: GameState) -> list[Member | None]:
    """Each seat's player in seat order: 2 seats in a duel, else 4 (None for a missing seat).

    Seats 0 and 1 are green's and blue's first players, 2 and 3 their partners.
    """
    seats = 2 if player_count(state) == 2 else 4
    members: list[Member | None] = []
    for seat in range(seats):
        side = state.sides[seat % 2]
        members.append(side.members[seat // 2] if seat // 2 < len(side.members) else None)
    return members


def referee_report(state: GameState) -> dict[str, object]:
    """Everything about a position, every hand included, as JSON-ready data."""
    rules = state.rules
    sides = state.sides
    in_play: list[dict[str, int]] = []
    for side in sides:
        counts = Counter(side.in_play)
        in_play.append({agent: counts[agent] for agent in rules.agent_ids if counts[agent]})
    result = state.result
    seats = _per_seat(state)
    return {
        "mode": Mode(state.mode).value,
        "players": player_count(state),
        "turn": state.turn,
        "active": state.active,
        "to_act": state.to_act,
        "positions": [side.position for side in sides],
        "hands": [None if m is None else list(m.hand) for m in seats],
        "in_play": in_play,
        "black_market": [list(side.ongoing) for side in sides],
        "discards_left": [None if m is None else m.discards_left for m in seats],
        "deck": len(state.deck),
        "market": {"supply": list(state.supply), "deck": len(state.market_deck)},
        "winner": None if result is None else result.winner,
        "reasons": [] if result is None else list(result.reasons),
        "legal": [format_action(action) for action in legal_actions(state)],
    }


def run_moves(state: GameState, moves: list[str]) -> GameState:
    """Parse and apply each move in turn; raise RefereeError at the first bad one."""
    for number, text in enumerate(moves, start=1):
        move = text.strip()
        try:
            state = apply(state, parse_action(move, state.rules))
        except (NotationError, IllegalAction) as exc:
            raise RefereeError(f'move {number} ("{shown(move)}"): {shown(exc, 200)}') from None
    return state


def split_moves(text: str) -> list[str]:
    """The moves in a text: separated by ";" or newlines, blanks and `#` comments ignored."""
    moves: list[str] = []
    for line in text.splitlines():
        code = line.split("#", 1)[0]
        moves.extend(part.strip() for part in code.split(";") if part.strip())
    return moves
