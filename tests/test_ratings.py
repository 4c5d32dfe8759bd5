"""Ratings from the score sheet (play/ratings.py): direction and order after known games, duels
and team games (2 against 2, 2 against 1), the computer levels as players of their own, and the
`history` command's table and JSON; a damaged sheet is one sentence, as for the rest of it."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from agent_avenue.cli import main
from agent_avenue.i18n import set_language
from agent_avenue.play.rating_words import rated_label, rating_line, rating_number, trend_text
from agent_avenue.play.ratings import LEVEL_STARTS, START, Ratings, Who, rate_games
from agent_avenue.storage import HistoryRow
from rating_rows import SHEET, row, write_sheet

ROOT = Path(__file__).resolve().parents[1]


def rated(*rows: HistoryRow) -> Ratings:
    """The ratings after these rows, in this order."""
    return rate_games(rows)


def person(ratings: Ratings, name: str) -> tuple[float, float, int]:
    """A person's rating, uncertainty and games."""
    found = ratings.of_name(name)
    assert found is not None, name
    return found.rating, found.uncertainty, found.games


def level(ratings: Ratings, name: str) -> float:
    """A computer level's rating."""
    found = ratings.of(Who(f"bot:{name}", name))
    assert found is not None, name
    return found.rating


# The model ------------------------------------------------------------------------------------


def test_a_duel_moves_the_winner_up_and_the_loser_down() -> None:
    ratings = rated(row("Ann,Bob", 0), row("Ann,Bob", 0, number=1), row("Ann,Bob", 0, number=2))
    ann, bob = person(ratings, "Ann"), person(ratings, "Bob")
    assert ann[0] > START[0] > bob[0]
    assert ann[1] < START[1] and bob[1] < START[1]  # three games: less uncertain than a new name
    assert ann[2] == bob[2] == 3
    assert [p.who.name for p in ratings.players] == ["Ann", "Bob"]
    first = ratings.of_name("Ann")
    assert first is not None and first.trend == pytest.approx(first.rating - START[0])
    assert [point.game for point in first.points] == [0, 1, 2, 3]
    assert ratings.of_name("Cid") is None


def test_the_games_are_rated_in_their_order() -> None:
    """A win then a loss is not a loss then a win: the most recent game counts most."""
    won_last = rated(row("Ann,Bob", 1), row("Ann,Bob", 0, number=1))
    lost_last = rated(row("Ann,Bob", 0), row("Ann,Bob", 1, number=1))
    assert person(won_last, "Ann")[0] > person(lost_last, "Ann")[0]
    now = won_last.of_name("Ann")
    assert now is not None and now.trend > 0
    assert len(now.points) == 3


def test_the_computer_levels_are_players_of_their_own_named_by_level() -> None:
    """Seats named "Blue" at three levels: three players, "Computer (easy)" and so on, each
    starting where its measured strength puts it; no player called "Blue"."""
    rows = [
        row("Ann,Blue", 0, ",bot:easy"),
        row("Ann,Blue", 1, ",bot:normal", 1),
        row("Ann,Blue", 1, ",bot:hard", 2),
    ]
    ratings = rated(*rows)
    assert ratings.of_name("Blue") is None
    labels = {rated_label(p.who) for p in ratings.players}
    assert labels == {"Ann", "Computer (easy)", "Computer (normal)", "Computer (hard)"}
    assert LEVEL_STARTS["easy"][0] < LEVEL_STARTS["normal"][0] < LEVEL_STARTS["hard"][0]
    assert LEVEL_STARTS["normal"][0] == START[0]
    assert level(ratings, "easy") < LEVEL_STARTS["easy"][0]  # it lost
    assert level(ratings, "hard") > LEVEL_STARTS["hard"][0]  # it won
    # The same seat name for a level in a team game: still the level.
    team = rated(row("Ann,Blue,Cid,Blue 2", 1, ",bot:hard,,bot:hard"))
    hard = team.of(Who("bot:hard", "hard"))
    assert hard is not None and hard.games == 1
    assert {p.who.name for p in team.players} == {"Ann", "Cid", "hard"}


def test_beating_a_stronger_level_is_worth_more() -> None:
    """A game against the computer moves a rating like a game against a person of its
    strength: beating hard lifts Ann more than beating easy, losing to easy costs more."""
    beat_hard = person(rated(row("Ann,Blue", 0, ",bot:hard")), "Ann")[0]
    beat_easy = person(rated(row("Ann,Blue", 0, ",bot:easy")), "Ann")[0]
    lost_to_hard = person(rated(row("Ann,Blue", 1, ",bot:hard")), "Ann")[0]
    lost_to_easy = person(rated(row("Ann,Blue", 1, ",bot:easy")), "Ann")[0]
    assert beat_hard > beat_easy > START[0] > lost_to_hard > lost_to_easy


def test_two_against_two_moves_each_side_together() -> None:
    ratings = rated(row("Ann,Bob,Cid,Dee", 0), row("Ann,Bob,Cid,Dee", 0, number=1))
    for name in ("Ann", "Cid"):
        assert person(ratings, name)[0] > START[0]
    for name in ("Bob", "Dee"):
        assert person(ratings, name)[0] < START[0]
    assert all(p.games == 2 for p in ratings.players)
    assert person(ratings, "Ann")[0] == pytest.approx(person(ratings, "Cid")[0])


