"""Tests for the referee: the JSON report, applying moves, and the move notation round trip."""

from __future__ import annotations

import json
import random
import re
import shlex
from pathlib import Path

import pytest

from agent_avenue.cli import main
from agent_avenue.cli.referee import RefereeError, referee_report, run_moves, split_moves
from agent_avenue.data import default_rules
from agent_avenue.data.scenario import load_scenario
from agent_avenue.engine import (
    GameState,
    Rules,
    apply,
    format_action,
    legal_actions,
    new_game,
    parse_action,
)

KEYS = [
    "mode",
    "players",
    "turn",
    "active",
    "to_act",
    "positions",
    "hands",
    "in_play",
    "black_market",
    "discards_left",
    "deck",
    "market",
    "winner",
    "reasons",
    "legal",
]
EXAMPLE = Path(__file__).parent / "scenarios" / "example.toml"
TEAM_EXAMPLE = Path(__file__).parent / "scenarios" / "team.toml"


@pytest.fixture(scope="module")
def rules() -> Rules:
    """The rules from the shipped data files."""
    return default_rules()


def play_randomly(state: GameState, rng: random.Random, steps: int) -> GameState:
    """Up to `steps` random legal actions (fewer if the game ends)."""
    for _ in range(steps):
        actions = legal_actions(state)
        if not actions:
            break
        state = apply(state, rng.choice(actions))
    return state


