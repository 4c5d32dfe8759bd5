"""The review of a finished game (issue 25): fair by construction, marked by the thresholds,
sure results flagged whatever the search says, stored and reused, never trusted when foreign.

Fairness extends the hints' test (tests/test_hint_fairness.py): each decision of a recorded
game is judged again from a twin state whose hidden cards (the opponent's hand, the deck's
order, the face-down card it was offered, in a team game the partner's hand) differ, whose view
for the reviewed seat is the same; the judgement must not change, and the judging module must
not be able to reach a game state at all. The search runs on small iteration budgets here.
"""

from __future__ import annotations

import ast
import json
import random
from dataclasses import replace
from pathlib import Path
from typing import NoReturn

import pytest

from agent_avenue.data import default_rules
from agent_avenue.engine import (
    Action,
    GameRecord,
    Mode,
    Recruit,
    apply,
    format_action,
    player_view,
    replay_steps,
)
from agent_avenue.storage.reviews import read_review, review_path
from agent_avenue.teaching import review_judge
from agent_avenue.teaching.review import decisions_of, judge_all, mark, review_game
from agent_avenue.teaching.review_judge import Decision, Judgement, ReviewBudget, judge
from agent_avenue.teaching.review_marks import (
    BLUNDER,
    INACCURACY,
    MISTAKE,
    Mark,
    decision_accuracy,
    game_accuracy,
    mark_of,
)
from agent_avenue.teaching.review_report import report_of
from agent_avenue.teaching.review_store import stored_or_new
from bot_games import bot_game
from positions import position
from test_bot_fairness import _swap_hidden, _swap_hidden_team

RULES = default_rules()
TINY = ReviewBudget(iterations=24, playouts=12, refine_playouts=24, team_deals=24)
"""A review budget small enough for tests (the app's is ReviewBudget())."""


def greedy_game(mode: Mode, seed: int, players: int = 2) -> GameRecord:
    """A finished game between greedy bots, as a record."""
    names = tuple(f"P{n}" for n in range(players))
    return bot_game(mode, seed, first=seed % 2, names=names, players=players)


# Fairness ----------------------------------------------------------------------------------


def _twin_decisions(record: GameRecord, rng: random.Random) -> tuple[list[Decision], int]:
    """Each decision of the game judged from a twin state's view: the hidden cards changed,
    the reviewed seat's view the same (asserted); and how many twins differed from the game."""
    state = record.start(RULES)
    twins: list[Decision] = []
    changed = 0
    for step in replay_steps(state, record.moves):
        seat = state.to_act
        assert seat is not None
        view = player_view(state, seat)
        if len(view.legal) > 1:
            if record.players > 2:
                twin = _swap_hidden_team(state, seat, rng)
            else:
                twin = _swap_hidden(state, seat, rng)
            if twin is not None:
                assert twin != state
                changed += 1
                twin_view = player_view(twin, seat)
                assert twin_view == view
                view = twin_view
            twins.append(Decision(step.number, seat, view, step.action))
        state = step.state
    return twins, changed


@pytest.mark.parametrize(
    ("mode", "players", "seed"),
    [(Mode.SIMPLE, 2, 3), (Mode.ADVANCED, 2, 4), (Mode.SIMPLE, 4, 5), (Mode.ADVANCED, 3, 6)],
)
def test_what_a_seat_had_not_seen_never_changes_its_review(
    mode: Mode, players: int, seed: int
) -> None:
    record = greedy_game(mode, seed, players)
    review = review_game(record, None, TINY, rules=RULES, workers=1)
    twins, changed = _twin_decisions(record, random.Random(seed))
    assert changed >= len(twins) // 2 >= 3  # the hidden cards really differed
    again = judge_all(tuple(twins), TINY, workers=1)
    assert again == review.judgements
    assert report_of(review, RULES).rows  # the sentences are built from the same views


