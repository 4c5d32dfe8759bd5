"""No import circle anywhere in src/agent_avenue: the graph of which module imports which, built
from the source (every import statement, at the top, inside a function or behind
`TYPE_CHECKING`), has no cycle outside the allowlist below, and every allowlisted one still
exists (so the list only shrinks)."""

from __future__ import annotations

import ast
from collections.abc import Iterator, Mapping
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src"
PACKAGE = "agent_avenue"

ALLOWED_CYCLES: dict[frozenset[str], str] = {}
"""The circles left, each a strongly connected set of modules, with who removes it. Remove an
entry once its circle is gone (the test fails until then); never add one."""


def module_names(src: Path = SRC) -> dict[str, Path]:
    """Every module of the package under `src`, by dotted name (a package by its own name)."""
    names: dict[str, Path] = {}
    for path in sorted((src / PACKAGE).rglob("*.py")):
        parts = list(path.relative_to(src).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        names[".".join(parts)] = path
    return names


def _imported(node: ast.Import | ast.ImportFrom, module: str, is_package: bool) -> Iterator[str]:
    """The dotted names one import statement may load (a module or a name in one)."""
    if isinstance(node, ast.Import):
        for alias in node.names:
            yield alias.name
        return
    base = node.module or ""
    if node.level:
        package = module if is_package else module.rpartition(".")[0]
        for _ in range(node.level - 1):
            package = package.rpartition(".")[0]
        base = f"{package}.{base}" if base else package
    yield base
    for alias in node.names:
        yield f"{base}.{alias.name}"


def import_graph(src: Path = SRC) -> dict[str, set[str]]:
    """Each module of the package and the modules of the package its source imports."""
    modules = module_names(src)
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        is_package = path.name == "__init__.py"
        targets: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Import | ast.ImportFrom):
                continue
            found = [n for n in _imported(node, name, is_package) if n in modules]
            # `from package import submodule` loads the submodule; `from package import name`
            # only the package: the most specific module named is the one imported.
            targets.update(found[1:] or found[:1] if isinstance(node, ast.ImportFrom) else found)
        targets.discard(name)
        graph[name] = targets
    return graph


def cycles(graph: Mapping[str, set[str]]) -> set[frozenset[str]]:
    """The strongly connected sets of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: set[frozenset[str]] = set()

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph.get(node, ())):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = set()
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.add(member)
                if member == node:
                    break
            if len(component) > 1:
                found.add(frozenset(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_no_import_circle_outside_the_allowlist() -> None:
    found = cycles(import_graph())
    new = sorted(sorted(cycle) for cycle in found - set(ALLOWED_CYCLES))
    assert not new, f"import circles: {new}"


def test_every_allowlisted_circle_still_exists() -> None:
    gone = sorted(sorted(cycle) for cycle in set(ALLOWED_CYCLES) - cycles(import_graph()))
    assert not gone, f"these circles are gone (or changed): update ALLOWED_CYCLES: {gone}"


def test_the_check_sees_a_circle_through_a_function_and_type_checking(tmp_path: Path) -> None:
    """The graph sees imports inside functions, behind TYPE_CHECKING and relative ones."""
    package = tmp_path / PACKAGE
    (package / "sub").mkdir(parents=True)
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "sub" / "__init__.py").write_text("from .one import x\n", encoding="utf-8")
    (package / "sub" / "one.py").write_text(
        "def f():\n    from agent_avenue.two import y\n", encoding="utf-8"
    )
    (package / "two.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .sub import one\n",
        encoding="utf-8",
    )
    graph = import_graph(tmp_path)
    assert graph["agent_avenue.sub"] == {"agent_avenue.sub.one"}
    assert graph["agent_avenue.two"] == {"agent_avenue.sub.one"}
    assert cycles(graph) == {frozenset({"agent_avenue.sub.one", "agent_avenue.two"})}
