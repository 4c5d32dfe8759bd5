"""Storage tests: atomic saves, kills, full disks, bad files set aside, score sheet, exports."""

from __future__ import annotations

import errno
import json
import os
import random
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import platformdirs
import pytest
from rich.console import Console

from agent_avenue import storage
from agent_avenue.cli import history
from agent_avenue.cli.referee import referee_report, run_moves
from agent_avenue.engine import (
    GameState,
    Mode,
    Rules,
    apply,
    format_action,
    legal_actions,
    new_game,
)
from agent_avenue.i18n import set_language
from agent_avenue.play import score_sheet
from agent_avenue.play.session import GameRecord, replay
from agent_avenue.storage import StorageError, bad_files
from agent_avenue.storage.files import HistoryRow

T0 = datetime(2025, 3, 1, 10, 0, tzinfo=UTC)
HUMANS = ("human", "human")
VS_BOT = ("human", "bot:normal")
SRC = Path(storage.__file__).resolve().parents[2]

SAVE_ID = "20250101-120000-abcdef"
"""One game's save id: these tests look at its file."""


# Helpers ---------------------------------------------------------------------------------------


def random_game(rules: Rules, mode: str = "simple", seed: int = 1) -> tuple[GameRecord, GameState]:
    """A whole game played with random legal moves, as a record and its final state."""
    rng = random.Random(seed)
    state = new_game(rules, mode, seed, 0)
    moves: list[str] = []
    while not state.is_over:
        action = rng.choice(legal_actions(state))
        moves.append(format_action(action))
        state = apply(state, action)
    record = GameRecord(Mode(mode), seed, 0, ("Ada", "Bob"), tuple(moves), rules.version)
    return record, state


def cut(record: GameRecord, moves: int) -> GameRecord:
    """The same game after only its first `moves` moves."""
    return GameRecord(
        record.mode,
        record.seed,
        record.first,
        record.names,
        record.moves[:moves],
        record.rules_version,
    )


def one_sentence(message: str | None) -> str:
    """Check that a message is one sentence on one line and return it."""
    assert message is not None
    assert "\n" not in message
    assert message[0].isupper(), message
    assert message.endswith("."), message
    assert ". " not in message, message
    assert "Traceback" not in message
    return message


def set_aside_files(path: Path) -> list[Path]:
    """The files a bad `path` was renamed to."""
    return sorted(path.parent.glob(f"{path.name}.bad-*"))


def temp_files(folder: Path) -> list[Path]:
    """Temporary files of atomic writes left in a folder."""
    return sorted(folder.glob(".*.tmp"))


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh data folder set as $AGENT_AVENUE_HOME, so no test touches the user's own."""
    folder = tmp_path / "data"
    monkeypatch.setenv(storage.HOME_ENV, str(folder))
    return folder


@pytest.fixture
def game(rules: Rules) -> tuple[GameRecord, GameState]:
    """A finished simple game of 20 moves or more."""
    record, state = random_game(rules, "simple", 0)
    assert len(record.moves) >= 20
    return record, state


# Paths -----------------------------------------------------------------------------------------


