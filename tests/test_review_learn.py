"""Learn from your mistakes without the screen (teaching/review_learn.py): every marked decision
of the player, in order, from that player's view or the public one; the screen the game would
show (private or public); the new choice judged, never played; the log until then public."""

from __future__ import annotations

from dataclasses import replace

from agent_avenue.engine import GameRecord, Mode, Phase, format_action, player_view, replay_steps
from agent_avenue.play.flow import Show
from agent_avenue.teaching.review import Review, all_seats, decisions_of
from agent_avenue.teaching.review_judge import Judgement, ReviewBudget
from agent_avenue.teaching.review_learn import LearnRun, learn_positions
from bot_games import RULES, bot_game

TINY = ReviewBudget(iterations=24, playouts=12, refine_playouts=24, team_deals=24)


def marked_every_other(record: GameRecord) -> Review:
    """A review (made up, no search) whose every other decision gave up 40 points."""
    decisions, winner = decisions_of(record, None, RULES)
    judgements = []
    for i, decision in enumerate(decisions):
        taken = format_action(decision.taken)
        other = next(format_action(a) for a in decision.view.legal if a != decision.taken)
        bad = i % 2 == 0
        judgements.append(
            Judgement(
                decision.number,
                decision.seat,
                decision.view.turn,
                taken,
                other if bad else taken,
                0.2,
                0.6 if bad else 0.2,
                12,
            )
        )
    return Review(record, all_seats(record), TINY, tuple(judgements), winner)


def test_every_marked_decision_comes_back_in_order_from_the_seats_view_only() -> None:
    for players in (2, 4):
        record = bot_game(
            Mode.ADVANCED, 11, first=0, names=("A", "B", "C", "D")[:players], players=players
        )
        review = marked_every_other(record)
        for seat in all_seats(record):
            positions, end = learn_positions(review, seat, RULES)
            assert [p.decision.number for p in positions] == [j.number for j in review.marked(seat)]
            assert end.seat is None and end.result is not None
            states = [record.start(RULES)]
            states.extend(step.state for step in replay_steps(states[0], record.moves))
            for position in positions:
                state = states[position.decision.number - 1]
                assert position.decision.view == player_view(state, seat)
                assert position.public == player_view(state, None)
                assert format_action(position.decision.taken) == position.judgement.taken
                # The log holds the public events of every step before the decision.
                assert len(position.log) == position.decision.number
                assert all(e == e.public() for entry in position.log for e in entry.events)


def test_private_decisions_get_the_private_screen_and_team_decisions_a_public_one() -> None:
    record = bot_game(Mode.ADVANCED, 12, first=0, names=("A", "B", "C", "D"), players=4)
    review = marked_every_other(record)
    seen: set[tuple[Phase, Show]] = set()
    for seat in all_seats(record):
        run = LearnRun(review, RULES, seat, TINY)
        while (position := run.position) is not None:
            show = run.step().show
            assert show in (Show.PRIVATE, Show.PUBLIC)  # the player alone: never a handoff
            seen.add((position.decision.view.phase, show))
            run.answers[position.decision.number] = position.judgement
            run.next()
    assert (Phase.PLAY_UP, Show.PRIVATE) in seen
    assert (Phase.LEAD, Show.PUBLIC) in seen


def test_a_new_choice_is_judged_once_and_only_if_legal() -> None:
    record = bot_game(Mode.SIMPLE, 13, first=0, names=("Ada", "Bob"))
    review = marked_every_other(record)
    run = LearnRun(review, RULES, 0, TINY)
    position = run.position
    assert position is not None and not run.answered and run.verdict((("Ada", "Bob"), ())) == ""
    other = next(p for p in learn_positions(review, 1, RULES)[0])
    illegal = next(
        (a for a in other.decision.view.legal if a not in position.decision.view.legal), None
    )
    if illegal is not None:
        assert run.new_decision(illegal) is None
    choice = position.decision.view.legal[-1]
    decision = run.new_decision(choice)
    assert decision is not None and decision.taken == choice
    assert decision.view is position.decision.view
    new = run.judge(decision)
    assert new.taken == format_action(choice)
    assert run.record(new) and run.answered
    assert run.new_decision(choice) is None  # judged already: n goes on
    verdict = run.verdict((("Ada", "Bob"), ()))
    assert ("As good as the best" in verdict) or ("Not as good" in verdict)
    run.next()
    assert run.position is not position and not run.answered
    assert not run.record(new)  # a late answer for another decision is not kept


def test_choosing_again_what_was_played_is_judged_exactly_as_the_review_judged_it() -> None:
    """Same budget, same seeds: the new choice is compared with the very chances the review
    found (here the review is judged for real, with a small budget)."""
    from agent_avenue.teaching.review import review_game

    record = bot_game(Mode.ADVANCED, 3, first=0, names=("Ada", "Bob"))
    review = review_game(record, (0,), TINY, rules=RULES, workers=1)
    run = LearnRun(review, RULES, 0, TINY)
    position = run.position
    assert position is not None
    decision = run.new_decision(position.decision.taken)
    assert decision is not None
    assert run.judge(decision) == position.judgement


def test_a_player_without_marked_decisions_is_told_so() -> None:
    record = bot_game(Mode.SIMPLE, 13, first=0, names=("Ada", "Bob"))
    marked = marked_every_other(record)
    calm = Review(
        record,
        marked.seats,
        TINY,
        tuple(replace(j, best=j.taken, chance_best=j.chance_taken) for j in marked.judgements),
        marked.winner,
    )
    run = LearnRun(calm, RULES, 1, TINY)
    assert run.position is None and run.prompt() == ""
    assert run.title() == "Bob has no marked decision to replay."
    assert run.end.result is not None  # the table shows the game's end
