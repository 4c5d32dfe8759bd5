"""Read a locale file and give its strings: the compiled copy if the file is unchanged, else parsed.

`tools/compile_data.py` writes `agent_avenue.i18n.compiled.<language>` from each locale file
(through `parse_locale`, as here), so that a start does not need tomllib to parse 66 KB of
TOML. A file whose bytes differ from the ones compiled is parsed again, so an edit shows at once.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from types import ModuleType
from typing import Any

from agent_avenue.support.lazy import submodule

LOCALES_DIR = Path(__file__).parent / "locales"
COMPILED_PACKAGE = "agent_avenue.i18n.compiled"

__all__ = [
    "COMPILED_PACKAGE",
    "LOCALES_DIR",
    "locale_digest",
    "locale_path",
    "parse_locale",
    "read_strings",
]


def locale_path(language: str) -> Path:
    """The TOML file of one language."""
    return LOCALES_DIR / f"{language}.toml"


def locale_digest(content: bytes) -> str:
    """The sha256 (hex) of a locale file's bytes, as its compiled module records it."""
    return hashlib.sha256(content).hexdigest()


def _flatten(table: dict[str, Any], prefix: str = "") -> dict[str, str]:
    flat: dict[str, str] = {}
    for key, value in table.items():
        name = f"{prefix}{key}"
        if isinstance(value, dict):
            flat.update(_flatten(value, f"{name}."))
        else:
            flat[name] = str(value)
    return flat


def parse_locale(content: bytes) -> dict[str, str]:
    """Every string of a locale file's bytes, by dotted key, parsed with tomllib."""
    import tomllib  # only here: the compiled modules spare the common case this import

    # Newlines as reading the file as text (universal newlines) gives them.
    text = content.decode("utf-8").replace("\r\n", "\n").replace("\r", "\n")
    return _flatten(tomllib.loads(text))


def _compiled(language: str) -> ModuleType | None:
    """The compiled module of a language, or None if there is none."""
    if not (language.isascii() and language.isalpha()):
        return None
    try:
        return submodule(COMPILED_PACKAGE, language)
    except ModuleNotFoundError as exc:
        if exc.name != f"{COMPILED_PACKAGE}.{language}":
            raise
        return None


def read_strings(language: str) -> dict[str, str]:
    """Every string of one language, by dotted key: the compiled ones if the file is the one
    they were compiled from, else the file parsed."""
    content = locale_path(language).read_bytes()
    compiled = _compiled(language)
    if compiled is not None and locale_digest(content) == compiled.SOURCE_DIGEST:
        return dict(compiled.STRINGS)
    return parse_locale(content)
