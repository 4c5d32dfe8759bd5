"""The rematch's sentences (net/rematch_words.py): who asks, whom this terminal waits for, why
there is none; the verb agrees with one name or two in every language; the text client's words
name what to type; and the text client's loop after the end asks, follows the rematch into the
room's next game, and quits."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from agent_avenue.i18n import set_language
from agent_avenue.net.client_game import ClientGame
from agent_avenue.net.protocol import RematchAskedMsg, RematchCancelledMsg, SeatsMsg, Welcome
from agent_avenue.net.rematch_words import rematch_sentence

from .inproc import RULES

NAMES = ("Ann", "Bob", "Cid", "Dee")


def _table(seats: list[int], spectator: bool = False, kinds: list[str] | None = None) -> ClientGame:
    """A four-player client holding `seats` (every seat connected), after the end."""
    kinds = kinds or ["human"] * 4
    welcome = Welcome(
        room="ABCDEFGHJK",
        seats=seats,
        tokens=[],
        spectator=spectator,
        players=4,
        mode="simple",
        kinds=kinds,
        rules_version=RULES.version,
    )

    async def nowhere(move: str, seat: int | None, step: int) -> None:
        raise AssertionError("nothing is sent")

    table = ClientGame(RULES, welcome, nowhere)
    table.receive(SeatsMsg(names=list(NAMES), connected=[True] * 4, kinds=kinds, started=True))
    return table


def _asked(table: ClientGame, seats: list[int]) -> ClientGame:
    table.receive(RematchAskedMsg(seats=seats, names=[NAMES[s] for s in seats]))
    return table


@pytest.mark.parametrize(
    ("lang", "asks_one", "asks_two", "waits_one", "waits_two"),
    [
        ("en", "Bob asks for", "Bob & Dee ask for", "for Dee to accept", "for Cid & Dee to accept"),
        ("fr", "Bob demande", "Bob & Dee demandent", "Dee accepte", "Cid & Dee acceptent"),
        ("nl", "Bob vraagt", "Bob & Dee vragen", "Dee de revanche accepteert", "accepteren"),
        ("es", "Bob pide", "Bob & Dee piden", "Dee acepte", "Cid & Dee acepten"),
    ],
)
def test_the_verb_agrees_with_one_name_or_two(
    lang: str, asks_one: str, asks_two: str, waits_one: str, waits_two: str
) -> None:
    """Bob asks / Bob & Dee ask; waiting for Dee / for Cid & Dee, in all four languages."""
    set_language(lang)
    assert asks_one in str(rematch_sentence(_asked(_table([0]), [1]), NAMES, False, False))
    assert asks_two in str(rematch_sentence(_asked(_table([0]), [1, 3]), NAMES, False, False))
    waiting_one = rematch_sentence(_asked(_table([0, 2]), [0, 1, 2]), NAMES, True, False)
    assert waiting_one is not None and waits_one in waiting_one
    waiting_two = rematch_sentence(_asked(_table([0]), [0, 1]), NAMES, True, False)
    assert waiting_two is not None and waits_two in waiting_two


def test_the_sentences_say_what_there_is_and_is_not() -> None:
    """Nothing before anyone asks; this terminal's own ask waits for the others (not for its
    own seats, nor the computer's); a spectator is told only the players ask; a player gone or
    a closed room: no rematch; the text client's words name what to type."""
    assert rematch_sentence(_table([0]), NAMES, False, False) is None
    assert rematch_sentence(_table([0]), NAMES, True, False) == (
        "Waiting for Bob & Cid & Dee to accept the rematch (q leaves)."
    )
    bots = _table([0], kinds=["human", "bot:easy", "human", "bot:easy"])
    assert rematch_sentence(bots, NAMES, True, False) == (
        "Waiting for Cid to accept the rematch (q leaves)."
    )
    assert rematch_sentence(_asked(_table([0]), [0, 1, 2, 3]), NAMES, True, False) == (
        "Everyone agreed: the rematch is being dealt…"
    )
    watcher = _table([], spectator=True)
    assert rematch_sentence(watcher, NAMES, False, False) is None
    assert "Only the players" in str(rematch_sentence(_asked(watcher, [1]), NAMES, False, False))
    gone = _asked(_table([0]), [0])
    gone.receive(RematchCancelledMsg(seats=[1], names=["Bob"]))
    off = "No rematch: not every player is in the room (q leaves)."
    assert rematch_sentence(gone, NAMES, False, False) == off
    assert rematch_sentence(_table([0]), NAMES, False, True) is None
    assert rematch_sentence(_table([0]), NAMES, True, True) == off
    text = rematch_sentence(_asked(_table([0]), [1]), NAMES, False, False, "net.text")
    assert text == "Bob asks for a rematch: type rematch to accept, quit to leave."


async def test_the_text_client_asks_and_follows_the_rematch(tmp_path: Path) -> None:
    """After a duel's end the text client prints Bob's ask; `rematch` typed deals the next game,
    said in one line, with Ann's view; `quit` leaves. Before the end `rematch` is refused with
    one sentence and nothing is sent."""
    from agent_avenue.net.client import GameClient
    from agent_avenue.net.scripted import bot_chooser, play_out
    from agent_avenue.net.text_client import _play, _TextPlayer

    from .inproc import LOOPBACK, WAIT, serving

    async with serving(tmp_path / "server") as (_, hosted, port):
        code = hosted.room.config.code
        green = GameClient(LOOPBACK, port, code, name="Ann", seats=(0,), home=tmp_path / "g")
        blue = GameClient(LOOPBACK, port, code, name="Bob", seats=(1,), home=tmp_path / "b")
        await green.join()
        await blue.join()
        said: list[str] = []
        player = _TextPlayer(green, said.append)
        assert green.table is not None
        await player.typed("rematch")
        assert said == ["The game is not over: a rematch is asked for after its end."]
        await asyncio.gather(
            play_out(green, bot_chooser("random", 3), timeout=WAIT),
            play_out(blue, bot_chooser("random", 4), timeout=WAIT),
        )
        said.clear()
        playing = asyncio.create_task(_play(player))
        await blue.send_rematch()
        async with asyncio.timeout(WAIT):
            while "Bob asks for a rematch: type rematch to accept, quit to leave." not in said:
                await asyncio.sleep(0.01)
        await player.lines.put("rematch")
        async with asyncio.timeout(WAIT):
            while not any(line.startswith("Ann's hand:") for line in said):
                await asyncio.sleep(0.01)
        assert "Rematch: game 2 of this room begins." in said
        assert hosted.room.config.game == 2
        await player.lines.put("quit")
        assert await asyncio.wait_for(playing, WAIT) is False
        await green.close()
        await blue.close()


def test_a_player_back_in_the_room_makes_a_rematch_possible_again() -> None:
    """Bob left (the rematch was called off), then came back with his token: no "no rematch"
    line any more, and Ann may ask again."""
    table = _asked(_table([0]), [0])
    table.receive(RematchCancelledMsg(seats=[1], names=["Bob"]))
    away = [True, False, True, True]
    table.receive(SeatsMsg(names=list(NAMES), connected=away, kinds=["human"] * 4, started=True))
    assert table.rematch_left == (1,)
    table.receive(
        SeatsMsg(names=list(NAMES), connected=[True] * 4, kinds=["human"] * 4, started=True)
    )
    assert table.rematch_left == () and rematch_sentence(table, NAMES, False, False) is None