def test_data_home_argument_then_environment_then_platform(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An explicit folder wins over $AGENT_AVENUE_HOME, which wins over the platform's folder."""
    monkeypatch.setenv(storage.HOME_ENV, str(tmp_path / "env"))
    assert storage.data_home(tmp_path / "arg") == tmp_path / "arg"
    assert storage.data_home() == tmp_path / "env"
    assert storage.save_path() == tmp_path / "env" / "save.json"
    monkeypatch.delenv(storage.HOME_ENV)
    assert storage.data_home() == platformdirs.user_data_path("agent-avenue", appauthor=False)


# Atomic writes ---------------------------------------------------------------------------------


def test_atomic_write_replaces_the_file_and_leaves_no_temp(tmp_path: Path) -> None:
    """The new text replaces the old one; no temporary file stays behind."""
    path = tmp_path / "sub" / "f.json"
    storage.atomic_write_text(path, "old")
    storage.atomic_write_text(path, "new ✓")
    assert path.read_text(encoding="utf-8") == "new ✓"
    assert temp_files(path.parent) == []
    if os.name == "posix":
        assert path.stat().st_mode & 0o777 == 0o600


def test_full_disk_keeps_the_old_save(
    home: Path, game: tuple[GameRecord, GameState], monkeypatch: pytest.MonkeyPatch
) -> None:
    """ENOSPC halfway through the write: one sentence, old save intact, temp file removed."""
    record, _ = game
    storage.save_game(cut(record, 4), HUMANS, save_id=SAVE_ID)
    path = storage.save_path(save_id=SAVE_ID)
    before = path.read_bytes()
    real_write = os.write

    def full_disk(fd: int, data: Any) -> int:
        real_write(fd, bytes(data[:10]))  # a few bytes get through, then the disk is full
        raise OSError(errno.ENOSPC, "No space left on device")

    with monkeypatch.context() as patch, pytest.raises(StorageError) as caught:
        patch.setattr("agent_avenue.storage.atomic.os.write", full_disk)
        storage.save_game(cut(record, 6), HUMANS, save_id=SAVE_ID)
    message = one_sentence(str(caught.value))
    assert "the disk is full" in message
    assert str(path) in message
    assert "previous version" in message
    assert path.read_bytes() == before
    assert temp_files(path.parent) == []
    loaded, problem = storage.load_save()
    assert problem is None and loaded is not None
    assert loaded.record.moves == record.moves[:4]


def test_full_disk_at_fsync_and_on_a_new_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A failing fsync is a failed write too; with no old file, nothing is written."""

    def no_space(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr("agent_avenue.storage.atomic.os.fsync", no_space)
    path = tmp_path / "new.json"
    with pytest.raises(StorageError, match="the disk is full, so nothing was written"):
        storage.atomic_write_text(path, "text")
    assert not path.exists()
    assert temp_files(tmp_path) == []


def test_full_disk_when_recording_leaves_the_score_sheet_intact(
    home: Path, rules: Rules, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A full disk while recording a game: the score sheet keeps its rows, nothing half-written."""
    first, _ = random_game(rules, "simple", 1)
    second, _ = random_game(rules, "simple", 2)
    storage.record_finished(first, HUMANS, finished_at=T0)
    sheet = storage.history_path()
    before = sheet.read_bytes()

    def full_disk(fd: int, data: Any) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")

    with monkeypatch.context() as patch, pytest.raises(StorageError, match="the disk is full"):
        patch.setattr("agent_avenue.storage.atomic.os.write", full_disk)
        storage.record_finished(second, HUMANS, finished_at=T0 + timedelta(hours=1))
    assert sheet.read_bytes() == before
    rows, problem = storage.load_history()
    assert problem is None and len(rows) == 1


class Killed(BaseException):
    """Stands for the process being killed (nothing after it runs, not even `except Exception`)."""


def test_kill_before_the_rename_keeps_the_old_save(
    home: Path, game: tuple[GameRecord, GameState], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Killed after writing the temp file but before the rename: the old save loads."""
    record, _ = game
    storage.save_game(cut(record, 4), HUMANS, save_id=SAVE_ID)
    path = storage.save_path(save_id=SAVE_ID)
    before = path.read_bytes()

    def killed(src: Any, dst: Any) -> None:
        raise Killed

    with monkeypatch.context() as patch, pytest.raises(Killed):
        patch.setattr("agent_avenue.storage.atomic.os.replace", killed)
        storage.save_game(cut(record, 8), HUMANS, save_id=SAVE_ID)
    assert path.read_bytes() == before
    loaded, problem = storage.load_save()
    assert problem is None and loaded is not None
    assert loaded.record.moves == record.moves[:4]


def test_a_half_written_temp_file_from_a_killed_save_is_ignored_then_swept(
    home: Path, game: tuple[GameRecord, GameState]
) -> None:
    """A kill mid-write leaves a partial temp file: the save still loads; old temps are removed."""
    record, _ = game
    storage.save_game(cut(record, 4), HUMANS, save_id=SAVE_ID)
    path = storage.save_path(save_id=SAVE_ID)
    partial = path.parent / ".save.json.k1ll3d.tmp"
    partial.write_bytes(path.read_bytes()[:40])
    loaded, problem = storage.load_save()
    assert problem is None and loaded is not None
    assert partial.exists()  # recent: it might be another process's write in progress
    hour_ago = time.time() - 2 * 3600
    os.utime(partial, (hour_ago, hour_ago))
    loaded, problem = storage.load_save()
    assert problem is None and loaded is not None
    assert not partial.exists()


_SAVER = """
import itertools, json, sys
from agent_avenue.play.session import GameRecord
from agent_avenue.storage import save_game
short, long = (GameRecord(**fields) for fields in json.loads(sys.argv[1]))
for i in itertools.count():
    save_game(short if i % 2 else long, ("human", "human"), save_id="20250101-120000-abcdef")
    if i == 0:
        print("ready", flush=True)  # one whole version is on disk: killed from now on
"""


@pytest.mark.slow
@pytest.mark.skipif(os.name != "posix", reason="SIGKILL is POSIX")
def test_sigkill_at_random_moments_never_breaks_the_save(
    home: Path, game: tuple[GameRecord, GameState]
) -> None:
    """A process saving in a loop is killed with SIGKILL: the save is always one whole version."""
    record, _ = game
    short, long = cut(record, 3), cut(record, 15)
    arg = json.dumps(
        [
            {
                "mode": str(r.mode),
                "seed": r.seed,
                "first": r.first,
                "names": list(r.names),
                "moves": list(r.moves),
                "rules_version": r.rules_version,
            }
            for r in (short, long)
        ]
    )
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    rng = random.Random(7)
    for _ in range(4):
        child = subprocess.Popen(
            [sys.executable, "-c", _SAVER, arg], env=env, stdout=subprocess.PIPE, text=True
        )
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "ready"
        time.sleep(rng.uniform(0.05, 0.3))
        child.send_signal(signal.SIGKILL)
        child.wait()
        child.stdout.close()
        loaded, problem = storage.load_save()
        assert problem is None
        assert loaded is not None
        assert loaded.record.moves in (tuple(short.moves), tuple(long.moves))
    assert set_aside_files(storage.save_path(save_id=SAVE_ID)) == []


# Bad saves -------------------------------------------------------------------------------------


def _edit_json(field: str, value: Any) -> Callable[[bytes], bytes]:
    def edit(data: bytes) -> bytes:
        document = json.loads(data)
        document[field] = value
        return json.dumps(document).encode()

    return edit


def _illegal_move(data: bytes) -> bytes:
    """Make the first move a discard of a card the first player does not hold."""
    document = json.loads(data)
    return json.dumps({**document, "moves": ["discard mole", *document["moves"][1:]]}).encode()


def _garble(data: bytes) -> bytes:
    text = data.decode()
    middle = text.index('"names"')
    return (text[:middle] + "names: oops," + text[middle:]).encode()


BAD_SAVES: dict[str, tuple[Callable[[bytes], bytes], str]] = {
    "truncated": (lambda data: data[: len(data) // 2], "ends too early"),
    "empty": (lambda data: b"", "is empty"),
    "edited into bad JSON": (_garble, "is not valid JSON (expecting"),
    "not text": (lambda data: b"\xff\xfe" + data, "is not UTF-8 text"),
    "wrong type": (_edit_json("seed", "twelve"), 'bad value in "seed"'),
    "bad name": (_edit_json("names", ["Ada", "\x1b[2J"]), 'bad value in "names[1]"'),
    "renamed field": (
        lambda data: data.replace(b'"players"', b'"playerz"'),
        'lacks the field "players" and 1 more problem',
    ),
    "unknown field": (_edit_json("cheat", True), 'has an unknown field "cheat"'),
    "not an object": (lambda data: b"[1, 2]", "is not a saved game"),
    "a score sheet": (
        lambda data: json.dumps({"format": "agent-avenue-history", "version": 1}).encode(),
        "is a score sheet, not a saved game",
    ),
    "newer version": (
        _edit_json("version", 7),
        "newer version of Agent Avenue (save format version 7",
    ),
    "illegal move": (_illegal_move, "has a move that is not legal any more (move 1 of"),
    "unreadable move": (
        lambda data: data.replace(b'"moves": [', b'"moves": ["fly away", ', 1),
        "has a move that cannot be read any more (move 1 of",
    ),
}


@pytest.mark.parametrize("case", list(BAD_SAVES))
def test_a_bad_save_is_reported_set_aside_and_the_program_goes_on(
    home: Path, game: tuple[GameRecord, GameState], case: str
) -> None:
    """Each bad save: one sentence naming the file, renamed aside with its bytes, then new saves."""
    record, _ = game
    storage.save_game(cut(record, 6), HUMANS, save_id=SAVE_ID)
    path = storage.save_path(save_id=SAVE_ID)
    edit, expected = BAD_SAVES[case]
    bad = edit(path.read_bytes())
    path.write_bytes(bad)

    loaded, problem = storage.load_save()

    assert loaded is None
    message = one_sentence(problem)
    assert str(path) in message
    assert expected in message
    (aside,) = set_aside_files(path)
    assert aside.name in message
    assert aside.read_bytes() == bad
    assert not path.exists()
    # The program goes on: a new game saves and resumes, and the bad file is left alone.
    assert storage.save_game(cut(record, 2), VS_BOT, save_id=SAVE_ID) is None
    loaded, problem = storage.load_save()
    assert problem is None and loaded is not None
    assert loaded.players == VS_BOT
    assert aside.read_bytes() == bad


TRANSLATED_MESSAGES = {
    # language: (a bad save, empty; a save whose move is no longer legal; a full disk)
    "fr": (
        ("Le fichier de la partie enregistrée", "est vide", "mis de côté sous le nom"),
        ("contient un coup qui n'est plus permis (coup 1 sur",),
        ("Impossible d'écrire", "le disque est plein", "sa version précédente"),
    ),
    "nl": (
        ("Het bestand van het bewaarde spel", "is leeg", "opzijgezet als"),
        ("bevat een zet die niet meer is toegestaan (zet 1 van",),
        ("Kan ", "de schijf is vol", "de vorige versie ervan is behouden"),
    ),
    "es": (
        ("El archivo de la partida guardada", "está vacío", "se ha apartado como"),
        ("tiene una jugada que ya no está permitida (jugada 1 de",),
        ("No se ha podido escribir", "el disco está lleno", "su versión anterior"),
    ),
}


@pytest.mark.parametrize("code", list(TRANSLATED_MESSAGES))
def test_storage_messages_are_whole_sentences_in_the_chosen_language(
    home: Path, game: tuple[GameRecord, GameState], monkeypatch: pytest.MonkeyPatch, code: str
) -> None:
    """A bad save and a full disk are reported in the language set, with the path, no English."""
    record, _ = game
    bad_save, illegal, full = TRANSLATED_MESSAGES[code]
    set_language(code)
    storage.save_game(cut(record, 6), HUMANS, save_id=SAVE_ID)
    path = storage.save_path(save_id=SAVE_ID)
    path.write_bytes(b"")
    _, problem = storage.load_save()
    message = one_sentence(problem)
    (aside,) = set_aside_files(path)
    assert str(path) in message and aside.name in message
    assert all(words in message for words in bad_save), message
    assert "set aside" not in message and "empty" not in message

    storage.save_game(cut(record, 6), HUMANS, save_id=SAVE_ID)
    path.write_bytes(_illegal_move(path.read_bytes()))
    _, problem = storage.load_save()
    message = one_sentence(problem)
    assert str(path) in message
    assert all(words in message for words in illegal), message
    assert "legal any more" not in message and "discard" not in message

    storage.save_game(cut(record, 4), HUMANS, save_id=SAVE_ID)

    def full_disk(fd: int, data: Any) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")

    with monkeypatch.context() as patch, pytest.raises(StorageError) as caught:
        patch.setattr("agent_avenue.storage.atomic.os.write", full_disk)
        storage.save_game(cut(record, 6), HUMANS, save_id=SAVE_ID)
    message = one_sentence(str(caught.value))
    assert str(path) in message
    assert all(words in message for words in full), message
    assert "disk is full" not in message and "No space" not in message


def test_a_save_edited_by_hand_but_still_valid_resumes(
    home: Path, game: tuple[GameRecord, GameState]
) -> None:
    """Re-indented and saved with a byte-order mark by an editor: still a good save."""
    record, _ = game
    storage.save_game(cut(record, 6), HUMANS, save_id=SAVE_ID)
    path = storage.save_path(save_id=SAVE_ID)
    document = json.loads(path.read_text())
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(document, indent=8).encode())
    loaded, problem = storage.load_save()
    assert problem is None and loaded is not None
    assert loaded.record == cut(record, 6)


def test_a_bad_save_message_reveals_no_secret(
    home: Path, game: tuple[GameRecord, GameState]
) -> None:
    """The sentence about an illegal saved move names neither the move nor the cards."""
    record, _ = game
    storage.save_game(cut(record, 6), HUMANS, save_id=SAVE_ID)
    path = storage.save_path(save_id=SAVE_ID)
    path.write_bytes(_illegal_move(path.read_bytes()))
    _, problem = storage.load_save()
    message = one_sentence(problem)
    assert "discard" not in message
    assert "mole" not in message
    assert "hand" not in message


def test_saving_over_a_bad_save_sets_it_aside_first(
    home: Path, game: tuple[GameRecord, GameState]
) -> None:
    """Even without load_save first, a bad save is never overwritten: it is moved aside."""
    record, _ = game
    path = storage.save_path(save_id=SAVE_ID)
    path.parent.mkdir(parents=True)
    path.write_bytes(b'{"format": "agent-avenue-save", "version": 99}')
    problem = storage.save_game(cut(record, 2), HUMANS, save_id=SAVE_ID)
    message = one_sentence(problem)
    assert "newer version" in message
    (aside,) = set_aside_files(path)
    assert aside.read_bytes() == b'{"format": "agent-avenue-save", "version": 99}'
    loaded, problem = storage.load_save()
    assert problem is None and loaded is not None


def test_a_bad_save_that_cannot_be_moved_is_never_overwritten(
    home: Path, game: tuple[GameRecord, GameState], monkeypatch: pytest.MonkeyPatch
) -> None:
    """If renaming fails, the bad save stays as it is and saving refuses rather than overwrite."""
    record, _ = game
    path = storage.save_path(save_id=SAVE_ID)
    path.parent.mkdir(parents=True)
    path.write_bytes(b"{broken")

    def refuse(path: Path, **_: Any) -> Path:
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(bad_files, "set_aside", refuse)
    loaded, problem = storage.load_save()
    assert loaded is None
    assert "could not be set aside because permission was denied" in one_sentence(problem)
    with pytest.raises(StorageError) as caught:
        storage.save_game(cut(record, 2), HUMANS, save_id=SAVE_ID)
    assert "this game was not saved" in one_sentence(str(caught.value))
    assert path.read_bytes() == b"{broken"


def test_set_aside_never_overwrites(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two bad files set aside in the same second get two names; without hard links too."""
    now = datetime(2025, 1, 2, 3, 4, 5)
    path = tmp_path / "save.json"
    path.write_text("one")
    first = storage.set_aside(path, now=now)
    path.write_text("two")
    second = storage.set_aside(path, now=now)
    assert first.name == "save.json.bad-20250102-030405"
    assert second.name == "save.json.bad-20250102-030405-2"

    def no_links(src: Any, dst: Any) -> None:
        raise OSError(errno.EPERM, "Operation not permitted")

    monkeypatch.setattr("agent_avenue.storage.atomic.os.link", no_links)
    path.write_text("three")
    third = storage.set_aside(path, now=now)
    assert third.name == "save.json.bad-20250102-030405-3"
    assert [p.read_text() for p in (first, second, third)] == ["one", "two", "three"]
    assert not path.exists()


def test_changed_card_data_still_resumes_when_every_move_replays(
    home: Path, game: tuple[GameRecord, GameState], rules: Rules
) -> None:
    """A save from other card data resumes if its moves replay, flagged and brought up to date."""
    record, _ = game
    old = GameRecord(record.mode, record.seed, record.first, record.names, record.moves[:6], "0ld")
    storage.save_game(old, HUMANS, save_id=SAVE_ID)
    loaded, problem = storage.load_save()
    assert problem is None and loaded is not None
    assert loaded.rules_changed
    assert loaded.record.rules_version == rules.version


def test_changed_card_data_that_breaks_a_move_is_explained(
    home: Path, game: tuple[GameRecord, GameState]
) -> None:
    """When the rules version differs and a move fails, the sentence says the card data changed."""
    record, _ = game
    old = GameRecord(record.mode, record.seed, record.first, record.names, record.moves[:6], "0ld")
    storage.save_game(old, HUMANS, save_id=SAVE_ID)
    path = storage.save_path(save_id=SAVE_ID)
    path.write_bytes(_illegal_move(path.read_bytes()))
    _, problem = storage.load_save()
    assert "now that the card data has changed (rules version 0ld" in one_sentence(problem)


def test_resume_gives_the_record_the_players_and_the_turn(
    home: Path, game: tuple[GameRecord, GameState], rules: Rules
) -> None:
    """A good save resumes as it was; its repr shows no seed or moves; discard removes it."""
    record, _ = game
    storage.save_game(cut(record, 8), VS_BOT, saved_at=T0, save_id=SAVE_ID)
    loaded, problem = storage.load_save()
    assert problem is None and loaded is not None
    assert loaded.record == cut(record, 8)
    assert loaded.players == VS_BOT
    assert loaded.saved_at == T0
    assert loaded.turn == replay(rules, cut(record, 8)).turn
    shown = repr(loaded)
    assert "seed" not in shown
    assert "moves" not in shown
    assert not any(move in shown for move in record.moves)
    assert storage.discard_save() is True
    assert storage.discard_save() is False
    assert storage.load_save() == (None, None)


def test_nothing_to_resume(home: Path) -> None:
    """With no save there is nothing to offer and nothing to report."""
    assert storage.load_save() == (None, None)


def test_save_refuses_names_with_control_characters(
    home: Path, game: tuple[GameRecord, GameState]
) -> None:
    """A name that could garble the terminal is refused with one sentence."""
    record, _ = game
    bad = GameRecord(record.mode, record.seed, record.first, ("Ada", "\x1b[31mBob"), ())
    with pytest.raises(StorageError) as caught:
        storage.save_game(bad, HUMANS, save_id=SAVE_ID)
    assert 'bad value in "names[1]"' in one_sentence(str(caught.value))
    assert not storage.save_path(save_id=SAVE_ID).exists()


# Recording finished games ----------------------------------------------------------------------


def test_record_finished_writes_public_facts_and_drops_the_save(
    home: Path, game: tuple[GameRecord, GameState]
) -> None:
    """The row holds public facts only; the game file holds the moves; the save is gone."""
    record, final = game
    storage.save_game(record, VS_BOT, save_id=SAVE_ID)
    recorded = storage.record_finished(record, VS_BOT, finished_at=T0)
    assert recorded.problem is None
    assert not storage.save_path(save_id=SAVE_ID).exists()
    assert final.result is not None
    row = recorded.row
    assert (row.winner, row.winner_name) == (final.result.winner, record.names[final.result.winner])
    assert row.reasons == final.result.reasons
    assert row.turns == final.turn
    assert row.players == VS_BOT
    sheet = json.loads(storage.history_path().read_text())
    (stored,) = sheet["games"]
    assert set(stored) == {
        "game",
        "date",
        "mode",
        "names",
        "players",
        "winner",
        "winner_name",
        "reasons",
        "conditions",
        "by_tie_rule",
        "turns",
    }
    text = storage.history_path().read_text()
    for secret in ("moves", "seed", "hand", "deck", "offer ", "discard", "recruit"):
        assert secret not in text
    game_file = storage.games_dir() / f"{recorded.game_id}.json"
    assert json.loads(game_file.read_text())["moves"] == list(record.moves)


def test_record_finished_refuses_an_unfinished_game(
    home: Path, game: tuple[GameRecord, GameState]
) -> None:
    """Only finished games go on the score sheet."""
    record, _ = game
    with pytest.raises(StorageError, match="it is not finished"):
        storage.record_finished(cut(record, 4), HUMANS)
    assert not storage.history_path().exists()


def test_a_finished_save_is_recorded_once_on_the_next_start(
    home: Path, game: tuple[GameRecord, GameState]
) -> None:
    """Stopped after the last move was saved but before recording: the next start records it.

    Stopped after recording but before the save was removed: it is not recorded twice.
    """
    record, _ = game
    storage.save_game(record, VS_BOT, saved_at=T0, save_id=SAVE_ID)
    assert storage.load_save() == (None, None)
    rows, _ = storage.load_history()
    assert [row.date for row in rows] == [T0]
    assert not storage.save_path(save_id=SAVE_ID).exists()
    storage.save_game(
        record, VS_BOT, saved_at=T0, save_id=SAVE_ID
    )  # as if the removal had not happened
    assert storage.load_save() == (None, None)
    assert len(storage.load_history()[0]) == 1
    assert not storage.save_path(save_id=SAVE_ID).exists()


def test_a_bad_score_sheet_is_set_aside_and_a_new_one_started(home: Path, rules: Rules) -> None:
    """Recording with a broken score sheet: it is moved aside with its bytes, a new one begins."""
    sheet = storage.history_path()
    sheet.parent.mkdir(parents=True)
    sheet.write_bytes(b'{"format": "agent-avenue-history", "version": 1, "games": [{"gam')
    record, _ = random_game(rules, "advanced", 3)
    recorded = storage.record_finished(record, HUMANS, finished_at=T0)
    message = one_sentence(recorded.problem)
    assert str(sheet) in message and "a new one will be started" in message
    (aside,) = set_aside_files(sheet)
    assert aside.read_bytes().endswith(b'"games": [{"gam')
    rows, problem = storage.load_history()
    assert problem is None
    assert [row.game for row in rows] == [recorded.game_id]


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (b"not json", "is not valid JSON"),
        (b'{"format": "agent-avenue-history", "version": 3, "games": []}', "version 3"),
        (
            b'{"format": "agent-avenue-history", "version": 1, "games": [{"game": 1}]}',
            'bad value in "games[0].game"',
        ),
    ],
)
def test_load_history_sets_a_bad_sheet_aside(home: Path, content: bytes, expected: str) -> None:
    """load_history reports a bad sheet in one sentence, sets it aside and returns no rows."""
    sheet = storage.history_path()
    sheet.parent.mkdir(parents=True)
    sheet.write_bytes(content)
    rows, problem = storage.load_history()
    assert rows == []
    assert expected in one_sentence(problem)
    (aside,) = set_aside_files(sheet)
    assert aside.read_bytes() == content
    assert storage.load_history() == ([], None)


