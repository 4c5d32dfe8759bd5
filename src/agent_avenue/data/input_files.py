"""Read a file named from outside safely: regular files only, opened without blocking, capped."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

INPUT_LIMIT = 1024 * 1024
"""The largest scenario or moves file read (1 MiB); a real one is a few kilobytes."""

__all__ = ["INPUT_LIMIT", "InputFileError", "read_input_file"]


class InputFileError(Exception):
    """A file that cannot be read; `reason` says why: missing, folder, not_regular, too_large,
    or unreadable (then `os_error` is the system's error and `error` its words)."""

    def __init__(self, reason: str, os_error: OSError | None = None) -> None:
        """Keep the reason code and the system's error."""
        super().__init__(reason)
        self.reason = reason
        self.os_error = os_error
        self.error = "" if os_error is None else (os_error.strerror or type(os_error).__name__)


def read_input_file(path: Path, limit: int = INPUT_LIMIT) -> bytes:
    """The bytes of a regular file, at most `limit` of them; InputFileError otherwise.

    The file is opened with O_NONBLOCK so that a named pipe or a device never makes us wait,
    then checked with fstat: only a regular file is read, and only up to `limit` + 1 bytes.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(path, flags)
    except (FileNotFoundError, ValueError):  # ValueError: a NUL in the name, no such file
        raise InputFileError("missing") from None
    except IsADirectoryError:
        raise InputFileError("folder") from None
    except OSError as exc:
        if exc.errno == errno.ENXIO:  # a socket, or a pipe with no writer on some systems
            raise InputFileError("not_regular") from None
        raise InputFileError("unreadable", exc) from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise InputFileError("folder")
        if not stat.S_ISREG(info.st_mode):
            raise InputFileError("not_regular")
        if info.st_size > limit:
            raise InputFileError("too_large")
        chunks: list[bytes] = []
        size = 0
        while size <= limit:
            chunk = os.read(fd, limit + 1 - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > limit:  # the file grew while we read it
            raise InputFileError("too_large")
        return b"".join(chunks)
    except InputFileError:
        raise
    except OSError as exc:
        raise InputFileError("unreadable", exc) from None
    finally:
        os.close(fd)
