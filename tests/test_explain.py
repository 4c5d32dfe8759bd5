"""Explanations (explain.py): every sentence checked against the engine's own numbers."""

from __future__ import annotations

import random

import pytest

from agent_avenue.data import default_rules
from agent_avenue.engine import (
    EventKind,
    GameState,
    Mark,
    Mode,
    Phase,
    PlayerView,
    Take,
    apply,
    distance_to_catch,
    hidden_outcomes,
    new_game,
    player_view,
    recruit_preview,
    spaces_to_home,
)
from agent_avenue.engine.rules import (
    CATCH_LEAD,
    DistinctAgentsWin,
    MoveModifier,
    MoveSelf,
    StealFromPlay,
)
from agent_avenue.i18n import LANGUAGES, agent_name, card_name, set_language
from agent_avenue.teaching.describe import ordinal, signed, spaces_phrase
from agent_avenue.teaching.explain import (
    escapes,
    explain_result,
    explain_step,
    icon_note,
    market_card_line,
    move_words,
    offer_card_lines,
    offer_split_line,
    preview_phrase,
    short_phrase,
    split_phrase,
)
from positions import BLUE, GREEN, play, position

NAMES = ("Green", "Blue")
RULES = default_rules()


def reveal(state: GameState, move: str) -> tuple[PlayerView, PlayerView, GameState]:
    """Public views around one move, and the state after it."""
    before = player_view(state, None)
    after_state = play(state, move)
    return before, player_view(after_state, None), after_state


def lines_of(state: GameState, moves: str) -> tuple[list[str], GameState]:
    """Play all but the last move, then explain the last one."""
    parts = [m for m in moves.split(";") if m.strip()]
    for move in parts[:-1]:
        state = play(state, move)
    before, after, state = reveal(state, parts[-1])
    return explain_step(before, after, after.events, NAMES), state


# The count rule ---------------------------------------------------------------------------------


def test_second_sentinel_reads_the_middle_icon() -> None:
    """ "2nd Sentinel: +2 (the middle icon; the bottom one needs a 3rd)", numbers from the card."""
    state = position(
        green={"hand": ["sentinel", "enforcer", "codebreaker", "mole"], "in_play": ["sentinel"]},
        blue={"hand": ["enforcer", "saboteur", "daredevil", "codebreaker"]},
        deck=["saboteur"] * 4,
    )
    view = player_view(state, GREEN)
    spec = RULES.agent_by_id["sentinel"]
    preview = recruit_preview(view, GREEN, "sentinel")
    assert preview.count == 2
    long = preview_phrase(view, GREEN, "sentinel", NAMES, long=True)
    expected = (
        f"{ordinal(2)} Sentinel: {signed(spec.icon_for(2))} "
        f"(the middle icon; the bottom one needs a {ordinal(len(spec.icons))})"
    )
    assert long.startswith(expected), long
    assert f"{CATCH_LEAD - preview.lead} to catch" in long
    # On the reveal: Green keeps the Sentinel, Blue takes the Codebreaker.
    lines, _ = lines_of(state, "offer codebreaker sentinel; recruit up")
    assert (
        f"Green recruited a 2nd Sentinel: forward {spec.icon_for(2)} to space "
        f"{preview.space} (the middle icon; the bottom one needs a 3rd)."
    ) in lines


def test_third_double_agent_moves_back() -> None:
    """ "Green recruited a 3rd Double Agent: back 1", the 1 from the card's bottom icon."""
    state = position(
        green={
            "hand": ["double_agent", "enforcer", "codebreaker", "mole"],
            "in_play": ["double_agent", "double_agent"],
        },
        blue={"hand": ["enforcer", "saboteur", "daredevil", "codebreaker"]},
        deck=["saboteur"] * 4,
    )
    bottom = RULES.agent_by_id["double_agent"].icon_for(3)
    assert isinstance(bottom, int) and bottom < 0
    lines, after = lines_of(state, "offer enforcer double_agent; recruit up")
    recruit = next(e for e in after.events if e.kind is EventKind.RECRUIT and e.side == GREEN)
    assert recruit.value == bottom
    sentence = next(line for line in lines if line.startswith("Green recruited"))
    assert sentence.startswith(f"Green recruited a 3rd Double Agent: back {-bottom} to space")
    assert "(the bottom icon, from the 3rd copy on)" in sentence