def test_an_edited_score_sheet_row_must_be_consistent(home: Path, rules: Rules) -> None:
    """A hand-edited winner name that is not the winner's seat's name is refused."""
    record, _ = random_game(rules, "simple", 2)
    storage.record_finished(record, HUMANS, finished_at=T0)
    sheet = storage.history_path()
    document = json.loads(sheet.read_text())
    document["games"][0]["winner_name"] = "Mallory"
    sheet.write_text(json.dumps(document))
    rows, problem = storage.load_history()
    assert rows == []
    assert "the winner's name is not the name of the winner's seat" in one_sentence(problem)


# The history command ---------------------------------------------------------------------------


def _three_games(rules: Rules) -> list[str]:
    """Record three games (the last against a bot) and return their ids, oldest first."""
    ids = []
    for number, (mode, seed) in enumerate([("simple", 1), ("simple", 2), ("advanced", 0)]):
        record, _ = random_game(rules, mode, seed)
        players = VS_BOT if number == 2 else HUMANS
        when = T0 + timedelta(hours=number)
        ids.append(storage.record_finished(record, players, finished_at=when).game_id)
    return ids


def test_history_totals(rules: Rules, home: Path) -> None:
    """Totals per player (a bot counts apart) and per way of winning add up."""
    _three_games(rules)
    rows, _ = storage.load_history()
    totals = {t.player: (t.games, t.wins, t.losses) for t in score_sheet.player_totals(rows)}
    assert totals["Ada"] == (3, sum(row.winner == 0 for row in rows), 3 - totals["Ada"][1])
    assert totals["Bob"][0] == 2
    assert totals["Bob (bot, normal)"][0] == 1
    assert sum(t[1] for t in totals.values()) == 3
    ways = dict(score_sheet.way_totals(rows))
    assert sum(ways.values()) == 3
    assert set(ways) == {score_sheet.way_of_winning(row) for row in rows}