def test_a_player_alone_counts_for_both_of_the_sides_turns() -> None:
    """Three players: Bob alone against Ann and Cid. He plays both of blue's turns, so among
    new names his game moves him exactly as a member of a team of two equal players."""
    alone = rated(row("Ann,Bob,Cid", 1))
    pair = rated(row("Ann,Bob,Cid,Dee", 1))
    assert person(alone, "Bob")[0] == pytest.approx(person(pair, "Bob")[0])
    assert person(alone, "Bob")[0] > START[0] > person(alone, "Ann")[0]
    assert person(alone, "Ann")[0] == pytest.approx(person(pair, "Ann")[0])
    lost = rated(row("Ann,Bob,Cid", 0))
    assert person(lost, "Bob")[0] < START[0] < person(lost, "Cid")[0]
    assert person(lost, "Bob")[2] == 1


def test_the_list_is_ordered_by_the_conservative_rating() -> None:
    """A name with one lucky game does not top a player with many good ones."""
    rows = [row("Ann,Bob", 0, number=n) for n in range(12)] + [row("Cid,Bob", 0, number=12)]
    ratings = rated(*rows)
    order = [p.who.name for p in ratings.players]
    assert order.index("Ann") < order.index("Cid") < order.index("Bob")
    ordinals = [p.ordinal for p in ratings.players]
    assert ordinals == sorted(ordinals, reverse=True)


def test_an_unknown_level_is_a_computer_player_at_a_new_names_start() -> None:
    ratings = rated(row("Ann,Blue", 0, ",bot:expert"))
    expert = ratings.of(Who("bot:expert", "expert"))
    assert expert is not None and expert.points[0][1:] == START
    assert rated_label(expert.who) == "Computer (expert)"


def test_the_level_starts_are_what_the_measurements_give() -> None:
    """LEVEL_STARTS is benchmarks/level_ratings.py's output (the README says how)."""
    spec = importlib.util.spec_from_file_location(
        "level_ratings", ROOT / "benchmarks/level_ratings.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.level_starts() == dict(LEVEL_STARTS)


def test_the_numbers_in_words() -> None:
    assert trend_text(1.24) == "+1.2"
    assert trend_text(-0.8) == "\u22120.8"
    assert trend_text(0.01) == "0.0"
    assert rating_line(None) == "no rating yet"
    ratings = rated(row("Ann,Bob", 0))
    assert rating_line(ratings.of_name("Ann")).endswith("1 game")
    set_language("fr")
    assert rating_number(27.26) == "27,3"
    assert rated_label(Who("bot:hard", "hard")) == "Ordinateur (difficile)"


# The history command ---------------------------------------------------------------------------


def test_history_shows_the_ratings(capsys: pytest.CaptureFixture[str]) -> None:
    write_sheet(SHEET)
    assert main(["history"]) == 0
    out = capsys.readouterr().out
    assert "Ratings" in out and "Trend" in out
    lines = {line.split()[0]: line.split() for line in out.splitlines() if line.strip()}
    for name in ("Ann", "Bob", "Cid", "Dee"):
        assert name in lines
    assert "Computer (hard)" in out and "Computer (easy)" in out
    ann = next(line for line in out.splitlines() if line.startswith("Ann "))
    assert ann.split()[3] == "5"  # rating, ±, games: Ann played every game


def test_history_json_has_the_ratings(capsys: pytest.CaptureFixture[str]) -> None:
    write_sheet(SHEET)
    assert main(["history", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    players = {p["player"]: p for p in data["ratings"]}
    assert set(players) == {"Ann", "Bob", "Cid", "Dee", "Computer (hard)", "Computer (easy)"}
    ann = players["Ann"]
    assert set(ann) >= {"rating", "uncertainty", "ordinal", "games", "trend", "history", "kind"}
    assert ann["games"] == 5 and len(ann["history"]) == 5
    assert [point["number"] for point in ann["history"]] == [5, 4, 3, 2, 1]
    assert ann["history"][0]["game"] == SHEET[0].game
    assert players["Computer (hard)"]["kind"] == "bot:hard"
    assert players["Computer (hard)"]["start"]["rating"] == LEVEL_STARTS["hard"][0]
    assert players["Dee"]["games"] == 1 and players["Cid"]["games"] == 2
    ordinals = [p["ordinal"] for p in data["ratings"]]
    assert ordinals == sorted(ordinals, reverse=True)


def test_history_with_a_damaged_row_is_one_sentence(capsys: pytest.CaptureFixture[str]) -> None:
    """A row the sheet cannot hold (a third side won) is the sheet's own problem: one sentence,
    exit 2, the file set aside, no ratings computed from a part of it."""
    path = write_sheet(SHEET)
    document = json.loads(path.read_text(encoding="utf-8"))
    document["games"][2]["winner"] = 2
    path.write_text(json.dumps(document), encoding="utf-8")
    for command in (["history"], ["history", "--json"]):
        assert main(command) == 2
        out, err = capsys.readouterr()
        assert out == "" and err.count("\n") == 1 and "Traceback" not in err
        path.write_text(json.dumps(document), encoding="utf-8")
    assert "set aside" in err
