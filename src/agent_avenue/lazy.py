"""Kept only for ui/widgets/__init__.py until it uses agent_avenue.support.lazy (issue 24: the App
split, another engineer's folder); delete this module then."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from agent_avenue.support.lazy import lazy_names

__all__ = ["lazy_exports"]


def lazy_exports(package: str, modules: Mapping[str, str]) -> Callable[[str], object]:
    """The `__getattr__` of `agent_avenue.support.lazy.lazy_names` (the one mechanism)."""
    return lazy_names(package, modules)[0]