def test_the_judging_code_cannot_reach_a_game_state() -> None:
    """review_judge gets views only: it imports no way to build or hold the true game."""
    tree = ast.parse(Path(review_judge.__file__).read_text("utf-8"))
    names = {
        alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom)
        for alias in node.names
    }
    forbidden = {"GameState", "apply", "new_game", "from_position", "replay", "replay_steps"}
    assert not names & forbidden
    modules = {
        node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module
    }
    assert not {m for m in modules if m.startswith(("agent_avenue.storage", "agent_avenue.play"))}


def test_the_same_game_gives_the_same_review_and_another_seed_may_not() -> None:
    record = greedy_game(Mode.SIMPLE, 8)
    first = review_game(record, None, TINY, rules=RULES, workers=1)
    assert review_game(record, None, TINY, rules=RULES, workers=1) == first
    other = review_game(record, None, replace(TINY, seed=9), rules=RULES, workers=1)
    assert [j.number for j in other.judgements] == [j.number for j in first.judgements]
    assert other.judgements != first.judgements


def test_on_every_core_the_review_is_the_one_made_in_one_process() -> None:
    record = greedy_game(Mode.ADVANCED, 2)
    alone = review_game(record, None, TINY, rules=RULES, workers=1)
    seen: list[tuple[int, int]] = []
    pooled = review_game(
        record, None, TINY, rules=RULES, workers=2, progress=lambda d, t: seen.append((d, t))
    )
    assert pooled == alone
    total = len(alone.judgements)
    assert seen[0] == (0, total) and seen[-1] == (total, total)


# Decisions, numbers, marks -------------------------------------------------------------------


def test_every_decision_with_a_choice_is_reviewed_and_only_those() -> None:
    record = greedy_game(Mode.ADVANCED, 11)
    decisions, winner = decisions_of(record, None, RULES)
    state = record.start(RULES)
    expected = []
    for step in replay_steps(state, record.moves):
        seat = state.to_act
        assert seat is not None
        if len(player_view(state, seat).legal) > 1:
            expected.append((step.number, seat, format_action(step.action)))
        state = step.state
    assert [(d.number, d.seat, format_action(d.taken)) for d in decisions] == expected
    assert state.result is not None and winner == state.result.winner
    only_blue, _ = decisions_of(record, (1,), RULES)
    assert [d.number for d in only_blue] == [n for n, seat, _ in expected if seat == 1]


def test_a_judgement_never_gives_up_a_negative_chance_and_names_legal_actions() -> None:
    record = greedy_game(Mode.SIMPLE, 12)
    review = review_game(record, None, TINY, rules=RULES, workers=1)
    decisions, _ = decisions_of(record, None, RULES)
    for decision, judgement in zip(decisions, review.judgements, strict=True):
        legal = {format_action(a) for a in decision.view.legal}
        assert judgement.taken == format_action(decision.taken)
        assert judgement.best in legal
        assert judgement.loss >= 0
        assert judgement.chance_best >= judgement.chance_taken or judgement.best == judgement.taken
        assert judgement.visits >= TINY.playouts or judgement.chance_taken in (0.0, 1.0)


@pytest.mark.parametrize(
    ("loss", "expected"),
    [
        (0.0, Mark.NONE),
        (INACCURACY - 0.01, Mark.NONE),
        (INACCURACY, Mark.INACCURACY),
        (MISTAKE - 0.01, Mark.INACCURACY),
        (MISTAKE, Mark.MISTAKE),
        (BLUNDER - 0.01, Mark.MISTAKE),
        (BLUNDER, Mark.BLUNDER),
        (100.0, Mark.BLUNDER),
    ],
)
def test_marks_follow_the_thresholds(loss: float, expected: Mark) -> None:
    assert mark_of(loss) is expected
    assert mark_of(loss, sure_flag=True) is Mark.BLUNDER


def test_accuracy_is_lichess_curve_and_weighs_bad_decisions_more() -> None:
    assert decision_accuracy(0.0) == pytest.approx(100.0, abs=0.01)
    assert decision_accuracy(10.0) == pytest.approx(103.1668 * 0.64696 - 3.1669, abs=0.01)
    assert decision_accuracy(100.0) == pytest.approx(0.0, abs=0.5)
    assert game_accuracy([]) is None
    assert game_accuracy([0.0, 0.0]) == pytest.approx(100.0, abs=0.01)
    mean_only = (decision_accuracy(0.0) + decision_accuracy(40.0)) / 2
    found = game_accuracy([0.0, 40.0])
    assert found is not None and found < mean_only


