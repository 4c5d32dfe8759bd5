"""The app for a network game (`agent-avenue join`, `agent-avenue host --seat`): the normal
table for the seats this terminal holds, driven by the server's messages (ui/remote_game.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual.binding import Binding, BindingType

from agent_avenue.engine import Rules
from agent_avenue.i18n import t
from agent_avenue.net.client import GameClient
from agent_avenue.ui.app import BaseApp
from agent_avenue.ui.messages import ActionChosen, Continue
from agent_avenue.ui.remote_game import RemoteGame
from agent_avenue.ui.screens.lobby import LobbyScreen

if TYPE_CHECKING:
    from agent_avenue.ui.screens.network_over import NetworkGameOverScreen

NET = "net"
"""The worker group of the connection."""

__all__ = ["RemoteApp", "run_remote"]


class RemoteApp(BaseApp):
    """The table of a game hosted elsewhere (or by this process's server): the lobby, then
    the game as the server tells it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("c", "room", t("net.ui.key_room"), show=False),
    ]

    def __init__(
        self, rules: Rules, client: GameClient, lines: tuple[str, ...] = (), record: bool = True
    ) -> None:
        """The app for one client; `lines` (the room code, the join commands) show first;
        `record`: write the finished game on this terminal's score sheet (not at the host's
        own table: its server does, in the same data folder)."""
        super().__init__(rules)
        self.lines = lines
        self.remote = RemoteGame(self, client, record)

    @property
    def names(self) -> tuple[str, str]:
        """The sides' names, green first, once the server has said them."""
        return self.remote.names if self.remote.remote is not None else super().names

    def on_mount(self) -> None:
        """The lobby, then the connection in a worker of this event loop."""
        lobby = LobbyScreen(self.lines, t("net.ui.joining"))
        self.remote.lobby = lobby
        self.push_screen(lobby)
        self.run_worker(self.remote.run(), group=NET)

    async def on_action_chosen(self, message: ActionChosen) -> None:
        """A player chose an action: it goes to the server."""
        message.stop()
        with self.batch_update():
            self.remote.chosen(message.action)
            await self.remote.shown()

    async def on_continue(self, message: Continue) -> None:
        """The players have watched the reveal: on to what the server says now."""
        message.stop()
        with self.batch_update():
            self.remote.continued()
            await self.remote.shown()

    def on_network_game_over_screen_rematch(self, message: NetworkGameOverScreen.Rematch) -> None:
        """n on the game-over screen: ask the others for a rematch in the same room."""
        message.stop()
        self.remote.ask_rematch()

    def after_game_over(self, again: bool | None) -> None:
        """The game-over screen closed (q: leave the room; n asks for a rematch instead, and
        a rematch dealt takes the screen away without closing it): the app ends, and at the
        host's own table its server with it."""
        self.exit(0)

    def action_quit_game(self) -> None:
        """Leave at once: the seat stays, and the same join command takes it again."""
        self.exit(0)

    def action_room(self) -> None:
        """The room code and the join commands again (a cleared terminal lost them)."""
        if self.lines and not isinstance(self.screen, LobbyScreen):
            self.push_screen(LobbyScreen(self.lines, closable=True))


def run_remote(
    client: GameClient,
    lines: tuple[str, ...] = (),
    rules: Rules | None = None,
    record: bool = True,
) -> int:
    """Run the network table until the game is over or the player leaves; the exit status
    (`record`: as RemoteApp has it)."""
    from agent_avenue.ui.run import run_to_the_end

    if rules is None:
        from agent_avenue.data import load_rules

        rules = load_rules()
    return run_to_the_end(RemoteApp(rules, client, lines, record))