@pytest.mark.parametrize("agent", RULES.agent_ids)
@pytest.mark.parametrize("count", [1, 2, 3, 4])
def test_icon_notes_follow_the_card(agent: str, count: int) -> None:
    """The note names the icon the count rule reads, and when the next one comes."""
    spec = RULES.agent_by_id[agent]
    note = icon_note(RULES, agent, count)
    if len(spec.icons) == 1:
        assert note == "its only icon"
    elif count == 1:
        assert note.startswith("the top icon") and ordinal(2) in note
    elif count == 2:
        assert note.startswith("the middle icon") and ordinal(len(spec.icons)) in note
    else:
        assert note.startswith("the bottom icon") and ordinal(len(spec.icons)) in note


def test_marks_in_previews() -> None:
    """A 3rd Codebreaker previews as a WIN, a 3rd Daredevil as a LOSE; Leader of the Pack turns
    the LOSE into a win."""
    state = position(
        mode="advanced",
        green={
            "hand": ["codebreaker", "daredevil", "enforcer", "mole"],
            "in_play": ["codebreaker", "codebreaker", "daredevil", "daredevil"],
        },
        blue={
            "hand": ["daredevil", "enforcer", "saboteur", "codebreaker"],
            "in_play": ["daredevil", "daredevil"],
            "black_market": ["leader_of_the_pack"],
        },
    )
    view = player_view(state, GREEN)
    assert preview_phrase(view, GREEN, "codebreaker", NAMES).startswith(
        "3rd Codebreaker: WIN mark, so Green wins at the End step"
    )
    assert preview_phrase(view, GREEN, "daredevil", NAMES).startswith(
        "3rd Daredevil: LOSE mark, so Green loses at the End step"
    )
    rescued = preview_phrase(view, BLUE, "daredevil", NAMES)
    assert rescued.startswith("3rd Daredevil: LOSE mark, but Leader of the Pack makes Blue win")
    assert short_phrase(view, GREEN, "codebreaker") == "3rd: WIN"
    assert short_phrase(view, BLUE, "daredevil") == "3rd: WIN"


def test_offer_previews_for_both_sides() -> None:
    """A card in hand: what keeping it does for you, and what it would do for the opponent."""
    state = position(
        green={"hand": ["sentinel", "enforcer", "codebreaker", "mole"], "in_play": ["sentinel"]},
        blue={"hand": ["enforcer"] * 4, "in_play": ["enforcer"]},
    )
    view = player_view(state, GREEN)
    mine, theirs = offer_card_lines(view, "enforcer", NAMES)
    me = recruit_preview(view, GREEN, "enforcer")
    them = recruit_preview(view, BLUE, "enforcer")
    assert mine.startswith(f"Enforcer for you: {ordinal(me.count)} Enforcer: {signed(me.move)}")
    assert theirs.startswith(
        f"If Blue takes it: {ordinal(them.count)} Enforcer: {signed(them.move)}"
    )
    assert f"{CATCH_LEAD - them.lead} to catch" in theirs


def test_splits_count_both_moves() -> None:
    """Each split of an offer: the lead after both recruits, from the two previews."""
    state = position(
        green={"hand": ["sidekick", "saboteur", "codebreaker", "mole"], "position": 3},
        blue={"hand": ["enforcer"] * 4, "in_play": ["daredevil"]},
    )
    view = player_view(state, GREEN)
    for kept, taken in (("sidekick", "daredevil"), ("saboteur", "sidekick")):
        mine = recruit_preview(view, GREEN, kept)
        theirs = recruit_preview(view, BLUE, taken)
        lead = mine.lead - theirs.move
        phrase = split_phrase(view, GREEN, kept, taken, NAMES)
        if lead >= CATCH_LEAD:
            assert phrase == "Green catches Blue"
        else:
            assert phrase.endswith(f"play goes on, Green {CATCH_LEAD - lead} spaces from catching")
            # Green's card alone reaches Blue: the sentence says Blue moves away.
            assert ("Blue's spy moves away" in phrase) == mine.catches
        line = offer_split_line(view, taken, kept, NAMES)
        assert line.startswith(f"If Blue takes the {agent_name(taken)} ({ordinal(theirs.count)}:")
        assert line.endswith(f": {phrase}.")


