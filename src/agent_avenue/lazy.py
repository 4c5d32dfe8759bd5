"""Packages whose names are imported from their modules only when first used, so a light
module of the package (data.printable, storage.settings) does not load its heavy ones
(pydantic models) at start-up."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping

__all__ = ["lazy_exports"]


def lazy_exports(package: str, modules: Mapping[str, str]) -> Callable[[str], object]:
    """A module `__getattr__` for `package`: name -> the submodule that defines it."""
    namespace = importlib.import_module(package).__dict__

    def __getattr__(name: str) -> object:
        module = modules.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f"{package}.{module}"), name)
        namespace[name] = value  # found at once from now on
        return value

    return __getattr__
