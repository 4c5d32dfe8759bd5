"""What the web page allows: its numbers in one place (docs/hosting.md and the README's)."""

from __future__ import annotations

from dataclasses import dataclass

DEFAULT_WEB_PORT = 8766
DEFAULT_SESSIONS = 8
"""Web sessions (seats and spectators, one `join` process each) at once, by default."""
MAX_SESSIONS = 32
"""The most `--web-sessions` may ask for: every session is a connection from 127.0.0.1 to the
game server, whose per-address limit is 64, and one process of about 60 MB."""
TICKET_SECONDS = 30.0
"""How long a page's ticket to its session stays valid before its websocket opens."""
MAX_REQUESTS = 256
"""Requests the web page serves at once, from every address (the next get HTTP 503)."""
PER_ADDRESS_REQUESTS = 32
"""Requests at once from one address (the next get HTTP 429)."""
STOP_SECONDS = 5.0
"""How long a session's process may take to quit before it is killed."""

__all__ = ["DEFAULT_SESSIONS", "DEFAULT_WEB_PORT", "MAX_SESSIONS", "WebLimits"]


@dataclass(frozen=True, slots=True)
class WebLimits:
    """Every limit of the web page (this module's constants by default; tests use small ones)."""

    sessions: int = DEFAULT_SESSIONS
    ticket_seconds: float = TICKET_SECONDS
    max_requests: int = MAX_REQUESTS
    per_address_requests: int = PER_ADDRESS_REQUESTS
    stop_seconds: float = STOP_SECONDS
