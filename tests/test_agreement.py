"""Two people named as one subject ("Ann & Cid", "Green and Blue") take a plural verb, in every
language: whoever fills the name in chooses the text's `_plural` form (issue 23)."""

from __future__ import annotations

import random
import re
import string
from collections.abc import Iterator

import pytest

from agent_avenue.data import default_rules
from agent_avenue.engine import (
    GameState,
    Mode,
    Offer,
    Phase,
    PlayDown,
    apply,
    new_game,
    player_view,
)
from agent_avenue.i18n import LANGUAGES, PLURAL, catalogue, set_language
from agent_avenue.play.teams import side_names
from agent_avenue.teaching.describe import describe_event, result_sentence
from agent_avenue.teaching.explain import (
    explain_result,
    explain_step,
    market_card_line,
    offer_card_lines,
    offer_split_line,
    split_phrase,
)
from agent_avenue.ui.phrases import lead_result, recruit_result
from positions import GREEN, play, position, seat

RULES = default_rules()
SEATS = ("Ann", "Bob", "Cid", "Dee")


def fields(text: str) -> set[str]:
    """The `{placeholders}` of a text."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


# The catalogue -----------------------------------------------------------------------------------


def test_every_plural_form_has_its_singular_and_the_same_placeholders() -> None:
    """A `_plural` text is a variant of a text that exists, with the same placeholders, and it
    says something another way in at least one language (else it would not be needed)."""
    english = catalogue("en")
    plurals = [key for key in english if key.endswith(PLURAL)]
    assert len(plurals) > 40
    for key in plurals:
        single = key.removesuffix(PLURAL)
        assert single in english, key
        for code in LANGUAGES:
            texts = catalogue(code)
            assert fields(texts[key]) == fields(texts[single]), (code, key)
        assert any(catalogue(code)[key] != catalogue(code)[single] for code in LANGUAGES), key


# Two sides at once: "Green and Blue" ----------------------------------------------------------

BOTH_STOP = {
    "en": "Green and Blue stop on the black market and take a card before the End step",
    "fr": "Vert et Bleu s'arrêtent sur le Marché Noir et prennent une carte",
    "nl": "Groen en Blauw stoppen op de zwarte markt en nemen een kaart",
    "es": "Verde y Azul se detienen en el mercado negro y toman una carta",
}


@pytest.mark.parametrize("code", LANGUAGES)
def test_both_spies_stopping_on_the_black_market_take_a_plural_verb(code: str) -> None:
    """Green's Daredevil (+2) and Blue's 2nd Enforcer (+2) both stop on a black market space:
    the sentence names both sides, so its verbs are plural."""
    set_language(code)
    state = position(
        mode="advanced",
        green={"hand": ["daredevil", "enforcer", "saboteur", "sentinel"], "position": 0},
        blue={"hand": ["saboteur", "saboteur", "mole", "sentinel"], "in_play": ["enforcer"]},
        supply=["masterplan", "watchtower", "outpost"],
    )
    view = player_view(state, GREEN)
    names = (catalogue(code)["seat.green"], catalogue(code)["seat.blue"])
    text = split_phrase(view, GREEN, "daredevil", "enforcer", names)
    assert BOTH_STOP[code] in text


# A team of two: "Ann & Cid" -----------------------------------------------------------------


def team_landing() -> tuple[GameState, GameState]:
    """Four players: green's Sidekick (+4, from seat 2) stops it on black market space 5."""
    state = position(
        mode="advanced",
        seats=(
            seat(hand=["codebreaker", "enforcer", "enforcer", "daredevil"], position=1),
            seat(hand=["double_agent", "double_agent", "saboteur", "saboteur"], position=10),
            seat(hand=["sidekick", "sentinel", "mole", "enforcer"]),
            seat(hand=["double_agent", "double_agent", "saboteur", "saboteur"]),
        ),
        supply=["masterplan", "leader_of_the_pack", "watchtower"],
        deck=["sentinel", "enforcer", "enforcer"],
    )
    before = play(state, "lead 0; up codebreaker; down sidekick")
    after = play(before, "recruit up")
    assert after.phase is Phase.PICK
    return before, after


LANDED = {
    "en": "Ann & Cid stopped exactly on black market space 5: Ann & Cid take a black market card.",
    "fr": "Ann & Cid se sont arrêtés pile sur la case Marché Noir 5 : Ann & Cid prennent une "
    "carte du Marché Noir.",
    "nl": "Ann & Cid stopten precies op zwarte-marktvak 5: Ann & Cid nemen een zwarte-marktkaart.",
    "es": "Ann y Cid se detuvieron justo en la casilla de mercado negro 5: Ann y Cid toman una "
    "carta de mercado negro.",
}


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_team_stopping_on_the_black_market_takes_a_plural_verb(code: str) -> None:
    """The reveal's sentence about a team's landing: the team is its subject."""
    set_language(code)
    before, after = team_landing()
    names = side_names(SEATS)
    lines = explain_step(
        player_view(before, None), player_view(after, None), after.events, names, SEATS
    )
    assert LANDED[code] in lines