def _judged(state_view_seat: tuple[object, int], taken: object) -> Judgement:
    """A judgement of `taken` at a hand-made position (the view of `seat`)."""
    view, seat = state_view_seat
    return judge(Decision(1, seat, view, taken), TINY)  # type: ignore[arg-type]


def test_a_missed_sure_win_is_a_blunder_whatever_the_search_says() -> None:
    # Green recruits; the face-up card is its third Codebreaker: taking it wins at once.
    state = position(
        active=1,
        green=dict(hand=["enforcer", "sentinel", "saboteur"], in_play=["codebreaker"] * 2),
        blue=dict(hand=["enforcer", "sentinel", "codebreaker", "double_agent"]),
        deck=["sentinel", "enforcer", "saboteur", "double_agent"] * 3,
    )
    state = apply(
        state,
        next(
            a
            for a in player_view(state, 1).legal
            if format_action(a) == "offer codebreaker enforcer"
        ),
    )
    view = player_view(state, 0)
    found = _judged((view, 0), Recruit(face_up=False))
    assert found.missed_win and not found.chose_loss
    assert found.best == "recruit up" and found.chance_best == 1.0
    assert mark(found) is Mark.BLUNDER
    taken = _judged((view, 0), Recruit(face_up=True))
    assert not taken.missed_win and taken.loss == 0 and mark(taken) is Mark.NONE


def test_a_chosen_sure_loss_is_a_blunder_whatever_the_search_says() -> None:
    # Green recruits; the face-up card is its third Daredevil: taking it loses at once.
    state = position(
        active=1,
        green=dict(hand=["enforcer", "sentinel", "saboteur"], in_play=["daredevil"] * 2),
        blue=dict(hand=["daredevil", "sentinel", "enforcer", "double_agent"]),
        deck=["sentinel", "enforcer", "saboteur", "double_agent"] * 3,
    )
    state = apply(
        state,
        next(
            a for a in player_view(state, 1).legal if format_action(a) == "offer daredevil enforcer"
        ),
    )
    view = player_view(state, 0)
    found = _judged((view, 0), Recruit(face_up=True))
    assert found.chose_loss and not found.missed_win
    assert found.chance_taken == 0.0 and found.best == "recruit down"
    assert mark(found) is Mark.BLUNDER


# Stored reviews ------------------------------------------------------------------------------


def test_a_stored_review_is_reused(tmp_path: Path) -> None:
    record = greedy_game(Mode.SIMPLE, 14)
    first, stored = stored_or_new(record, None, TINY, rules=RULES, home=tmp_path, workers=1)
    assert not stored and review_path(record, tmp_path).is_file()
    again, stored = stored_or_new(record, None, TINY, rules=RULES, home=tmp_path, workers=1)
    assert stored and again == first
    one, stored = stored_or_new(record, (1,), TINY, rules=RULES, home=tmp_path, workers=1)
    assert stored and one.judgements == first.of_seat(1) and one.seats == (1,)


def _stored(tmp_path: Path, record: GameRecord) -> tuple[Path, dict[str, object]]:
    """Review a game into `tmp_path`; the file and its JSON."""
    stored_or_new(record, None, TINY, rules=RULES, home=tmp_path, workers=1)
    path = review_path(record, tmp_path)
    return path, json.loads(path.read_text("utf-8"))


def _recomputed(tmp_path: Path, record: GameRecord) -> bool:
    """Whether the next look computes the review again (and then stores a good one)."""
    _, stored = stored_or_new(record, None, TINY, rules=RULES, home=tmp_path, workers=1)
    return not stored and read_review(record, TINY.key, tmp_path) is not None


