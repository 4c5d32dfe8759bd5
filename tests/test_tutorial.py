"""The tutorial's lessons: scripts legal through the engine, wrong tries legal but worse, the
common mistakes shown on the board, and coach texts whose numbers all come from the engine."""

from __future__ import annotations

import re
import string
import tomllib
from importlib import resources
from pathlib import Path

import pytest

from agent_avenue.bots.action_scores import score_actions
from agent_avenue.data import default_rules
from agent_avenue.engine import (
    Event,
    EventKind,
    GameState,
    Offer,
    Recruit,
    Take,
    apply,
    distance_to_catch,
    player_view,
    recruit_preview,
)
from agent_avenue.engine.rules import CATCH_LEAD, MARKET_SPACES
from agent_avenue.i18n import LANGUAGES, catalogue, set_language
from agent_avenue.teaching.describe import ordinal, signed
from agent_avenue.teaching.explain import escapes
from agent_avenue.teaching.tutorial.driver import LessonRun, Verdict
from agent_avenue.teaching.tutorial.facts import VERBS, FactError, check_query, evaluate
from agent_avenue.teaching.tutorial.lesson import (
    LESSON_IDS,
    MISTAKES,
    Lesson,
    LessonError,
    Step,
    lesson_path,
    load_lesson,
)
from agent_avenue.teaching.tutorial.progress import finished_lessons, mark_finished, progress_path

RULES = default_rules()
NAMES = ("Green", "Blue")
EXTRA_WINS = frozenset({"masterplan", "security_system", "leader_of_the_pack"})
ENGLISH = catalogue("en")


@pytest.fixture(scope="module", params=LESSON_IDS)
def lesson(request: pytest.FixtureRequest) -> Lesson:
    """Each shipped lesson."""
    return load_lesson(str(request.param), RULES)


def walk(lesson: Lesson) -> list[tuple[int, Step, GameState, GameState]]:
    """(index, step, state before, state after) for every step of the script."""
    out = []
    state = lesson.start
    for index, step in enumerate(lesson.steps):
        action = step.expect or step.opponent
        after = state if action is None else apply(state, action)
        out.append((index, step, state, after))
        state = after
    return out


def lead(state: GameState, side: int) -> int:
    """A side's lead over the other (CATCH_LEAD or more: a catch)."""
    return state.sides[side].progress - state.sides[1 - side].progress


def turn_end(state: GameState, steps: list[Step]) -> GameState:
    """Play the opponent's scripted replies (a recruit, a pick) until the next offer or the
    learner's next decision: the end of the turn's moves."""
    for step in steps:
        if step.opponent is None or isinstance(step.opponent, Offer):
            break
        state = apply(state, step.opponent)
    return state


# The scripts ------------------------------------------------------------------------------------


def test_lessons_load_in_teaching_order() -> None:
    """Both lessons ship with the package; the simple one leads to the advanced one."""
    lessons = [load_lesson(lesson_id, RULES) for lesson_id in LESSON_IDS]
    assert [lesson.id for lesson in lessons] == ["simple", "advanced"]
    assert lessons[0].next == "advanced"
    assert lessons[0].start.mode.value == "simple"
    assert lessons[1].start.mode.value == "advanced"
    assert lesson_path("simple").is_file()


def test_script_is_legal_through_the_engine(lesson: Lesson) -> None:
    """Every expected and scripted action is legal when it comes, made by the right seat."""
    state = lesson.start
    for step in lesson.steps:
        if step.expect is not None:
            assert state.to_act == lesson.learner
            assert step.expect in player_view(state, lesson.learner).legal
            state = apply(state, step.expect)
        elif step.opponent is not None:
            assert state.to_act == lesson.opponent
            assert step.opponent in player_view(state, lesson.opponent).legal
            state = apply(state, step.opponent)
    assert state.result is not None
    assert state.result.winner == lesson.learner


