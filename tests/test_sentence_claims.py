"""Every claim a deciding player reads is what the engine then decides.

Random games in both modes, duels and team games. At each offer, face-down play and recruit,
the preview lines and the hint shown to the deciding seat are built; each possible answer
(each recruit choice, each card the hidden one could be) is applied to the real state, and
every claim in the lines is checked against the result. The claims are read from the texts'
own keys and placeholders (`t()` keeps them), so a sentence that says "Green catches Blue" is
checked as that claim, in whatever language, and in either form (a team of two's `_plural`).
The review's sentences (why the better action was better, at every decision of random games)
are checked the same way: their sure-result claims and the hint reasons they quote.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from agent_avenue.bots.ismcts import Budget
from agent_avenue.data import default_rules
from agent_avenue.engine import (
    GameState,
    Mode,
    Offer,
    Phase,
    Recruit,
    apply,
    distance_to_catch,
    format_action,
    hidden_outcomes,
    new_game,
    player_view,
    side_of,
    sure_winner,
)
from agent_avenue.engine.actions import PlayDown
from agent_avenue.i18n import PLURAL, Translated
from agent_avenue.teaching.explain import offer_card_lines, offer_split_line, split_phrase
from agent_avenue.teaching.hints import Hint, search_hint, suggest
from agent_avenue.teaching.review_judge import Decision, Judgement, sure_flags
from agent_avenue.teaching.review_text import why_better
from agent_avenue.ui.phrases import preview_line, recruit_result

RULES = default_rules()
NAMES = ("Green", "Blue")
CONFIGS = [(players, mode) for players in (2, 3, 4) for mode in Mode]
GAMES = 60
HINT_EVERY = 3
SEARCH_BUDGET = Budget(seconds=None, iterations=30)
"""The search hint's budget here (the app thinks for about half a second instead)."""


def nodes(text: object) -> Iterator[Translated]:
    """Every text made by `t()` inside `text`, its placeholders included."""
    if isinstance(text, Translated):
        yield text
        for value in text.params.values():
            yield from nodes(value)


def claim(node: Translated) -> str:
    """The claim a text makes: its key, the same for its singular and plural forms (and, for a
    count, its form for one card, `_one`)."""
    return node.key.removesuffix(PLURAL).removesuffix("_one")


def side_named(name: object) -> int:
    """The side a name in a claim stands for."""
    return NAMES.index(str(name))


def spaces_counted(phrase: object) -> int:
    """The number of spaces a `spaces_phrase` says ("1 space": its own key, else its `n`)."""
    assert isinstance(phrase, Translated), phrase
    if phrase.key == "describe.spaces_one":
        return 1
    assert phrase.key == "describe.spaces_many", phrase.key
    return int(str(phrase.params["n"]))


def check_claims(text: str, after: GameState) -> int:
    """Check every outcome claim in `text` against the state after the answer it is about."""
    checked = 0
    for node in nodes(text):
        key, params = claim(node), node.params
        result = after.result
        if key in ("verdict.pickup", "verdict.pickup_before"):
            assert after.phase is Phase.PICK, (text, after)
            return checked + 1  # the rest of the sentence is "before the card"
        if key in (
            "verdict.win_catch",
            "verdict.win_mark",
            "verdict.lose_mark",
            "verdict.win_card",
            "verdict.win_exhaustion",
        ):
            assert result is not None, (text, after)
            assert result.winner == side_named(params["winner"]), (text, result)
            if key == "verdict.win_catch":
                assert "catch" in result.reasons
            if key == "verdict.win_exhaustion":
                assert "exhaustion" in result.reasons
            checked += 1
        elif key == "verdict.tie":
            assert result is not None and result.by_tie_rule, (text, result)
            assert result.winner == after.active
            checked += 1
        elif key == "verdict.goes_on":
            assert result is None and after.phase is not Phase.PICK, (text, after)
            view = player_view(after, None)
            spaces = spaces_counted(params["spaces"])
            assert distance_to_catch(view, side_named(params["side"])) == spaces, text
            assert 1 <= spaces <= 13
            checked += 1
        elif key == "verdict.escape":
            assert (
                result is None
                or "catch" not in result.reasons
                or (result.winner != side_named(params["side"]))
            )
            checked += 1
    return checked


