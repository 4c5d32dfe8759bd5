"""Tests for loading scenario files into game positions, and for their error messages."""

from __future__ import annotations

from pathlib import Path

import pytest

from agent_avenue.data import default_rules
from agent_avenue.data.scenario import ScenarioError, load_scenario
from agent_avenue.engine import GameState, InvalidPosition, Mode, Phase, PositionSetup, Rules

EXAMPLE = Path(__file__).parent / "scenarios" / "example.toml"


@pytest.fixture(scope="module")
def rules() -> Rules:
    """The rules from the shipped data files."""
    return default_rules()


@pytest.fixture(autouse=True)
def _in_tmp_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Work in the test's own folder: the files are named by a short relative path, which
    the messages show whole (a long path, such as a parallel worker's, is cut with "…")."""
    monkeypatch.chdir(tmp_path)


def write(tmp_path: Path, text: str) -> Path:
    """A scenario file with this text, named by its path relative to `tmp_path` (the working
    folder)."""
    (tmp_path / "scenario.toml").write_text(text, encoding="utf-8")
    return Path("scenario.toml")


def refused(path: Path, rules: Rules) -> str:
    """The ScenarioError message for a file that must be refused."""
    with pytest.raises(ScenarioError) as caught:
        load_scenario(path, rules)
    message = str(caught.value)
    assert message.startswith(f"{path}: ")
    assert message.endswith(".")
    assert "\n" not in message
    return message


# Defaults and keys -----------------------------------------------------------------------------


def test_defaults(tmp_path: Path, rules: Rules) -> None:
    """Only a hand given: simple mode, seat 0 to offer on turn 1, meeples at home, empty decks."""
    text = '[[seats]]\nhand = ["mole", "sidekick"]\n[[seats]]\n'
    state = load_scenario(write(tmp_path, text), rules)
    assert state.mode is Mode.SIMPLE
    assert state.turn == 1
    assert state.active == 0
    assert state.to_act == 0
    assert state.phase is Phase.OFFER
    assert state.positions == (0, 7)
    assert state.deck == ()
    assert state.supply == ()
    assert state.market_deck == ()
    assert state.result is None
    assert state.sides[1].members[0].hand == ()
    for side in state.sides:
        assert side.in_play == ()
        assert side.ongoing == ()
        assert side.members[0].discards_left == 4


def test_seat_positions_default_to_home(tmp_path: Path, rules: Rules) -> None:
    """A seat without a position stands on its home: 0 for green, 7 for blue."""
    hand = '[[seats]]\nhand = ["mole", "sidekick"]\n'
    state = load_scenario(write(tmp_path, hand + "position = 3\n[[seats]]\n"), rules)
    assert state.positions == (3, 7)
    state = load_scenario(write(tmp_path, hand + "[[seats]]\nposition = 2\n"), rules)
    assert state.positions == (0, 2)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("", "seats[0].hand holds 0 cards, but seat 0 is active and needs at least 2"),
        ("active = 1", "seats[1].hand holds 0 cards, but seat 1 is active and needs at least 2"),
        (
            '[[seats]]\nhand = ["mole"]\n[[seats]]\nhand = ["enforcer", "sentinel"]',
            "seats[0].hand holds 1 card, but seat 0 is active and needs at least 2",
        ),
        (
            'active = 1\n[[seats]]\nhand = ["mole", "sidekick"]\n[[seats]]',
            "seats[1].hand holds 0 cards, but seat 1 is active and needs at least 2",
        ),
    ],
)
def test_active_player_must_be_able_to_offer(
    tmp_path: Path, rules: Rules, text: str, expected: str
) -> None:
    """The active seat needs 2 cards in hand; the other seat may hold fewer."""
    assert expected in refused(write(tmp_path, text), rules)


