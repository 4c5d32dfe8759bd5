"""The data files themselves: their names, the error every data problem raises, reading one
safely, and the digest that says whether they are the shipped ones."""

from __future__ import annotations

import errno
import hashlib
import os
from pathlib import Path

from agent_avenue.data.input_files import INPUT_LIMIT, InputFileError, read_input_file

AGENTS_FILE = "agents.toml"
MARKET_FILE = "black_market.toml"
DATA_LIMIT = INPUT_LIMIT
"""The largest data file read; the real ones are a few kilobytes."""

_FILE_PROBLEMS = {
    "missing": "data file not found",
    "folder": f"data file cannot be read ({os.strerror(errno.EISDIR)})",
    "not_regular": "data file cannot be read (not a regular file)",
    "too_large": f"data file cannot be read (larger than {DATA_LIMIT // 1024} KiB)",
}
"""The sentence ends for each reason `read_input_file` refuses a file; the first two are the
words `Path.read_bytes` gave before regular files and the size limit were checked."""

__all__ = [
    "AGENTS_FILE",
    "DATA_LIMIT",
    "MARKET_FILE",
    "DataError",
    "read_data_file",
    "source_digest",
]


class DataError(Exception):
    """A data file is missing, is not valid TOML or does not describe valid game data."""


def read_data_file(path: Path) -> bytes:
    """A data file's bytes (a regular file of at most DATA_LIMIT bytes), else DataError."""
    try:
        return read_input_file(path, DATA_LIMIT)
    except InputFileError as exc:
        problem = _FILE_PROBLEMS.get(exc.reason, f"data file cannot be read ({exc.error})")
        raise DataError(f"{path}: {problem}.") from None


def source_digest(agents_bytes: bytes, market_bytes: bytes) -> str:
    """The sha256 (hex) of both files' bytes, each preceded by its length; Rules.version is its
    first 12 characters."""
    digest = hashlib.sha256()
    for content in (agents_bytes, market_bytes):
        digest.update(len(content).to_bytes(8, "big"))
        digest.update(content)
    return digest.hexdigest()
