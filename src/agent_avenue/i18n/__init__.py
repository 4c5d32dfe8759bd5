"""Translated text: every string a player sees comes from a locale file through `t()`."""

from __future__ import annotations

import locale
import os
import re
from collections.abc import Mapping
from functools import cache

from agent_avenue.i18n.sources import read_strings

LANGUAGES = ("en", "fr", "nl", "es")
DEFAULT_LANGUAGE = "en"
LANGUAGE_ENV = "AGENT_AVENUE_LANG"
"""The environment variable that chooses the language (after `--lang`, before the setting)."""
LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")
"""The POSIX locale variables, strongest first."""
_LANGUAGE_WORDS = {"english": "en", "french": "fr", "dutch": "nl", "spanish": "es"}
"""Windows spells locales with words ("French_Belgium")."""

PLURAL = "_plural"
"""The suffix of a text's form for a subject that names two people ("Ann & Cid" for a team of
two, "Green and Blue" for both sides): `describe.take` and `describe.take_plural`."""

_current = DEFAULT_LANGUAGE
_missing: set[tuple[str, str]] = set()


class Translated(str):
    """A string made by `t()`: it remembers its key and placeholders, to be translated again.

    Texts fixed early (binding descriptions are made when a class is created) can then follow a
    change of language: see `retranslate`.
    """

    key: str
    params: dict[str, object]

    def __new__(cls, text: str, key: str, params: Mapping[str, object]) -> Translated:
        """The text, with where it came from."""
        made = super().__new__(cls, text)
        made.key = key
        made.params = dict(params)
        return made

    def __getnewargs__(self) -> tuple[str, str, dict[str, object]]:  # type: ignore[override]
        """Copies and pickles keep the key and the placeholders."""
        return (str(self), self.key, self.params)


@cache
def catalogue(language: str) -> dict[str, str]:
    """Every string of one language, by dotted key (e.g. `handoff.title`)."""
    return read_strings(language)


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
        english = catalogue(DEFAULT_LANGUAGE)
        if key in english:
            _missing.add((_current, key))
        text = english.get(key, key)
    elif _current == "fr" and params:
        text = french_elision(text, params)
    return Translated(text.format(**params) if params else text, key, params)


_FRENCH_VOWELS = frozenset("aeiouyàâäéèêëîïôöùûüÿæœ")
_FRENCH_ELIDED = re.compile(r"\b([Dd]e|[Qq]ue) \{(\w+)\}")


def french_elision(text: str, params: Mapping[str, object]) -> str:
    """French drops the vowel of "de" and "que" before a word that starts with a vowel: "la
    case d'Ann", "qu'Ann" (a name or card filled in decides, so the template cannot)."""

    def elide(match: re.Match[str]) -> str:
        word, name = match.group(1), match.group(2)
        value = params.get(name)
        if not isinstance(value, str) or value[:1].lower() not in _FRENCH_VOWELS:
            return match.group(0)
        return f"{word[:-1]}'{{{name}}}"

    return _FRENCH_ELIDED.sub(elide, text)


def plural_key(key: str, plural: bool) -> str:
    """`key`, or its `_plural` form when the text's subject names two people: whoever fills the
    name in knows which (a team of two players, or both sides named together)."""
    return f"{key}{PLURAL}" if plural else key


def retranslate(text: str) -> str:
    """`text` again in the current language if `t()` made it (its placeholders too), else as is."""
    if not isinstance(text, Translated):
        return text
    params = {
        name: retranslate(value) if isinstance(value, str) else value
        for name, value in text.params.items()
    }
    return t(text.key, **params)


def missing_strings() -> set[tuple[str, str]]:
    """(language, key) of every English string `t()` had to show untranslated so far."""
    return set(_missing)


def agent_name(agent: str) -> str:
    """An agent's name as printed on the cards of the current language's edition."""
    return t(f"agent.{agent}")


def card_name(card: str) -> str:
    """A black market card's name in the current language."""
    return t(f"card.{card}")


def language_name(language: str) -> str:
    """A language's name in that language ("Français"), for choosing among them."""
    return catalogue(language).get("language.name", language)


def normalize_language(text: str | None) -> str | None:
    """The supported language a code or locale stands for ("fr_BE.UTF-8" → "fr"), else None."""
    if not text:
        return None
    head = text.strip().split(".")[0].split("@")[0].replace("-", "_")
    code = head.split("_")[0].casefold()
    if code in LANGUAGES:
        return code
    return _LANGUAGE_WORDS.get(code)


def choose_language(
    cli_lang: str | None, env: str | None, saved: str | None, system_locale: str | None
) -> str:
    """The language to use: `--lang`, else $AGENT_AVENUE_LANG, else the saved setting, else the
    system locale, else English. Values that name no supported language are skipped, except
    `--lang`, which raises ValueError (the user asked for it by name)."""
    if cli_lang is not None:
        chosen = normalize_language(cli_lang)
        if chosen is None:
            raise ValueError(f"unknown language {cli_lang!r}")
        return chosen
    for candidate in (env, saved, system_locale):
        chosen = normalize_language(candidate)
        if chosen is not None:
            return chosen
    return DEFAULT_LANGUAGE


def system_locale(environ: Mapping[str, str] | None = None) -> str | None:
    """The locale the system asks for: $LC_ALL, $LC_MESSAGES or $LANG, else Python's locale."""
    environ = os.environ if environ is None else environ
    for name in LOCALE_VARIABLES:
        value = environ.get(name, "").strip()
        if value:
            return value
    try:
        found = locale.getlocale()[0]
    except ValueError:
        return None
    return found or None