def tally_claims(text: str, state: GameState, face_up_taken: bool) -> int:
    """Check a result tally over the hidden card: each count is the number of cards with which
    the real state (that card put in the offer) ends that way."""
    assert state.offer is not None
    up = state.offer[0]
    counts = hidden_outcomes(player_view(state, state.to_act)).counts
    wins = [0, 0]
    pickups = going_on = 0
    for agent, copies in counts.items():
        after = apply(state._replace(offer=(up, agent)), Recruit(face_up_taken))
        if after.phase is Phase.PICK:
            pickups += copies
        elif after.result is not None:
            wins[after.result.winner] += copies
        else:
            going_on += copies
    total = sum(counts.values())
    checked = 0
    for node in nodes(text):
        key, params = claim(node), node.params
        if key in ("verdict.tally_first", "verdict.tally_part"):
            # "5 of 30 lead to the black market": a count and what those cards do.
            what = params["what"]
            assert isinstance(what, Translated)
            outcome = claim(what)
            if outcome == "verdict.tally_win":
                assert wins[side_named(what.params["name"])] == params["n"], text
            elif outcome == "verdict.tally_pickup":
                assert pickups == params["n"], text
            else:
                assert outcome == "verdict.tally_on", text
                assert going_on == params["n"], text
            if key == "verdict.tally_first":
                assert params["total"] == total
        elif key == "verdict.tally_always":
            assert wins[side_named(params["name"])] == total, text
        elif key == "verdict.tally_never":
            assert going_on == total, text
        else:
            continue
        checked += 1
    return checked


def check_offer(state: GameState, with_hint: bool) -> int:
    """An offer (or a face-down play): each split line and the hint, against each answer."""
    seat = state.to_act
    assert seat is not None
    view = player_view(state, seat)
    me = view.me.index
    checked = 0
    for action in view.legal:
        if isinstance(action, Offer):
            up, down = action.face_up, action.face_down
            lines = {
                True: offer_split_line(view, up, down, NAMES),
                False: offer_split_line(view, down, up, NAMES),
            }
        elif isinstance(action, PlayDown) and view.face_up is not None:
            up, down = view.face_up, action.agent
            lines = {
                True: split_phrase(view, me, down, up, NAMES),
                False: split_phrase(view, me, up, down, NAMES),
            }
        else:
            continue
        offered = apply(state, action)
        if isinstance(action, Offer):
            checked += check_offer_previews(state, offered, action)
        for face_up, line in lines.items():
            checked += check_claims(line, apply(offered, Recruit(face_up)))
    if with_hint:
        checked += check_hint(state)
    return checked


def check_hint(state: GameState) -> int:
    """The hints' sentences (the evaluation's and, in a duel, the search's): the sure-win
    prefixes and every claim about each answer."""
    seat = state.to_act
    assert seat is not None
    view = player_view(state, seat)
    checked = check_hint_text(state, suggest(view, NAMES))
    if not view.is_team_game:
        checked += check_hint_text(state, search_hint(view, NAMES, budget=SEARCH_BUDGET))
    return checked