def test_every_key(tmp_path: Path, rules: Rules) -> None:
    """Each key of the format lands in the right place of the game state."""
    text = """
mode = "advanced"
active = 1
turn = 12
deck = ["mole", "enforcer", "sentinel"]

[[seats]]
hand = ["sentinel", "enforcer", "codebreaker"]
in_play = ["daredevil", "daredevil"]
position = 4
discards_left = 0
black_market = ["watchtower", "getaway_car"]

[[seats]]
hand = ["saboteur", "double_agent"]
in_play = ["codebreaker"]
position = 11
discards_left = 3
black_market = ["masterplan"]

[market]
supply = ["smoke_screen", "spycation"]
deck = ["outpost", "supercomputer"]
"""
    state = load_scenario(write(tmp_path, text), rules)
    assert state.mode is Mode.ADVANCED
    assert state.active == 1
    assert state.to_act == 1
    assert state.turn == 12
    assert state.deck == ("mole", "enforcer", "sentinel")
    green, blue = state.sides
    assert sorted(green.members[0].hand) == ["codebreaker", "enforcer", "sentinel"]
    assert green.in_play == ("daredevil", "daredevil")
    assert green.position == 4
    assert green.members[0].discards_left == 0
    assert green.ongoing == ("watchtower", "getaway_car")
    assert sorted(blue.members[0].hand) == ["double_agent", "saboteur"]
    assert blue.in_play == ("codebreaker",)
    assert blue.position == 11
    assert blue.members[0].discards_left == 3
    assert blue.ongoing == ("masterplan",)
    assert state.supply == ("smoke_screen", "spycation")
    assert state.market_deck == ("outpost", "supercomputer")


def test_positions_keep_the_true_distance(tmp_path: Path, rules: Rules) -> None:
    """Green on 4 and blue on 10: green is 6 spaces behind blue (a lead of 1; 7 catches)."""
    text = '[[seats]]\nposition = 4\nhand = ["mole", "sidekick"]\n[[seats]]\nposition = 10\n'
    state = load_scenario(write(tmp_path, text), rules)
    green, blue = state.sides
    assert green.progress - blue.progress == 1  # a lead of 7 would be a catch


def test_shipped_example_loads(rules: Rules) -> None:
    """The example in docs/scenarios.md (tests/scenarios/example.toml) is a valid scenario."""
    state = load_scenario(EXAMPLE, rules)
    assert state.mode is Mode.ADVANCED
    assert state.turn == 9
    assert state.positions == (3, 10)
    assert len(state.supply) == 3


def test_docs_show_the_shipped_example() -> None:
    """docs/scenarios.md embeds tests/scenarios/example.toml word for word."""
    docs = Path(__file__).parents[1] / "docs" / "scenarios.md"
    assert EXAMPLE.read_text(encoding="utf-8").strip() in docs.read_text(encoding="utf-8")


# Refused files ---------------------------------------------------------------------------------


def test_missing_file(tmp_path: Path, rules: Rules) -> None:
    """A file that does not exist is named in one sentence."""
    message = refused(tmp_path / "nope.toml", rules)
    assert "not found" in message


def test_directory(tmp_path: Path, rules: Rules) -> None:
    """A directory is not a scenario file."""
    assert "directory" in refused(tmp_path, rules)


def test_not_utf8(tmp_path: Path, rules: Rules) -> None:
    """Bytes that are not UTF-8 are refused with the byte offset."""
    path = tmp_path / "scenario.toml"
    path.write_bytes(b'mode = "\xff"\n')
    assert "UTF-8 at byte 8" in refused(path, rules)


def test_invalid_toml_names_line_and_column(tmp_path: Path, rules: Rules) -> None:
    """A TOML syntax error gives its line and column."""
    message = refused(write(tmp_path, 'mode = "simple"\n[[seats]\n'), rules)
    assert "invalid TOML at line 2, column 8" in message


def test_invalid_toml_at_the_end(tmp_path: Path, rules: Rules) -> None:
    """An error tomllib places at the end of the document still gets a line and column."""
    message = refused(write(tmp_path, "turn = 1\nactive =\n"), rules)
    assert "invalid TOML at line" in message
    assert "column" in message


