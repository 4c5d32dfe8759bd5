"""No code under src/ uses Textual's private API (issue 24: a thin App), outside the allowlisted
functions below, each a place where Textual offers no public way.

Private means a name with one leading underscore that Textual defines: a method or class
attribute of a Textual class, or an attribute a Textual class sets on `self`; and a Textual
module with such a part in its path. What counts as a use:
- in a class of ours derived from a Textual class, a method of such a name that a Textual base
  defines (an override), or `self.<name>` for one (an own attribute would shadow Textual's);
- anywhere, `<something other than self>.<name>` for a name any Textual class defines;
- an import of a private Textual module.
"""

from __future__ import annotations

import ast
import importlib
import inspect
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from types import ModuleType

import textual

import agent_avenue

SRC = Path(agent_avenue.__file__).parent
TEXTUAL = Path(textual.__file__).parent

ALLOWED: dict[tuple[str, str], str] = {
    ("ui/app.py", "BaseApp._fatal_error"): "the crash hook: Textual has no public hook for "
    "an unhandled error, nor a public way to read it",
    ("ui/palette.py", "TranslatedCommandPalette._start_no_matches_countdown"): "the "
    "palette's 'No matches found': Textual writes it in English and offers no way to change it",
    ("ui/widgets/game_log.py", "GameLog._size_updated"): "Textual's scrolling widgets redraw "
    "their scrollbar at every layout of the screen (they compare the layout's virtual size with "
    "their own, which never match for a log); the only public way out is to hide the scrollbar. "
    "And RichLog writes the lines it held back (`_size_known`, `_deferred_renders`) only on its "
    "Resize, after the frame of the layout that gave it a width; no public hook comes sooner",
}
"""(module, function) -> why: the only places that may use Textual's private names."""


def is_private(name: str) -> bool:
    """One leading underscore (a dunder such as `__init__` is public protocol)."""
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def defined_names(node: ast.ClassDef) -> frozenset[str]:
    """The private names a class defines: its methods, its class attributes, and what its
    methods set on `self`."""
    names: set[str] = set()
    for item in node.body:
        if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef):
            names.add(item.name)
        elif isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
            names.add(item.target.id)
        elif isinstance(item, ast.Assign):
            names.update(target.id for target in item.targets if isinstance(target, ast.Name))
    for sub in ast.walk(node):
        if (
            isinstance(sub, ast.Attribute)
            and isinstance(sub.ctx, ast.Store)
            and isinstance(sub.value, ast.Name)
            and sub.value.id == "self"
        ):
            names.add(sub.attr)
    return frozenset(name for name in names if is_private(name))


@cache
def textual_classes() -> dict[tuple[str, str], frozenset[str]]:
    """(source file, class name) -> the private names that class of Textual's defines."""
    found: dict[tuple[str, str], frozenset[str]] = {}
    for path in TEXTUAL.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.ClassDef):
                found[(str(path), node.name)] = defined_names(node)
    return found


@cache
def any_textual_private() -> frozenset[str]:
    """Every private name some Textual class defines."""
    return frozenset().union(*textual_classes().values())


def inherited_private(cls: type) -> frozenset[str]:
    """The private names `cls`'s Textual bases define (none for a class not Textual's)."""
    names: set[str] = set()
    for base in cls.__mro__:
        if base.__module__.split(".")[0] != "textual":
            continue
        source = inspect.getsourcefile(base)
        names |= textual_classes().get((str(source), base.__name__), frozenset())
        names |= {name for name in vars(base) if is_private(name)}
    return frozenset(names)


def private_uses(source: str, module: ModuleType | None) -> Iterator[tuple[str, int, str]]:
    """(qualified name of the function, line, what) for each use of Textual's private API in
    one module's source; `module` is that module imported, to tell its Textual classes."""

    def visit(
        node: ast.AST, scope: str, inherited: frozenset[str]
    ) -> Iterator[tuple[str, int, str]]:
        if isinstance(node, ast.Import | ast.ImportFrom):
            imported = (
                [a.name for a in node.names]
                if isinstance(node, ast.Import)
                else [node.module or ""]
            )
            for name in imported:
                parts = name.split(".")
                if parts[0] == "textual" and any(is_private(part) for part in parts):
                    yield scope, node.lineno, f"import {name}"
        elif isinstance(node, ast.ClassDef):
            cls = getattr(module, node.name, None) if not scope else None
            inherited = inherited_private(cls) if isinstance(cls, type) else frozenset()
            for item in node.body:
                if (
                    isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef)
                    and item.name in inherited
                ):
                    yield f"{node.name}.{item.name}", item.lineno, f"def {item.name} (an override)"
        elif isinstance(node, ast.Attribute) and is_private(node.attr):
            on_self = isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")
            if node.attr in (inherited if on_self else any_textual_private()):
                yield scope, node.lineno, f".{node.attr}"
        if isinstance(node, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            scope = f"{scope}.{node.name}" if scope else node.name
        for child in ast.iter_child_nodes(node):
            yield from visit(child, scope, inherited)

    yield from visit(ast.parse(source), "", frozenset())


def allowed(path: str, function: str) -> tuple[str, str] | None:
    """The allowlist entry whose function holds `function` (itself or one nested in it)."""
    for key in ALLOWED:
        if key[0] == path and (function == key[1] or function.startswith(key[1] + ".")):
            return key
    return None


def module_of(path: Path) -> ModuleType | None:
    """The module of a source file, imported if it uses Textual (only such a module can hold
    a class derived from Textual's)."""
    if path.name == "__main__.py" or "textual" not in path.read_text("utf-8"):
        return None
    parts = path.relative_to(SRC).with_suffix("").parts
    return importlib.import_module(".".join(("agent_avenue", *parts)).removesuffix(".__init__"))


def test_no_private_textual_api_outside_the_allowlisted_functions() -> None:
    found: list[str] = []
    used: set[tuple[str, str]] = set()
    for path in sorted(SRC.rglob("*.py")):
        if "compiled" in path.parts:
            continue
        name = path.relative_to(SRC).as_posix()
        for function, line, what in private_uses(path.read_text("utf-8"), module_of(path)):
            key = allowed(name, function)
            if key is not None:
                used.add(key)
            else:
                found.append(f"{name}:{line} in {function or 'the module'}: {what}")
    assert not found, "Textual's private API used:\n" + "\n".join(found)
    assert used == set(ALLOWED), f"allowlisted, but no private API left: {set(ALLOWED) - used}"


def test_the_check_finds_each_kind_of_use() -> None:
    """An override, an own attribute shadowing Textual's, a read through another object and a
    private module: each is found (the check would pass on anything otherwise)."""
    from textual.widgets import RichLog

    class Sneaky(RichLog):
        pass

    module = ModuleType("sneaky")
    module.Sneaky = Sneaky  # type: ignore[attr-defined]
    source = (
        "import textual.widgets._markdown\n"
        "class Sneaky(RichLog):\n"
        "    def _on_mount(self, event):\n"
        "        self._size_known = True\n"
        "        self._mine = 1\n"
        "def peek(app):\n"
        "    return app._exception\n"
    )
    assert list(private_uses(source, module)) == [
        ("", 1, "import textual.widgets._markdown"),
        ("Sneaky._on_mount", 3, "def _on_mount (an override)"),
        ("Sneaky._on_mount", 4, "._size_known"),
        ("peek", 7, "._exception"),
    ]
