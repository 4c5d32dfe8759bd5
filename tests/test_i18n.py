"""Translations: every language has English's keys and placeholders, the editions' names, and the
language is chosen in a fixed order (--lang, environment, saved setting, system locale)."""

from __future__ import annotations

import copy
import json
import pickle
import re
import string
from pathlib import Path

import pytest

from agent_avenue.cli import commands as cli
from agent_avenue.data import default_rules
from agent_avenue.engine import format_action, legal_actions, new_game
from agent_avenue.i18n import (
    DEFAULT_LANGUAGE,
    LANGUAGE_ENV,
    LANGUAGES,
    PLURAL,
    Translated,
    agent_name,
    card_name,
    catalogue,
    choose_language,
    language,
    language_name,
    missing_strings,
    normalize_language,
    retranslate,
    set_language,
    system_locale,
    t,
)
from agent_avenue.storage.atomic import BAD_MARK
from agent_avenue.storage.settings import (
    Settings,
    describe_problem,
    load_settings,
    save_language,
    settings_path,
)

OTHERS = tuple(code for code in LANGUAGES if code != DEFAULT_LANGUAGE)
PERCENT = re.compile(r"%(?:\([a-z_]+\))?[a-z]")
"""argparse's own placeholders (%s, %(value)r) in the `language.argparse` texts."""

EDITIONS = {
    "en": (
        "Double Agent",
        "Enforcer",
        "Codebreaker",
        "Daredevil",
        "Saboteur",
        "Sentinel",
        "Sidekick",
        "Mole",
    ),
    "fr": (
        "Agent Double",
        "Mercenaire",
        "Cryptologue",
        "Risque-tout",
        "Saboteur",
        "Sentinelle",
        "Acolyte",
        "Taupe",
    ),
    "nl": (
        "Dubbelagent",
        "Handlanger",
        "Codebreker",
        "Waaghalzer",
        "Saboteur",
        "Wachter",
        "Zijkick",
        "Mol",
    ),
    "es": (
        "Agente Doble",
        "Ejecutor",
        "Descifrador",
        "Temerario",
        "Saboteador",
        "Centinela",
        "Compañero",
        "Topo",
    ),
}
AGENT_IDS = (
    "double_agent",
    "enforcer",
    "codebreaker",
    "daredevil",
    "saboteur",
    "sentinel",
    "sidekick",
    "mole",
)
FRENCH_MARKET = {
    "distraction_device": "Dispositif de diversion",
    "supercomputer": "Superordinateur",
    "masterplan": "Plan des opérations",
    "smoke_screen": "Écran de fumée",
    "surveillance_truck": "Véhicule de surveillance",
    "watchtower": "Cabane d'observation",
    "leader_of_the_pack": "Cheffe de meute",
    "security_system": "Système de sécurité",
    "sinister_twin": "Jumelle maléfique",
    "mind_control": "Manipulation de l'esprit",
    "secret_recruit": "Recrue secrète",
    "getaway_car": "Fuite en voiture",
    "outpost": "Avant-poste",
    "double_trouble": "Coup double",
    "spycation": "Petit repos",
}


@pytest.fixture
def no_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    """No language from the environment: only what a test sets counts."""
    for name in (LANGUAGE_ENV, "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")


def _fields(text: str) -> list[str]:
    """The `{placeholders}` of a text (each once: a translation may repeat one), then argparse's
    `%` placeholders (each time: they are filled in order)."""
    braces = {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}
    return [*sorted(braces), *sorted(PERCENT.findall(text))]


def _words(text: str) -> int:
    """How many words a text has outside its placeholders."""
    bare = PERCENT.sub(" ", re.sub(r"\{[^}]*\}", " ", text))
    return len(re.findall(r"[^\W\d_]{2,}", bare))


# The catalogues ----------------------------------------------------------------------------------


@pytest.mark.parametrize("code", OTHERS)
def test_every_language_has_exactly_the_english_keys(code: str) -> None:
    """No key missing, none extra."""
    english, other = set(catalogue("en")), set(catalogue(code))
    assert sorted(english - other) == [], f"{code} lacks these keys"
    assert sorted(other - english) == [], f"{code} has keys English does not"


@pytest.mark.parametrize("code", OTHERS)
def test_every_translation_has_the_english_placeholders(code: str) -> None:
    """The same `{name}` (and argparse `%s`) placeholders, key by key."""
    english, other = catalogue("en"), catalogue(code)
    wrong = [
        key for key in english if key in other and _fields(english[key]) != _fields(other[key])
    ]
    assert wrong == []


