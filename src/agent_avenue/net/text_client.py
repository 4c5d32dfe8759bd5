"""A plain text client for `agent-avenue join`: prints the seat's view, reads moves typed in the
notation, and rejoins by itself after a dropped connection."""

from __future__ import annotations

import asyncio
import contextlib
import sys
from collections.abc import Callable

from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from agent_avenue.data.printable import shown, shown_sentence
from agent_avenue.engine import Action, NotationError, PlayerView, format_action, parse_action
from agent_avenue.i18n import plural_key, t
from agent_avenue.net.client import GameClient, JoinRefused
from agent_avenue.net.client_game import ClientGame
from agent_avenue.net.errors import ERROR_CODES, error_text
from agent_avenue.net.protocol import (
    ErrorMsg,
    GameBegunMsg,
    GameOverMsg,
    ProtocolError,
    RematchAskedMsg,
    RematchCancelledMsg,
    SeatsMsg,
    ViewMsg,
)
from agent_avenue.net.rematch_words import everyone_here, rematch_sentence
from agent_avenue.net.views import result_from_model
from agent_avenue.play.teams import team_of_two

RETRIES = 30
"""Reconnection attempts after a drop (about a minute in all) before giving up."""
NETWORK_ERRORS = (OSError, ConnectionClosed, InvalidHandshake, InvalidURI, TimeoutError)

__all__ = ["NETWORK_ERRORS", "RETRIES", "describe_view", "error_line", "run_text_client"]


def _words(items: tuple[str, ...]) -> str:
    """Card ids in a row, or a dash for none."""
    return " ".join(items) if items else "-"


def describe_view(view: PlayerView, table: ClientGame) -> list[str]:
    """The lines that show one seat's view (only what that view holds)."""
    names = table.seat_names
    lines = [t("net.text.turn", turn=view.turn, phase=view.phase.value, deck=view.deck_size)]
    for side in view.sides:
        lines.append(
            t(
                "net.text.side",
                name=shown(table.names[side.index]),
                position=side.position,
                agents=_words(side.in_play),
                cards=side.hand_size,
            )
        )
    if view.mode.value == "advanced":
        lines.append(t("net.text.supply", cards=_words(view.supply)))
    if view.seat is not None:
        lines.append(t("net.text.hand", name=shown(names[view.seat]), cards=_words(view.hand)))
    if view.face_up is not None:
        lines.append(t("net.text.offer", up=view.face_up, down=view.face_down or "?"))
    return lines


def error_line(error: ErrorMsg) -> str:
    """A refusal in this client's own language when it knows the code, else the server's."""
    if error.code in ERROR_CODES and error.code not in ("bad_name", "version"):
        return error_text(error.code, error.reason)
    return shown_sentence(error.message)