def team_recruit() -> GameState:
    """Four players, blue's turn: Bob plays the Codebreaker face up (Ann & Cid's 1st: no move),
    Dee one card face down. Blue stands 4 spaces behind green: a Sidekick (+4) catches."""
    state = position(
        active=1,
        seats=(
            seat(hand=["enforcer", "enforcer", "sentinel", "sentinel"], position=0),
            seat(hand=["codebreaker", "enforcer", "saboteur", "saboteur"], position=10),
            seat(hand=["enforcer", "saboteur", "daredevil", "daredevil"]),
            seat(hand=["sentinel", "mole", "saboteur", "daredevil"]),
        ),
    )
    return play(state, "lead 1; up codebreaker")


WINS_WITH = {
    "en": "If Ann & Cid take it: 1 of 34 makes Bob & Dee win; 33 let play go on",
    "fr": "Si Ann & Cid la prennent : 1 sur 34 fait gagner Bob & Dee ; 33 laissent la partie",
    "nl": "Nemen Ann & Cid deze: 1 van 34 laat Bob & Dee winnen; 33 laten het spel doorgaan",
    "es": "Si Ann y Cid la toman: 1 de 34 hace ganar a Bob y Dee; 33 dejan seguir la partida",
}


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_team_leaders_result_line_agrees_with_both_teams(code: str) -> None:
    """Bob choosing the face-up card: what Ann & Cid's answer leads to, over every card Dee's
    face-down one could be (the Sidekick catches)."""
    set_language(code)
    state = team_recruit()
    view = player_view(state, 1)
    text = lead_result(view, "codebreaker", side_names(SEATS))
    assert WINS_WITH[code] in text


# Random team games: no team name is followed by a singular verb, no player alone by a plural --

ENGLISH_SINGULAR = re.compile(r"^(is|was|has|\w+s)\b")
ENGLISH_BARE = ("make ", "makes ", "let ", "lets ")
"""Words after which a verb has no ending ("1 makes Bob win")."""
ENGLISH_PLURAL = re.compile(
    r"^(are|were|have|win|lose|take|stop|catch|get|move|reach|meet|recruit|gain|go)\b"
)
FRENCH_NOT_VERBS = frozenset(
    {"et", "à", "dont", "contre", "pour", "avec", "jusqu", "après", "avant"}
)
"""Words that may follow a name in a French sentence without being its verb."""
FRENCH_WORD = re.compile(r"^(?:(?:ne|se|la|le|les|lui|en|y) |[nsl]')*([^\W\d_]+)")
"""The first word after a name, past the pronouns before a French verb ("la prennent")."""


def decision_texts(state: GameState, names: tuple[str, str]) -> Iterator[str]:
    """The previews a deciding seat reads: offers, face-down plays, recruits, picks."""
    seat_ = state.to_act
    assert seat_ is not None
    view = player_view(state, seat_)
    me = view.me.index
    if state.phase is Phase.OFFER:
        for action in view.legal[:6]:
            if isinstance(action, Offer):
                yield from offer_card_lines(view, action.face_up, names)
                yield offer_split_line(view, action.face_up, action.face_down, names)
                yield offer_split_line(view, action.face_down, action.face_up, names)
    elif state.phase is Phase.PLAY_UP:
        for agent in sorted(set(view.hand)):
            yield lead_result(view, agent, names)
    elif state.phase is Phase.PLAY_DOWN and view.face_up is not None:
        for action in view.legal:
            if isinstance(action, PlayDown):
                yield split_phrase(view, me, view.face_up, action.agent, names)
                yield split_phrase(view, me, action.agent, view.face_up, names)
    elif state.phase is Phase.RECRUIT:
        yield recruit_result(view, True, names)
        yield recruit_result(view, False, names)
    elif state.phase is Phase.PICK:
        for card in view.supply:
            yield market_card_line(view, me, card, names)


