"""The rematch sentence of a network game's end: who has asked for a rematch, whom this client
waits for, or why there is none; worded for the seats this client holds, in the table's words
(`net.ui`: n and q) or the text client's (`net.text`: rematch and quit)."""

from __future__ import annotations

from agent_avenue.i18n import plural_key, t
from agent_avenue.net.client_game import ClientGame
from agent_avenue.play.seats import is_bot

__all__ = ["everyone_here", "rematch_sentence"]


def _names(seats: list[int], names: tuple[str, ...]) -> tuple[str, bool]:
    """The names of these seats joined ("Ann & Cid"), and whether there are several."""
    shown = [names[seat] for seat in seats if seat < len(names)]
    return " & ".join(shown), len(shown) > 1


def everyone_here(remote: ClientGame) -> bool:
    """Whether every seat of a person is connected (as the last `seats` message said)."""
    connected = remote.connected
    return all(
        is_bot(kind) or (seat < len(connected) and connected[seat])
        for seat, kind in enumerate(remote.kinds)
    )


def rematch_sentence(
    remote: ClientGame,
    names: tuple[str, ...],
    asked_here: bool,
    closed: bool,
    words: str = "net.ui",
) -> str | None:
    """The sentence under a network game's result: None while nobody has asked (the table's
    key bar offers "n Rematch"); once this client asked, whom it waits for; when others asked,
    that they did and how to accept or leave; why there is no rematch when a player has left or
    the room is closed. `words`: the table's keys ("net.ui") or the text client's ("net.text")."""
    if remote.spectator:
        return t(f"{words}.rematch_watch") if asked_here or remote.rematch_asked else None
    if closed or remote.rematch_left or not everyone_here(remote):
        return t(f"{words}.rematch_off") if asked_here or remote.rematch_left else None
    mine = set(remote.seats)
    if asked_here or mine <= set(remote.rematch_asked):
        waiting = [seat for seat in remote.rematch_waits_for if seat not in mine]
        if not waiting:
            return t(f"{words}.rematch_starting")
        who, several = _names(waiting, names)
        return t(plural_key(f"{words}.rematch_waiting", several), names=who)
    asked = [seat for seat in remote.rematch_asked if seat not in mine]
    if not asked:
        return None
    who, several = _names(asked, names)
    return t(plural_key(f"{words}.rematch_asks", several), names=who)
