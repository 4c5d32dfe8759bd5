"""Ratings from the score sheet alone: openskill's Weng-Lin model (Plackett-Luce), game by game.

Each person is rated by name, and each computer level as a player of its own ("Computer
(hard)"), whatever name its seat had, so a game against the computer moves a rating like a game
against a person. Nothing is stored: the ratings are computed again from the rows, oldest
first, so they can never drift from the sheet.

A side is a team: a duel is 1 against 1, a four-player game 2 against 2. In a three-player game
the player alone plays both of the side's turns, so the model is given that player twice (two
equal entries, whose updates are equal; the first is kept): the side's strength is then twice the
player's, as a team of two's is the sum of its two players'. The game has no draws (the tie
rule always names a winner), so the winning side is ranked first and the other second.

The rating shown is the model's `mu` (25 for a new name, the computer levels start where
`LEVEL_STARTS` puts them) and the uncertainty its `sigma`; players are listed by the
conservative `mu - 3 sigma` (openskill's ordinal), so that a name with one lucky game does not
top the list.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple, Protocol

from agent_avenue.data.seat_kinds import BOT, HUMAN
from agent_avenue.engine import PLAYER_COUNTS, seats_of

if TYPE_CHECKING:
    from openskill.models import PlackettLuceRating

__all__ = [
    "LEVEL_STARTS",
    "START",
    "TREND_GAMES",
    "PlayerRating",
    "RatedGame",
    "Rater",
    "RatingPoint",
    "Ratings",
    "Who",
    "rate_games",
    "who_played",
]

TREND_GAMES = 5
"""The trend is the change of a rating over its player's last this many games."""

START = (25.0, 25.0 / 3.0)
"""A new name's rating and uncertainty: openskill's defaults."""

LEVEL_STARTS: Mapping[str, tuple[float, float]] = {
    "easy": (18.6, 1.0),
    "normal": (25.0, 1.2),
    "hard": (26.3, 3.1),
}
"""Each computer level's starting rating and uncertainty, from win rates measured with
`simulate` (benchmarks/level_ratings.py prints them and says how; the README's "Ratings")."""


class Who(NamedTuple):
    """A rated player: a person by name ("human", "Ann"), a computer level by its kind
    ("bot:hard", "hard"); a kind this program does not know counts as a person."""

    kind: str
    name: str

    @property
    def is_computer(self) -> bool:
        """Whether this is a computer level."""
        return self.kind != HUMAN


def who_played(name: str, kind: str) -> Who:
    """Who a seat's player is for the ratings: its name, or its level for the computer."""
    prefix, _, level = kind.partition(":")
    if prefix == BOT and level:
        return Who(f"{BOT}:{level}", level)
    return Who(HUMAN, name)


class RatedGame(Protocol):
    """What the ratings read of a score-sheet row (storage.HistoryRow has it)."""

    @property
    def names(self) -> tuple[str, ...]:
        """One name per seat, in the engine's seat order."""

    @property
    def players(self) -> tuple[str, ...]:
        """One kind per seat: "human" or "bot:<level>"."""

    @property
    def winner(self) -> int:
        """The winning side (0 green, 1 blue)."""


class RatingPoint(NamedTuple):
    """A player's rating after a game: the game's place on the sheet (1 = the oldest; 0 for
    the start), the rating and its uncertainty."""

    game: int
    rating: float
    uncertainty: float


@dataclass(frozen=True, slots=True)
class PlayerRating:
    """One player's rating now: its value and uncertainty, games played, and the trend (the
    change over the last `TREND_GAMES` games, or since the start for fewer)."""

    who: Who
    rating: float
    uncertainty: float
    games: int
    trend: float
    points: tuple[RatingPoint, ...]
    """The rating at the start, then after each of the player's games, oldest first."""

    @property
    def ordinal(self) -> float:
        """The conservative rating, `rating - 3 * uncertainty`: the list's order."""
        return self.rating - 3 * self.uncertainty


