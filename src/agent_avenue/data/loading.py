"""Read the two data files and build the Rules: compiled for the shipped files, else validated.

The shipped files were validated once, at development time, by `tools/compile_data.py`, which
wrote the Rules they give into `compiled_tables`. Files whose bytes differ from those (edited,
replaced, another version) go through the full validation of `tables`, pydantic and all.
"""

from __future__ import annotations

import errno
import functools
import hashlib
import importlib
import os
from pathlib import Path
from typing import cast

from agent_avenue.data.input_files import INPUT_LIMIT, InputFileError, read_input_file
from agent_avenue.engine.rules import Rules

AGENTS_FILE = "agents.toml"
MARKET_FILE = "black_market.toml"
BUNDLED_DIR = Path(__file__).parent
"""Where an installed wheel has the data files (pyproject.toml's force-include)."""
COMPILED_MODULE = "agent_avenue.data.compiled_tables"
REPO_DATA_DIR = Path(__file__).resolve().parents[3] / "data"
"""The repository's data/ folder, used when running from a checkout."""
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
    "BUNDLED_DIR",
    "COMPILED_MODULE",
    "DATA_LIMIT",
    "MARKET_FILE",
    "REPO_DATA_DIR",
    "DataError",
    "default_data_dir",
    "default_rules",
    "load_rules",
    "read_data_file",
    "source_digest",
]


class DataError(Exception):
    """A data file is missing, is not valid TOML or does not describe valid game data."""


def default_data_dir() -> Path:
    """The folder holding the data files: the installed package's copies, else the repo's data/."""
    if (BUNDLED_DIR / AGENTS_FILE).is_file() and (BUNDLED_DIR / MARKET_FILE).is_file():
        return BUNDLED_DIR
    return REPO_DATA_DIR


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


def _compiled_rules(digest: str) -> Rules | None:
    """The compiled Rules if they were compiled from files with this digest, else None."""
    # Imported here, not at the top: tools/compile_data.py imports this module through tables
    # and must work while the compiled module is stale, broken or missing.
    try:
        compiled = importlib.import_module(COMPILED_MODULE)
    except ModuleNotFoundError as exc:
        if exc.name != COMPILED_MODULE:
            raise
        return None
    if digest != compiled.SOURCE_DIGEST:
        return None
    return cast(Rules, compiled.rules())


def load_rules(agents_path: Path | None = None, market_path: Path | None = None) -> Rules:
    """Read, validate and convert the two data files into Rules; raise DataError if they're bad."""
    if agents_path is None or market_path is None:
        folder = default_data_dir()
        agents_path = folder / AGENTS_FILE if agents_path is None else agents_path
        market_path = folder / MARKET_FILE if market_path is None else market_path
    agents_bytes = read_data_file(agents_path)
    market_bytes = read_data_file(market_path)
    compiled = _compiled_rules(source_digest(agents_bytes, market_bytes))
    if compiled is not None:
        return compiled
    # Not the shipped bytes: validate them in full (this imports pydantic).
    from agent_avenue.data.tables import validate_rules

    return validate_rules(agents_path, agents_bytes, market_path, market_bytes)


@functools.cache
def default_rules() -> Rules:
    """The Rules built from the default data files, loaded once per process."""
    return load_rules()
