"""Score-sheet rows for the ratings' tests: a row from a few words, and a sheet written."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from agent_avenue.engine import seats_of
from agent_avenue.storage import HistoryRow, history_path
from agent_avenue.storage.files import HistoryFile, dump_document

HUMAN = "human"


def row(names: str, winner: int, kinds: str = "", number: int = 0) -> HistoryRow:
    """A score-sheet row: comma-separated names in seat order, the winning side, and the kinds
    ("human" where none is given), e.g. row("Ann,Blue", 0, ",bot:hard")."""
    seat_names = tuple(names.split(","))
    given = kinds.split(",") if kinds else []
    seat_kinds = tuple(
        (given[s] if s < len(given) else "") or HUMAN for s in range(len(seat_names))
    )
    winners = seats_of(winner, len(seat_names))
    return HistoryRow.model_validate(
        {
            "game": f"20261201-1200{number % 60:02d}-abcdef",
            "date": datetime(2026, 12, 1, 12, tzinfo=UTC) + timedelta(minutes=number),
            "mode": "simple",
            "names": seat_names,
            "players": seat_kinds,
            "winner": winner,
            "winner_name": " & ".join(seat_names[s] for s in winners),
            "reasons": ("catch",),
            "conditions": ({"side": winner, "reason": "catch", "wins": True},),
            "by_tie_rule": False,
            "turns": 5,
        }
    )


def write_sheet(rows: list[HistoryRow]) -> Path:
    """Write these rows as the score sheet of the test's data folder."""
    path = history_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(dump_document(HistoryFile.of(tuple(rows))), encoding="utf-8")
    return path


SHEET = [
    row("Ann,Blue", 0, ",bot:hard", 0),
    row("Ann,Bob", 1, "", 1),
    row("Ann,Bob,Cid,Dee", 0, "", 2),
    row("Ann,Bob,Cid", 1, "", 3),
    row("Ann,Blue", 1, ",bot:easy", 4),
]