def test_wrong_tries_are_legal_but_worse(lesson: Lesson) -> None:
    """Each wrong try is legal; the evaluation rates it below the expected action, and the
    board after it (the opponent's reply included) is worse for the learner than after the
    expected action: a lost game, or a lower lead; a wrong black market pick is an instant card
    instead of the ongoing one whose extra win the lesson then reaches."""
    me = lesson.learner
    tried = 0
    final = walk(lesson)[-1][3]
    assert final.result is not None
    for index, step, before, after in walk(lesson):
        for wrong in step.wrong:
            tried += 1
            view = player_view(before, me)
            assert wrong.action in view.legal
            scores = score_actions(view)
            assert step.expect is not None
            assert scores[wrong.action] < scores[step.expect], (index, wrong.action)
            bad = before
            for move in (wrong.action, *wrong.reply(wrong.action)):
                bad = apply(bad, move)
            good = turn_end(after, list(lesson.steps[index + 1 :]))
            if bad.result is not None:
                assert bad.result.winner != me
            elif isinstance(wrong.action, Take):
                assert isinstance(step.expect, Take)
                assert RULES.card_by_id[wrong.action.card].kind == "instant"
                assert RULES.card_by_id[step.expect.card].kind == "ongoing"
                assert step.expect.card in final.result.reasons
            else:
                assert good.result is not None or lead(bad, me) < lead(good, me)
    assert tried >= 3


def test_the_simple_lesson_ends_with_the_learners_catch() -> None:
    """A real win: the learner catches the opponent at the End step."""
    lesson = load_lesson("simple", RULES)
    final = walk(lesson)[-1][3]
    assert final.result is not None
    assert final.result.winner == lesson.learner
    assert "catch" in final.result.reasons
    assert lead(final, lesson.learner) >= CATCH_LEAD


# The common mistakes, on the board ------------------------------------------------------------


def _recruits(events: tuple[Event, ...], side: int) -> list[Event]:
    return [e for e in events if e.kind is EventKind.RECRUIT and e.side == side]


def test_every_common_mistake_is_walked_through() -> None:
    """Each of the quick rules' common mistakes has a step, and the board shows it."""
    lesson = load_lesson("simple", RULES)
    me = lesson.learner
    steps = walk(lesson)
    covered = {step.mistake: (index, step, before, after) for index, step, before, after in steps}
    assert set(MISTAKES) <= set(covered)

    # Reading the bottom icon on the 2nd copy: the learner recruits a 2nd copy, which moves by
    # the middle icon, not the bottom one.
    index, step, before, after = covered["second_copy"]
    end = turn_end(after, [s for _, s, _, _ in steps[index + 1 :]])
    recruit = _recruits(end.events, me)[0]
    spec = RULES.agent_by_id[recruit.agent or ""]
    assert recruit.count == 2
    assert recruit.value == spec.icon_for(2) != spec.icon_for(3)

    # The Double Agent on the 3rd copy: it would move the learner back; the wrong try is
    # recruiting it, and the board then shows the step back.
    index, step, before, after = covered["third_double_agent"]
    view = player_view(before, me)
    assert view.face_up == "double_agent"
    preview = recruit_preview(view, me, "double_agent")
    assert preview.count == 3 and preview.move < 0
    wrong = step.wrong[0]
    assert wrong.action == Recruit(face_up=True)
    shown = apply(before, wrong.action)
    assert _recruits(shown.events, me)[0].value == preview.move

    # Thinking you win while recruiting: the learner's move reaches the opponent, but the
    # End step, after both moves, finds no catch (the opponent escaped).
    index, step, before, after = covered["end_step"]
    public = player_view(after, None)
    assert after.result is None
    assert escapes(after.events, public, NAMES)
    mine = _recruits(after.events, me)[0]
    theirs = _recruits(after.events, 1 - me)[0]
    assert mine.end - theirs.start >= CATCH_LEAD > mine.end - theirs.end

    # Forgetting both meeples move together: the wrong offer lets the opponent escape.
    index, step, before, after = covered["both_move"]
    wrong = step.wrong[0]
    shown = before
    for move in (wrong.action, *wrong.reply(wrong.action)):
        shown = apply(shown, move)
    lines = escapes(shown.events, player_view(shown, None), NAMES)
    assert lines and lines[0].startswith(f"{NAMES[1 - me]}'s spy escaped")
    assert shown.result is None


def test_the_advanced_lesson_covers_the_black_market() -> None:
    """Landing exactly on a black market space, an ongoing and an instant card, an extra win."""
    lesson = load_lesson("advanced", RULES)
    me = lesson.learner
    lands: list[int] = []
    taken: dict[str, set[str]] = {"ongoing": set(), "instant": set()}
    for *_, after in walk(lesson):
        for event in after.events:
            if event.kind is EventKind.LAND and event.side == me:
                lands.append(event.end)
            if event.kind is EventKind.TAKE and event.card:
                taken[RULES.card_by_id[event.card].kind].add(event.card)
    assert lands and set(lands) <= MARKET_SPACES
    assert taken["ongoing"] and taken["instant"]
    final = walk(lesson)[-1][3]
    assert final.result is not None and final.result.winner == me
    assert set(final.result.reasons) & EXTRA_WINS


