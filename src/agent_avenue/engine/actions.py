"""Actions: every decision a player makes, as small frozen values."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard one card of this name from hand and draw a replacement."""

    agent: str


@dataclass(frozen=True, slots=True)
class Offer:
    """Play two cards from hand: `face_up` face up and `face_down` face down."""

    face_up: str
    face_down: str


@dataclass(frozen=True, slots=True)
class Recruit:
    """The opponent's choice of the offered cards: the face-up one or the face-down one."""

    face_up: bool


@dataclass(frozen=True, slots=True)
class Take:
    """Take this black market card from the face-up supply (in a team game: for `seat`)."""

    card: str
    seat: int | None = None


@dataclass(frozen=True, slots=True)
class Lead:
    """Team game: the member at `seat` plays the face-up card this turn."""

    seat: int


@dataclass(frozen=True, slots=True)
class PlayUp:
    """Team game: play this card face up."""

    agent: str


@dataclass(frozen=True, slots=True)
class PlayDown:
    """Team game: play this card face down."""

    agent: str


@dataclass(frozen=True, slots=True)
class Choose:
    """Choose an agent for the instant card being resolved."""

    agent: str


@dataclass(frozen=True, slots=True)
class Answer:
    """Answer an optional follow-up (Spycation's recruit-again)."""

    yes: bool


Action = Discard | Offer | Recruit | Take | Choose | Answer | Lead | PlayUp | PlayDown

RECRUIT_UP = Recruit(face_up=True)
RECRUIT_DOWN = Recruit(face_up=False)
YES = Answer(yes=True)
NO = Answer(yes=False)