def _row(**changes: Any) -> HistoryRow:
    base: dict[str, Any] = {
        "game": "20250301-100000-abcdef",
        "date": T0,
        "mode": Mode.SIMPLE,
        "names": ("Ada", "Bob"),
        "players": HUMANS,
        "winner": 0,
        "winner_name": "Ada",
        "reasons": ("catch",),
        "conditions": ({"side": 0, "reason": "catch", "wins": True},),
        "by_tie_rule": False,
        "turns": 9,
    }
    return HistoryRow.model_validate({**base, **changes})


def test_ways_of_winning() -> None:
    """The winner's own conditions, the loser's lose conditions, and the tie rule are named."""
    assert score_sheet.way_of_winning(_row()) == "catch"
    daredevils = _row(
        reasons=("daredevils",),
        conditions=({"side": 1, "reason": "daredevils", "wins": False},),
    )
    assert score_sheet.way_of_winning(daredevils) == "opponent_daredevils"
    assert score_sheet.way_label("opponent_daredevils") == "opponent's 3 Daredevils"
    tie = _row(
        reasons=("catch", "codebreakers"),
        conditions=(
            {"side": 0, "reason": "catch", "wins": True},
            {"side": 1, "reason": "codebreakers", "wins": True},
        ),
        by_tie_rule=True,
    )
    assert score_sheet.way_of_winning(tie) == "catch+tie_rule"
    assert score_sheet.way_label("catch+tie_rule") == "caught the opponent, tie rule"


