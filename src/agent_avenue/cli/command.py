"""What every command of the command line is: a name, its help, its arguments, its run function."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass

RunApp = Callable[..., object]
"""The terminal app's `run_app` (keyword arguments only)."""

__all__ = ["Command", "Context", "RunApp", "app_status", "sentence"]


@dataclass(frozen=True, slots=True)
class Context:
    """What a command may need from the command line around it."""

    load_app: Callable[[], RunApp | None]
    """The terminal app's `run_app`, its module imported only now (None: not installed)."""
    fail: Callable[[str], int]
    """Print one refusal sentence on stderr and return exit status 2."""


@dataclass(frozen=True, slots=True)
class Command:
    """One `agent-avenue` command. Texts are functions: they are made once the language is set."""

    name: str
    help: Callable[[], str]
    add_arguments: Callable[[argparse.ArgumentParser], object]
    run: Callable[[argparse.Namespace, Context], int]
    description: Callable[[], str] | None = None
    """The --help description (default: the help text as a sentence)."""

    def describe(self) -> str:
        """The command's --help description."""
        return self.description() if self.description is not None else sentence(self.help())


def sentence(text: str) -> str:
    """A help text as a sentence: capital first, full stop last."""
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")


def app_status(code: object) -> int:
    """The exit status the app returned (0 when it returned none)."""
    return code if isinstance(code, int) else 0


def no_arguments(parser: argparse.ArgumentParser) -> None:
    """For a command that takes no arguments of its own (--lang is added to every command)."""