# Coach texts: placeholders only, filled by the engine ------------------------------------------


def _keys(lesson: Lesson) -> list[tuple[str, dict[str, str]]]:
    """Every text key of a lesson with the facts it gets."""
    keys: list[tuple[str, dict[str, str]]] = [
        (lesson.title, {}),
        (lesson.summary, {}),
        (lesson.finish, dict(lesson.finish_facts)),
    ]
    for step in lesson.steps:
        if step.coach:
            keys.append((step.coach, dict(step.facts)))
        if step.after:
            keys.append((step.after, dict(step.after_facts)))
        for wrong in step.wrong:
            keys.append((wrong.why, dict(wrong.facts)))
    return keys


def test_texts_exist_and_type_no_numbers(lesson: Lesson) -> None:
    """Every text is in the English catalogue, has no digit (numbers are placeholders), and
    every placeholder is a fact of its step or one of the two names."""
    for key, facts in _keys(lesson):
        assert key in ENGLISH, key
        text = ENGLISH[key]
        assert not re.search(r"\d", text), (key, text)
        fields = {name for _, name, _, _ in string.Formatter().parse(text) if name}
        assert fields <= set(facts) | {"you", "them"}, (key, fields - set(facts))
        assert set(facts) <= fields, (key, set(facts) - fields)


@pytest.mark.parametrize("language", LANGUAGES)
def test_coach_texts_show_the_engines_numbers(lesson: Lesson, language: str) -> None:
    """Rendered on their own positions, in every language, the texts contain each fact's
    engine-computed value (the claim a lesson makes is the engine's, whatever the language)."""
    set_language(language)
    run = LessonRun(lesson, NAMES)
    while run.step is not None:
        step = run.step
        if step.coach and step.kind != "opponent":
            text = run.coach_text()
            for query in step.facts.values():
                assert evaluate(query, run.state, lesson.learner, NAMES) in text
        if step.kind == "opponent":
            run.play_opponent()
            text = run.text(step.coach, step.facts, run.state)
            for query in step.facts.values():
                assert evaluate(query, run.state, lesson.learner, NAMES) in text
        elif step.expect is not None:
            for wrong in step.wrong:
                why = run.why_text(wrong)
                assert "tutorial." not in why
            run.play(step.expect)
            assert "tutorial." not in run.after_text(step)
        run.advance()


def test_the_second_sentinel_text_quotes_the_card() -> None:
    """Spot check against the engine itself: the 2nd Sentinel step names the preview's move,
    the card's bottom icon and the ordinal of the copy."""
    lesson = load_lesson("simple", RULES)
    run = LessonRun(lesson, NAMES)
    while run.step is not None and run.step.mistake != "second_copy":
        step = run.step
        action = step.expect or step.opponent
        if action is not None:
            run.play(action)
        run.advance()
    view = player_view(run.state, lesson.learner)
    preview = recruit_preview(view, lesson.learner, "sentinel")
    bottom = RULES.agent_by_id["sentinel"].icon_for(3)
    assert isinstance(bottom, int)
    text = run.coach_text()
    assert f"your {ordinal(preview.count)}" in text
    assert f"the middle icon, {signed(preview.move)}" in text
    assert f"the bottom icon ({signed(bottom)})" in text


DREW = re.compile(r"\byou drew\b", re.IGNORECASE)
"""A coach text in English that tells the learner they drew cards."""


def _learner_drew(state: GameState, learner: int) -> list[str]:
    """The cards the learner drew in the position's latest step (from the engine's events)."""
    kinds = (EventKind.DISCARD, EventKind.DRAW, EventKind.OFFER)
    return [
        agent
        for event in state.events
        if event.kind in kinds and event.side == learner
        for agent in event.agents
    ]


def test_a_coach_text_says_what_was_drawn_only_after_a_draw(lesson: Lesson) -> None:
    """ "You drew two new cards" at turn 3, when the learner had drawn nothing since the last
    reveal: a coach text that speaks of drawn cards is shown right after the learner drew, and
    names them with the `drawn` fact, which asks the position what was drawn."""
    for _, step, before, after in walk(lesson):
        shown_on = after if step.kind == "opponent" else before
        texts = ((step.coach, step.facts, shown_on), (step.after, step.after_facts, after))
        for key, facts, state in texts:
            if key is None or not DREW.search(ENGLISH[key]):
                continue
            drawn = _learner_drew(state, lesson.learner)
            assert drawn, f"{key} is shown when the learner has drawn nothing"
            assert "drawn" in facts.values(), key
            text = evaluate("drawn", state, lesson.learner, NAMES)
            assert all(ENGLISH[f"describe.indefinite.{agent}"] in text for agent in drawn)