@pytest.mark.parametrize(
    "damage",
    ["garbage", "truncated", "other_budget", "other_version", "other_rules", "tampered", "folder"],
)
def test_a_damaged_or_foreign_stored_review_is_computed_again(tmp_path: Path, damage: str) -> None:
    record = greedy_game(Mode.SIMPLE, 15)
    path, data = _stored(tmp_path, record)
    judgements = data["judgements"]
    assert isinstance(judgements, list) and judgements
    if damage == "garbage":
        path.write_bytes(b"\x00\xff not json")
    elif damage == "truncated":
        path.write_text(path.read_text("utf-8")[:200], "utf-8")
    elif damage == "folder":
        path.unlink()
        path.mkdir()
    else:
        if damage == "other_budget":
            data["budget"] = replace(TINY, iterations=25).key
        elif damage == "other_version":
            data["version"] = 0
        elif damage == "other_rules":
            data["rules_version"] = "elsewhere"
        else:  # a move that was not played, in a file that is otherwise well formed
            judgements[0]["taken"] = (
                "recruit up" if judgements[0]["taken"] != "recruit up" else "recruit down"
            )
        path.write_text(json.dumps(data), "utf-8")
    if damage == "folder":
        _, stored = stored_or_new(record, None, TINY, rules=RULES, home=tmp_path, workers=1)
        assert not stored  # never read as a review (and not written over a folder)
        return
    assert _recomputed(tmp_path, record)


def test_another_games_review_is_never_used(tmp_path: Path) -> None:
    record = greedy_game(Mode.SIMPLE, 16)
    other = greedy_game(Mode.SIMPLE, 17)
    path, _ = _stored(tmp_path, other)
    target = review_path(record, tmp_path)
    target.write_bytes(path.read_bytes())
    assert read_review(record, TINY.key, tmp_path) is None
    assert _recomputed(tmp_path, record)