def team_game_texts(players: int, mode: Mode, seed: int) -> Iterator[str]:
    """Every sentence of one random team game: previews, the log, the reveals, the result."""
    seats = SEATS[:players]
    names = side_names(seats)
    rng = random.Random(seed)
    state = new_game(RULES, mode, seed, seed % 2, players=players)
    while not state.is_over:
        yield from decision_texts(state, names)
        before = state
        state = apply(state, rng.choice(player_view(state, state.to_act).legal))
        for event in state.events:
            sentence = describe_event(event, names, RULES, seats)
            if sentence is not None:
                yield sentence
        yield from explain_step(
            player_view(before, None), player_view(state, None), state.events, names, seats
        )
    assert state.result is not None
    final = player_view(state, None)
    yield result_sentence(state.result, final, names)
    yield from explain_result(state.result, final, names)


FRENCH_PREPOSITIONS = ("de ", "d'", "à ", "par ", "pour ", "contre ")
"""Words before a name that make it no subject ("l'espion de Bob s'éloigne", "d'Ann")."""


def after_name(text: str, name: str, not_after: tuple[str, ...] = ()) -> Iterator[str]:
    """What follows each place `name` stands in `text` as a word (not "Ann & Cid's"), unless
    it comes right after one of `not_after`."""
    for found in re.finditer(re.escape(name) + r"(?![\w'])", text):
        if not text[: found.start()].endswith(not_after):
            yield text[found.end() :].lstrip(" ")


def team_configs() -> list[tuple[int, Mode, int]]:
    """Three and four players, both modes, a few deals each."""
    return [(players, mode, seed) for players in (3, 4) for mode in Mode for seed in range(3)]


@pytest.mark.parametrize(("players", "mode", "seed"), team_configs())
def test_english_verbs_agree_with_teams_and_players_alone(
    players: int, mode: Mode, seed: int
) -> None:
    """A team's name never comes before "wins", "takes", "is"; with 3 players blue plays alone,
    and "Bob" never comes before "win", "take", "are"."""
    names = side_names(SEATS[:players])
    teams = [n for n in names if "&" in n]
    alone = [n for n in names if "&" not in n]
    for text in team_game_texts(players, mode, seed):
        for team in teams:
            for rest in after_name(text, team):
                assert not ENGLISH_SINGULAR.match(rest), text
        for name in alone:
            for rest in after_name(text, name, ENGLISH_BARE):
                assert not ENGLISH_PLURAL.match(rest), text


@pytest.mark.parametrize(("players", "mode", "seed"), team_configs())
def test_french_verbs_agree_with_teams(players: int, mode: Mode, seed: int) -> None:
    """In French a team's verb ends in -nt ("gagnent", "ont", "s'arrêtent"); a player alone's
    does not."""
    set_language("fr")
    names = side_names(SEATS[:players])
    teams = [n for n in names if "&" in n]
    alone = [n for n in names if "&" not in n]
    for text in team_game_texts(players, mode, seed):
        for team in teams:
            for rest in after_name(text, team, FRENCH_PREPOSITIONS):
                word = FRENCH_WORD.match(rest)
                if word and word.group(1) not in FRENCH_NOT_VERBS:
                    assert word.group(1).endswith("nt"), text
        for name in alone:
            for rest in after_name(text, name, FRENCH_PREPOSITIONS):
                word = FRENCH_WORD.match(rest)
                if word:
                    assert not word.group(1).endswith("nt"), text


# The table's own lines ---------------------------------------------------------------------------


def three_players_offer(active: int) -> GameState:
    """Three players (Ann & Cid against Bob): the active side has offered, the other recruits."""
    state = position(
        active=active,
        seats=(
            seat(hand=["enforcer", "sentinel", "saboteur", "saboteur"]),
            seat(hand=["daredevil", "sentinel", "saboteur", "mole"]),
            seat(hand=["enforcer", "sentinel", "codebreaker", "codebreaker"]),
        ),
    )
    if active == 0:
        return play(state, "lead 0; up enforcer; down codebreaker")
    return play(state, "offer daredevil sentinel")


HEADLINES = {
    # (language, the recruiting side is a team): the headline's start.
    ("en", True): "Ann & Cid recruited the face-up card; the face-down one goes to Bob.",
    ("fr", True): "Ann & Cid recrutent la carte visible",
    ("nl", True): "Ann & Cid rekruteerden de open kaart",
    ("es", True): "Ann y Cid reclutaron la carta boca arriba",
    ("en", False): "Bob recruited the face-up card; the face-down one goes to Ann & Cid.",
    ("fr", False): "Bob recrute la carte visible",
    ("nl", False): "Bob rekruteerde de open kaart",
    ("es", False): "Bob reclutó la carta boca arriba",
}


