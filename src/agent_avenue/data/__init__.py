"""The game's data tables (agents, black market cards), loaded and validated from TOML.

The loading module is imported only when one of its names is first used; it imports the tables
module (pydantic models) only for data files that are not the shipped ones.
"""

from typing import TYPE_CHECKING

from agent_avenue.lazy import lazy_exports

if TYPE_CHECKING:
    from agent_avenue.data.loading import (
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

__getattr__ = lazy_exports(__name__, dict.fromkeys(__all__, "loading"))
