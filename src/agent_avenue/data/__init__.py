"""The game's data tables (agents, black market cards), loaded and validated from TOML.

The tables module (pydantic models) is imported only when one of its names is first used.
"""

from typing import TYPE_CHECKING

from agent_avenue.lazy import lazy_exports

if TYPE_CHECKING:
    from agent_avenue.data.tables import (
        AGENTS_FILE,
        MARKET_FILE,
        DataError,
        default_data_dir,
        default_rules,
        load_rules,
    )

__all__ = [
    "AGENTS_FILE",
    "MARKET_FILE",
    "DataError",
    "default_data_dir",
    "default_rules",
    "load_rules",
]

__getattr__ = lazy_exports(__name__, dict.fromkeys(__all__, "tables"))
