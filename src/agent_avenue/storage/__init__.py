"""Storage: per-game autosaves, the score sheet and finished games' files, written atomically.

The files module and those that use it (pydantic models) are imported only when one of their
names is first used (agent_avenue.support.lazy): the settings (storage.settings) are read at
start-up without them. The lazy table below the mark comes from the imports under TYPE_CHECKING
(`python tools/compile_data.py` writes it). One module per thing stored: autosave (games in
progress, with migration of an old save.json), history (the score sheet), game_files (finished
games' files), export.
"""

from typing import TYPE_CHECKING

from agent_avenue.storage.atomic import StorageError, atomic_write_text, set_aside
from agent_avenue.storage.lock import data_lock
from agent_avenue.storage.paths import (
    HOME_ENV,
    data_home,
    games_dir,
    history_path,
    save_path,
    saves_dir,
)
from agent_avenue.support.lazy import lazy_names

if TYPE_CHECKING:
    from agent_avenue.storage.autosave import (
        LoadedSave,
        LoadResult,
        SavesFound,
        discard_save,
        list_saves,
        load_save,
        save_document,
        save_game,
    )
    from agent_avenue.storage.export import export_game, game_file_text
    from agent_avenue.storage.files import (
        GameFile,
        HistoryFile,
        HistoryRow,
        ResultSummary,
        SaveFile,
    )
    from agent_avenue.storage.game_files import (
        StoredGame,
        find_game,
        load_game_file,
        read_game_file,
    )
    from agent_avenue.storage.history import (
        PlayedGame,
        Recorded,
        load_history,
        record_finished,
        record_played,
    )
    from agent_avenue.storage.players import HUMAN, Players, player_kind
    from agent_avenue.storage.replaying import replay_states
    from agent_avenue.storage.save_files import new_save_id

# Below: written by tools/compile_data.py from the imports above; do not edit.

__all__ = [
    "HOME_ENV",
    "HUMAN",
    "GameFile",
    "HistoryFile",
    "HistoryRow",
    "LoadResult",
    "LoadedSave",
    "PlayedGame",
    "Players",
    "Recorded",
    "ResultSummary",
    "SaveFile",
    "SavesFound",
    "StorageError",
    "StoredGame",
    "atomic_write_text",
    "data_home",
    "data_lock",
    "discard_save",
    "export_game",
    "find_game",
    "game_file_text",
    "games_dir",
    "history_path",
    "list_saves",
    "load_game_file",
    "load_history",
    "load_save",
    "new_save_id",
    "player_kind",
    "read_game_file",
    "record_finished",
    "record_played",
    "replay_states",
    "save_document",
    "save_game",
    "save_path",
    "saves_dir",
    "set_aside",
]

_HOMES: dict[str, str] = {
    "GameFile": "files",
    "HUMAN": "players",
    "HistoryFile": "files",
    "HistoryRow": "files",
    "LoadResult": "autosave",
    "LoadedSave": "autosave",
    "PlayedGame": "history",
    "Players": "players",
    "Recorded": "history",
    "ResultSummary": "files",
    "SaveFile": "files",
    "SavesFound": "autosave",
    "StoredGame": "game_files",
    "discard_save": "autosave",
    "export_game": "export",
    "find_game": "game_files",
    "game_file_text": "export",
    "list_saves": "autosave",
    "load_game_file": "game_files",
    "load_history": "history",
    "load_save": "autosave",
    "new_save_id": "save_files",
    "player_kind": "players",
    "read_game_file": "game_files",
    "record_finished": "history",
    "record_played": "history",
    "replay_states": "replaying",
    "save_document": "autosave",
    "save_game": "autosave",
}
"""Each name imported when first used, and the module of this package defining it."""
if not TYPE_CHECKING:  # type checkers see the imports above, and no other name
    __getattr__, __dir__ = lazy_names(__name__, _HOMES)