def test_the_actions_compared_are_measured_on_the_same_sampled_deals(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A decision's mark rests on the difference between two actions' chances, so both are
    measured with the same random numbers (the same sampled hidden cards and playouts, in the
    same order): each chance alone is as noisy as before, their difference much less."""
    from agent_avenue.bots.ismcts import SearchBot

    record = greedy_game(Mode.SIMPLE, 3)
    decision = decisions_of(record, None, RULES)[0][0]
    first_draws: dict[str, tuple[float, float]] = {}

    def noted(
        self: SearchBot,
        view: object,
        actions: tuple[Action, ...],
        rng: random.Random,
        deals: random.Random | None = None,
    ) -> NoReturn:
        assert deals is not None
        first_draws[format_action(actions[0])] = (rng.random(), deals.random())
        raise StopIteration

    monkeypatch.setattr(SearchBot, "analyse_actions", noted)
    legal = decision.view.legal
    assert len(legal) >= 2
    for action in legal[:2]:
        with pytest.raises(StopIteration):
            review_judge.measure(decision.view, action, 12, TINY, decision)
    assert len(first_draws) == 2 and len(set(first_draws.values())) == 1, first_draws


# Doubtful decisions refined (duels) ------------------------------------------------------------

Measured = dict[tuple[str, str], float]
"""Fake chances: per (action as text, first seed part of the measurement)."""


def _doubtful_decision() -> Decision:
    """A duel decision with nine legal actions and no sure result (game 3's fifth move)."""
    decision = next(
        d for d in decisions_of(greedy_game(Mode.SIMPLE, 3), None, RULES)[0] if d.number == 5
    )
    assert len(decision.view.legal) == 9
    return decision


def _controlled(
    monkeypatch: pytest.MonkeyPatch, decision: Decision, measured: Measured
) -> list[tuple[str, int, str]]:
    """The root search ranks the legal actions in their order (the first recommended) and
    `measure` answers from `measured`; the calls to it, as (action, playouts, first part)."""
    from agent_avenue.bots.ismcts import RootStats, SearchBot

    legal = decision.view.legal
    visits = {a: 100 - n for n, a in enumerate(legal)}
    stats = RootStats(legal[0], visits, dict.fromkeys(legal, 0.5), sum(visits.values()))
    monkeypatch.setattr(SearchBot, "analyse", lambda self, view, rng: stats)
    calls: list[tuple[str, int, str]] = []

    def fake(
        view: object,
        action: Action,
        playouts: int,
        budget: ReviewBudget,
        decision: Decision,
        parts: tuple[str, str] = ("alone", "deals"),
    ) -> tuple[float, int]:
        calls.append((format_action(action), playouts, parts[0]))
        return measured[format_action(action), parts[0]], playouts

    monkeypatch.setattr(review_judge, "measure", fake)
    return calls


@pytest.mark.parametrize(
    ("best", "refined"),
    [(0.05, False), (0.119, False), (0.12, True), (0.25, True), (0.44, True), (0.45, False)],
)
def test_a_decision_is_refined_when_its_loss_is_doubtful_and_only_then(
    monkeypatch: pytest.MonkeyPatch, best: float, refined: bool
) -> None:
    """A first-pass loss in REFINE_BAND (12 inclusive to 45 exclusive points) has the root's
    three most visited actions, the recommendation and the action taken measured again, with
    more playouts and other numbers; any other loss keeps the first pass's two measurements."""
    decision = _doubtful_decision()
    first, second, third, *_, last = (format_action(a) for a in decision.view.legal)
    decision = replace(decision, taken=decision.view.legal[-1])
    measured = {(first, "alone"): best, (last, "alone"): 0.0, (second, "alone"): 0.0}
    measured |= {(third, "alone"): 0.0}
    measured |= {(a, "alone-2"): 0.0 for a in (first, second, third, last)}
    calls = _controlled(monkeypatch, decision, measured)
    found = judge(decision, TINY)
    assert found.best == first and found.chance_taken == 0.0
    first_pass = [(first, 12, "alone"), (last, 12, "alone")]
    if not refined:
        assert calls == first_pass
        assert found.visits == TINY.playouts and found.loss == pytest.approx(100 * best)
        return
    candidates = (first, second, third, last)
    again = [(a, TINY.refine_playouts, "alone-2") for a in candidates]
    assert calls == [*first_pass, (second, 12, "alone"), (third, 12, "alone"), *again]
    assert found.visits == TINY.playouts + TINY.refine_playouts
    assert found.chance_best == pytest.approx(best * 12 / 36)  # the playout-weighted mean


def test_a_refined_decision_recommends_the_candidate_with_the_best_combined_chance(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The root's recommendation (first ranked) measured worse than its runner-up once both
    were measured twice: the runner-up is the best action, its combined chance the one
    compared (a tie would keep the first listed)."""
    decision = _doubtful_decision()
    first, second, third, *_, last = (format_action(a) for a in decision.view.legal)
    decision = replace(decision, taken=decision.view.legal[-1])
    measured = {(first, "alone"): 0.6, (second, "alone"): 0.58, (third, "alone"): 0.3}
    measured |= {(last, "alone"): 0.35, (first, "alone-2"): 0.5, (second, "alone-2"): 0.7}
    measured |= {(third, "alone-2"): 0.4, (last, "alone-2"): 0.35}
    _controlled(monkeypatch, decision, measured)
    found = judge(decision, TINY)
    assert found.best == second
    assert found.chance_best == pytest.approx((0.58 * 12 + 0.7 * 24) / 36)
    assert found.chance_taken == pytest.approx(0.35)
    measured[second, "alone-2"] = (0.6 * 12 + 0.5 * 24 - 0.58 * 12) / 24  # now a tie
    assert judge(decision, TINY).best == first


def test_a_refined_decision_is_judged_the_same_twice_with_the_same_budget_and_seed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The real search, on a decision it refines: the second measurements have seeds of their
    own (other than the first pass's), fixed by the review's seed and the step."""
    decision = _doubtful_decision()
    real = review_judge.measure
    parts: list[object] = []

    def spy(*args: object, **kwargs: object) -> tuple[float, int]:
        parts.append(args[5] if len(args) > 5 else kwargs.get("parts", ("alone", "deals")))
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(review_judge, "measure", spy)
    found = judge(decision, TINY)
    assert ("alone-2", "deals-2") in parts and ("alone", "deals") in parts
    assert found.visits == TINY.playouts + TINY.refine_playouts
    assert judge(decision, TINY) == found