# Escapes and catches ----------------------------------------------------------------------------


def test_escape_names_the_other_move() -> None:
    """ "Blue escaped: Green reached Blue's space but Blue moved 4 further in the same turn"."""
    state = position(
        active=BLUE,
        green={
            "hand": ["enforcer", "sentinel", "saboteur", "mole"],
            "in_play": ["double_agent"],
            "position": 1,
        },
        blue={"hand": ["double_agent", "sidekick", "daredevil", "codebreaker"]},
        deck=["saboteur"] * 4,
    )
    state = play(state, "offer double_agent sidekick")
    before = player_view(state, None)
    # Green's 2nd Double Agent alone would make the lead reach CATCH_LEAD.
    green_move = recruit_preview(before, GREEN, "double_agent").move
    blue_move = recruit_preview(before, BLUE, "sidekick").move
    lead = before.sides[GREEN].progress - before.sides[BLUE].progress
    assert lead + green_move >= CATCH_LEAD > lead + green_move - blue_move
    after_state = play(state, "recruit up")
    after = player_view(after_state, None)
    lines = explain_step(before, after, after.events, NAMES)
    left = CATCH_LEAD - (lead + green_move - blue_move)
    assert (
        f"Blue's spy escaped: Green reached it, but it moved {blue_move} further in the same "
        f"turn, so Green is still {left} from catching."
    ) in lines
    assert after_state.result is None


def test_no_escape_when_the_catch_holds() -> None:
    """A catch is a catch: the End step's sentence, no escape."""
    state = position(
        active=BLUE,
        green={
            "hand": ["enforcer", "sentinel", "saboteur", "mole"],
            "in_play": ["double_agent"],
            "position": 1,
        },
        blue={"hand": ["double_agent", "sidekick", "daredevil", "codebreaker"]},
        deck=["saboteur"] * 4,
    )
    lines, after = lines_of(state, "offer double_agent codebreaker; recruit up")
    assert after.result is not None and after.result.winner == GREEN
    assert not any("escaped" in line for line in lines)
    assert "Green caught Blue: at the End step Green's spy had reached or passed Blue's." in lines


def test_escape_rule_over_random_games() -> None:
    """Escapes are reported exactly when a side's own move alone reached the other, and the
    other's move in the same turn kept the lead below CATCH_LEAD (recomputed independently)."""
    seen = 0
    for seed in range(40):
        rng = random.Random(seed)
        state = new_game(RULES, "simple", seed, seed % 2)
        while not state.is_over:
            legal = player_view(state, state.to_act).legal
            action = rng.choice(legal)
            before = player_view(state, None)
            state = apply(state, action)
            after = player_view(state, None)
            recruits = {e.side: e for e in after.events if e.kind is EventKind.RECRUIT}
            lines = escapes(after.events, after, NAMES)
            expected = []
            if len(recruits) == 2:
                for side in (GREEN, BLUE):
                    mine, theirs = recruits[side], recruits[1 - side]
                    alone = mine.end - theirs.start
                    together = mine.end - theirs.end
                    if alone >= CATCH_LEAD > together:
                        expected.append(NAMES[1 - side])
            assert [line.split("'s spy escaped")[0] for line in lines] == expected
            seen += len(lines)
            # Every recruit has its sentence, with the ordinal and the move from the event.
            text = explain_step(before, after, after.events, NAMES)
            for event in recruits.values():
                assert event.agent is not None
                icon = RULES.agent_by_id[event.agent].icon_for(event.count)
                if isinstance(icon, Mark):
                    words = f"the {icon.value} mark"
                else:
                    words = move_words(event.value)
                what = f"{ordinal(event.count)} {agent_name(event.agent)}"
                assert any(words in line for line in text), text
                if event.count > 1:
                    assert any(what in line for line in text), text
    assert seen > 0


# Landings and black market cards --------------------------------------------------------------


