"""The data folder's lock: every read-modify-write of a shared file holds it, briefly.

It is an operating-system lock (filelock: fcntl.flock on POSIX), so a process that dies lets
go of it at once; the lock file itself is never read and may stay. Within one process the
lock is re-entrant in the same thread (one FileLock object per folder), and threads wait for
each other as other processes do.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from agent_avenue.i18n import t
from agent_avenue.storage.atomic import PRIVATE, StorageError, describe_os_error
from agent_avenue.storage.paths import data_home

if TYPE_CHECKING:
    from filelock import FileLock  # imported when a lock is first taken: it is slow to load

LOCK_NAME = ".lock"
LOCK_TIMEOUT = 30.0
"""Seconds to wait for another program's write before giving up with a sentence."""

__all__ = ["LOCK_NAME", "LOCK_TIMEOUT", "data_lock"]

_locks: dict[Path, FileLock] = {}
_guard = threading.Lock()


def _lock_for(folder: Path) -> FileLock:
    """The one FileLock object of a folder in this process (so nested use is re-entrant)."""
    from filelock import FileLock

    key = folder.absolute()
    with _guard:
        lock = _locks.get(key)
        if lock is None:
            lock = FileLock(key / LOCK_NAME, timeout=LOCK_TIMEOUT, mode=PRIVATE)
            _locks[key] = lock
        return lock


@contextmanager
def data_lock(home: Path | str | None = None) -> Iterator[None]:
    """Hold the data folder's lock for the `with` block; StorageError (one sentence) if the
    folder cannot be made or another program holds the lock for too long."""
    from filelock import Timeout

    folder = data_home(home)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        lock = _lock_for(folder)
        lock.acquire()
    except Timeout:
        raise StorageError(t("storage.lock_busy", path=folder, seconds=int(LOCK_TIMEOUT))) from None
    except OSError as exc:
        raise StorageError(
            t("storage.lock_failed", path=folder, error=describe_os_error(exc))
        ) from None
    try:
        yield
    finally:
        lock.release()
