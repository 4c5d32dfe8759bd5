"""The app's side of storage: per-game autosaves, recording finished games, and the one-line notes.

Imported only when needed: storage brings in pydantic, which the start screen must not wait for.
Every function returns a sentence to show (or None) instead of raising, so play always goes on.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any

from textual.content import Content
from textual.screen import Screen
from textual.widgets import Static

from agent_avenue.engine import GameRecord, Mode, Rules
from agent_avenue.i18n import t
from agent_avenue.play.teams import side_names
from agent_avenue.storage import (
    HUMAN,
    LoadedSave,
    LoadResult,
    PlayedGame,
    SavesFound,
    StorageError,
    discard_save,
    list_saves,
    load_save,
    record_finished,
    save_document,
    save_game,
)
from agent_avenue.storage import record_played as storage_record_played
from agent_avenue.ui.widgets.keybar import KeyBar

if TYPE_CHECKING:
    from agent_avenue.net.client_game import ClientGame

HUMANS: tuple[str, str] = (HUMAN, HUMAN)
"""Both seats played by people at the terminal (as the save and the score sheet spell it)."""

__all__ = [
    "HUMANS",
    "SaveNote",
    "autosave",
    "check_save",
    "check_saves",
    "forget_game",
    "record_game",
    "record_played",
    "resume_offer",
    "save_line",
    "saveable_note",
    "saved_date",
    "show_note",
]


def check_save(rules: Rules) -> LoadResult:
    """The unfinished game to offer, or the sentence about a bad save (already set aside)."""
    try:
        return load_save(rules=rules)
    except StorageError as exc:  # load_save reports in sentences; this is a safety net
        return LoadResult(None, str(exc))


def check_saves(rules: Rules) -> SavesFound:
    """Every unfinished game to offer (most recent first), and sentences about bad saves."""
    try:
        return list_saves(rules=rules)
    except StorageError as exc:  # list_saves reports in sentences; this is a safety net
        return SavesFound((), (str(exc),))


def saveable_note(record: GameRecord, players: Sequence[str], save_id: str) -> str | None:
    """At a game's start: None, or the line saying at once that this game cannot be saved."""
    try:
        save_document(record, players, save_id)
    except StorageError as exc:
        return t("resume.save_note", problem=str(exc))
    return None


def autosave(record: GameRecord, players: Sequence[str], save_id: str | None = None) -> str | None:
    """Save the game in progress in its own file; None, or a line to show when it failed."""
    try:
        problem = save_game(record, players, save_id=save_id)
    except StorageError as exc:
        return t("resume.save_note", problem=str(exc))
    return None if problem is None else t("resume.save_note", problem=problem)


def record_game(
    record: GameRecord, players: Sequence[str], rules: Rules, save_id: str | None = None
) -> str | None:
    """Write a finished game on the score sheet; None, or a line to show on a problem."""
    try:
        problem = record_finished(record, players, rules=rules, save_id=save_id).problem
    except StorageError as exc:
        return t("resume.record_note", problem=str(exc))
    return None if problem is None else t("resume.record_note", problem=problem)


def record_played(remote: ClientGame, room: str) -> str | None:
    """Write a finished network game on this terminal's score sheet, as a game played here:
    with the whole record the server sent after the end, its game file and row as for a local
    game (once: a data folder shared with the host's server keeps its one row); without one
    (none came, or it was not this game), a row of public facts only."""
    result = remote.result
    if result is None:
        return None
    if remote.record is not None:
        try:
            problem = record_finished(
                remote.record, remote.kinds, rules=remote.rules, once=True
            ).problem
        except StorageError as exc:
            return t("resume.record_note", problem=str(exc))
        return None if problem is None else t("resume.record_note", problem=problem)
    facts = PlayedGame(
        room=room,
        names=remote.seat_names,
        kinds=remote.kinds,
        mode=remote.mode.value,
        result=result,
        turns=remote.view(None).turn,
    )
    try:
        problem = storage_record_played(facts).problem
    except StorageError as exc:
        return t("resume.record_note", problem=str(exc))
    return None if problem is None else t("resume.record_note", problem=problem)


def forget_game(save_id: str | None = None) -> str | None:
    """Delete the game's autosave (the players chose to discard it); None or a sentence."""
    try:
        discard_save(save_id)
    except StorageError as exc:
        return str(exc)
    return None


def saved_date(when: datetime) -> str:
    """When a game was saved, in local time, to the minute."""
    return when.astimezone().strftime(t("resume.date_format"))


def save_line(save: LoadedSave) -> str:
    """One saved game in the list: "Ada vs Bob · simple · turn 5 · saved 2025-01-02 10:30"."""
    names = side_names(save.record.names)
    return t(
        "resume.list_item",
        green=names[0],
        blue=names[1],
        mode=t(f"history.mode.{Mode(save.record.mode).value}"),
        turn=save.turn,
        date=saved_date(save.saved_at),
    )


def resume_offer(save: LoadedSave) -> str:
    """ "Resume the game of Ada vs Bob, turn 5, saved 2025-01-02 10:30?" (public facts only)."""
    names = side_names(save.record.names)  # a team game: "Ann & Cid"
    return t(
        "resume.offer",
        green=names[0],
        blue=names[1],
        turn=save.turn,
        date=saved_date(save.saved_at),
    )


class SaveNote(Static):
    """One line about the autosave or the score sheet, shown on the screen it concerns only.

    Not a toast: a toast could follow the players onto a handoff screen.
    """

    DEFAULT_CSS = """
    SaveNote {
        height: auto;
        width: 100%;
        padding: 0 1;
        color: $text-warning;
        background: $warning-muted;
    }
    SaveNote.-empty {
        display: none;
    }
    """


def show_note(screen: Screen[Any], text: str | None) -> None:
    """Show a line on a (mounted) screen just above its key bar; None hides it."""
    notes = list(screen.query(SaveNote).results(SaveNote))
    if text is None:
        for note in notes:
            note.update(Content(""))
            note.add_class("-empty")
        return
    if notes:
        note = notes[0]
        note.update(Content(text))
        note.remove_class("-empty")
        return
    note = SaveNote(Content(text), id="save-note")
    bars = list(screen.query(KeyBar).results(KeyBar))
    if bars:
        screen.mount(note, before=bars[0])
    else:
        screen.mount(note)
