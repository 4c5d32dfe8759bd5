"""No module under src/ is over 600 lines and no class over 300 (issue 24: rooms that say what
they hold), outside the generated code in i18n/compiled/ and the allowlist below."""

from __future__ import annotations

import ast
from pathlib import Path

import agent_avenue

SRC = Path(agent_avenue.__file__).parent
GENERATED = (SRC / "i18n" / "compiled",)
MAX_MODULE_LINES = 600
MAX_CLASS_LINES = 300

# Modules and classes still over the limits, each with the reason. Remove an entry once it is
# split; never add one without a comment saying who splits it and when.
ALLOWED_MODULES: dict[str, str] = {}
ALLOWED_CLASSES: dict[tuple[str, str], str] = {}


def _modules() -> list[Path]:
    """Every hand-written module of the package."""
    return sorted(
        path
        for path in SRC.rglob("*.py")
        if not any(path.is_relative_to(folder) for folder in GENERATED)
    )


def _name(path: Path) -> str:
    """A module's path inside the package, with forward slashes."""
    return path.relative_to(SRC).as_posix()


def test_no_module_is_over_600_lines() -> None:
    """Each module's line count, against the limit (allowlisted ones left out)."""
    too_long = {
        _name(path): lines
        for path in _modules()
        if (lines := len(path.read_text("utf-8").splitlines())) > MAX_MODULE_LINES
        and _name(path) not in ALLOWED_MODULES
    }
    assert not too_long, f"modules over {MAX_MODULE_LINES} lines: {too_long}"


def test_no_class_is_over_300_lines() -> None:
    """Each class's lines, from its `class` line to its last, against the limit."""
    too_long: dict[str, int] = {}
    for path in _modules():
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if not isinstance(node, ast.ClassDef) or node.end_lineno is None:
                continue
            lines = node.end_lineno - node.lineno + 1
            if lines > MAX_CLASS_LINES and (_name(path), node.name) not in ALLOWED_CLASSES:
                too_long[f"{_name(path)}:{node.name}"] = lines
    assert not too_long, f"classes over {MAX_CLASS_LINES} lines: {too_long}"