def test_landing_and_card_kinds() -> None:
    """A landing names the space from the LAND event; ongoing and instant cards say so."""
    state = position(
        mode="advanced",
        green={
            "hand": ["enforcer", "sentinel", "codebreaker", "mole"],
            "in_play": ["enforcer", "sentinel"],
        },
        blue={"hand": ["codebreaker", "daredevil", "saboteur", "saboteur"]},
        supply=["surveillance_truck", "leader_of_the_pack", "masterplan"],
        market_deck=["security_system", "getaway_car"],
        deck=["double_agent"] * 6,
    )
    lines, after = lines_of(state, "offer enforcer sentinel; recruit down")
    land = next(e for e in after.events if e.kind is EventKind.LAND)
    assert f"Green stopped exactly on black market space {land.end}:" in " ".join(lines)
    before = player_view(after, None)
    after2 = play(after, "take leader_of_the_pack")
    text = explain_step(before, player_view(after2, None), after2.events, NAMES)
    assert any("Leader of the Pack, an ongoing card" in line for line in text)
    before = player_view(after, None)
    after3 = play(after, "take surveillance_truck")
    text = explain_step(before, player_view(after3, None), after3.events, NAMES)
    assert any("Surveillance Truck, an instant card" in line for line in text)


# The end of the game -------------------------------------------------------------------------


def test_tie_rule_note() -> None:
    """Both sides win at once: every condition is listed and the active player wins ties."""
    state = position(
        active=BLUE,
        green={
            "hand": ["enforcer", "sentinel", "saboteur", "mole"],
            "in_play": ["double_agent"],
            "position": 1,
        },
        blue={
            "hand": ["double_agent", "sidekick", "daredevil", "codebreaker"],
            "in_play": ["codebreaker", "codebreaker"],
        },
        deck=["saboteur"] * 4,
    )
    state = play(state, "offer double_agent codebreaker; recruit up")
    result = state.result
    assert result is not None and result.by_tie_rule and result.winner == BLUE
    view = player_view(state, None)
    lines = explain_result(result, view, NAMES)
    assert lines[0].endswith("(a tie: the active player wins).")
    count = view.sides[BLUE].count("codebreaker")
    assert f"Blue has {count} Codebreakers in play: the WIN mark." in lines[1]
    assert "Green caught Blue" in lines[1]
    assert "the active player (Blue, whose turn it was) wins ties" in lines[2]


def test_exhaustion_tie_note() -> None:
    """Equal distance when the cards run out: the active player wins, and the note says so."""
    state = position(
        green={"hand": ["enforcer", "saboteur"]},
        blue={"hand": ["codebreaker"]},
    )
    state = play(state, "offer enforcer saboteur; recruit down")
    result = state.result
    assert result is not None
    view = player_view(state, None)
    lines = explain_result(result, view, NAMES)
    if result.by_tie_rule:
        assert "equally close to catching" in lines[-1]
        assert NAMES[view.active] in lines[-1]
    else:
        assert len(lines) == 1


def test_single_condition_has_one_line() -> None:
    """A plain catch: one sentence, no tie note."""
    state = position(
        active=BLUE,
        green={
            "hand": ["enforcer", "sentinel", "saboteur", "mole"],
            "in_play": ["double_agent"],
            "position": 1,
        },
        blue={"hand": ["double_agent", "sidekick", "daredevil", "codebreaker"]},
        deck=["saboteur"] * 4,
    )
    state = play(state, "offer double_agent codebreaker; recruit up")
    assert state.result is not None
    lines = explain_result(state.result, player_view(state, None), NAMES)
    assert lines == ["Green caught Blue after recruiting a second Double Agent."]


def test_every_sentence_is_translated() -> None:
    """No explain.* key is missing: over random games, no sentence shows a raw key."""
    for seed in range(6):
        rng = random.Random(seed)
        mode = Mode.ADVANCED if seed % 2 else Mode.SIMPLE
        state = new_game(RULES, mode, seed, 0)
        while not state.is_over:
            before = player_view(state, None)
            for side in (GREEN, BLUE):
                for agent in RULES.agent_ids:
                    assert "explain." not in preview_phrase(before, side, agent, NAMES)
            state = apply(state, rng.choice(player_view(state, state.to_act).legal))
            after = player_view(state, None)
            for line in explain_step(before, after, after.events, NAMES):
                assert "explain." not in line and "describe." not in line
        assert state.result is not None
        for line in explain_result(state.result, player_view(state, None), NAMES):
            assert "explain." not in line


def test_mark_move_words() -> None:
    """Moves in words match the sign of the number."""
    assert move_words(3) == "forward 3"
    assert move_words(-2) == "back 2"
    assert move_words(0) == "no move"
    assert card_name("getaway_car") == "Getaway Car"
    assert Mark.WIN.value == "WIN"