@pytest.mark.parametrize(("code", "team"), sorted(HEADLINES))
def test_the_reveal_headline_agrees_with_who_recruited(code: str, team: bool) -> None:
    """With three players the recruiting side is a team of two or a player alone."""
    from agent_avenue.engine import Recruit
    from agent_avenue.ui.widgets.panels.reveal import recruit_headline

    set_language(code)
    state = three_players_offer(active=1 if team else 0)
    headline = recruit_headline(player_view(state, None), Recruit(True), side_names(SEATS[:3]))
    assert headline is not None and headline.startswith(HEADLINES[code, team])


def finished_team_game() -> GameState:
    """A random four-player game played to its end."""
    rng = random.Random(5)
    state = new_game(RULES, Mode.SIMPLE, 5, 0, players=4)
    while not state.is_over:
        state = apply(state, rng.choice(player_view(state, state.to_act).legal))
    return state


async def test_the_board_says_a_team_wins_in_the_plural() -> None:
    """The board's legend at the end of a four-player game: "Game over · Bob & Dee win"."""
    from textual.app import App, ComposeResult

    from agent_avenue.ui.widgets import BoardRing

    class Host(App[None]):
        def compose(self) -> ComposeResult:
            yield BoardRing()

    state = finished_team_game()
    assert state.result is not None
    names = side_names(SEATS)
    app = Host()
    async with app.run_test(size=(80, 24)) as pilot:
        board = app.query_one(BoardRing)
        board.update_view(player_view(state, None), names, SEATS)
        await pilot.pause()
        legend = board.text()
    winner = names[state.result.winner]
    assert f"{winner} win" in legend and f"{winner} wins" not in legend


def test_a_replay_names_the_team_member_who_drew() -> None:
    """A replay reveals each member's own hand and draws under that member's name, never the
    team's ("Ann & Cid discarded…": one of them did)."""
    from agent_avenue.ui.screens.replay import revealed_lines

    state = position(
        seats=(
            seat(hand=["enforcer", "enforcer", "sentinel", "sentinel"]),
            seat(hand=["codebreaker", "enforcer", "saboteur", "saboteur"], position=10),
            seat(hand=["enforcer", "saboteur", "daredevil", "daredevil"]),
            seat(hand=["sentinel", "mole", "saboteur", "daredevil"]),
        ),
        deck=["sidekick", "codebreaker", "codebreaker", "double_agent"],
    )
    state = play(state, "lead 0; up enforcer; discard saboteur")
    assert "Cid discarded Saboteur and drew Sidekick." in revealed_lines(state, SEATS)
    state = play(state, "down daredevil")
    lines = revealed_lines(state, SEATS)
    assert "Cid played Daredevil face down, then drew Codebreaker." in lines
    assert "Ann drew Codebreaker." in lines
    hands = [line.split("'s hand")[0] for line in lines if "'s hand" in line]
    assert hands == ["Ann", "Cid", "Bob", "Dee"]
    assert not any(line.startswith("Ann & Cid") for line in lines)


WAITING = {
    "en": "Waiting for Ann & Cid to take the terminal.",
    "fr": "En attente : Ann & Cid doivent prendre le terminal.",
    "nl": "Wachten tot Ann & Cid de terminal nemen.",
    "es": "Esperando a que Ann y Cid tomen el terminal.",
}
NEXT_LEAD = {
    "en": "Turn 1: Ann & Cid's turn.",
    "fr": "Tour 1 : au tour d'Ann & Cid.",
    "nl": "Beurt 1: Ann & Cid zijn aan de beurt.",
    "es": "Turno 1: turno de Ann y Cid.",
}


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_whole_team_handed_the_terminal_is_spoken_of_in_the_plural(code: str) -> None:
    """The lines of a handoff to both members of a team, and of a team's turn to lead."""
    from agent_avenue.ui.team import team_next_prompt, team_waiting

    set_language(code)
    names = side_names(SEATS)
    assert team_waiting(0, names) == WAITING[code]
    state = new_game(RULES, Mode.SIMPLE, 1, 0, players=4)
    assert state.phase is Phase.LEAD
    prompt = team_next_prompt(player_view(state, None), state.to_act, names, SEATS)
    assert prompt.startswith(NEXT_LEAD[code])


LABELLED_PREVIEWS = (
    "recruit.for_you",
    "recruit.other_gets",
    "recruit.other_gets_hidden",
    "team.for_team",
    "team.to_other",
    "team.to_team",
)
"""Keys that put a label before a card's preview ("2nd Sentinel: +2 (middle icon), ...")."""


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("key", LABELLED_PREVIEWS)
def test_a_label_before_a_preview_adds_no_second_colon(language: str, key: str) -> None:
    # "You: 2nd Sentinel: +2" read as two labels; the preview keeps the one colon it has.
    template = catalogue(language)[key]
    assert ":" not in template.replace("{line}", ""), template
