"""What a start loads: the engine's names come from their modules when first used, and the
first screen loads neither the game's modules nor validation and parsing libraries."""

from __future__ import annotations

import ast
import importlib
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

import agent_avenue.data as data
import agent_avenue.engine as engine
import agent_avenue.storage as storage
import agent_avenue.ui.widgets as widgets

NOT_AT_START = (
    "pydantic",
    "tomllib",
    "agent_avenue.bots",
    "agent_avenue.engine.reducer",
    "agent_avenue.engine.legal",
    "agent_avenue.engine.view",
    "agent_avenue.play.session",
    "agent_avenue.teaching.describe",
    "agent_avenue.ui.hot_seat_game",
    "agent_avenue.ui.screens.table",
    "agent_avenue.ui.screens.handoff",
    "agent_avenue.ui.screens.rules",
    "textual.widgets._radio_set",
    "openskill",
    "plotext",
    "textual_plotext",
    "agent_avenue.play.ratings",
    "agent_avenue.ui.screens.history",
)
"""Modules the start screen does not need: the game's, a Textual widget it no longer uses
(Textual's own app module already loads its buttons and dropdowns), and the ratings' (openskill,
plotext: the start screen reads the ratings in a thread once it is drawn)."""


LAZY_PACKAGES = (engine, data, storage, widgets)


def _checked_imports(package: ModuleType) -> dict[str, str]:
    """The names a package's __init__ imports for type checkers, and their modules."""
    tree = ast.parse(Path(str(package.__file__)).read_text("utf-8"))
    guarded = next(n for n in tree.body if isinstance(n, ast.If))
    found: dict[str, str] = {}
    for node in guarded.body:
        assert isinstance(node, ast.ImportFrom) and node.module is not None
        found.update(dict.fromkeys((a.name for a in node.names), node.module.rpartition(".")[2]))
    return found


@pytest.mark.parametrize("package", LAZY_PACKAGES, ids=lambda p: p.__name__)
def test_a_packages_table_of_names_matches_its_imports_and_all(package: ModuleType) -> None:
    """What tools/compile_data.py writes (its --check test says it is current), checked here
    against the package as imported."""
    homes: dict[str, str] = package._HOMES
    assert homes == _checked_imports(package)
    assert set(homes) <= set(package.__all__)
    assert len(package.__all__) == len(set(package.__all__))


@pytest.mark.parametrize("package", LAZY_PACKAGES, ids=lambda p: p.__name__)
def test_every_lazy_name_is_its_modules_own(package: ModuleType) -> None:
    for name, home in package._HOMES.items():
        module = importlib.import_module(f"{package.__name__}.{home}")
        assert getattr(package, name) is getattr(module, name), name
    assert set(package.__all__) <= set(dir(package))


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
        "import agent_avenue.cli.commands, agent_avenue.cli.play, agent_avenue.ui.hot_seat_app\n"
        "from agent_avenue.ui.screens.start import StartScreen\n"
        f"print(' '.join(m for m in {NOT_AT_START!r} if m in sys.modules))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert done.stdout.split() == []


GAME_MODULES = (
    "agent_avenue.play.session",
    "agent_avenue.teaching.explain",
    "agent_avenue.ui.hot_seat_game",
    "agent_avenue.ui.screens.table",
    "agent_avenue.ui.screens.handoff",
    "agent_avenue.ui.screens.game_over",
    "agent_avenue.ui.widgets.panels.makers",
    "agent_avenue.bots",
)
"""What the first screen of a game needs, loaded in a thread while the start screen is read:
imported at the start key instead, they made the players wait for them (the computer's
players, made at the start of a game against it, and the hints' search)."""


def test_the_games_modules_are_loaded_while_the_start_screen_is_read(tmp_path: Path) -> None:
    code = (
        "import asyncio, sys\n"
        "from agent_avenue.data import default_rules\n"
        "from agent_avenue.ui.hot_seat_app import HotSeatApp\n"
        "from agent_avenue.ui.launch import LaunchOptions\n"
        "async def main():\n"
        "    app = HotSeatApp(default_rules(), LaunchOptions())\n"
        "    async with app.run_test(size=(80, 24)) as pilot:\n"
        "        for _ in range(100):\n"
        "            await pilot.pause(0.05)\n"
        f"            if all(m in sys.modules for m in {GAME_MODULES!r}):\n"
        "                break\n"
        f"        print(' '.join(m for m in {GAME_MODULES!r} if m not in sys.modules))\n"
        "asyncio.run(main())\n"
    )
    env = {**os.environ, "AGENT_AVENUE_HOME": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
        env=env,
    )
    assert done.stdout.split() == []