# Black market picks -----------------------------------------------------------------------------


def _pick_views(games: int = 250) -> list[tuple[PlayerView, GameState]]:
    """Views of the picking seat at every black market pick of random advanced games."""
    found: list[tuple[PlayerView, GameState]] = []
    for seed in range(games):
        state = new_game(RULES, Mode.ADVANCED, seed, seed % 2)
        rng = random.Random(seed)
        while state.to_act is not None:
            view = player_view(state, state.to_act)
            if view.phase is Phase.PICK:
                found.append((view, state))
            state = apply(state, rng.choice(view.legal))
    return found


def test_market_previews_match_the_board_after_the_pick() -> None:
    """Every supply card has a line; an ongoing move card's "with it" is what the engine shows
    once the card is taken, and a card that moves at once leaves the distance the line says."""
    checked: set[str] = set()
    for view, state in _pick_views():
        side = view.to_act
        assert side is not None
        for card in view.supply:
            line = market_card_line(view, side, card, NAMES)
            assert line and "{" not in line
            effect = RULES.card_by_id[card].effect
            after_state = apply(state, Take(card))
            after = player_view(after_state, None)
            if isinstance(effect, MoveModifier):
                assert card in after.sides[side].ongoing
                preview, now = (recruit_preview(v, side, effect.agent) for v in (after, view))
                words = f"instead of {signed(now.move)} for your next {agent_name(effect.agent)}"
                if preview.outcome is None and now.outcome is None:
                    assert line == f"{signed(preview.move)} {words}"
                checked.add("modifier")
            elif isinstance(effect, MoveSelf) and not any(
                e.kind in (EventKind.LAND, EventKind.HOME_BOOST) for e in after.events
            ):
                moved = after.sides[side].progress - view.sides[side].progress
                assert moved == effect.value
                left = distance_to_catch(after, side)
                assert (
                    (f"you catch {NAMES[1 - side]}" in line)
                    if left == 0
                    else (line.endswith(f"{left} to catch"))
                )
                checked.add("move")
            elif isinstance(effect, DistinctAgentsWin):
                assert f"{len(set(view.sides[side].in_play))} of the {effect.count}" in line
                checked.add("distinct")
            elif isinstance(effect, StealFromPlay):
                count = len(view.sides[1 - side].in_play)
                assert f" {count} agent{'' if count == 1 else 's'} in play" in line
                checked.add("steal")
    assert checked == {"modifier", "move", "distinct", "steal"}


@pytest.mark.parametrize("code", LANGUAGES)
def test_each_pick_line_is_one_plain_sentence(code: str) -> None:
    """The pickup lists each card as "Card: what taking it would mean", one sentence after the
    card's name: no second colon stacked on the first ("Leader of the Pack: Daredevil in play:
    2", "Outpost: if the taker holds a Sentinel: 1st Sentinel: 0"). Every card, at every pick
    of a few random games, in every language."""
    from agent_avenue.ui.widgets.panels.pick import market_lines

    set_language(code)
    cards = tuple(card.id for card in RULES.market)
    for view, _ in _pick_views(40):
        side = view.to_act
        assert side is not None
        for line in market_lines(view, side, cards, NAMES).splitlines():
            assert line.count(":") == 1, line


def test_guard_preview_counts_the_spaces_to_your_home() -> None:
    """Security System's line: the opponent's spy distance to your home, as the board has it."""
    for view, _ in _pick_views(120):
        side = view.to_act
        assert side is not None
        me, other = view.sides[side], view.sides[1 - side]
        line = market_card_line(view, side, "security_system", NAMES)
        steps = next(n for n in range(14) if (other.position + n) % 14 == me.home)
        assert line.endswith("on your home now") if steps == 0 else spaces_phrase(steps) in line


def test_security_system_wins_exactly_when_no_space_is_left_to_home() -> None:
    """The engine's `spaces_to_home` is 0 at every Security System win of random games."""
    wins = 0
    for seed in range(400):
        state = new_game(RULES, Mode.ADVANCED, seed, seed % 2)
        rng = random.Random(seed)
        while state.to_act is not None:
            state = apply(state, rng.choice(player_view(state, state.to_act).legal))
        result = state.result
        if result is not None and "security_system" in result.reasons:
            view = player_view(state, None)
            owner = next(s for s in (0, 1) if "security_system" in view.sides[s].ongoing)
            assert spaces_to_home(view, owner) == 0
            wins += 1
    assert wins >= 3


