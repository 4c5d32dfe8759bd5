"""Translated text: every string a player sees comes from a locale file through `t()`."""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources
from typing import Any

LANGUAGES = ("en", "fr", "nl", "es")
DEFAULT_LANGUAGE = "en"

_current = DEFAULT_LANGUAGE


def _flatten(table: dict[str, Any], prefix: str = "") -> dict[str, str]:
    flat: dict[str, str] = {}
    for key, value in table.items():
        name = f"{prefix}{key}"
        if isinstance(value, dict):
            flat.update(_flatten(value, f"{name}."))
        else:
            flat[name] = str(value)
    return flat


@cache
def catalogue(language: str) -> dict[str, str]:
    """Every string of one language, by dotted key (e.g. `handoff.title`)."""
    text = (resources.files("agent_avenue.locales") / f"{language}.toml").read_text("utf-8")
    return _flatten(tomllib.loads(text))


def set_language(language: str) -> None:
    """Choose the language of every string from now on."""
    global _current
    if language not in LANGUAGES:
        raise ValueError(f"unknown language {language!r}; choose one of {', '.join(LANGUAGES)}")
    _current = language


def language() -> str:
    """The language in use."""
    return _current


def t(key: str, **params: object) -> str:
    """The string for `key` in the current language, with `{name}` placeholders filled in.

    Falls back to English, then to the key itself, so a missing string shows but never crashes.
    """
    text = catalogue(_current).get(key)
    if text is None:
        text = catalogue(DEFAULT_LANGUAGE).get(key, key)
    return text.format(**params) if params else text


def agent_name(agent: str) -> str:
    """An agent's name as printed on the cards of the current language's edition."""
    return t(f"agent.{agent}")


def card_name(card: str) -> str:
    """A black market card's name in the current language."""
    return t(f"card.{card}")