def referee_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, object]:
    """Run `agent-avenue referee ...`, check it succeeded quietly, and parse its JSON."""
    assert main(["referee", *argv]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    report: dict[str, object] = json.loads(out)
    return report


# The report ------------------------------------------------------------------------------------


def test_fresh_simple_game(rules: Rules) -> None:
    """Every key of a new simple game, in the documented order, with its value."""
    state = new_game(rules, "simple", 0, 0)
    report = referee_report(state)
    assert list(report) == KEYS
    assert report["mode"] == "simple"
    assert report["players"] == 2
    assert report["turn"] == 1
    assert report["active"] == 0
    assert report["to_act"] == 0
    assert report["positions"] == [0, 7]
    assert report["hands"] == [list(s.members[0].hand) for s in state.sides]
    assert report["in_play"] == [{}, {}]
    assert report["black_market"] == [[], []]
    assert report["discards_left"] == [4, 4]
    assert report["deck"] == 30
    assert report["market"] == {"supply": [], "deck": 0}
    assert report["winner"] is None
    assert report["reasons"] == []
    assert report["legal"] == [format_action(a) for a in legal_actions(state)]
    legal = report["legal"]
    assert isinstance(legal, list)
    assert f"discard {state.sides[0].members[0].hand[0]}" in legal
    json.dumps(report)  # JSON-ready


def test_fresh_advanced_game(rules: Rules) -> None:
    """An advanced game shows the 3 supply cards and the 12 cards left in the market deck."""
    state = new_game(rules, "advanced", 5, 1)
    report = referee_report(state)
    assert report["mode"] == "advanced"
    assert report["active"] == 1
    assert report["to_act"] == 1
    assert report["market"] == {"supply": list(state.supply), "deck": 12}
    assert len(state.supply) == 3


def test_hands_are_four_each(rules: Rules) -> None:
    """Both hands are shown in full: the referee sees everything."""
    report = referee_report(new_game(rules, "simple", 3, 0))
    hands = report["hands"]
    assert isinstance(hands, list)
    assert [len(hand) for hand in hands] == [4, 4]


def test_report_after_moves(rules: Rules) -> None:
    """After an offer and a recruit, the turn has passed and both agents are counted in play."""
    state = new_game(rules, "simple", 0, 0)
    hand = state.sides[0].members[0].hand
    up, down = sorted(set(hand))[:2]
    after = run_moves(state, [f"offer {up} {down}", "recruit up"])
    report = referee_report(after)
    assert report["turn"] == 2
    assert report["active"] == 1
    assert report["to_act"] == 1
    assert report["in_play"] == [{down: 1}, {up: 1}]
    assert report["deck"] == 28
    assert report["positions"] == list(after.positions)


def test_in_play_counts_follow_the_agent_table(tmp_path: Path, rules: Rules) -> None:
    """in_play maps ids to counts, keys in agent table order, agents not in play left out."""
    path = tmp_path / "s.toml"
    path.write_text(
        '[[seats]]\nin_play = ["mole", "sentinel", "enforcer", "sentinel"]\n'
        'hand = ["daredevil", "saboteur"]\n[[seats]]\n',
        encoding="utf-8",
    )
    report = referee_report(load_scenario(path, rules))
    in_play = report["in_play"]
    assert in_play == [{"enforcer": 1, "sentinel": 2, "mole": 1}, {}]
    assert isinstance(in_play, list)
    assert list(in_play[0]) == ["enforcer", "sentinel", "mole"]


def test_finished_game(rules: Rules) -> None:
    """A finished game reports its winner and reasons, nobody to act and no legal moves."""
    state = play_randomly(new_game(rules, "advanced", 11, 0), random.Random(11), 10_000)
    assert state.result is not None
    report = referee_report(state)
    assert report["winner"] == state.result.winner
    assert report["reasons"] == list(state.result.reasons)
    assert report["reasons"]
    assert report["to_act"] is None
    assert report["legal"] == []


# Team games ------------------------------------------------------------------------------------


def test_fresh_four_player_game(rules: Rules) -> None:
    """4 players: the same keys; hands and discards_left list one entry per seat, in seat order."""
    state = new_game(rules, "simple", 3, 0, players=4)
    report = referee_report(state)
    assert list(report) == KEYS
    assert report["players"] == 4
    assert report["active"] == 0
    assert report["to_act"] == 0
    assert report["positions"] == [0, 7]
    assert report["hands"] == [list(state.member_of(seat).hand) for seat in range(4)]
    assert report["discards_left"] == [2, 2, 2, 2]
    assert report["in_play"] == [{}, {}]
    assert report["black_market"] == [[], []]
    assert report["deck"] == 38 - 16
    assert report["legal"] == ["lead 0", "lead 2"]
    json.dumps(report)


def test_fresh_three_player_game(rules: Rules) -> None:
    """3 players: seat 3 is missing, so its hand and discards are null; blue alone discards 4."""
    state = new_game(rules, "advanced", 8, 1, players=3)
    report = referee_report(state)
    assert list(report) == KEYS
    assert report["players"] == 3
    hands = report["hands"]
    assert isinstance(hands, list)
    assert hands[3] is None
    assert hands[:3] == [list(state.member_of(seat).hand) for seat in range(3)]
    assert report["discards_left"] == [2, 4, 2, None]
    assert report["deck"] == 38 - 12
    assert report["to_act"] == 1  # blue, alone, offers as in the duel
    legal = report["legal"]
    assert isinstance(legal, list)
    assert all(move.split()[0] in ("offer", "discard") for move in legal)
    assert json.loads(json.dumps(report)) == report


def test_team_turn_in_notation(rules: Rules) -> None:
    """lead, up and down move to_act through the team's seats; then the opponent recruits."""
    state = new_game(rules, "simple", 1, 0, players=4)
    led = run_moves(state, ["lead 2"])
    assert referee_report(led)["to_act"] == 2
    up = sorted(set(state.member_of(2).hand))[0]
    played = run_moves(led, [f"up {up}"])
    report = referee_report(played)
    assert report["to_act"] == 0
    legal = report["legal"]
    assert isinstance(legal, list)
    assert all(move.split()[0] in ("down", "discard") for move in legal)
    down = next(m for m in legal if m.startswith("down "))
    offered = run_moves(played, [down])
    report = referee_report(offered)
    assert report["to_act"] == 1
    assert report["legal"] == ["recruit up", "recruit down"]
    hands = report["hands"]
    assert isinstance(hands, list)
    assert [len(hand) for hand in hands] == [4, 4, 4, 4]


def test_team_moves_are_refused_with_reasons(rules: Rules) -> None:
    """A team move by the wrong seat or without a seat gives the engine's reason."""
    state = new_game(rules, "simple", 1, 0, players=4)
    with pytest.raises(RefereeError) as caught:
        run_moves(state, ["lead 1"])
    assert str(caught.value) == 'move 1 ("lead 1"): seat 1 is not a player of the active team'
    with pytest.raises(RefereeError) as caught:
        run_moves(state, ["lead 4"])
    assert "not a seat" in str(caught.value)
    landed = run_moves(
        load_scenario(TEAM_EXAMPLE, rules), ["lead 2", "up mole", "down enforcer", "recruit up"]
    )
    with pytest.raises(RefereeError) as caught:
        run_moves(landed, ["take outpost"])
    assert "say which player takes the card" in str(caught.value)


def test_team_scenario_with_a_pickup(rules: Rules) -> None:
    """The team example: seat 2 takes Outpost and recruits a Sentinel from its own hand."""
    state = load_scenario(TEAM_EXAMPLE, rules)
    moves = ["lead 2", "up mole", "down enforcer", "recruit up", "take outpost 2"]
    report = referee_report(run_moves(state, moves))
    assert report["players"] == 4
    assert report["positions"] == [5, 7]
    assert report["in_play"] == [
        {"double_agent": 1, "enforcer": 2, "codebreaker": 1, "sentinel": 1},
        {"enforcer": 1, "daredevil": 1, "mole": 1},
    ]
    hands = report["hands"]
    assert isinstance(hands, list)
    assert hands[0] == ["codebreaker", "daredevil", "sentinel", "sentinel"]  # no Sentinel taken
    assert hands[2] == ["codebreaker", "daredevil", "double_agent", "saboteur"]
    assert report["discards_left"] == [2, 2, 1, 2]
    assert report["legal"] == ["lead 1", "lead 3"]


@pytest.mark.parametrize("players", [3, 4])
def test_cli_team_game(capsys: pytest.CaptureFixture[str], rules: Rules, players: int) -> None:
    """--players starts a team game; the report is the one for that game."""
    report = referee_json(capsys, "--players", str(players), "--seed", "6", "--first", "1")
    assert report == referee_report(new_game(rules, "simple", 6, 1, players=players))
    assert report["players"] == players


def test_cli_team_moves(capsys: pytest.CaptureFixture[str], rules: Rules) -> None:
    """Team moves in notation through the command line."""
    state = new_game(rules, "advanced", 4, 0, players=3)
    rng = random.Random(4)
    texts = []
    for _ in range(30):
        action = rng.choice(legal_actions(state))
        texts.append(format_action(action))
        state = apply(state, action)
        if state.is_over:
            break
    report = referee_json(
        capsys, "--players", "3", "--mode", "advanced", "--seed", "4", "--moves", "; ".join(texts)
    )
    assert report == referee_report(state)


@pytest.mark.parametrize("players", [3, 4])
def test_team_notation_round_trip(rules: Rules, players: int) -> None:
    """Every legal action met in random team games parses back from its notation."""
    seen: set[str] = set()
    verbs = {"lead", "up", "down", "discard", "recruit", "take", "choose", "yes", "no"}
    if players == 3:
        verbs.add("offer")
    seed = 0
    while seen != verbs and seed < 300:
        rng = random.Random(seed)
        state = new_game(rules, "advanced", seed, seed % 2, players=players)
        while not state.is_over:
            actions = legal_actions(state)
            for action in actions:
                text = format_action(action)
                assert parse_action(text, rules) == action, text
                assert parse_action(f"  {text.upper()} ", rules) == action, text
                seen.add(text.split()[0])
            state = apply(state, rng.choice(actions))
        seed += 1
    assert seen == verbs


# Applying moves --------------------------------------------------------------------------------


def test_run_moves_matches_apply(rules: Rules) -> None:
    """run_moves gives the same state as parsing and applying by hand."""
    rng = random.Random(2)
    state = new_game(rules, "advanced", 2, 0)
    expected = state
    texts = []
    for _ in range(40):
        actions = legal_actions(expected)
        if not actions:
            break
        action = rng.choice(actions)
        texts.append(format_action(action))
        expected = apply(expected, action)
    assert referee_report(run_moves(state, texts)) == referee_report(expected)


def test_run_moves_refuses_bad_notation(rules: Rules) -> None:
    """A move that is not notation names its number and text."""
    state = new_game(rules, "simple", 0, 0)
    hand = state.sides[0].members[0].hand
    up, down = sorted(set(hand))[:2]
    with pytest.raises(RefereeError) as caught:
        run_moves(state, [f"offer {up} {down}", " recruit sideways "])
    assert str(caught.value).startswith('move 2 ("recruit sideways"): ')
    assert "up" in str(caught.value)


def test_run_moves_refuses_illegal_moves(rules: Rules) -> None:
    """A well-formed move the rules forbid gives the engine's reason."""
    state = new_game(rules, "simple", 0, 0)
    with pytest.raises(RefereeError) as caught:
        run_moves(state, ["recruit up"])
    assert (
        str(caught.value) == 'move 1 ("recruit up"): now the player must offer two cards or discard'
    )


def test_split_moves() -> None:
    """Moves split on ";" and newlines; blanks and comments are ignored."""
    text = """
# opening
offer enforcer sentinel ; recruit up   # green offers
;;
  discard mole
yes#no
"""
    assert split_moves(text) == ["offer enforcer sentinel", "recruit up", "discard mole", "yes"]
    assert split_moves("") == []
    assert split_moves("  ;  # nothing\n") == []


# The command -----------------------------------------------------------------------------------


def test_cli_fresh_game(capsys: pytest.CaptureFixture[str], rules: Rules) -> None:
    """`referee` without options is a simple game, seed 0, green first."""
    report = referee_json(capsys)
    assert report == referee_report(new_game(rules, "simple", 0, 0))


def test_cli_new_game_options(capsys: pytest.CaptureFixture[str], rules: Rules) -> None:
    """--mode, --seed and --first choose the new game."""
    report = referee_json(capsys, "--mode", "advanced", "--seed", "42", "--first", "1")
    assert report == referee_report(new_game(rules, "advanced", 42, 1))


def test_cli_moves(capsys: pytest.CaptureFixture[str], rules: Rules) -> None:
    """--moves applies moves separated by semicolons."""
    state = new_game(rules, "simple", 7, 0)
    up, down = sorted(set(state.sides[0].members[0].hand))[:2]
    moves = f"offer {up} {down}; recruit down"
    report = referee_json(capsys, "--seed", "7", "--moves", moves)
    assert report == referee_report(run_moves(state, split_moves(moves)))
    assert report["turn"] == 2


def test_cli_moves_file_and_scenario(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, rules: Rules
) -> None:
    """--moves-file reads a moves file; --scenario starts from a scenario."""
    moves = tmp_path / "moves.txt"
    moves.write_text(
        "# green offers two cards\noffer enforcer sentinel\nrecruit down  # blue\n",
        encoding="utf-8",
    )
    report = referee_json(capsys, "--scenario", str(EXAMPLE), "--moves-file", str(moves))
    assert report["turn"] == 10
    assert report["active"] == 1
    assert report["positions"] == [6, 10]  # enforcer +1, Watchtower +2; sentinel 0
    assert report["in_play"] == [
        {"double_agent": 1, "enforcer": 1, "codebreaker": 1, "daredevil": 1, "sentinel": 1},
        {"enforcer": 2, "saboteur": 1, "sentinel": 1},
    ]


def test_cli_illegal_move(capsys: pytest.CaptureFixture[str], rules: Rules) -> None:
    """An illegal third move: exit 2, one line naming it on stderr, nothing on stdout."""
    state = new_game(rules, "simple", 0, 0)
    up, down = sorted(set(state.sides[0].members[0].hand))[:2]
    moves = f"offer {up} {down}; recruit up; recruit up"
    assert main(["referee", "--moves", moves]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith('agent-avenue: move 3 ("recruit up"): ')
    assert err.count("\n") == 1


def test_cli_bad_notation(capsys: pytest.CaptureFixture[str]) -> None:
    """A move that is not notation: exit 2 and one line on stderr."""
    assert main(["referee", "--moves", "dance"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith('agent-avenue: move 1 ("dance"): ')
    assert err.count("\n") == 1


# Notation round trip ---------------------------------------------------------------------------


def test_notation_round_trip(rules: Rules) -> None:
    """Every legal action met in random advanced games parses back from its notation."""
    seen: set[str] = set()
    steps = 0
    verbs = {"offer", "discard", "recruit", "take", "choose", "yes", "no"}
    seed = 0
    while (steps < 400 or seen != verbs) and seed < 300:
        rng = random.Random(seed)
        state = new_game(rules, "advanced", seed, seed % 2)
        while not state.is_over:
            actions = legal_actions(state)
            for action in actions:
                text = format_action(action)
                assert parse_action(text, rules) == action, text
                assert parse_action(f"  {text.upper()} ", rules) == action, text
                seen.add(text.split()[0])
            state = apply(state, rng.choice(actions))
            steps += 1
        seed += 1
    assert steps >= 400
    assert seen == verbs


# The documentation -----------------------------------------------------------------------------


def test_notation_doc_examples_are_real(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each referee example in docs/notation.md prints exactly the JSON shown after it."""
    root = Path(__file__).parents[1]
    doc = (root / "docs" / "notation.md").read_text(encoding="utf-8")
    examples = re.findall(
        r"```console\n\$ (agent-avenue [^\n]*)\n```\n\n```json\n(.*?)```", doc, re.S
    )
    assert len(examples) >= 2
    monkeypatch.chdir(root)
    for command, shown in examples:
        assert main(shlex.split(command)[1:]) == 0, command
        assert capsys.readouterr().out == shown, command


def test_notation_doc_error_example(capsys: pytest.CaptureFixture[str]) -> None:
    """The refused-move example in docs/notation.md prints the error shown."""
    doc = (Path(__file__).parents[1] / "docs" / "notation.md").read_text(encoding="utf-8")
    pattern = r"```console\n\$ (agent-avenue [^\n]*)\n(agent-avenue: [^\n]*\n)```"
    command, shown = re.findall(pattern, doc)[0]
    assert main(shlex.split(command)[1:]) == 2
    out, err = capsys.readouterr()
    assert (out, err) == ("", shown)