@dataclass(frozen=True, slots=True)
class Ratings:
    """Every player's rating after the whole sheet, highest ordinal first."""

    players: tuple[PlayerRating, ...]
    games: int
    """How many games were rated."""

    def of(self, who: Who) -> PlayerRating | None:
        """The rating of one player, or None if that player has no game on the sheet."""
        return next((p for p in self.players if p.who == who), None)

    def of_name(self, name: str) -> PlayerRating | None:
        """The rating of the person of that name (the start screen's question), or None."""
        return self.of(Who(HUMAN, name))


_SEATS: Mapping[int, tuple[tuple[int, ...], tuple[int, ...]]] = {
    players: (seats_of(0, players), seats_of(1, players)) for players in PLAYER_COUNTS
}
"""Each side's seats for each number of players, green first (engine.seats_of)."""


def _start(who: Who) -> tuple[float, float]:
    """Where a player's rating starts: the level's measured start, else a new name's."""
    return LEVEL_STARTS.get(who.name, START) if who.is_computer else START


class Rater:
    """Rates games one at a time with openskill (imported on first use, never at start-up)."""

    def __init__(self) -> None:
        from openskill.models import PlackettLuce

        self._model = PlackettLuce()
        self._now: dict[Who, PlackettLuceRating] = {}
        self._points: dict[Who, list[RatingPoint]] = {}
        self._who: dict[tuple[str, str], Who] = {}
        self.games = 0

    def _player(self, name: str, kind: str) -> Who:
        """Who plays a seat; that player's rating is made at its start the first time."""
        who = self._who.get((name, kind))
        if who is None:
            who = self._who[name, kind] = who_played(name, kind)
            if who not in self._now:
                mu, sigma = _start(who)
                self._now[who] = self._model.rating(mu=mu, sigma=sigma)
                self._points[who] = [RatingPoint(0, mu, sigma)]
        return who

    def _twin(self, rating: PlackettLuceRating) -> PlackettLuceRating:
        """A second, equal rating object: openskill updates each entry of a team in place on
        its own copy, so one object given twice would be moved twice."""
        return self._model.rating(mu=rating.mu, sigma=rating.sigma)

    def add(self, game: RatedGame) -> None:
        """Rate one game: the winning side first, each side's seats as a team."""
        self.games += 1
        number, now, names, kinds = self.games, self._now, game.names, game.players
        players = len(names)
        sides = [
            [self._player(names[seat], kinds[seat]) for seat in _SEATS[players][side]]
            for side in (game.winner, 1 - game.winner)
        ]
        teams = [[now[who] for who in side] for side in sides]
        if players > 2:
            for team in teams:
                if len(team) == 1:  # alone against two: both of the side's turns
                    team.append(self._twin(team[0]))
                elif team[0] is team[1]:  # one level in both seats of a side
                    team[1] = self._twin(team[0])
        # The teams in finishing order and nothing else: ranks, scores or weights would only
        # be checked, sorted and unwound again.
        points = self._points
        for side, team in zip(sides, self._model.rate(teams), strict=True):
            for index in range(1 if len(side) == 1 or side[1] == side[0] else 2):
                who, rating = side[index], team[index]  # a level twice: equal updates, once
                now[who] = rating
                points[who].append(RatingPoint(number, rating.mu, rating.sigma))

    def ratings(self) -> Ratings:
        """Every player's rating after the games added so far."""
        players: list[PlayerRating] = []
        for who, rating in self._now.items():
            points = self._points[who]
            before = points[max(len(points) - 1 - TREND_GAMES, 0)]
            players.append(
                PlayerRating(
                    who,
                    rating.mu,
                    rating.sigma,
                    len(points) - 1,
                    rating.mu - before.rating,
                    tuple(points),
                )
            )
        players.sort(key=lambda p: (-p.ordinal, p.who.is_computer, p.who.name.casefold()))
        return Ratings(tuple(players), self.games)


def rate_games(rows: Iterable[RatedGame]) -> Ratings:
    """Every player's rating after these score-sheet rows, rated in their order (oldest
    first, as the sheet keeps them)."""
    rater = Rater()
    for row in rows:
        rater.add(row)
    return rater.ratings()
