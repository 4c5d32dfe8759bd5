"""Who plays each seat: the kinds saves store ("human", "bot:<level>") and what the app asks."""

from __future__ import annotations

import pytest

from agent_avenue.play.seats import (
    bot_level,
    bot_seats,
    is_bot,
    list_opponent,
    opponent_kind,
    opponent_kinds,
    seat_kinds,
    solo_human,
)
from agent_avenue.storage import player_kind


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("human", "human"),
        ("bot", "bot:normal"),
        ("bot:easy", "bot:easy"),
        (" Bot:HARD ", "bot:hard"),
    ],
)
def test_opponent_kinds_are_spelled_as_saves_spell_them(text: str, kind: str) -> None:
    """--vs values become the kinds storage.player_kind writes."""
    assert opponent_kind(text) == kind
    assert kind == (player_kind() if kind == "human" else player_kind(kind.partition(":")[2]))


@pytest.mark.parametrize(
    "text", ["", "bots", "bot:", "bot:expert", "search", "greedy", "bot:easy:x"]
)
def test_unknown_opponents_are_refused(text: str) -> None:
    """Anything else is a ValueError."""
    with pytest.raises(ValueError):
        opponent_kind(text)


def test_seat_kinds_give_the_other_side_to_the_opponent() -> None:
    """The person's side is human; every seat of the other side gets the opponent's kind."""
    assert seat_kinds() == ("human", "human")
    assert seat_kinds("bot:hard") == ("human", "bot:hard")
    assert seat_kinds("bot:easy", 2, 1) == ("bot:easy", "human")
    assert seat_kinds("bot:normal", 4, 0) == ("human", "bot:normal", "human", "bot:normal")


def test_what_the_app_asks() -> None:
    """Computer seats, the one person playing alone, a level (unknown ones play normal)."""
    assert bot_seats(("human", "bot:hard")) == (1,)
    assert solo_human(("human", "bot:hard")) == 0
    assert solo_human(("bot:easy", "human")) == 1
    assert solo_human(("human", "human")) is None
    assert solo_human(("human", "bot:normal", "human", "bot:normal")) is None
    assert is_bot("bot:hard") and not is_bot("human")
    assert bot_level("bot:hard") == "hard"
    assert bot_level("bot:grandmaster") == "normal"


def test_one_kind_per_seat_and_the_opponent_it_stands_for() -> None:
    """A comma-separated --vs value gives one kind per seat; its first computer is the opponent."""
    assert opponent_kinds("bot") == ("bot:normal",)
    assert opponent_kinds("human, BOT:hard,human") == ("human", "bot:hard", "human")
    with pytest.raises(ValueError, match="robot"):
        opponent_kinds("human,robot")
    assert list_opponent(("human", "bot:easy", "human", "bot:hard")) == "bot:easy"
    assert list_opponent(("human", "human")) == "human"
    assert solo_human(("human", "bot:hard", "bot:hard")) == 0
    assert solo_human(("human", "bot:hard", "human", "human")) is None