@pytest.mark.parametrize(
    ("text", "key", "problem"),
    [
        ('mode = "hard"', "mode", 'should be "simple" or "advanced", not the string "hard"'),
        ("active = 2", "active", "should be 0 or 1, not the integer 2"),
        ("active = true", "active", "should be an integer, not the boolean true"),
        ("turn = 0", "turn", "should be 1 or more, not the integer 0"),
        ("turn = 2.0", "turn", "should be an integer, not the float 2.0"),
        ('turn = "3"', "turn", 'should be an integer, not the string "3"'),
        ('deck = "enforcer"', "deck", 'should be an array, not the string "enforcer"'),
        ("deck = [1]", "deck[0]", "should be a string, not the integer 1"),
        ("colour = 1", "colour", "is not a known key"),
        ("seats = 3", "seats", "should be an array of tables ([[seats]])"),
        ("[[seats]]\n", "seats", "should have exactly 2 entries"),
        ("[[seats]]\n[[seats]]\n[[seats]]\n", "seats", "should have exactly 2 entries"),
        ("[[seats]]\ncards = []\n[[seats]]\n", "seats[0].cards", "is not a known key"),
        ("[[seats]]\n[[seats]]\nposition = 14\n", "seats[1].position", "should be from 0 to 13"),
        ("[[seats]]\nposition = -1\n[[seats]]\n", "seats[0].position", "should be from 0 to 13"),
        (
            "[[seats]]\n[[seats]]\ndiscards_left = 5\n",
            "seats[1].discards_left",
            "should be from 0 to 4",
        ),
        ('[[seats]]\nhand = "mole"\n[[seats]]\n', "seats[0].hand", "should be an array"),
        ("[[seats]]\n[[seats]]\nin_play = [true]\n", "seats[1].in_play[0]", "should be a string"),
        ("market = []", "market", "should be a table, not an array"),
        ("[market]\nface_up = []\n", "market.face_up", "is not a known key"),
        (
            'mode = "advanced"\n[market]\nsupply = ["outpost", "spycation", "masterplan", "mole"]',
            "market.supply",
            "should have at most 3 cards, not 4",
        ),
    ],
)
def test_refused_by_type_or_range(
    tmp_path: Path, rules: Rules, text: str, key: str, problem: str
) -> None:
    """Each wrong key or value is refused in one sentence naming the file and the key."""
    message = refused(write(tmp_path, text), rules)
    assert f": {key} {problem}" in message


def test_more_problems_are_counted(tmp_path: Path, rules: Rules) -> None:
    """Only the first problem is described; the others are counted."""
    message = refused(write(tmp_path, 'mode = "hard"\nturn = 0\nactive = 5\n'), rules)
    assert message.endswith("(and 2 more problems).")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('deck = ["spy"]', "deck[0] should be an agent id"),
        (
            '[[seats]]\nhand = ["mole", "Enforcer"]\n[[seats]]',
            "seats[0].hand[1] should be an agent",
        ),
        ('[[seats]]\n[[seats]]\nin_play = ["x"]', "seats[1].in_play[0] should be an agent id"),
        (
            'mode = "advanced"\n[market]\ndeck = ["outpost", "car"]',
            'market.deck[1] should be a black market card id, not "car"',
        ),
        (
            'mode = "advanced"\n[[seats]]\nblack_market = ["spy_car"]\n[[seats]]',
            "seats[0].black_market[0] should be a black market card id",
        ),
        (
            'deck = ["mole", "mole"]',
            "mole is listed 2 times (in deck) but only 1 copy exists",
        ),
        (
            'deck = ["enforcer"]\n[[seats]]\nhand = ["enforcer", "enforcer", "enforcer"]\n'
            '[[seats]]\nin_play = ["enforcer", "enforcer", "enforcer"]',
            "enforcer is listed 7 times (in deck, seats[0].hand and seats[1].in_play)",
        ),
        (
            'mode = "advanced"\n[market]\nsupply = ["getaway_car"]\ndeck = ["getaway_car"]',
            "getaway_car is listed 2 times (in market.supply and market.deck)",
        ),
        (
            'mode = "advanced"\n[[seats]]\nblack_market = ["masterplan"]\n[[seats]]\n'
            '[market]\nsupply = ["masterplan"]',
            "masterplan is listed 2 times (in market.supply and seats[0].black_market)",
        ),
        (
            'mode = "advanced"\n[[seats]]\n[[seats]]\nblack_market = ["smoke_screen"]',
            "seats[1].black_market[0] is smoke_screen, an instant card",
        ),
        (
            '[market]\nsupply = ["getaway_car"]',
            'market.supply lists black market cards, which are only used with mode = "advanced"',
        ),
        (
            '[[seats]]\nblack_market = ["getaway_car"]\n[[seats]]',
            "seats[0].black_market lists black market cards",
        ),
    ],
)
def test_refused_ids_and_places(tmp_path: Path, rules: Rules, text: str, expected: str) -> None:
    """Unknown ids, too many copies and a card in two places are refused naming the keys."""
    assert expected in refused(write(tmp_path, text), rules)


