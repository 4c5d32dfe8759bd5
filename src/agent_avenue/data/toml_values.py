"""How error messages about TOML files name the value they found."""

from __future__ import annotations

from datetime import date, datetime, time

from agent_avenue.data.printable import shown

__all__ = ["describe_value"]


def describe_value(value: object) -> str:
    """Name a TOML value and its type for an error message, e.g. `the string "6"`."""
    if isinstance(value, bool):
        return f"the boolean {str(value).lower()}"
    if isinstance(value, str):
        return f'the string "{shown(value, 40)}"'
    if isinstance(value, int):
        return f"the integer {value}"
    if isinstance(value, float):
        return f"the float {value}"
    if isinstance(value, datetime | date | time):
        return f"the date/time {value.isoformat()}"
    if isinstance(value, list):
        return "an array"
    if isinstance(value, dict):
        return "a table"
    return repr(value)