def test_team_reveals_are_explained() -> None:
    """A team game's reveal gets the same explanation as a duel's: every recruit with the
    count rule, and at the end every condition the End step found."""
    from agent_avenue.engine import Phase, apply, new_game
    from agent_avenue.i18n import Translated

    rules = default_rules()
    explained = 0
    for seed in range(20):
        rng = random.Random(seed)
        state = new_game(rules, Mode.ADVANCED, seed, 0, players=4)
        seats = ("Ann", "Bob", "Cid", "Dee")
        while not state.is_over:
            before = player_view(state, None)
            recruiting = state.phase is Phase.RECRUIT
            state = apply(state, rng.choice(player_view(state, state.to_act).legal))
            if not recruiting:
                continue
            after = player_view(state, None)
            lines = explain_step(before, after, after.events, NAMES, seats)
            keys = [line.key for line in lines if isinstance(line, Translated)]
            # Both teams are two players: their sentences take the plural form.
            recruits = ("explain.recruit_plural", "explain.recruit_via_plural")
            assert sum(keys.count(key) for key in recruits) >= 2
            explained += 1
        assert state.result is not None
    assert explained > 50


def test_a_move_preview_counts_the_home_boost() -> None:
    """Surveillance Truck's line for a side that owns Getaway Car, one space before the other
    side's home: the move stops exactly on that home and the car takes it 3 further, so the
    line says it catches, as the engine moves it (the preview added the +1 alone)."""
    state = position(
        mode="advanced",
        green={"position": 6, "black_market": ["getaway_car"], "hand": ["mole", "sidekick"]},
        blue={"position": 10},
        supply=["surveillance_truck"],
    )
    view = player_view(state, GREEN)
    assert distance_to_catch(view, GREEN) == 4
    line = market_card_line(view, GREEN, "surveillance_truck", NAMES)
    assert f"you catch {NAMES[BLUE]}" in line, line


# Result lines: what the numbers of a tally count ------------------------------------------------

TALLY = {
    "en": "Result: {pickups} of {total} lead to the black market; {on} let play go on.",
    "fr": "Résultat : {pickups} sur {total} mènent au Marché Noir ; {on} laissent la partie "
    "continuer.",
    "nl": "Uitkomst: {pickups} van {total} leiden naar de zwarte markt; {on} laten het spel "
    "doorgaan.",
    "es": "Resultado: {pickups} de {total} llevan al mercado negro; {on} dejan seguir la partida.",
}


def _pickup_tally() -> tuple[PlayerView, bool, int, int, int]:
    """A recruit of a random advanced game whose result line counts black market stops and
    cards with which play goes on, and no win: the view, the choice, and the engine's counts."""
    for seed in range(200):
        state = new_game(RULES, Mode.ADVANCED, seed, seed % 2)
        rng = random.Random(seed)
        while state.to_act is not None:
            view = player_view(state, state.to_act)
            if view.phase is Phase.RECRUIT:
                outcomes = hidden_outcomes(view)
                for face_up in (True, False):
                    verdicts = outcomes.if_up if face_up else outcomes.if_down
                    pickups = sum(
                        outcomes.counts[a] for a, v in verdicts.items() if v.pickup_follows
                    )
                    wins = sum(outcomes.counts[a] for a, v in verdicts.items() if v.decided)
                    on = outcomes.total - pickups - wins
                    if pickups > 1 and on > 1 and wins == 0:
                        return view, face_up, outcomes.total, pickups, on
            state = apply(state, rng.choice(view.legal))
    raise AssertionError("no such recruit")


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_result_line_says_what_its_numbers_count(code: str) -> None:
    """'black market first with 6; play goes on with 27 (of 33)' meant nothing to a newcomer:
    the line says what each group of the cards the hidden one could be does ("6 of 33 lead to
    the black market"), the total with the first group."""
    from agent_avenue.ui.phrases import recruit_result

    view, face_up, total, pickups, on = _pickup_tally()
    set_language(code)
    text = recruit_result(view, face_up, NAMES)
    assert text == TALLY[code].format(total=total, pickups=pickups, on=on)
