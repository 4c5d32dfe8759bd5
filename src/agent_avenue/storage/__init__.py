"""Storage: per-game autosaves, the score sheet and finished games' files, written atomically.

The files and saves modules (pydantic models) are imported only when one of their names is first
used: the settings (storage.settings) are read at start-up without them.
"""

from typing import TYPE_CHECKING

from agent_avenue.lazy import lazy_exports
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

if TYPE_CHECKING:
    from agent_avenue.storage.files import (
        GameFile,
        HistoryFile,
        HistoryRow,
        ResultSummary,
        SaveFile,
    )
    from agent_avenue.storage.saves import (
        HUMAN,
        LoadedSave,
        LoadResult,
        PlayedGame,
        Players,
        Recorded,
        SavesFound,
        StoredGame,
        discard_save,
        export_game,
        find_game,
        game_file_text,
        list_saves,
        load_game_file,
        load_history,
        load_save,
        new_save_id,
        player_kind,
        read_game_file,
        record_finished,
        record_played,
        replay_states,
        save_document,
        save_game,
    )

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

_LAZY = {
    "GameFile": "files",
    "HistoryFile": "files",
    "HistoryRow": "files",
    "ResultSummary": "files",
    "SaveFile": "files",
    "HUMAN": "saves",
    "LoadedSave": "saves",
    "LoadResult": "saves",
    "PlayedGame": "saves",
    "Players": "saves",
    "Recorded": "saves",
    "SavesFound": "saves",
    "StoredGame": "saves",
    "discard_save": "saves",
    "export_game": "saves",
    "find_game": "saves",
    "game_file_text": "saves",
    "list_saves": "saves",
    "load_game_file": "saves",
    "load_history": "saves",
    "load_save": "saves",
    "new_save_id": "saves",
    "player_kind": "saves",
    "read_game_file": "saves",
    "record_finished": "saves",
    "record_played": "saves",
    "replay_states": "saves",
    "save_document": "saves",
    "save_game": "saves",
}
__getattr__ = lazy_exports(__name__, _LAZY)