@pytest.mark.parametrize("code", LANGUAGES)
def test_no_string_is_empty(code: str) -> None:
    """Every key has a text (a separator may be only spaces)."""
    assert [key for key, text in catalogue(code).items() if text == ""] == []


@pytest.mark.parametrize("code", LANGUAGES)
def test_each_file_names_its_own_language(code: str) -> None:
    """The settings list each language in its own words."""
    names = {"en": "English", "fr": "Français", "nl": "Nederlands", "es": "Español"}
    assert language_name(code) == names[code]


@pytest.mark.parametrize("code", LANGUAGES)
def test_agent_names_follow_the_editions(code: str) -> None:
    """The agents are called as on the cards of each language's edition."""
    set_language(code)
    assert tuple(agent_name(agent) for agent in AGENT_IDS) == EDITIONS[code]
    assert set(AGENT_IDS) == set(default_rules().agent_ids)


def test_black_market_cards_have_their_french_edition_names() -> None:
    """French uses the names printed in the French edition (RULES.md 5.2)."""
    set_language("fr")
    assert {card: card_name(card) for card in FRENCH_MARKET} == FRENCH_MARKET
    assert set(FRENCH_MARKET) == set(default_rules().card_ids)


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_card_has_a_name_and_a_rules_text(code: str) -> None:
    """Each black market card's name and rules text exist in each language, all different."""
    texts = catalogue(code)
    cards = default_rules().card_ids
    names = [texts[f"card.{card}"] for card in cards]
    rules = [texts[f"rules.card.{card}"] for card in cards]
    assert len(set(names)) == len(cards)
    assert len(set(rules)) == len(cards)


def test_translations_are_not_left_in_english() -> None:
    """Texts of more than three words differ from English in every language."""
    english = catalogue("en")
    for code in OTHERS:
        other = catalogue(code)
        same = [
            key
            for key, text in english.items()
            if _words(text) > 3 and other.get(key) == text and "agent-avenue" not in text
        ]
        assert same == [], code


DURATIONS = {"{hours} h {minutes} min", "{minutes} min {seconds} s"}
"""simulate's durations: h, min and s are the SI unit symbols, alike in every language."""
SAME_AS_ENGLISH = {
    "fr": {
        "1 agent",
        "{n} agents",
        "Coach",
        "Date",
        "Mode",
        "Saboteur",
        "Saboteurs",
        "Simple",
        "options",
        "simple",
        "six",
    }
    | DURATIONS,
    "nl": {
        *DURATIONS,
        "1 agent",
        "Coach",
        "Saboteur",
        "Saboteurs",
        "Supercomputer",
        "argument %(argument_name)s: %(message)s",
        "Computer ({level})",
        "Rating",
        "rating",
        "Trend",
    },
    "es": {"Simple", "Tutorial", "simple"},
}
"""Words that are the same in English and in that language (the game's name aside)."""


@pytest.mark.parametrize("code", OTHERS)
def test_no_word_is_left_in_english(code: str) -> None:
    """Any text with a word in it differs from English, unless the word is the same in both
    languages (on the short list above): a key added in English and copied untranslated fails."""
    english, other = catalogue("en"), catalogue(code)
    allowed = SAME_AS_ENGLISH[code] | {"Agent Avenue", "AGENT AVENUE"}
    same = sorted(
        key
        for key, text in english.items()
        if _words(text) > 0 and other.get(key) == text and text not in allowed
    )
    assert same == [], f"{code} has these texts in English"


# t(), retranslate() ------------------------------------------------------------------------------


def test_t_fills_placeholders_and_remembers_its_key() -> None:
    """A translated text knows where it came from."""
    text = t("board.tooltip_space", n=3)
    assert text == "Space 3"
    assert isinstance(text, Translated)
    assert (text.key, text.params) == ("board.tooltip_space", {"n": 3})


def test_a_translated_text_survives_copies_and_pickles() -> None:
    """Deep copies and pickles (saves, worker processes) keep the text and where it came from."""
    text = t("handoff.title", name=t("seat.green"))
    for copied in (copy.deepcopy(text), pickle.loads(pickle.dumps(text))):
        assert copied == text and isinstance(copied, Translated)
        assert (copied.key, copied.params) == (text.key, text.params)


def test_retranslate_follows_the_language_placeholders_included() -> None:
    """A text made in English shows in French, nested translated placeholders too."""
    text = t("handoff.title", name=t("seat.green"))
    set_language("fr")
    assert retranslate(text) == "Passez le terminal à Vert"
    assert retranslate("Ada") == "Ada"


