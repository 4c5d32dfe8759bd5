"""Crash-safe file writes (temp file, fsync, rename) and setting bad files aside, never deleting."""

from __future__ import annotations

import contextlib
import errno
import os
import tempfile
import time
from datetime import datetime
from pathlib import Path

from agent_avenue.i18n import t

TEMP_SUFFIX = ".tmp"
BAD_MARK = ".bad-"
STALE_TEMP_SECONDS = 3600.0
PRIVATE = 0o600
SHARED = 0o644

__all__ = [
    "BAD_MARK",
    "PRIVATE",
    "SHARED",
    "StorageError",
    "atomic_write_text",
    "describe_os_error",
    "remove_stale_temps",
    "set_aside",
]

_REASONS = {
    errno.ENOSPC: "full",
    errno.EDQUOT: "quota",
    errno.EROFS: "read_only",
    errno.EACCES: "denied",
    errno.EPERM: "denied",
    errno.EFBIG: "too_big",
    errno.ENOENT: "no_folder",
    errno.ENOTDIR: "not_folder",
    errno.EISDIR: "is_folder",
    errno.EIO: "io",
}
"""The `storage.os.*` key that says what an error number means."""


class StorageError(Exception):
    """A file could not be read, written or trusted; the message is one sentence for the user."""


class _TooManySetAside(FileExistsError):
    """Every name for setting a file aside in this second is taken."""


def describe_os_error(exc: OSError) -> str:
    """What went wrong, in plain words fit for the middle of a sentence ("the disk is full")."""
    if exc.errno in _REASONS:
        return t(f"storage.os.{_REASONS[exc.errno]}")
    if isinstance(exc, _TooManySetAside):
        return t("storage.os.too_many_aside")
    text = exc.strerror or str(exc) or type(exc).__name__
    return t("storage.os.other", error=text)


def atomic_write_text(path: Path, text: str, *, mode: int = PRIVATE) -> None:
    """Replace `path` with `text` (UTF-8) so that a crash leaves either the old or the new file.

    The text goes to a temporary file in the same folder, which is flushed and fsynced, then
    renamed over `path` with os.replace; the folder is then fsynced (on POSIX) so that the rename
    survives a power cut. On any OSError (a full disk, say) the temporary file is removed, `path`
    is left exactly as it was, and a StorageError with one sentence is raised.
    """
    data = text.encode("utf-8")
    folder = path.parent
    existed = os.path.lexists(path)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, temp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=TEMP_SUFFIX, dir=folder)
    except OSError as exc:
        raise StorageError(_write_failure(path, exc, existed)) from exc
    temp = Path(temp_name)
    try:
        try:
            if mode != PRIVATE:
                os.chmod(temp, mode)
            _write_all(fd, data)
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(temp, path)
    except BaseException as exc:
        _remove_quietly(temp)
        if isinstance(exc, OSError):
            raise StorageError(_write_failure(path, exc, existed)) from exc
        raise
    _fsync_folder(folder)


def set_aside(path: Path, *, now: datetime | None = None) -> Path:
    """Rename a bad file to `<name>.bad-<timestamp>` (never over another file) and return it.

    Raises OSError if the file cannot be renamed; the file is then left where it was.
    """
    stamp = (now or datetime.now()).strftime("%Y%m%d-%H%M%S")
    for attempt in range(1, 1000):
        extra = "" if attempt == 1 else f"-{attempt}"
        target = path.with_name(f"{path.name}{BAD_MARK}{stamp}{extra}")
        try:
            # A hard link fails if the target exists, so nothing is ever overwritten.
            os.link(path, target)
        except FileExistsError:
            continue
        except OSError as exc:
            if exc.errno == errno.ENOENT:
                raise
            # No hard links on this file system (FAT, some shares): check, then rename.
            if os.path.lexists(target):
                continue
            os.rename(path, target)
            return target
        os.unlink(path)
        return target
    raise _TooManySetAside(errno.EEXIST, "too many files set aside in the same second", str(path))


def remove_stale_temps(folder: Path, *, older_than: float = STALE_TEMP_SECONDS) -> int:
    """Delete temporary files that a killed writer left in `folder`; returns how many went.

    Only our own temp files (`.<name>.<random>.tmp`) older than `older_than` seconds are removed,
    so a writer still at work in another process is never disturbed.
    """
    removed = 0
    limit = time.time() - older_than
    try:
        candidates = list(folder.glob(f".*{TEMP_SUFFIX}"))
    except OSError:
        return 0
    for candidate in candidates:
        try:
            if candidate.is_file() and candidate.stat().st_mtime < limit:
                candidate.unlink()
                removed += 1
        except OSError:
            continue
    return removed


def _write_failure(path: Path, exc: OSError, existed: bool) -> str:
    """The sentence for a failed write: what failed, why, and that the old file is intact."""
    key = "storage.write_failed_kept" if existed else "storage.write_failed_nothing"
    return t(key, path=path, error=describe_os_error(exc))


def _write_all(fd: int, data: bytes) -> None:
    """Write every byte to a file descriptor (os.write may write only part of them)."""
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        if written <= 0:
            raise OSError(errno.EIO, "the disk accepted no data")
        view = view[written:]


def _remove_quietly(path: Path) -> None:
    """Delete a temporary file if it is there; a failure here must not hide the first error."""
    with contextlib.suppress(OSError):
        path.unlink(missing_ok=True)


def _fsync_folder(folder: Path) -> None:
    """Make a rename in `folder` durable (POSIX only).

    The rename has already happened, so the file is whole either way; a folder that cannot be
    synced (some file systems refuse) only weakens the guarantee after a power cut.
    """
    if os.name != "posix":
        return
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
