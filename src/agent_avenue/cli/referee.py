"""The referee: apply moves in notation to a game and report the whole position as JSON data."""

from __future__ import annotations

from collections import Counter

from agent_avenue.data.printable import shown
from agent_avenue.engine import (
    GameState,
    Member,
    Mode,
    ReplayError,
    format_action,
    legal_actions,
    replay_from,
)

__all__ = ["RefereeError", "player_count", "referee_report", "run_moves", "split_moves"]


class RefereeError(Exception):
    """A move that is not in the notation or not legal; the message names the move."""


def player_count(state: GameState) -> int:
    """How many players the game has: 2 (a duel), 3 or 4 (team games)."""
    return state.players


def _per_seat(state: GameState) -> list[Member | None]:
    """Each seat's player in seat order: 2 seats in a duel, else 4 (None for a missing seat).

    Seats 0 and 1 are green's and blue's first players, 2 and 3 their partners.
    """
    seats = 4 if state.is_team_game else 2
    return [state.member_of(seat) if seat < state.players else None for seat in range(seats)]


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
    try:
        return replay_from(state, moves)
    except ReplayError as exc:
        number, text = exc.number, shown(exc.text)
        raise RefereeError(f'move {number} ("{text}"): {shown(exc.reason, 200)}') from None


def split_moves(text: str) -> list[str]:
    """The moves in a text: separated by ";" or newlines, blanks and `#` comments ignored."""
    moves: list[str] = []
    for line in text.splitlines():
        code = line.split("#", 1)[0]
        moves.extend(part.strip() for part in code.split(";") if part.strip())
    return moves
