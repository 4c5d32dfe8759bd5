"""What a start loads: the engine's names come from their modules when first used, and the
first screen loads neither the game's modules nor validation and parsing libraries."""

from __future__ import annotations

import ast
import importlib
import subprocess
import sys
from pathlib import Path

import agent_avenue.engine as engine

ENGINE_INIT = Path(engine.__file__)

NOT_AT_START = (
    "pydantic",
    "tomllib",
    "agent_avenue.bots",
    "agent_avenue.engine.reducer",
    "agent_avenue.engine.legal",
    "agent_avenue.engine.view",
    "agent_avenue.play.session",
    "agent_avenue.teaching.describe",
    "agent_avenue.ui.table_game",
    "agent_avenue.ui.screens.table",
    "agent_avenue.ui.screens.handoff",
    "agent_avenue.ui.screens.rules",
    "textual.widgets._radio_set",
)
"""Modules the start screen does not need: the game's, and a Textual widget it no longer uses
(Textual's own app module already loads its buttons and dropdowns)."""


def _checked_imports() -> dict[str, set[str]]:
    """The names the engine package imports for type checkers, by module."""
    tree = ast.parse(ENGINE_INIT.read_text("utf-8"))
    guarded = next(n for n in tree.body if isinstance(n, ast.If))
    found: dict[str, set[str]] = {}
    for node in guarded.body:
        assert isinstance(node, ast.ImportFrom) and node.module is not None
        found.setdefault(node.module.rpartition(".")[2], set()).update(a.name for a in node.names)
    return found


def test_the_engines_table_of_names_matches_its_imports_and_all() -> None:
    homes = {module: set(names) for module, names in engine._HOMES.items()}
    assert homes == _checked_imports()
    assert set(engine.__all__) == set(engine._HOME_OF)
    assert len(engine.__all__) == len(set(engine.__all__))


def test_every_engine_name_is_its_modules_own() -> None:
    for name in engine.__all__:
        module = importlib.import_module(f"agent_avenue.engine.{engine._HOME_OF[name]}")
        assert getattr(engine, name) is getattr(module, name), name
    assert set(engine.__all__) <= set(dir(engine))


def test_an_unknown_engine_name_is_an_attribute_error() -> None:
    try:
        engine.no_such_name  # type: ignore[attr-defined]  # noqa: B018
    except AttributeError as error:
        assert "no_such_name" in str(error)
    else:
        raise AssertionError("an unknown name was found")


def test_the_first_screens_modules_load_none_of_the_games() -> None:
    code = (
        "import sys\n"
        "import agent_avenue.cli.commands, agent_avenue.cli.play, agent_avenue.ui.app\n"
        "from agent_avenue.ui.screens.start import StartScreen\n"
        f"print(' '.join(m for m in {NOT_AT_START!r} if m in sys.modules))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert done.stdout.split() == []
