"""benchmarks/feel.py reads the screens it times from their text: the result screens too."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from agent_avenue.i18n import t
from agent_avenue.ui.computer import BOT_PAUSE

ROOT = Path(__file__).resolve().parent.parent


def _feel() -> ModuleType:
    """benchmarks/feel.py as a module (it needs pyte, the `bench` extra)."""
    pytest.importorskip("pyte")
    benchmarks = str(ROOT / "benchmarks")
    sys.path.insert(0, benchmarks)  # feel.py imports its neighbour transition_rows.py
    try:
        spec = importlib.util.spec_from_file_location("feel", ROOT / "benchmarks/feel.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules.setdefault("feel", module)  # its dataclasses look their module up
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(benchmarks)
    return module


def _screen(*lines: str) -> str:
    """An 80-column screen with these lines, the last one the key bar."""
    return "\n".join(line.ljust(80) for line in (*lines, ""))


def test_the_network_result_screen_is_a_result() -> None:
    """A network game's result screen (its keys: rematch, leave the room) ends the game for
    feel.py: it used to stop on it with "nobody can play"."""
    feel = _feel()
    bar = f" n {t('net.ui.key_rematch')}  q {t('net.ui.key_leave')}"
    screen = _screen("Green wins: Blue's spy was caught.", "", bar)
    assert feel.screen_kind(screen) == "result"


def test_the_hot_seat_result_screen_is_a_result() -> None:
    """The hot-seat result screen is still read as one."""
    feel = _feel()
    bar = f" n {t('gameover.key_again')}  l Log  q {t('gameover.key_quit')}"
    assert feel.screen_kind(_screen("Green wins.", bar)) == "result"


def test_the_program_runs_with_its_terminal_as_controlling_terminal() -> None:
    """feel.py's pseudo-terminal is the program's controlling terminal, as a real terminal is:
    when the benchmark ends without its clean-up, the closed terminal hangs the program up
    (SIGHUP) instead of leaving it running on a terminal nobody reads."""
    import os

    feel = _feel()
    code = "import os; os.close(os.open('/dev/tty', os.O_RDWR)); print('controlling')"
    term = feel.Terminal([sys.executable, "-c", code], 80, 24, dict(os.environ))
    try:
        term.process.wait(timeout=30)
        feel.settle(term, after=term.started, limit=5.0)
        assert b"controlling" in b"".join(data for _, data in term.chunks)
    finally:
        term.close()


def test_a_tiles_words_changed_by_the_meeple_walk_are_part_of_the_walk() -> None:
    """While the meeples move space by space, a tile they leave shows its "home" word again
    and the tiles' distances ("5 to / catch") follow them: part of the deliberate walk, so the
    reveal is complete at its first frame (they used to count as the screen still changing)."""
    feel = _feel()
    moving = t("reveal.moving")
    first = _screen("│ G●     │ │        │", "│        │ │        │", moving, " ⏎ Continue")
    later = _screen("│        │ │ G●     │", "│ home   │ │  5 to  │", moving, " ⏎ Continue")
    done, walk = feel.completion([(1.0, first), (1.3, later)], 0.9)
    assert round(done, 3) == 0.1
    assert round(walk, 3) == 0.3


def test_outside_a_walk_the_same_words_still_count() -> None:
    """A screen without the walk's line is complete only once its distances stop changing."""
    feel = _feel()
    first = _screen("│ 7 to catch │", " ⏎ Continue")
    later = _screen("│ 5 to catch │", " ⏎ Continue")
    done, _ = feel.completion([(1.0, first), (1.3, later)], 0.9)
    assert round(done, 3) == 0.4


def test_the_prompt_after_the_walk_may_wrap_onto_a_second_line() -> None:
    """At 80 columns the prompt that replaces the walk's line once the meeples stop takes two
    lines: the second one is part of the deliberate walk too."""
    feel = _feel()
    moving = t("reveal.moving")
    first = _screen("Blue recruited a Daredevil.", moving, "", " ⏎ Continue")
    later = _screen(
        "Blue recruited a Daredevil.", "Turn 2: Blue plays two", "cards.", " ⏎ Continue"
    )
    done, walk = feel.completion([(1.0, first), (1.5, later)], 0.9)
    assert round(done, 3) == 0.1
    assert round(walk, 3) == 0.5


