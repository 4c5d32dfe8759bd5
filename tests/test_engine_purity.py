"""The engine stays pure: no UI or I/O imports, no file or console access, immutable values."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ENGINE = Path(__file__).resolve().parents[1] / "src" / "agent_avenue" / "engine"
FORBIDDEN_MODULES = {"textual", "rich", "pydantic", "os", "io", "pathlib", "sys", "tomllib", "json"}
FORBIDDEN_CALLS = {"open", "print", "input", "exec", "eval"}


def engine_files() -> list[Path]:
    """Every module of the engine package."""
    files = sorted(ENGINE.glob("*.py"))
    assert len(files) > 5
    return files


@pytest.mark.parametrize("path", engine_files(), ids=lambda p: p.name)
def test_engine_module_imports_no_ui_or_io(path: Path) -> None:
    tree = ast.parse(path.read_text("utf-8"))
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module]
        for name in names:
            assert name.split(".")[0] not in FORBIDDEN_MODULES, f"{path.name} imports {name}"
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            assert node.func.id not in FORBIDDEN_CALLS, f"{path.name} calls {node.func.id}()"


def test_importing_the_engine_loads_neither_textual_nor_rich() -> None:
    code = (
        "import sys, agent_avenue.engine\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich'))\n"
        "print(','.join(bad))"
    )
    src = str(ENGINE.parents[1])
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env={"PYTHONPATH": src},
    )
    assert out.stdout.strip() == ""


def test_state_values_cannot_be_changed() -> None:
    from agent_avenue.data import default_rules
    from agent_avenue.engine import new_game, player_view

    state = new_game(default_rules(), "advanced", 5, 0)
    with pytest.raises(AttributeError):
        state.turn = 9  # type: ignore[misc]
    with pytest.raises(AttributeError):
        state.sides[0].progress = 3  # type: ignore[misc]
    with pytest.raises(AttributeError):
        state.sides[0].members[0].hand = ()  # type: ignore[misc]
    view = player_view(state, 0)
    with pytest.raises(AttributeError):
        view.hand = ()  # type: ignore[misc]
    with pytest.raises(TypeError):
        state.rules.agent_by_id["enforcer"] = state.rules.agent_by_id["mole"]  # type: ignore[index]


def test_reprs_never_show_a_hand() -> None:
    from agent_avenue.data import default_rules
    from agent_avenue.engine import apply, legal_actions, new_game

    state = new_game(default_rules(), "simple", 11, 0)
    state = apply(state, legal_actions(state)[0])
    text = repr(state) + repr(state.sides) + str(state)
    for side in state.sides:
        for member in side.members:
            assert "hand=<4 cards>" in repr(member)
    assert state.offer is not None
    for agent in state.rules.agent_ids:
        assert agent not in text
    assert "deck=<" in text
