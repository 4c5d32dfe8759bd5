"""The game's data tables (agents, black market cards), loaded and validated from TOML."""

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
