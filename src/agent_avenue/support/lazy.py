"""The one lazy-import mechanism: a package's names, each imported from its own submodule when
first used (PEP 562), so a light module of the package does not load its heavy ones.

A package's `__init__` imports its names for type checkers under `TYPE_CHECKING` (written by
hand, once); `tools/compile_data.py` writes below them its `__all__` and the table given to
`lazy_names`. Only this module imports a module by a name made at run time, and only a
submodule of the package that asks.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Mapping
from types import ModuleType

__all__ = ["lazy_names", "submodule"]


def submodule(package: str, name: str) -> ModuleType:
    """The submodule `name` of `package`, imported now if it was not (ModuleNotFoundError if
    there is none); `name` is one identifier, so nothing outside the package is reached."""
    if not name.isidentifier():
        raise ModuleNotFoundError(f"no module named {package}.{name}", name=f"{package}.{name}")
    return importlib.import_module(f"{package}.{name}")


def lazy_names(
    package: str, homes: Mapping[str, str]
) -> tuple[Callable[[str], object], Callable[[], list[str]]]:
    """A module `__getattr__` and `__dir__` for `package`: `homes` maps each name to the
    submodule that defines it."""
    namespace = sys.modules[package].__dict__

    def __getattr__(name: str) -> object:
        module = homes.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(submodule(package, module), name)
        namespace[name] = value  # found at once from now on
        return value

    def __dir__() -> list[str]:
        """The package's names, loaded or not."""
        return sorted(set(namespace.get("__all__", ())) | set(namespace))

    return __getattr__, __dir__