@pytest.mark.parametrize(
    ("text", "key", "space"),
    [
        ("[[seats]]\nposition = 7\n[[seats]]\n", "seats[0].position", 7),
        ("[[seats]]\n[[seats]]\nposition = 0\n", "seats[1].position", 0),
        ("[[seats]]\nposition = 5\n[[seats]]\nposition = 5\n", "seats[1].position", 5),
    ],
)
def test_meeples_on_one_space(
    tmp_path: Path, rules: Rules, text: str, key: str, space: int
) -> None:
    """Two meeples on one space are refused, naming the position key that caused it."""
    message = refused(write(tmp_path, text), rules)
    assert f"{key} puts both meeples on space {space}" in message


def test_engine_refusals_become_scenario_errors(
    tmp_path: Path, rules: Rules, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Whatever else the engine's from_position refuses is reported as one sentence too."""
    from agent_avenue.data import scenario

    def refuse(rules: Rules, setup: PositionSetup) -> GameState:
        """An engine that refuses every position."""
        raise InvalidPosition("something is off")

    monkeypatch.setattr(scenario, "from_position", refuse)
    text = '[[seats]]\nhand = ["mole", "sidekick"]\n[[seats]]\n'
    message = refused(write(tmp_path, text), rules)
    assert message == "scenario.toml: something is off."


# Team games (players = 3 or 4) -----------------------------------------------------------------

TEAM_EXAMPLE = Path(__file__).parent / "scenarios" / "team.toml"
GREEN_TEAM = '[[seats]]\nhand = ["mole", "sidekick"]\n[[seats]]\n[[seats]]\nhand = ["enforcer"]\n'


def test_four_players(tmp_path: Path, rules: Rules) -> None:
    """players = 4: four seats; side facts on seats 0 and 1, partners hold hands and discards."""
    text = """
players = 4
active = 1
deck = ["codebreaker"]

[[seats]]
hand = ["mole"]
in_play = ["enforcer"]
position = 2

[[seats]]
hand = ["sentinel", "sentinel"]
in_play = ["daredevil"]
black_market = []
discards_left = 1

[[seats]]
hand = ["sidekick", "saboteur"]
discards_left = 0

[[seats]]
hand = ["double_agent"]
"""
    state = load_scenario(write(tmp_path, text), rules)
    assert state.phase is Phase.LEAD
    assert state.to_act == 1
    green, blue = state.sides
    assert [m.hand for m in green.members] == [("mole",), ("saboteur", "sidekick")]
    assert [m.hand for m in blue.members] == [("sentinel", "sentinel"), ("double_agent",)]
    assert [m.discards_left for m in green.members] == [2, 0]
    assert [m.discards_left for m in blue.members] == [1, 2]
    assert green.in_play == ("enforcer",)
    assert blue.in_play == ("daredevil",)
    assert state.positions == (2, 7)


def test_three_players(tmp_path: Path, rules: Rules) -> None:
    """players = 3: green's team at seats 0 and 2, blue alone at seat 1 with 4 discards."""
    text = "players = 3\n" + GREEN_TEAM
    state = load_scenario(write(tmp_path, text), rules)
    assert [len(s.members) for s in state.sides] == [2, 1]
    assert state.phase is Phase.LEAD
    assert [m.discards_left for m in state.sides[0].members] == [2, 2]
    assert state.sides[1].members[0].discards_left == 4
    assert state.sides[1].members[0].hand == ()
    solo = 'players = 3\nactive = 1\n[[seats]]\n[[seats]]\nhand = ["mole", "sidekick"]\n[[seats]]\n'
    state = load_scenario(write(tmp_path, solo), rules)
    assert state.phase is Phase.OFFER
    assert state.to_act == 1


def test_players_defaults_to_a_duel(tmp_path: Path, rules: Rules) -> None:
    """Without `players` the file is a duel, and `players = 2` says the same."""
    text = '[[seats]]\nhand = ["mole", "sidekick"]\n[[seats]]\n'
    assert load_scenario(write(tmp_path, "players = 2\n" + text), rules) == load_scenario(
        write(tmp_path, text), rules
    )


def test_team_example_loads(rules: Rules) -> None:
    """The team example in docs/scenarios.md (tests/scenarios/team.toml) is a valid scenario."""
    state = load_scenario(TEAM_EXAMPLE, rules)
    assert [len(s.members) for s in state.sides] == [2, 2]
    assert state.positions == (3, 10)
    assert state.sides[0].members[1].discards_left == 1
    docs = Path(__file__).parents[1] / "docs" / "scenarios.md"
    assert TEAM_EXAMPLE.read_text(encoding="utf-8").strip() in docs.read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("text", "key", "problem"),
    [
        ("players = 5", "players", "should be from 2 to 4, not the integer 5"),
        ("players = 1", "players", "should be from 2 to 4, not the integer 1"),
        ('players = "3"', "players", 'should be an integer, not the string "3"'),
        ("players = true", "players", "should be an integer, not the boolean true"),
        (
            "players = 3\n[[seats]]\n[[seats]]\n",
            "seats",
            "should have exactly 3 entries (one [[seats]] table per seat, as players = 3), not 2",
        ),
        (
            "players = 4\n[[seats]]\n[[seats]]\n[[seats]]\n",
            "seats",
            "should have exactly 4 entries (one [[seats]] table per seat, as players = 4), not 3",
        ),
        (
            "[[seats]]\n[[seats]]\n[[seats]]\n[[seats]]\n",
            "seats",
            "should have exactly 2 entries (one [[seats]] table per seat), not 4",
        ),
        ("seats = []", "seats", "should have exactly 2 entries"),
        (
            "players = 3\n[[seats]]\n[[seats]]\n[[seats]]\ndiscards_left = 5\n",
            "seats[2].discards_left",
            "should be from 0 to 4, not the integer 5",
        ),
        (
            "players = 3\n[[seats]]\n[[seats]]\n[[seats]]\ncolour = 1\n",
            "seats[2].colour",
            "is not a known key",
        ),
    ],
)
def test_team_refused_by_type_or_count(
    tmp_path: Path, rules: Rules, text: str, key: str, problem: str
) -> None:
    """A bad `players` or a number of `[[seats]]` tables that does not match is refused."""
    message = refused(write(tmp_path, text), rules)
    assert f": {key} {problem}" in message


