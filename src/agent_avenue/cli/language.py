"""The command line's language: chosen before any text is made, argparse's words translated."""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Callable, Iterator

from agent_avenue.cli.arguments import RaisingParser, UsageError
from agent_avenue.cli.output import PROG, fail
from agent_avenue.data.printable import shown
from agent_avenue.i18n import (
    LANGUAGE_ENV,
    LANGUAGES,
    choose_language,
    normalize_language,
    set_language,
    system_locale,
    t,
)
from agent_avenue.storage.settings import describe_problem, load_settings

__all__ = ["add_lang_option", "argparse_in_language", "language_value", "start_language"]

_ARGPARSE_TEXTS = {
    "usage: ": "usage",
    "options": "options",
    "positional arguments": "positionals",
    "show this help message and exit": "help",
    "argument %(argument_name)s: %(message)s": "argument",
    "invalid choice: %(value)r (choose from %(choices)s)": "invalid_choice",
    "invalid %(type)s value: %(value)r": "invalid_value",
    "expected one argument": "expected_one",
    "unrecognized arguments: %s": "unrecognized",
    "the following arguments are required: %s": "required",
    "not allowed with argument %s": "not_allowed_with",
    "one of the arguments %s is required": "one_required",
    "ambiguous option: %(option)s could match %(matches)s": "ambiguous",
    "ignored explicit argument %r": "explicit_ignored",
}
"""argparse's own messages (its gettext message ids) and their keys under `language.argparse`."""


def language_value(text: str) -> str:
    """A --lang value: a language code such as fr (a locale such as fr_BE works too)."""
    chosen = normalize_language(text)
    if chosen is None:
        raise argparse.ArgumentTypeError(
            t("language.unknown", value=shown(text), choices=", ".join(LANGUAGES))
        )
    return chosen


def add_lang_option(parser: argparse.ArgumentParser, default: object) -> None:
    """The --lang option, on the main parser and on every command."""
    parser.add_argument(
        "--lang",
        type=language_value,
        default=default,
        metavar="|".join(LANGUAGES),
        help=t("language.cli.lang_help", variable=LANGUAGE_ENV),
    )


def _requested_language(arguments: list[str]) -> str | None:
    """The --lang value among the arguments, read before the real parser exists (its help texts
    are in that language); None if there is none or the arguments are too broken to tell."""
    early = RaisingParser(prog=PROG, add_help=False)
    early.add_argument("--lang", default=None)
    try:
        found, _ = early.parse_known_args(arguments)
    except (UsageError, SystemExit):
        return None
    value = found.lang
    return value if isinstance(value, str) else None


def start_language(arguments: list[str]) -> int | None:
    """Choose the language first: --lang, $AGENT_AVENUE_LANG, the saved setting, the system's
    locale, else English. Returns exit status 2 for an unknown --lang (None when all is well)."""
    requested = _requested_language(arguments)
    settings, problem = load_settings()
    env = os.environ.get(LANGUAGE_ENV)
    locale_name = system_locale()
    try:
        set_language(choose_language(requested, env, settings.language, locale_name))
    except ValueError:
        set_language(choose_language(None, env, settings.language, locale_name))
        return fail(t("language.unknown", value=shown(requested), choices=", ".join(LANGUAGES)))
    if problem is not None:
        print(f"{PROG}: {describe_problem(problem)}", file=sys.stderr)
    return None


@contextlib.contextmanager
def argparse_in_language() -> Iterator[None]:
    """While building and running the parser, argparse's own words come from the catalogue."""
    module = vars(argparse)
    original: Callable[[str], str] = module["_"]

    def translate(message: str) -> str:
        key = _ARGPARSE_TEXTS.get(message)
        return t(f"language.argparse.{key}") if key is not None else original(message)

    module["_"] = translate
    try:
        yield
    finally:
        module["_"] = original
