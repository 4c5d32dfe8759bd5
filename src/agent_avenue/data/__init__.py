"""The game's data tables (agents, black market cards), loaded and validated from TOML.

The loading module is imported only when one of its names is first used
(agent_avenue.support.lazy); it imports the tables module (pydantic models) only for data files
that are not the shipped ones. The lazy table below the mark comes from the imports under
TYPE_CHECKING (`python tools/compile_data.py` writes it).
"""

from typing import TYPE_CHECKING

from agent_avenue.support.lazy import lazy_names

if TYPE_CHECKING:
    from agent_avenue.data.files import AGENTS_FILE, MARKET_FILE, DataError
    from agent_avenue.data.loading import default_data_dir, default_rules, load_rules

# Below: written by tools/compile_data.py from the imports above; do not edit.

__all__ = [
    "AGENTS_FILE",
    "MARKET_FILE",
    "DataError",
    "default_data_dir",
    "default_rules",
    "load_rules",
]

_HOMES: dict[str, str] = {
    "AGENTS_FILE": "files",
    "DataError": "files",
    "MARKET_FILE": "files",
    "default_data_dir": "loading",
    "default_rules": "loading",
    "load_rules": "loading",
}
"""Each name imported when first used, and the module of this package defining it."""
if not TYPE_CHECKING:  # type checkers see the imports above, and no other name
    __getattr__, __dir__ = lazy_names(__name__, _HOMES)