def test_distances_in_texts_match_the_engine() -> None:
    """Every `distance you` fact is distance_to_catch of the learner's view at that moment."""
    lesson = load_lesson("simple", RULES)
    for _, step, before, after in walk(lesson):
        for name, query in step.facts.items():
            if query == "distance you":
                state = after if step.kind == "opponent" else before
                value = distance_to_catch(player_view(state, 0), 0)
                assert evaluate(query, state, 0, NAMES) == str(value), name


# The driver --------------------------------------------------------------------------------------


def test_driver_judges_and_demonstrates_without_changing_the_lesson() -> None:
    """A wrong try is played on a copy; another legal action is refused."""
    lesson = load_lesson("simple", RULES)
    run = LessonRun(lesson, NAMES)
    while run.step is not None and not run.step.wrong:
        step = run.step
        action = step.expect or step.opponent
        if action is not None:
            run.play(action)
        run.advance()
    step = run.step
    assert step is not None and step.expect is not None
    state = run.state
    wrong = step.wrong[0]
    assert run.judge(step.expect) == (Verdict.EXPECTED, None)
    assert run.judge(wrong.action) == (Verdict.WRONG, wrong)
    shown = run.demonstrate(wrong, wrong.action)
    assert run.state is state
    assert shown.after is not state
    other = (
        next(
            a
            for a in player_view(state, lesson.learner).legal
            if a not in (step.expect, wrong.action)
        )
        if len(player_view(state, lesson.learner).legal) > 2
        else None
    )
    if other is not None:
        assert run.judge(other)[0] is Verdict.OTHER


def test_wrong_offers_match_either_way_round() -> None:
    """A wrong offer with `takes` matches both orientations; the opponent takes that card."""
    lesson = load_lesson("simple", RULES)
    step = next(s for s in lesson.steps if s.mistake == "both_move")
    wrong = step.wrong[0]
    assert isinstance(wrong.action, Offer) and wrong.takes
    flipped = Offer(wrong.action.face_down, wrong.action.face_up)
    assert step.wrong_for(flipped) is wrong
    for offer in (wrong.action, flipped):
        recruit = wrong.reply(offer)[0]
        assert isinstance(recruit, Recruit)
        assert (offer.face_up if recruit.face_up else offer.face_down) == wrong.takes


# Facts, files and progress ------------------------------------------------------------------


def test_fact_queries_are_checked() -> None:
    """Unknown verbs and arguments are refused with a sentence."""
    agents, cards = frozenset(RULES.agent_ids), frozenset(RULES.card_ids)
    check_query("move you sentinel", agents, cards)
    check_query("icon_at sentinel bottom", agents, cards)
    for bad in ("jump you", "move you spy", "move me sentinel", "icon_at sentinel side", ""):
        with pytest.raises(FactError):
            check_query(bad, agents, cards)
    assert "market_spaces" in VERBS


def test_a_broken_lesson_file_is_refused(tmp_path: Path) -> None:
    """A lesson whose script is not legal names the file and the step."""
    text = (
        resources.files("agent_avenue.teaching.tutorial") / "lessons" / "simple.toml"
    ).read_text()
    raw = tomllib.loads(text)
    assert raw["steps"][2]["expect"] == "offer enforcer double_agent"
    broken = tmp_path / "broken.toml"
    broken.write_text(
        text.replace('expect = "offer enforcer double_agent"', 'expect = "offer mole mole"')
    )
    with pytest.raises(LessonError, match=r"broken\.toml: steps\[2\]"):
        load_lesson(broken, RULES)
    unknown = tmp_path / "unknown.toml"
    unknown.write_text(text.replace('board = "board"', 'board = "size of the board"'))
    with pytest.raises(LessonError, match="does not start with a known fact"):
        load_lesson(unknown, RULES)


def test_finished_lessons_are_remembered(tmp_path: Path) -> None:
    """Finishing a lesson is kept in the data folder; a damaged file counts as nothing."""
    assert finished_lessons(tmp_path) == frozenset()
    assert mark_finished("simple", tmp_path) is None
    assert mark_finished("advanced", tmp_path) is None
    assert finished_lessons(tmp_path) == {"simple", "advanced"}
    progress_path(tmp_path).write_text("{not json", encoding="utf-8")
    assert finished_lessons(tmp_path) == frozenset()
