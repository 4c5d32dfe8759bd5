"""What the table must show next: a handoff to whom, whose private screen, a public decision,
the computer thinking, someone elsewhere deciding, or the end of the game.

No Textual code: the hot-seat app, the tutorial and a network client each ask a `Flow` and show
what it says. It knows who is looking at the terminal now and never lets a private screen follow
a public one without the privacy question first: a handoff screen, or (`question`) the public
screen's own prompt when it is a reveal, answered by its Enter (`answered`).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from agent_avenue.engine import Result, seats_of
from agent_avenue.play.session import Stage

__all__ = ["Flow", "Next", "Show"]


class Show(StrEnum):
    """The kinds of screen the table can show next."""

    GAME_OVER = "game_over"
    THINKING = "thinking"  # the computer decides for `seat`; the table shows public facts
    ELSEWHERE = "elsewhere"  # a player at another terminal decides for `seat` (network play)
    TEAM_HANDOFF = "team_handoff"  # pass the terminal to the people of side `side`
    HANDOFF = "handoff"  # pass the terminal to `seat` (for a whole `side` when it is set)
    PUBLIC = "public"  # a decision everyone may watch, made by `seat`
    PRIVATE = "private"  # `seat`'s own screen: its hand is shown


@dataclass(frozen=True, slots=True)
class Next:
    """One answer of the flow: what to show, for which seat, and (team decisions) which side."""

    show: Show
    seat: int | None = None
    side: int | None = None


class Flow:
    """Who is looking at the terminal, and what the table must show next.

    `people` are the seats played by people at this terminal, `computer` the seats this
    program's computer plays; any other seat is played elsewhere (a network game).
    """

    def __init__(self, players: int, people: frozenset[int], computer: frozenset[int]) -> None:
        """A flow for a game of `players` seats."""
        self.players = players
        self.people = people
        self.computer = computer
        self.looker: int | None = None
        """The seat whose player alone looks at the terminal now (None: anyone may look)."""

    @property
    def solo(self) -> int | None:
        """The one person at this terminal, when there is only one: nobody else ever looks,
        so no handoff is needed between that person's own decisions."""
        if len(self.people) == 1 and self.players > 1:
            return next(iter(self.people))
        return None

    def people_of(self, side: int) -> tuple[int, ...]:
        """The seats of `side` played by people at this terminal."""
        return tuple(s for s in seats_of(side, self.players) if s in self.people)

    def next(self, stage: Stage, result: Result | None) -> Next:
        """What to show now that the game waits at `stage` (or is over)."""
        if result is not None:
            return Next(Show.GAME_OVER)
        actor = stage.actor
        assert actor is not None
        solo = self.solo
        if actor in self.computer:
            self.looker = solo
            return Next(Show.THINKING, actor)
        if actor not in self.people and stage.team is None:
            self.looker = solo
            return Next(Show.ELSEWHERE, actor)
        if stage.team is not None and not self.people_of(stage.team):
            self.looker = solo
            return Next(Show.ELSEWHERE, actor)
        if solo is not None:
            self.looker = solo
        if stage.team is not None and self.looker is not None and solo is None:
            # A side decides together next: first the terminal changes hands, unless the one
            # person of that side is already looking.
            handoff = self._team_handoff(stage.team)
            if handoff is not None:
                return handoff
        if stage.audience is None:
            self.looker = solo
            return Next(Show.PUBLIC, actor)
        if stage.audience != self.looker:
            return self.handoff(stage.audience)
        return Next(Show.PRIVATE, stage.audience)

    def computer_next(self, stage: Stage, result: Result | None) -> int | None:
        """The computer's seat that decides next, or None (a person, or the game is over)."""
        if result is not None or stage.actor not in self.computer:
            return None
        return stage.actor

    def _team_handoff(self, side: int) -> Next | None:
        """The handoff before a side's shared decision, or None if its people already look."""
        people = self.people_of(side)
        if people == (self.looker,):
            return None
        self.looker = None
        if len(people) == 1:
            return Next(Show.HANDOFF, people[0], side)
        return Next(Show.TEAM_HANDOFF, None, side)

    def handoff(self, seat: int) -> Next:
        """Pass the terminal to `seat`: the table shows public facts until it is dismissed."""
        self.looker = None
        return Next(Show.HANDOFF, seat)

    def question(self, stage: Stage, result: Result | None) -> Next | None:
        """After a public screen: the handoff that must come next, whose privacy question that
        public screen may ask itself (then `answered`); None when what follows needs none."""
        looker = self.looker
        self.looker = None  # a public screen is shown: anyone may be looking
        step = self.next(stage, result)
        self.looker = looker
        return step if step.show in (Show.HANDOFF, Show.TEAM_HANDOFF) else None

    def answered(self, step: Next) -> None:
        """A public screen asked the privacy question of handoff `step` and it was answered."""
        if step.show is Show.HANDOFF:
            assert step.seat is not None
            self.handed_to(step.seat)
        else:
            self.looker = None  # a whole side looks: the flow shows that side a public screen

    def handed_to(self, seat: int) -> None:
        """The handoff to `seat` was dismissed: only that player looks now."""
        self.looker = seat

    def public(self) -> None:
        """A public screen is shown (a reveal, the end): anyone may look."""
        self.looker = None

    def resumed(self, stage: Stage, result: Result | None) -> Next:
        """A game taken up again: never a private screen first, always the privacy question."""
        self.looker = None
        if result is not None:
            return Next(Show.GAME_OVER)
        actor = stage.actor
        assert actor is not None
        elsewhere = actor not in self.people and stage.team is None
        if actor in self.computer or elsewhere:
            return self.next(stage, result)
        if stage.team is not None:
            if not self.people_of(stage.team):
                return self.next(stage, result)
            handoff = self._team_handoff(stage.team)
            return handoff if handoff is not None else self.next(stage, result)
        return self.handoff(actor)