def test_the_computers_thinking_after_a_key_is_not_the_keys_time() -> None:
    """An offer to the computer shows its thinking screen at once; the time it then thinks is
    the computer's, measured from its move (it used to count as the offer's transition)."""
    feel = _feel()
    thinking = _screen("Blue is thinking", "● ● ●", " l Log")
    reveal = _screen("Blue recruited the face-up card.", " ⏎ Continue")
    frames = [(1.0, thinking), (1.2, thinking), (1.5, reveal)]
    mine, computer = feel.until_the_computer_moves(frames)
    assert [stamp for stamp, _ in mine] == [1.0, 1.2]
    assert [stamp for stamp, _ in computer] == [1.5]
    done, _ = feel.completion(mine, 0.9)
    assert round(done, 3) == 0.1
    assert feel.until_the_computer_moves([(1.0, reveal)]) == ([(1.0, reveal)], [])


def test_the_computers_move_begins_with_the_first_piece_of_its_frame() -> None:
    """The move's frame arrives in pieces: the board's rows change while the panel still reads
    as the thinking screen. Those pieces are the move's, not the key's."""
    feel = _feel()
    thinking = _screen("│ 7 │", "Blue is thinking", "● ● ●", " l Log")
    board_moved = _screen("│ 9 │", "Blue is thinking", "● ● ●", " l Log")
    reveal = _screen("│ 9 │", "Blue recruited the face-up card.", " ⏎ Continue")
    frames = [(1.0, thinking), (1.2, thinking), (1.5, board_moved), (1.502, reveal)]
    mine, computer = feel.until_the_computer_moves(frames)
    assert [stamp for stamp, _ in mine] == [1.0, 1.2]
    assert [stamp for stamp, _ in computer] == [1.5, 1.502]
    done, _ = feel.completion(mine, 0.9)
    assert round(done, 3) == 0.1


def test_what_the_computer_does_on_its_thinking_screen_is_not_the_keys_time() -> None:
    """The computer discards (its log line comes) and thinks again, its thinking screen staying:
    that is its time, not the key's (a reveal's Enter counted 0.4-0.7 s at 160x45 for it)."""
    feel = _feel()
    thinking = _screen("Blue is thinking", "● ● ●", " l Log")
    discarded = _screen("Blue discarded a card face down.", "Blue is thinking", "● ● ●", " l Log")
    recruit = _screen("Your hand: Enforcer, Sentinel", " u Take face-up")
    frames = [(1.0, thinking), (1.2, thinking), (1.6, discarded), (2.0, recruit)]
    mine, computer = feel.until_the_computer_moves(frames)
    assert [stamp for stamp, _ in mine] == [1.0, 1.2]
    assert [stamp for stamp, _ in computer] == [2.0]
    done, _ = feel.completion(mine, 0.9)
    assert round(done, 3) == 0.1
    assert feel.COMPUTER_PAUSE == BOT_PAUSE


def test_the_computer_thinking_under_a_reveal_is_not_the_keys_time() -> None:
    """After the person's move the computer thinks while its reveal is read, and the reveal's
    last line says so until it has decided: that change is the computer's, so the reveal is
    complete at its first frame (it counted as the key's time: up to 0.4 s at 80x24)."""
    feel = _feel()
    thinking = t("bot.thinking", name="Blue")
    decided = t("bot.decided", name="Blue")
    first = _screen("Green took Outpost.", thinking, " ⏎ Continue")
    later = _screen("Green took Outpost.", decided, " ⏎ Continue")
    done, computer = feel.completion([(1.0, first), (1.4, later)], 0.9)
    assert round(done, 3) == 0.1
    assert round(computer, 3) == 0.4
    moved = _screen("Green took Watchtower.", decided, " ⏎ Continue")
    done, _ = feel.completion([(1.0, first), (1.4, moved)], 0.9)
    assert round(done, 3) == 0.5  # the rest of the screen still counts
