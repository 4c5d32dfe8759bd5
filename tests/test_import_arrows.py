"""Every import of one layer by another is a plain import statement, which the import linter
(`lint-imports`, the layers contract in pyproject.toml) sees: no module is imported through
`importlib` or `__import__` with a name made at run time, except by the one lazy-import
mechanism, which imports only a package's own submodules, where no arrow between layers can
hide."""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src" / "agent_avenue"
SAME_PACKAGE_ONLY = {
    "support/lazy.py": "a package's own submodules: its lazy names (engine, data, storage, "
    "ui.widgets) and a language's compiled strings (i18n/compiled/<language>.py)",
}
"""The one module that imports by a name made at run time."""
DYNAMIC = {"import_module", "__import__"}


def dynamic_imports(path: Path) -> list[int]:
    """The lines of a source file that import a module by a name made at run time."""
    lines: list[int] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if name in DYNAMIC:
                lines.append(node.lineno)
    return lines


def test_no_layer_is_imported_through_a_string() -> None:
    found = {
        path.relative_to(SRC).as_posix(): dynamic_imports(path)
        for path in sorted(SRC.rglob("*.py"))
        if "compiled" not in path.parts
    }
    found = {name: lines for name, lines in found.items() if lines}
    assert set(found) == set(SAME_PACKAGE_ONLY), found


def test_the_check_sees_an_import_through_a_string(tmp_path: Path) -> None:
    """The check itself finds both forms (it would pass on anything otherwise)."""
    module = tmp_path / "sneaky.py"
    module.write_text(
        "import importlib\n"
        "ui = importlib.import_module('agent_avenue.ui.app')\n"
        "cli = __import__('agent_avenue.cli')\n",
        encoding="utf-8",
    )
    assert dynamic_imports(module) == [2, 3]
