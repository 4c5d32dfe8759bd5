"""Read the two data files and build the Rules: compiled for the shipped files, else validated.

The shipped files were validated once, at development time, by `tools/compile_data.py`, which
wrote the Rules they give into `compiled_tables`. Files whose bytes differ from those (edited,
replaced, another version) go through the full validation of `tables`, pydantic and all.
"""

from __future__ import annotations

import functools
from pathlib import Path

from agent_avenue.data.files import (
    AGENTS_FILE,
    DATA_LIMIT,
    MARKET_FILE,
    DataError,
    read_data_file,
    source_digest,
)
from agent_avenue.engine.rules import Rules

BUNDLED_DIR = Path(__file__).parent
"""Where an installed wheel has the data files (pyproject.toml's force-include)."""
COMPILED_MODULE = "agent_avenue.data.compiled_tables"
REPO_DATA_DIR = Path(__file__).resolve().parents[3] / "data"
"""The repository's data/ folder, used when running from a checkout."""

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


def default_data_dir() -> Path:
    """The folder holding the data files: the installed package's copies, else the repo's data/."""
    if (BUNDLED_DIR / AGENTS_FILE).is_file() and (BUNDLED_DIR / MARKET_FILE).is_file():
        return BUNDLED_DIR
    return REPO_DATA_DIR


def _compiled_rules(digest: str) -> Rules | None:
    """The compiled Rules if they were compiled from files with this digest, else None."""
    # Imported here, not at the top: tools/compile_data.py imports this module through tables
    # and must work while the compiled module is stale, broken or missing.
    try:
        from agent_avenue.data import compiled_tables
    except ModuleNotFoundError as exc:
        if exc.name != COMPILED_MODULE:
            raise
        return None
    if digest != compiled_tables.SOURCE_DIGEST:
        return None
    return compiled_tables.rules()


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