def test_bad_players_does_not_hide_other_problems(tmp_path: Path, rules: Rules) -> None:
    """With `players` itself wrong, the seats are not counted against it; other keys still are."""
    message = refused(write(tmp_path, 'players = 7\nmode = "hard"\n[[seats]]\n[[seats]]\n'), rules)
    assert ": mode should be" in message
    assert message.endswith("(and 1 more problem).")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "players = 3\n" + GREEN_TEAM.replace('hand = ["enforcer"]\n', ""),
            "seats[2].hand is empty, but the active team needs a card from each player",
        ),
        (
            "players = 3\n" + GREEN_TEAM + "discards_left = 3\n",
            "seats[2].discards_left must be from 0 to 2",
        ),
        (
            'players = 3\n[[seats]]\nhand = ["mole"]\ndiscards_left = 4\n[[seats]]\n[[seats]]\n'
            'hand = ["enforcer"]\n',
            "seats[0].discards_left must be from 0 to 2",
        ),
        (
            "players = 3\n" + GREEN_TEAM + "position = 4\n",
            "seats[2] is a partner: the side's agents, black market cards and position go under "
            "seats[0]",
        ),
        (
            "players = 4\n" + GREEN_TEAM + '[[seats]]\nin_play = ["enforcer"]\n',
            "seats[3] is a partner",
        ),
        (
            'players = 4\nmode = "advanced"\n'
            + GREEN_TEAM
            + '[[seats]]\nblack_market = ["watchtower"]\n',
            "seats[3] is a partner",
        ),
        (
            'players = 4\ndeck = ["enforcer"] \n[[seats]]\nhand = ["enforcer", "enforcer"]\n'
            '[[seats]]\nhand = ["enforcer"]\n[[seats]]\nhand = ["enforcer"]\n'
            '[[seats]]\nhand = ["enforcer", "enforcer"]\n',
            "enforcer is listed 7 times (in deck, seats[0].hand, seats[1].hand, seats[2].hand "
            "and seats[3].hand)",
        ),
        (
            'players = 3\nactive = 1\n[[seats]]\n[[seats]]\nhand = ["mole"]\n[[seats]]\n',
            "seats[1].hand holds 1 card, but seat 1 is active and needs at least 2",
        ),
    ],
)
def test_team_positions_refused_by_the_engine(
    tmp_path: Path, rules: Rules, text: str, expected: str
) -> None:
    """The engine's reasons for refusing a team position come through as one sentence."""
    assert expected in refused(write(tmp_path, text), rules)
