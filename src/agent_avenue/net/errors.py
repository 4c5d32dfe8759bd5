"""Refusals sent to one client: a code, an optional rule reason, and one translated sentence."""

from __future__ import annotations

from agent_avenue.data.printable import shown_sentence
from agent_avenue.i18n import t
from agent_avenue.net.protocol import ErrorMsg

ERROR_CODES: tuple[str, ...] = (
    "too_big",
    "bad_json",
    "bad_message",
    "version",
    "hello_first",
    "already_joined",
    "no_room",
    "bad_token",
    "seat_in_use",
    "seat_taken",
    "seat_not_open",
    "seats_one_side",
    "room_full",
    "bad_name",
    "no_spectators",
    "spectator",
    "not_started",
    "game_over",
    "not_over",
    "no_rematch",
    "not_your_seat",
    "not_your_turn",
    "computer_decides",
    "bad_move",
    "illegal",
    "stale",
    "rate_limited",
    "too_many_failures",
)
"""Every error code the server sends (docs/protocol.md lists them with their meaning)."""

__all__ = ["ERROR_CODES", "Refused", "error_message", "error_text"]


class Refused(Exception):
    """A client's message the server will not act on; becomes an error message to it only."""

    def __init__(self, code: str, reason: str | None = None, **params: object) -> None:
        """`code` is one of ERROR_CODES; `reason` an engine RefusalReason for `illegal`."""
        super().__init__(code)
        self.code = code
        self.reason = reason
        self.params = params


def error_text(code: str, reason: str | None = None, **params: object) -> str:
    """The sentence for an error code in the language in use (a client translates it again)."""
    if code == "illegal" and reason is not None:
        return shown_sentence(t("net.error.illegal", why=t(f"net.refusal.{reason}")))
    return shown_sentence(t(f"net.error.{code}", **params))


def error_message(refused: Refused) -> ErrorMsg:
    """The error message a refusal becomes."""
    text = error_text(refused.code, refused.reason, **refused.params)
    return ErrorMsg(code=refused.code, reason=refused.reason, message=text)
