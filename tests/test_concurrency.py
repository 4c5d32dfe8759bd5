"""Issue 13, cases 1 and 2: several programs on one data folder lose no row and no save."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path

import pytest

from agent_avenue import storage
from agent_avenue.data import default_rules
from agent_avenue.engine import Mode, apply, format_action, legal_actions, new_game
from agent_avenue.play.session import GameRecord

RULES = default_rules()
SRC = Path(storage.__file__).resolve().parents[2]
HUMANS = ("human", "human")
PROCESSES = 4
GAMES_EACH = 8

_FINISHER = """
import json, os, sys, time
from pathlib import Path
from agent_avenue.play.session import GameRecord
from agent_avenue.storage import record_finished, save_game
records = [GameRecord(**fields) for fields in json.loads(Path(sys.argv[1]).read_text())]
go = Path(sys.argv[2])
while not go.exists():
    time.sleep(0.005)
*finished, unfinished = records
save_game(unfinished, ("human", "human"))
for record in finished:
    record_finished(record, ("human", "human"))
save_game(unfinished, ("human", "human"))
"""


def random_record(seed: int, names: tuple[str, str], moves: int | None = None) -> GameRecord:
    """A game of random legal moves: to its end, or `moves` long."""
    state = new_game(RULES, Mode.SIMPLE, seed, 0)
    rng = random.Random(seed)
    played: list[str] = []
    while not state.is_over and (moves is None or len(played) < moves):
        action = rng.choice(legal_actions(state))
        played.append(format_action(action))
        state = apply(state, action)
    return GameRecord(Mode.SIMPLE, seed, 0, names, tuple(played), RULES.version)


def as_fields(record: GameRecord) -> dict[str, object]:
    """A record as JSON-ready keyword arguments."""
    return {
        "mode": str(record.mode),
        "seed": record.seed,
        "first": record.first,
        "names": list(record.names),
        "moves": list(record.moves),
        "rules_version": record.rules_version,
    }


@pytest.mark.skipif(os.name != "posix", reason="the processes start with a shared go file")
def test_processes_finishing_games_at_once_keep_every_row_and_every_save(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Four programs finish 8 games each at the same moment, each with its own unfinished game
    saved: all 32 rows, all 32 game files and all 4 saves are there afterwards."""
    home = tmp_path / "home"
    monkeypatch.setenv(storage.HOME_ENV, str(home))
    go = tmp_path / "go"
    env = {**os.environ, "PYTHONPATH": str(SRC), storage.HOME_ENV: str(home)}
    children = []
    for process in range(PROCESSES):
        names = (f"Ann{process}", f"Bob{process}")
        records = [random_record(100 * process + n, names) for n in range(GAMES_EACH)]
        records.append(random_record(100 * process + 99, names, moves=4))
        job = tmp_path / f"job{process}.json"
        job.write_text(json.dumps([as_fields(r) for r in records]), encoding="utf-8")
        children.append(
            subprocess.Popen(
                [sys.executable, "-c", _FINISHER, str(job), str(go)],
                env=env,
                stderr=subprocess.PIPE,
            )
        )
    time.sleep(0.5)  # every child imported and waiting
    go.touch()
    started = time.monotonic()
    for child in children:
        _, err = child.communicate(timeout=60)
        assert child.returncode == 0, err.decode()
    assert time.monotonic() - started < 60
    rows, problem = storage.load_history()
    assert problem is None
    assert len(rows) == PROCESSES * GAMES_EACH
    assert len({row.game for row in rows}) == PROCESSES * GAMES_EACH
    assert len(list(storage.games_dir().glob("*.json"))) == PROCESSES * GAMES_EACH
    saves = storage.list_saves(rules=RULES)
    assert saves.problems == ()
    assert sorted(save.record.names[0] for save in saves.saves) == [
        f"Ann{process}" for process in range(PROCESSES)
    ]


def test_two_games_in_progress_keep_their_own_saves(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Case 2: a second game saved on the same data folder no longer overwrites the first;
    `load_save` offers the most recent, `list_saves` both."""
    monkeypatch.setenv(storage.HOME_ENV, str(tmp_path / "home"))
    first = random_record(1, ("Ada", "Bob"), moves=5)
    second = random_record(2, ("Cy", "Di"), moves=3)
    storage.save_game(first, HUMANS)
    storage.save_game(second, HUMANS)
    storage.save_game(random_record(1, ("Ada", "Bob"), moves=7), HUMANS)  # the first goes on
    found = storage.list_saves(rules=RULES)
    assert found.problems == ()
    assert sorted(len(save.record.moves) for save in found.saves) == [3, 7]
    assert len(list(storage.saves_dir().glob("*.json"))) == 2


def test_an_older_versions_single_save_is_moved_into_the_saves_folder_and_resumed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A `save.json` written by an earlier version is found, moved under a new id, resumed."""
    monkeypatch.setenv(storage.HOME_ENV, str(tmp_path / "home"))
    record = random_record(4, ("Ada", "Bob"), moves=6)
    legacy = storage.save_path()
    legacy.parent.mkdir(parents=True)
    fields = {
        "format": "agent-avenue-save",
        "version": 1,
        **as_fields(record),
        "players": list(HUMANS),
        "saved_at": "2025-01-02T10:30:00+00:00",
    }
    legacy.write_text(json.dumps(fields), encoding="utf-8")
    loaded, problem = storage.load_save(rules=RULES)
    assert problem is None and loaded is not None
    assert loaded.record.moves == record.moves and loaded.turn > 1
    assert not legacy.exists()
    assert storage.save_path(save_id=loaded.save_id).exists()
    assert storage.discard_save(loaded.save_id) is True
    assert storage.load_save(rules=RULES) == (None, None)
