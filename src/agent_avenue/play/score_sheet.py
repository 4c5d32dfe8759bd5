"""The score sheet: facts derived from the finished games' rows, drawn as rich tables."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rich import box
from rich.console import Group
from rich.table import Table
from rich.text import Text

from agent_avenue.engine import is_team_game, side_of
from agent_avenue.i18n import DEFAULT_LANGUAGE, card_name, catalogue, t
from agent_avenue.play.rating_words import rated_label, rating_number, trend_text
from agent_avenue.play.ratings import TREND_GAMES, Ratings, rate_games
from agent_avenue.play.teams import side_names

if TYPE_CHECKING:
    from agent_avenue.storage import HistoryRow

__all__ = [
    "PlayerTotals",
    "history_data",
    "player_label",
    "player_totals",
    "ratings_data",
    "ratings_note",
    "ratings_table",
    "render_history",
    "side_label",
    "way_label",
    "way_of_winning",
    "way_totals",
    "winner_label",
]


# Facts derived from the rows -------------------------------------------------------------------


def player_label(name: str, kind: str) -> str:
    """How a seat is shown: the name, with the level for a computer opponent."""
    if not kind.startswith("bot:"):  # "human" (storage.HUMAN) or a kind unknown here
        return name
    return t("history.bot", name=name, level=kind.removeprefix("bot:"))


def way_of_winning(row: HistoryRow) -> str:
    """A key for how the winner won, e.g. "catch", "opponent_daredevils" or "exhaustion+tie_rule".

    The winner's own win conditions come first, then the loser's lose conditions; "+tie_rule"
    is added when the tie rule decided.
    """
    parts: list[str] = []
    for condition in row.conditions:
        if condition.side == row.winner and condition.wins:
            part = condition.reason
        elif condition.side != row.winner and not condition.wins:
            part = f"opponent_{condition.reason}"
        else:
            continue
        if part not in parts:
            parts.append(part)
    if not parts:
        parts = list(row.reasons)
    if row.by_tie_rule:
        parts.append("tie_rule")
    return "+".join(parts)


def way_label(key: str) -> str:
    """The words for a way-of-winning key, e.g. "caught the opponent, tie rule"."""
    known = catalogue(DEFAULT_LANGUAGE)
    words: list[str] = []
    for part in key.split("+"):
        if f"history.way.{part}" in known:
            words.append(t(f"history.way.{part}"))
        elif f"card.{part}" in known:
            words.append(card_name(part))
        elif part.startswith("opponent_"):
            reason = way_label(part.removeprefix("opponent_"))
            words.append(t("history.way.opponent", reason=reason))
        else:
            words.append(part.replace("_", " "))
    return t("history.way.separator").join(words)


@dataclass(frozen=True, slots=True)
class PlayerTotals:
    """One player's games and wins over the whole score sheet."""

    player: str
    games: int
    wins: int

    @property
    def losses(self) -> int:
        """Games played and not won."""
        return self.games - self.wins

    @property
    def win_rate(self) -> int:
        """Wins as a whole percentage of games."""
        return round(100 * self.wins / self.games) if self.games else 0


def player_totals(rows: Sequence[HistoryRow]) -> list[PlayerTotals]:
    """Games and wins per player (a bot counts per level), most wins first."""
    games: Counter[str] = Counter()
    wins: Counter[str] = Counter()
    for row in rows:
        for seat in range(len(row.names)):  # team games: every player wins with their side
            label = player_label(row.names[seat], row.players[seat])
            games[label] += 1
            if side_of(seat) == row.winner:
                wins[label] += 1
    totals = [PlayerTotals(label, games[label], wins[label]) for label in games]
    return sorted(totals, key=lambda t: (-t.wins, -t.games, t.player.casefold()))


def way_totals(rows: Sequence[HistoryRow]) -> list[tuple[str, int]]:
    """How many games were won each way, as (key, count), most frequent first."""
    counts = Counter(way_of_winning(row) for row in rows)
    return sorted(counts.items(), key=lambda item: (-item[1], item[0]))


# Rendering -------------------------------------------------------------------------------------


def side_label(row: HistoryRow, side: int) -> str:
    """A side's players with their kinds: "Ann", or "Ann & Cid (bot: easy)" for a team."""
    pairs = zip(row.names, row.players, strict=True)
    labels = tuple(player_label(name, kind) for name, kind in pairs)
    if len(labels) == 2:
        return labels[side]
    return side_names(labels)[side]


def winner_label(row: HistoryRow) -> str:
    """The winner's name, or a winning team's names joined in the language in use."""
    if not is_team_game(len(row.names)):
        return row.winner_name
    return side_names(tuple(row.names))[row.winner]


def _date(row: HistoryRow) -> str:
    """A row's date in local time, to the minute: the day above the time (it takes less room)."""
    return row.date.astimezone().strftime("%Y-%m-%d\n%H:%M")