class _TextPlayer:
    """The text client's loop: show what arrives, send what is typed."""

    def __init__(self, client: GameClient, out: Callable[[str], None]) -> None:
        """A player on an already joined client."""
        self.client = client
        self.out = out
        self.lines: asyncio.Queue[str | None] = asyncio.Queue()
        self.asked_rematch = False
        """After the end: whether `rematch` was typed here."""

    def show(self, message: object) -> None:
        """Print what a message changes for this player."""
        table = self.client.table
        assert table is not None
        if isinstance(message, SeatsMsg) and not message.started:
            waiting = [seat for seat, name in enumerate(message.names) if name is None]
            self.out(t("net.text.waiting", count=len(waiting)))
        elif isinstance(message, ViewMsg) and message.step == table.step:
            seat = message.seat
            if seat is None or seat == table.seats[-1]:
                for line in describe_view(table.view(seat), table):
                    self.out(line)
                self._prompt(table)
        elif isinstance(message, ErrorMsg):
            self.out(error_line(message))
        elif isinstance(message, GameOverMsg):
            side = result_from_model(message.result).winner
            key = plural_key("net.text.game_over", team_of_two(side, len(table.seat_names)))
            self.out(t(key, winner=shown(table.names[side])))
            if table.seats:
                self.out(t("net.text.rematch_offer"))
        elif isinstance(message, RematchAskedMsg | RematchCancelledMsg):
            self._say_rematch(table)
        elif isinstance(message, GameBegunMsg) and message.game > 1:
            self.asked_rematch = False
            self.out(t("net.text.rematch_begins", game=message.game))

    def _say_rematch(self, table: ClientGame, closed: bool = False) -> None:
        """Who asked for the rematch, whom it waits for, or why there is none."""
        names = tuple(shown(name) for name in table.seat_names)
        sentence = rematch_sentence(table, names, self.asked_rematch, closed, "net.text")
        if sentence is not None:
            self.out(sentence)

    async def _rematch(self, table: ClientGame) -> None:
        """`rematch` typed: asked of the server after the end (else one sentence why not)."""
        if table.over is None:
            self.out(t("net.error.not_over"))
            return
        self.asked_rematch = True
        self._say_rematch(table)
        if not table.spectator and everyone_here(table):
            with contextlib.suppress(*NETWORK_ERRORS):  # a closed room shows as it is read
                await self.client.send_rematch()

    def _prompt(self, table: ClientGame) -> None:
        """Say whose decision it is; list the moves when it is ours."""
        decisions = table.legal()
        if not decisions:
            actor = table.stage.actor
            who = table.seat_names[actor] if actor is not None else "?"
            self.out(t("net.text.wait_for", name=shown(who)))
            return
        for seat, moves in decisions:
            self.out(t("net.text.your_move", name=shown(table.seat_names[seat])))
            self.out("  " + " | ".join(_move_texts(moves)))

    async def typed(self, text: str) -> bool:
        """Handle one typed line; False to stop."""
        table = self.client.table
        assert table is not None
        text = text.strip()
        if text in ("quit", "exit"):
            return False
        if not text:
            return True
        if text == "rematch":
            await self._rematch(table)
            return True
        decisions = table.legal()
        if not decisions:
            self.out(t("net.error.not_your_turn"))
            return True
        try:
            action = parse_action(text, table.rules)
        except NotationError:
            self.out(t("net.error.bad_move"))
            return True
        seat = decisions[0][0]
        await table.play(action, seat)
        return True


def _move_texts(moves: tuple[Action, ...]) -> list[str]:
    """The legal moves in the notation."""
    return [format_action(move) for move in moves]


async def _read_lines(queue: asyncio.Queue[str | None]) -> None:
    """Feed stdin's lines into a queue (None at the end of input)."""
    loop = asyncio.get_running_loop()
    while True:
        line = await loop.run_in_executor(None, sys.stdin.readline)
        await queue.put(line if line else None)
        if not line:
            return


async def _play(player: _TextPlayer) -> bool:
    """Until the player quits or input stops (False), or the room closes after the end (True);
    a rematch goes on to the room's next game."""
    client = player.client
    while True:
        table = client.table
        assert table is not None
        receiving = asyncio.create_task(client.receive())
        typing = asyncio.create_task(player.lines.get())
        done, _ = await asyncio.wait({receiving, typing}, return_when=asyncio.FIRST_COMPLETED)
        if receiving in done:
            try:
                player.show(receiving.result())
            except NETWORK_ERRORS:
                if table.over is None:
                    raise  # a drop during the game: rejoin
                player.out(t("net.ui.room_closed"))
                return True
        else:
            receiving.cancel()
        if typing in done:
            line = typing.result()
            if line is None or not await player.typed(line):
                return False
        else:
            typing.cancel()


async def run_text_client(client: GameClient, out: Callable[[str], None] = print) -> int:
    """Join and play in the terminal; rejoin after drops. Exit status 0, or 2 if refused."""
    player = _TextPlayer(client, out)
    reader = asyncio.create_task(_read_lines(player.lines))
    try:
        for attempt in range(RETRIES):
            try:
                table = await client.join()
                out(t("net.text.joined", seats=", ".join(str(s) for s in table.seats) or "-"))
                await _play(player)
                return 0
            except JoinRefused as refused:
                out(error_line(refused.error))
                if refused.error.code != "seat_in_use" or attempt == RETRIES - 1:
                    return 2
                # The server has not yet noticed that this seat's last connection is gone.
                await asyncio.sleep(min(0.5 * (attempt + 1), 3.0))
            except ProtocolError:
                out(t("net.text.bad_server"))
                return 2
            except NETWORK_ERRORS:
                if attempt == RETRIES - 1:
                    break
                out(t("net.text.reconnecting"))
                await asyncio.sleep(min(0.5 * (attempt + 1), 3.0))
        out(t("net.text.gone"))
        return 2
    finally:
        reader.cancel()
        await client.close()
