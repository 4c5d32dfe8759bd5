"""Command-line building blocks every command shares: a parser that raises, argument types."""

from __future__ import annotations

import argparse
from typing import NoReturn

from agent_avenue.data.printable import shown, shown_sentence
from agent_avenue.i18n import t

__all__ = ["RaisingParser", "UsageError", "seed_number"]


class UsageError(Exception):
    """Bad command-line input; the message is one sentence for the user."""


class RaisingParser(argparse.ArgumentParser):
    """An argument parser that raises UsageError instead of printing usage and exiting."""

    def error(self, message: str) -> NoReturn:
        """Turn argparse's complaint into a UsageError that names the command's help."""
        safe = shown_sentence(message)
        raise UsageError(t("language.cli.see_help", message=safe, prog=self.prog))


def seed_number(text: str) -> int:
    """A seed: a whole number, 0 or more."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(t("language.cli.not_whole", text=shown(text))) from None
    if value < 0:
        raise argparse.ArgumentTypeError(t("language.cli.negative", value=shown(value)))
    return value