def test_history_json_parses_and_numbers_the_most_recent_first(
    rules: Rules, home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`history --json` prints JSON with the games, most recent first, and the totals."""
    ids = _three_games(rules)
    assert history.main_history(["--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [g["number"] for g in data["games"]] == [1, 2, 3]
    assert [g["game"] for g in data["games"]] == ids[::-1]
    assert data["games"][0]["players"] == list(VS_BOT)
    assert all("moves" not in g and "seed" not in g for g in data["games"])
    assert sum(w["wins"] for w in data["totals"]["ways"]) == 3
    assert {p["player"] for p in data["totals"]["players"]} >= {"Ada", "Bob (bot, normal)"}


def test_history_table(rules: Rules, home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`history` prints the games and both totals tables; an empty sheet says so."""
    assert history.main_history([]) == 0
    assert "No finished game has been recorded yet." in capsys.readouterr().out
    _three_games(rules)
    assert history.main_history([]) == 0
    out = capsys.readouterr().out
    for words in ("Finished games", "Totals per player", "Totals per way of winning", "Ada"):
        assert words in out


def test_history_shows_names_as_written_not_as_markup(home: Path) -> None:
    """A name that looks like rich markup is printed as it is."""
    row = _row(names=("[red]Ada", "Bob"), winner_name="[red]Ada")
    console = Console(record=True, width=120)
    console.print(score_sheet.render_history([row]))
    assert "[red]Ada" in console.export_text()


def test_history_with_a_bad_sheet_exits_2_with_one_sentence(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A bad score sheet: one sentence on stderr, nothing on stdout, exit 2, sheet set aside."""
    sheet = storage.history_path()
    sheet.parent.mkdir(parents=True)
    sheet.write_text("{")
    assert history.main_history(["--json"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith("agent-avenue: The score sheet ")
    assert err.count("\n") == 1 and err.endswith(".\n")
    assert set_aside_files(sheet)
    assert history.main_history(["--json"]) == 0  # the program goes on with a new sheet


def test_command_helpers_add_their_arguments() -> None:
    """The lead can wire the subcommands with the add_*_arguments helpers."""
    import argparse

    parser = argparse.ArgumentParser()
    commands = parser.add_subparsers(dest="command")
    history.add_history_arguments(commands.add_parser("history"))
    history.add_export_arguments(commands.add_parser("export"))
    history.add_replay_arguments(commands.add_parser("replay"))
    assert parser.parse_args(["history", "--json"]).json is True
    args = parser.parse_args(["export", "last", "out.json", "--force"])
    assert (args.game, args.out, args.force) == ("last", "out.json", True)
    assert parser.parse_args(["replay"]).game is None


# Game files: export, find, replay, referee ------------------------------------------------------


def test_export_round_trip_replays_to_the_same_final_state(
    rules: Rules, home: Path, tmp_path: Path
) -> None:
    """export → load_game_file → replay gives the same final state, hands included."""
    for mode, seed in (("simple", 4), ("advanced", 2)):
        record, final = random_game(rules, mode, seed)
        out = tmp_path / f"{mode}.json"
        assert storage.export_game(record, out, players=VS_BOT) == out
        loaded = storage.load_game_file(out)
        assert loaded == record
        assert referee_report(replay(rules, loaded)) == referee_report(final)
        states = storage.replay_states(loaded)
        assert len(states) == len(record.moves) + 1
        assert referee_report(states[-1]) == referee_report(final)
        # What the referee does with a game file: the moves from the start position.
        start = new_game(rules, loaded.mode, loaded.seed, loaded.first)
        assert referee_report(run_moves(start, list(loaded.moves))) == referee_report(final)


def test_export_command_by_number_id_and_last(
    rules: Rules, home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`export` takes a number from history, a game id or `last`; it refuses to overwrite."""
    ids = _three_games(rules)
    out = tmp_path / "two.json"
    assert history.main_export(["2", str(out)]) == 0
    assert ids[1] in capsys.readouterr().out
    assert storage.read_game_file(out).game_id == ids[1]
    assert history.main_export([ids[0], str(out)]) == 2
    assert "already exists" in capsys.readouterr().err
    assert storage.read_game_file(out).game_id == ids[1]
    assert history.main_export([ids[0], str(out), "--force"]) == 0
    assert storage.read_game_file(out).game_id == ids[0]
    capsys.readouterr()
    assert history.main_export(["last", "-"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["id"] == ids[2] and printed["players"] == list(VS_BOT)


@pytest.mark.parametrize(
    ("ref", "expected"),
    [
        ("4", "There is no game number 4"),
        ("0", "There is no game number 0"),
        ("20990101-000000-abcdef", "There is no finished game with the id"),
        ("no-such-thing", "There is no game 'no-such-thing'"),
    ],
)
def test_find_game_refusals(rules: Rules, home: Path, ref: str, expected: str) -> None:
    """Unknown references are refused with one sentence."""
    _three_games(rules)
    with pytest.raises(StorageError) as caught:
        storage.find_game(ref)
    assert expected in one_sentence(str(caught.value))


def test_find_game_with_an_empty_sheet_and_a_missing_file(rules: Rules, home: Path) -> None:
    """No games yet, or a row whose game file was deleted: one sentence each."""
    with pytest.raises(StorageError, match="No finished game has been recorded yet"):
        storage.find_game()
    ids = _three_games(rules)
    (storage.games_dir() / f"{ids[2]}.json").unlink()
    with pytest.raises(StorageError, match="is on the score sheet, but its file"):
        storage.find_game("last")


def test_a_bad_game_file_in_our_folder_is_set_aside(rules: Rules, home: Path) -> None:
    """A recorded game file edited by hand is reported and set aside when replayed."""
    ids = _three_games(rules)
    path = storage.games_dir() / f"{ids[2]}.json"
    document = json.loads(path.read_text())
    document["moves"][0] = "recruit up"
    bad = json.dumps(document).encode()
    path.write_bytes(bad)
    with pytest.raises(StorageError) as caught:
        storage.find_game("1")
    message = one_sentence(str(caught.value))
    assert "move 1 of" in message and '"recruit up"' in message
    (aside,) = set_aside_files(path)
    assert aside.read_bytes() == bad
    assert storage.find_game("2").game_id == ids[1]  # the others still work


def _exported(rules: Rules, tmp_path: Path) -> Path:
    record, _ = random_game(rules, "simple", 5)
    return storage.export_game(record, tmp_path / "game.json")


GAME_FILE_CASES: dict[str, tuple[Callable[[dict[str, Any]], Any], str]] = {
    "not JSON": (lambda d: "{oops", "is not valid JSON"),
    "truncated": (lambda d: json.dumps(d)[:50], "ends too early"),
    "a save": (lambda d: {**d, "format": "agent-avenue-save"}, "is a saved game, not a game file"),
    "unknown format": (lambda d: {**d, "format": "chess"}, 'its "format" field is missing'),
    "newer version": (lambda d: {**d, "version": 3}, "game file format version 3"),
    "wrong type": (lambda d: {**d, "first": "green"}, 'bad value in "first"'),
    "illegal move": (
        lambda d: {**d, "moves": [d["moves"][0], "offer mole mole", *d["moves"][2:]]},
        "has a move that is not legal: move 2 of",
    ),
    "edited result": (
        lambda d: {**d, "result": {**d["result"], "turns": d["result"]["turns"] + 1}},
        "gives a result that its moves do not match",
    ),
}


@pytest.mark.parametrize("case", list(GAME_FILE_CASES))
def test_load_game_file_refuses_bad_files_without_moving_them(
    rules: Rules, home: Path, tmp_path: Path, case: str
) -> None:
    """A bad game file the user named: one sentence naming it; the file is left where it is."""
    path = _exported(rules, tmp_path)
    edit, expected = GAME_FILE_CASES[case]
    changed = edit(json.loads(path.read_text()))
    path.write_text(changed if isinstance(changed, str) else json.dumps(changed))
    before = path.read_bytes()
    with pytest.raises(StorageError) as caught:
        storage.load_game_file(path)
    message = one_sentence(str(caught.value))
    assert str(path) in message
    assert expected in message
    assert path.read_bytes() == before
    assert set_aside_files(path) == []


def test_load_game_file_names_the_illegal_move_and_why(rules: Rules, tmp_path: Path) -> None:
    """A finished game's illegal move is quoted with the engine's reason (nothing is secret)."""
    path = _exported(rules, tmp_path)
    document = json.loads(path.read_text())
    document["moves"][0] = "discard mole"
    path.write_text(json.dumps(document))
    with pytest.raises(StorageError) as caught:
        storage.load_game_file(path)
    assert "move 1 of" in str(caught.value)
    assert '"discard mole" (there is no mole in the hand)' in str(caught.value)


def test_missing_game_file(tmp_path: Path) -> None:
    """A game file that does not exist is one sentence too."""
    with pytest.raises(StorageError) as caught:
        storage.load_game_file(tmp_path / "nope.json")
    assert "does not exist" in one_sentence(str(caught.value))


def test_export_refuses_an_unfinished_game_unless_asked(
    game: tuple[GameRecord, GameState], tmp_path: Path
) -> None:
    """A game file of an unfinished game would reveal the hands: refused unless allowed."""
    record, _ = game
    with pytest.raises(StorageError, match="reveals every hand"):
        storage.export_game(cut(record, 5), tmp_path / "g.json")
    assert not (tmp_path / "g.json").exists()
    storage.export_game(cut(record, 5), tmp_path / "g.json", allow_unfinished=True)
    stored = storage.read_game_file(tmp_path / "g.json")
    assert stored.result is None and stored.record == cut(record, 5)


def test_replay_by_path_reads_an_exported_file(rules: Rules, home: Path, tmp_path: Path) -> None:
    """`replay FILE` finds an exported game by its path."""
    path = _exported(rules, tmp_path)
    stored = storage.find_game(str(path))
    assert stored.path == path
    assert stored.result is not None
