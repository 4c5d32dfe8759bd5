"""Moving an older version's single save.json into the saves folder."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

from agent_avenue.storage.atomic import atomic_write_text
from agent_avenue.storage.bad_files import SAVE, set_aside_saying
from agent_avenue.storage.files import FileProblem, SaveFile, dump_document, read_document
from agent_avenue.storage.paths import save_path
from agent_avenue.storage.save_files import new_save_id

__all__ = [
    "migrate_legacy",
]


def migrate_legacy(home: Path | str | None) -> str | None:
    """Move an older version's single `save.json` into the saves folder under a new id.

    A bad one is set aside (the sentence is returned); a good one keeps every field.
    """
    legacy = save_path(home)
    try:
        document = read_document(legacy, SaveFile)
    except FileNotFoundError:
        return None
    except FileProblem as problem:
        return set_aside_saying(SAVE, legacy, problem.message)[0]
    save_id = document.id or new_save_id(document.saved_at)
    target = save_path(home, save_id)
    if os.path.lexists(target):
        save_id = new_save_id(document.saved_at)
        target = save_path(home, save_id)
    moved = document.model_copy(update={"id": save_id})
    atomic_write_text(target, dump_document(moved))
    with contextlib.suppress(OSError):
        legacy.unlink()
    return None