def test_a_missing_translation_falls_back_to_english_and_is_noted(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Never a crash: English is shown, and the tests can tell (`missing_strings`)."""
    set_language("fr")
    monkeypatch.setattr("agent_avenue.i18n._missing", set())  # not to leak into later tests
    monkeypatch.delitem(catalogue("fr"), "log.title")
    assert t("log.title") == "Log"
    assert ("fr", "log.title") in missing_strings()
    assert t("no.such.key") == "no.such.key"


def test_missing_strings_lists_english_keys_shown_untranslated() -> None:
    """`missing_strings` is empty as long as every key shown exists in the language."""
    set_language("nl")
    t("log.title")
    assert ("nl", "log.title") not in missing_strings()
    t("choice.not_a_card")  # a probe that English lacks too is not a missing translation
    assert ("nl", "choice.not_a_card") not in missing_strings()


def test_set_language_refuses_an_unknown_language() -> None:
    """Only the four languages exist."""
    with pytest.raises(ValueError, match="unknown language"):
        set_language("de")
    assert language() == "en"


# Choosing the language ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("fr", "fr"),
        ("FR", "fr"),
        ("fr_BE.UTF-8", "fr"),
        ("nl-NL", "nl"),
        ("es_ES@euro", "es"),
        ("en_GB.UTF-8", "en"),
        ("French_Belgium", "fr"),
        ("Dutch_Netherlands", "nl"),
        ("C", None),
        ("C.UTF-8", None),
        ("POSIX", None),
        ("de_DE.UTF-8", None),
        ("", None),
        (None, None),
    ],
)
def test_normalize_language(text: str | None, expected: str | None) -> None:
    """A code, a POSIX or Windows locale name, or nothing we support."""
    assert normalize_language(text) == expected


def test_choose_language_order() -> None:
    """--lang, then the environment variable, then the saved setting, then the system, then en."""
    assert choose_language("nl", "es", "fr", "fr_FR.UTF-8") == "nl"
    assert choose_language(None, "es", "fr", "nl_BE.UTF-8") == "es"
    assert choose_language(None, None, "fr", "nl_BE.UTF-8") == "fr"
    assert choose_language(None, None, None, "nl_BE.UTF-8") == "nl"
    assert choose_language(None, None, None, None) == "en"
    assert choose_language(None, None, None, "C.UTF-8") == "en"


def test_choose_language_skips_values_it_does_not_know() -> None:
    """An unsupported environment, setting or locale is passed over; an unknown --lang is not."""
    assert choose_language(None, "de", "klingon", "es_MX.UTF-8") == "es"
    assert choose_language(None, "", None, "pt_BR") == "en"
    with pytest.raises(ValueError, match="unknown language"):
        choose_language("de", "fr", "fr", "fr")


def test_system_locale_reads_the_posix_variables_strongest_first() -> None:
    """LC_ALL beats LC_MESSAGES, which beats LANG."""
    everything = {"LC_ALL": "es_ES.UTF-8", "LC_MESSAGES": "nl_NL", "LANG": "fr_BE.UTF-8"}
    assert system_locale(everything) == "es_ES.UTF-8"
    assert system_locale({"LC_MESSAGES": "nl_NL", "LANG": "fr_BE.UTF-8"}) == "nl_NL"
    assert system_locale({"LANG": "fr_BE.UTF-8"}) == "fr_BE.UTF-8"
    assert system_locale({"LANG": "  "}) != "  "


# The settings file -------------------------------------------------------------------------------


def test_settings_live_in_agent_avenue_home(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """$AGENT_AVENUE_HOME moves the settings file, like the saves."""
    monkeypatch.setenv("AGENT_AVENUE_HOME", str(tmp_path))
    assert settings_path() == tmp_path / "settings.json"
    monkeypatch.delenv("AGENT_AVENUE_HOME")
    assert settings_path().name == "settings.json"


def test_settings_round_trip(tmp_path: Path) -> None:
    """A saved language is read back; other settings in the file are kept."""
    path = tmp_path / "config" / "settings.json"
    assert load_settings(path) == (Settings(), None)
    assert save_language("nl", path) is None
    assert load_settings(path) == (Settings(language="nl"), None)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["sound"] = False
    path.write_text(json.dumps(data), encoding="utf-8")
    save_language("es", path)
    assert json.loads(path.read_text(encoding="utf-8")) == {"language": "es", "sound": False}
    assert [p.name for p in path.parent.iterdir()] == ["settings.json"]  # no temp file left


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (b"{not json", "invalid"),
        (b"[1, 2]", "invalid"),
        (b'{"language": 7}', "invalid"),
        (b"\xff\xfe bad bytes", "unreadable"),
    ],
)
def test_a_broken_settings_file_is_set_aside_never_overwritten(
    tmp_path: Path, content: bytes, reason: str
) -> None:
    """The defaults apply, the bad file is kept under another name, with one sentence saying so."""
    path = tmp_path / "settings.json"
    path.write_bytes(content)
    settings, problem = load_settings(path)
    assert settings == Settings()
    assert problem is not None and problem.reason == reason
    assert problem.aside is not None and problem.aside.read_bytes() == content
    assert BAD_MARK in problem.aside.name
    assert not path.exists()
    message = describe_problem(problem)
    assert str(path) in message and problem.aside.name in message
    assert "\n" not in message and message.endswith(".")


def test_saving_over_a_broken_file_sets_it_aside_first(tmp_path: Path) -> None:
    """Switching language with a broken file: the file is kept aside, the new one written."""
    path = tmp_path / "settings.json"
    path.write_text("oops", encoding="utf-8")
    problem = save_language("fr", path)
    assert problem is not None and problem.aside is not None
    assert problem.aside.read_text(encoding="utf-8") == "oops"
    assert load_settings(path) == (Settings(language="fr"), None)


def test_an_unknown_language_in_the_file_is_ignored(tmp_path: Path) -> None:
    """A language this version does not have is not an error: the next choice applies."""
    path = tmp_path / "settings.json"
    path.write_text('{"language": "de"}', encoding="utf-8")
    settings, problem = load_settings(path)
    assert problem is None and settings.language == "de"
    assert choose_language(None, None, settings.language, "es_ES") == "es"


# The command line --------------------------------------------------------------------------------


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = cli.main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.usefixtures("no_locale")
@pytest.mark.parametrize(
    ("code", "usage"),
    [("en", "usage:"), ("fr", "utilisation :"), ("nl", "gebruik:"), ("es", "uso:")],
)
def test_help_is_translated(capsys: pytest.CaptureFixture[str], code: str, usage: str) -> None:
    """--help (the main one and every command's) is in the chosen language, no key shown raw."""
    keys = set(catalogue("en"))
    status, out, _ = _run(capsys, "--lang", code, "--help")
    assert status == 0 and out.startswith(usage)
    assert t("language.cli.description") in " ".join(out.split())
    commands = cli._command_names(cli.build_parser())
    assert {"play", "referee"} <= set(commands)
    for command in commands:
        status, out, _ = _run(capsys, command, "--lang", code, "--help")
        assert status == 0 and out.startswith(usage), command
        assert not keys & set(re.findall(r"[a-z_]+(?:\.[a-z_0-9]+)+", out)), command


@pytest.mark.usefixtures("no_locale")
def test_an_unknown_lang_is_one_sentence_and_status_2(capsys: pytest.CaptureFixture[str]) -> None:
    """`--lang de` says which languages exist."""
    status, out, err = _run(capsys, "--lang", "de", "referee")
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and "'de'" in err and "en, fr, nl, es" in err


@pytest.mark.usefixtures("no_locale")
def test_errors_are_in_the_chosen_language(capsys: pytest.CaptureFixture[str]) -> None:
    """A bad option is explained in Spanish, argparse's own words included."""
    status, _, err = _run(capsys, "referee", "--lang", "es", "--mode", "sideways")
    assert status == 2
    assert "opción no válida" in err and "consulta 'agent-avenue referee --help'" in err


@pytest.mark.usefixtures("no_locale")
def test_the_language_comes_from_env_then_setting_then_locale(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Each source in turn, checked through `--help`."""
    monkeypatch.setenv("AGENT_AVENUE_HOME", str(tmp_path))
    monkeypatch.setenv("LANG", "nl_BE.UTF-8")
    assert _run(capsys, "--help")[1].startswith("gebruik:")
    save_language("fr")
    assert _run(capsys, "--help")[1].startswith("utilisation :")
    monkeypatch.setenv(LANGUAGE_ENV, "es")
    assert _run(capsys, "--help")[1].startswith("uso:")
    assert _run(capsys, "--lang", "en", "--help")[1].startswith("usage:")


@pytest.mark.usefixtures("no_locale")
def test_a_broken_settings_file_gives_one_warning_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The command still runs; the warning is one line on stderr; the file is set aside."""
    monkeypatch.setenv("AGENT_AVENUE_HOME", str(tmp_path))
    (tmp_path / "settings.json").write_text("{", encoding="utf-8")
    status, out, err = _run(capsys, "referee", "--seed", "2")
    assert status == 0 and json.loads(out)
    assert err.count("\n") == 1 and "settings.json" in err
    assert [p.name.startswith("settings.json" + BAD_MARK) for p in tmp_path.iterdir()] == [True]
    status, _, err = _run(capsys, "referee", "--seed", "2")
    assert err == ""


@pytest.mark.usefixtures("no_locale")
def test_the_referee_json_stays_in_english_ids(capsys: pytest.CaptureFixture[str]) -> None:
    """Whatever the language, the move notation and the JSON are the same, in English ids."""
    state = new_game(default_rules(), "advanced", 3, 0)
    moves = "; ".join(format_action(action) for action in legal_actions(state)[:1])
    outputs = {
        code: _run(
            capsys, "referee", "--lang", code, "--mode", "advanced", "--seed", "3", "--moves", moves
        )
        for code in LANGUAGES
    }
    assert [status for status, _, _ in outputs.values()] == [0] * len(LANGUAGES)
    assert len({out for _, out, _ in outputs.values()}) == 1
    report = outputs["fr"][1]
    assert any(f'"{agent}"' in report for agent in AGENT_IDS)
    assert not any(name in report for name in EDITIONS["fr"] if name != "Saboteur")


def test_french_writes_the_black_market_one_way() -> None:
    """The French edition's name is "Marché Noir", capitals and all, in every string (a
    sentence had both spellings), and the handoff's "prêt(e)" matches its "seul(e)"."""
    from agent_avenue.i18n import catalogue

    french = catalogue("fr")
    assert [key for key, text in french.items() if "marché noir" in text] == []
    assert "(e)" in french["handoff.prompt"] and "(e)" in french["handoff.key_ready"]


def test_french_elides_de_and_que_before_a_vowel() -> None:
    """ "la case d'Ann", never "de Ann"; "de Bob" stays; a number is left as it is."""
    set_language("fr")
    assert "la case d'Ann" in t("explain.catches", other="Ann")
    assert "de Ann" not in t("explain.catches", other="Ann")
    assert "la case de Bob" in t("explain.catches", other="Bob")
    assert "d'Émile" in t("explain.catches", other="Émile")
    french = catalogue("fr")
    for key, text in french.items():
        if "{other}" in text:
            assert "de Ann" not in t(key, **{name: "Ann" for name in _fields(text)}), key


def _fields(text: str) -> set[str]:
    """The placeholders of a text."""
    import string

    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_every_two_name_form_exists_in_every_language() -> None:
    """Each sentence whose subject may be two people (a team of two, both sides) has its
    `_plural` form in every language, with the same placeholders as the English one."""
    english = catalogue("en")
    plural = [key for key in english if key.endswith(PLURAL)]
    assert plural
    for code in LANGUAGES:
        strings = catalogue(code)
        for key in plural:
            assert key in strings, (code, key)
            assert _fields(strings[key]) == _fields(english[key]), (code, key)


PLURAL_SPACES = re.compile(r"\{\w+\} (spaces|cases|vakken|vakjes|casillas)\b")
"""A number placeholder before the plural word for board spaces, in the four languages."""


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_count_of_spaces_is_never_written_before_a_plural_word(code: str) -> None:
    """A distance of 1 read "Bob 1 spaces from catching" (the review's reasons, the black
    market's previews, a result): outside the lessons, whose distances are set by their
    positions, a count of spaces comes from `spaces_phrase`, singular for 1."""
    wrong = [
        key
        for key, text in catalogue(code).items()
        if PLURAL_SPACES.search(text)
        and not key.startswith("tutorial.")
        and key != "describe.spaces_many"  # `spaces_phrase`'s own plural
    ]
    assert wrong == []


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_verdict_one_space_from_catching_is_singular(code: str) -> None:
    """The review's and the hints' "play goes on, Bob 1 space from catching"."""
    from agent_avenue.engine.outcomes import Verdict
    from agent_avenue.teaching.describe import spaces_phrase
    from agent_avenue.teaching.verdict_text import verdict_phrase

    set_language(code)
    verdict = Verdict(
        active=0,
        positions=(5, 6),
        progress=(6, 0),
        moves=(1, 0),
        in_play=((), ()),
        winner=None,
        conditions=(),
        by_tie_rule=False,
        landings=(),
        pickup_follows=False,
    )
    assert verdict.distance(0) == 1
    text = verdict_phrase(verdict, 0, ("Ann", "Bob"), {}, 2)
    assert spaces_phrase(1) in text
    assert not PLURAL_SPACES.search(text.replace("1", "{n}"))
    assert spaces_phrase(1) != spaces_phrase(2)