def check_hint_text(state: GameState, hint: Hint | None) -> int:
    """One hint's claims against the real state after each answer."""
    if hint is None:
        return 0
    view = player_view(state, state.to_act)
    checked = 0
    after = apply(state, hint.action)
    for node in nodes(hint.text):
        key = claim(node)
        if key in ("hint.search_sure", "hint.wins") and isinstance(hint.action, Recruit):
            assert state.offer is not None
            for agent in hidden_outcomes(view).counts:
                swapped = state._replace(offer=(state.offer[0], agent))
                final = apply(swapped, hint.action)
                assert final.result is not None and final.result.winner == view.me.index
            checked += 1
        elif key == "hint.search_sure" and isinstance(hint.action, Offer):
            for face_up in (True, False):
                final = apply(after, Recruit(face_up))
                assert final.result is not None and final.result.winner == view.me.index
            checked += 1
        elif key == "hint.cannot_win":
            assert isinstance(hint.action, Offer)
            for face_up in (True, False):
                final = apply(after, Recruit(face_up))
                assert final.phase is not Phase.PICK, hint.text
                other = side_named(node.params["other"])
                assert final.result is None or final.result.winner != other, hint.text
            checked += 1
        elif key == "verdict.result" and isinstance(hint.action, Recruit):
            checked += tally_claims(node.params["text"], state, hint.action.face_up)  # type: ignore[arg-type]
        elif key in ("hint.offer", "hint.search_offer"):
            for param, face_up in (("if_up", True), ("if_down", False)):
                checked += check_claims_of(node.params[param], apply(after, Recruit(face_up)))
        elif key == "hint.wins" and isinstance(hint.action, Offer):
            for face_up in (True, False):
                final = apply(after, Recruit(face_up))
                assert final.result is not None and final.result.winner == view.me.index
            checked += 1
        elif key == "hint.then" and isinstance(hint.action, Recruit):
            checked += tally_claims(node.params["result"], state, hint.action.face_up)  # type: ignore[arg-type]
    return checked


def check_claims_of(text: object, after: GameState) -> int:
    """check_claims for a placeholder value (a text made by `t()`)."""
    return check_claims(text, after) if isinstance(text, Translated) else 0


def check_preview(text: str, before: GameState, after: GameState, side: int) -> int:
    """A per-card preview for `side` ("+2, 5 to catch if Blue stays"): when the other side did
    stay where it was, the distance is the one the engine then shows."""
    checked = 0
    start, end = player_view(before, None), player_view(after, None)
    for node in nodes(text):
        key = claim(node)
        if key == "explain.to_catch_if":
            assert node.params["other"] == NAMES[1 - side], text
            if start.sides[1 - side].position == end.sides[1 - side].position:
                assert distance_to_catch(end, side) == node.params["n"], (text, after)
            checked += 1
        elif key == "explain.to_catch":
            raise AssertionError(f"a preview of a turn where both sides move says no 'if': {text}")
    return checked


def check_card_previews(state: GameState) -> int:
    """The recruit panel's line for the face-up card, for each side that could get it."""
    seat = state.to_act
    assert seat is not None and state.offer is not None
    view = player_view(state, seat)
    me, up = view.me.index, state.offer[0]
    mine = preview_line(view, me, up, NAMES)
    theirs = preview_line(view, 1 - me, up, NAMES)
    return check_preview(mine, state, apply(state, Recruit(True)), me) + check_preview(
        theirs, state, apply(state, Recruit(False)), 1 - me
    )


def check_offer_previews(state: GameState, offered: GameState, action: Offer) -> int:
    """The offer panel's lines per card ("for you", "if Blue takes it") for both answers."""
    view = player_view(state, state.to_act)
    me = view.me.index
    checked = 0
    for face_up, taken, kept in (
        (True, action.face_up, action.face_down),
        (False, action.face_down, action.face_up),
    ):
        after = apply(offered, Recruit(face_up))
        mine = offer_card_lines(view, kept, NAMES)[0]
        theirs = offer_card_lines(view, taken, NAMES)[1]
        checked += check_preview(mine, state, after, me)
        checked += check_preview(theirs, state, after, 1 - me)
    return checked


def check_recruit(state: GameState, with_hint: bool) -> int:
    """A recruit: both result lines against every card the hidden one could be, and the face-up
    card's preview for each side."""
    view = player_view(state, state.to_act)
    checked = check_card_previews(state)
    for face_up in (True, False):
        checked += tally_claims(recruit_result(view, face_up, NAMES), state, face_up)
    if with_hint:
        checked += check_hint(state)
    return checked


@pytest.mark.slow
@pytest.mark.parametrize(("players", "mode"), CONFIGS)
def test_every_claim_is_the_engines_verdict(players: int, mode: Mode) -> None:
    checked = 0
    for seed in range(GAMES):
        rng = random.Random(seed)
        state = new_game(RULES, mode, seed, seed % 2, players=players)
        step = 0
        while not state.is_over:
            step += 1
            # Hints in team games sample deals: judge them on a few decisions only.
            with_hint = step % (HINT_EVERY * (3 if players > 2 else 1)) == 0
            if state.phase is Phase.RECRUIT:
                checked += check_recruit(state, with_hint)
            elif state.phase in (Phase.OFFER, Phase.PLAY_DOWN):
                checked += check_offer(state, with_hint)
            state = apply(state, rng.choice(player_view(state, state.to_act).legal))
    assert checked > 1000  # the test really read claims