def ratings_table(ratings: Ratings) -> Table:
    """Every player's rating, uncertainty, games and trend, best first (`ratings_note` says
    what the numbers mean)."""
    table = Table(
        title=t("ratings.title"),
        title_justify="left",
        box=box.SIMPLE_HEAVY,
        show_edge=False,
        pad_edge=False,
    )
    table.add_column(t("ratings.player"), overflow="fold")
    for key in ("rating", "uncertainty", "games", "trend"):
        table.add_column(t(f"ratings.{key}"), justify="right", no_wrap=True)
    for player in ratings.players:
        table.add_row(
            Text(rated_label(player.who), style="italic" if player.who.is_computer else ""),
            Text(rating_number(player.rating), style="bold"),
            Text(rating_number(player.uncertainty)),
            Text(str(player.games)),
            Text(trend_text(player.trend)),
        )
    return table


def ratings_note() -> Text:
    """What the ratings' numbers mean, in one paragraph to show below their table."""
    return Text(t("ratings.note", games=TREND_GAMES), style="dim")


def render_history(rows: Sequence[HistoryRow], ratings: Ratings | None = None) -> Group:
    """The score sheet for a terminal or the app: the games, most recent first, the ratings
    (when given) and the totals.

    Games are numbered as `replay` and `export` accept them; their ids are in `--json`. The
    games table fits 80 columns: green's and blue's names share a column ("Ann vs Bob"), and a
    word too long for its column is folded, never cut off.

    Every name goes in as plain Text, so a name such as "[red]x" is shown, never interpreted.
    """
    if not rows:
        return Group(Text(t("history.empty")))
    games = Table(
        title=t("history.title"),
        title_justify="left",
        box=box.SIMPLE_HEAVY,
        show_edge=False,
        pad_edge=False,
        collapse_padding=True,
    )
    games.add_column(t("history.column.number"), justify="right", overflow="fold")
    games.add_column(t("history.column.date"), overflow="fold")
    for key in ("mode", "players", "winner", "how"):
        games.add_column(t(f"history.column.{key}"), overflow="fold")
    games.add_column(t("history.column.turns"), justify="right", overflow="fold")
    for number, row in enumerate(reversed(rows), start=1):
        names = t("history.versus", green=side_label(row, 0), blue=side_label(row, 1))
        games.add_row(
            Text(str(number)),
            Text(_date(row)),
            Text(t(f"history.mode.{row.mode.value}")),
            Text(names),
            Text(winner_label(row), style="bold"),
            Text(way_label(way_of_winning(row))),
            Text(str(row.turns)),
        )
    players = Table(title=t("history.players.title"), title_justify="left")
    players.add_column(t("history.players.player"))
    for key in ("games", "wins", "losses", "rate"):
        players.add_column(t(f"history.players.{key}"), justify="right")
    for totals in player_totals(rows):
        players.add_row(
            Text(totals.player),
            Text(str(totals.games)),
            Text(str(totals.wins)),
            Text(str(totals.losses)),
            Text(str(totals.win_rate)),
        )
    ways = Table(title=t("history.ways.title"), title_justify="left")
    ways.add_column(t("history.ways.way"))
    ways.add_column(t("history.ways.wins"), justify="right")
    for key, count in way_totals(rows):
        ways.add_row(Text(way_label(key)), Text(str(count)))
    parts: list[Table | Text] = [games, Text("")]
    if ratings is not None:
        parts += [ratings_table(ratings), ratings_note(), Text("")]
    return Group(*parts, players, Text(""), ways)


def ratings_data(rows: Sequence[HistoryRow], ratings: Ratings) -> list[dict[str, object]]:
    """The ratings as JSON-ready data: each player's now, best first, and after each game
    (named by its id and its number as `replay` accepts it, 1 = the most recent)."""
    players: list[dict[str, object]] = []
    for player in ratings.players:
        start, *after = player.points
        players.append(
            {
                "player": rated_label(player.who),
                "kind": player.who.kind,
                "name": player.who.name,
                "rating": round(player.rating, 3),
                "uncertainty": round(player.uncertainty, 3),
                "ordinal": round(player.ordinal, 3),
                "games": player.games,
                "trend": round(player.trend, 3),
                "start": {"rating": start.rating, "uncertainty": start.uncertainty},
                "history": [
                    {
                        "game": rows[point.game - 1].game,
                        "number": len(rows) - point.game + 1,
                        "rating": round(point.rating, 3),
                        "uncertainty": round(point.uncertainty, 3),
                    }
                    for point in after
                ],
            }
        )
    return players


def history_data(rows: Sequence[HistoryRow], ratings: Ratings | None = None) -> dict[str, object]:
    """The score sheet as JSON-ready data for `history --json`: games (most recent first,
    numbered as `replay` and `export` accept them), the ratings and the totals."""
    ratings = rate_games(rows) if ratings is None else ratings
    games: list[dict[str, object]] = []
    for number, row in enumerate(reversed(rows), start=1):
        way = way_of_winning(row)
        games.append({"number": number, **row.model_dump(mode="json"), "how": way})
    return {
        "games": games,
        "ratings": ratings_data(rows, ratings),
        "totals": {
            "players": [
                {"player": p.player, "games": p.games, "wins": p.wins, "losses": p.losses}
                for p in player_totals(rows)
            ],
            "ways": [
                {"way": key, "label": way_label(key), "wins": count}
                for key, count in way_totals(rows)
            ],
        },
    }