# The review's sentences (teaching/review_text.py) --------------------------------------------

REVIEW_GAMES = 15
"""Random games per configuration whose every decision's review sentences are checked."""


def final_states(state: GameState, action: object) -> list[GameState]:
    """Every state the End step may reach after `action`, as the deciding seat cannot tell
    them apart: both answers to an offer (or a face-down play), every card a hidden one could
    be for a recruit; otherwise the one state after it."""
    after = apply(state, action)  # type: ignore[arg-type]
    if isinstance(action, Offer | PlayDown) and after.phase is Phase.RECRUIT:
        return [apply(after, Recruit(face_up)) for face_up in (True, False)]
    if isinstance(action, Recruit):
        assert state.offer is not None
        view = player_view(state, state.to_act)
        return [
            apply(state._replace(offer=(state.offer[0], agent)), action)
            for agent in hidden_outcomes(view).counts
        ]
    return [after]


def check_review_text(state: GameState, text: str, taken: object, best: object) -> int:
    """A review sentence's own claims (a sure win missed, a sure loss chosen) against every
    state the actions may reach, and its reason's claims as a hint's."""
    side = side_of(state.to_act)  # type: ignore[arg-type]
    checked = check_hint_text(state, Hint(best, 0.0, text))  # type: ignore[arg-type]
    for node in nodes(text):
        key = claim(node)
        if key == "review.why_missed_win":
            for final in final_states(state, best):
                assert final.result is not None and final.result.winner == side, text
            checked += 1
        elif key == "review.why_chose_loss":
            for final in final_states(state, taken):
                assert final.result is not None and final.result.winner == 1 - side, text
            assert any(
                final.result is None or final.result.winner == side
                for final in final_states(state, best)
            ), text
            checked += 1
    return checked


def check_review(state: GameState) -> tuple[int, int]:
    """The review's sentence for a few actions taken at this decision, the better action being
    a sure win when there is one, else one that is not a sure loss (as the review's would be),
    else another legal action; the claims checked, and how many sentences made a sure claim."""
    seat = state.to_act
    assert seat is not None
    view = player_view(state, seat)
    if len(view.legal) < 2:
        return 0, 0
    me = side_of(seat)
    sure = {action: sure_winner(view, action) for action in view.legal}
    # As the review chooses it: a sure win first, else never a sure loss when one can be
    # avoided (review_judge.judge).
    wins = [a for a in view.legal if sure[a] == me]
    avoid = [a for a in view.legal if sure[a] != 1 - me]
    best = (wins or avoid or list(view.legal))[0]
    checked = sure_claims = 0
    for taken in [a for a in view.legal if a != best][:3]:
        missed, chose = sure_flags(sure, taken, me)
        judgement = Judgement(
            1,
            seat,
            view.turn,
            format_action(taken),
            format_action(best),
            0.3,
            0.7,
            10,
            missed,
            chose,
        )
        text = why_better(Decision(1, seat, view, taken), judgement, NAMES)
        checked += check_review_text(state, text, taken, best)
        sure_claims += missed or chose
    return checked, sure_claims


@pytest.mark.parametrize(("players", "mode"), CONFIGS)
def test_every_claim_of_the_review_is_the_engines_verdict(players: int, mode: Mode) -> None:
    checked = sure = 0
    for seed in range(REVIEW_GAMES):
        rng = random.Random(1000 + seed)
        state = new_game(RULES, mode, seed, seed % 2, players=players)
        while not state.is_over:
            found, claims = check_review(state)
            checked += found
            sure += claims
            state = apply(state, rng.choice(player_view(state, state.to_act).legal))
    assert checked > 100 and sure > 0  # the test really read claims, sure ones included
