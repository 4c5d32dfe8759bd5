"""Tests for loading and validating the agent and black market data files."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from agent_avenue.data import (
    AGENTS_FILE,
    MARKET_FILE,
    DataError,
    default_data_dir,
    default_rules,
    load_rules,
    loading,
)
from agent_avenue.data.loading import DATA_LIMIT
from agent_avenue.engine.rules import (
    DistinctAgentsWin,
    HomeBoost,
    HomeGuardWin,
    LoseBecomesWin,
    Mark,
    MoveModifier,
    MoveSelf,
    RecruitNamedFromHand,
    RecruitNewNameFromHand,
    RecruitPairFromHand,
    RecruitTopOfDeck,
    ReturnAndRerecruit,
    Rules,
    StealFromPlay,
)

REPO_DATA = Path(__file__).resolve().parents[1] / "data"
AGENTS_TEXT = (REPO_DATA / AGENTS_FILE).read_text(encoding="utf-8")
MARKET_TEXT = (REPO_DATA / MARKET_FILE).read_text(encoding="utf-8")


# The shipped files -----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def rules() -> Rules:
    """The rules built from the repository's data files."""
    return load_rules(REPO_DATA / AGENTS_FILE, REPO_DATA / MARKET_FILE)


def test_shipped_agents_match_rules_md(rules: Rules) -> None:
    """The 8 agents of RULES.md 1.1, in table order, with their copies and icons."""
    expected = {
        "double_agent": ("Double Agent", 6, (-1, 6, -1), None),
        "enforcer": ("Enforcer", 6, (1, 2, 3), None),
        "codebreaker": ("Codebreaker", 6, (0, 0, Mark.WIN), "codebreakers"),
        "daredevil": ("Daredevil", 6, (2, 3, Mark.LOSE), "daredevils"),
        "saboteur": ("Saboteur", 6, (-1, -1, -2), None),
        "sentinel": ("Sentinel", 6, (0, 2, 6), None),
        "sidekick": ("Sidekick", 1, (4,), None),
        "mole": ("Mole", 1, (-3,), None),
    }
    assert rules.agent_ids == tuple(expected)
    for agent in rules.agents:
        assert (agent.name, agent.copies, agent.icons, agent.mark_reason) == expected[agent.id]


def test_shipped_deck_has_38_cards(rules: Rules) -> None:
    """Copies add up to the 38 agent cards of the game."""
    deck = rules.full_deck()
    assert len(deck) == 38
    assert deck.count("sidekick") == 1
    assert deck.count("daredevil") == 6


def test_icon_for_uses_count_rule(rules: Rules) -> None:
    """1st copy → top icon, 2nd → middle, 3rd and later → bottom."""
    daredevil = rules.agent_by_id["daredevil"]
    assert [daredevil.icon_for(n) for n in (1, 2, 3, 6)] == [2, 3, Mark.LOSE, Mark.LOSE]
    assert rules.agent_by_id["sidekick"].icon_for(1) == 4


def test_icon_row_names_the_icon_a_copy_uses(rules: Rules) -> None:
    """The row the screens mark ▶ for a copy is the engine's: the third and later copies use
    the bottom icon, a single-icon card its only one."""
    daredevil = rules.agent_by_id["daredevil"]
    assert [daredevil.icon_row(n) for n in (1, 2, 3, 6)] == [0, 1, 2, 2]
    assert [rules.agent_by_id["sidekick"].icon_row(n) for n in (1, 2)] == [0, 0]
    with pytest.raises(ValueError, match="starts at 1"):
        daredevil.icon_row(0)


def test_shipped_market_matches_rules_md(rules: Rules) -> None:
    """The 15 black market cards of RULES.md 5.2 with their kinds and effects."""
    expected = {
        "distraction_device": ("ongoing", MoveModifier("saboteur", "forward")),
        "supercomputer": ("ongoing", MoveModifier("codebreaker", "set", 3)),
        "masterplan": ("ongoing", DistinctAgentsWin(7)),
        "smoke_screen": ("instant", RecruitTopOfDeck()),
        "surveillance_truck": ("instant", MoveSelf(1)),
        "watchtower": ("ongoing", MoveModifier("enforcer", "add", 2)),
        "leader_of_the_pack": ("ongoing", LoseBecomesWin("daredevil")),
        "security_system": ("ongoing", HomeGuardWin()),
        "sinister_twin": ("ongoing", MoveModifier("double_agent", "multiply", 2)),
        "mind_control": ("instant", StealFromPlay()),
        "secret_recruit": ("instant", RecruitNewNameFromHand()),
        "getaway_car": ("ongoing", HomeBoost(3)),
        "outpost": ("instant", RecruitNamedFromHand("sentinel")),
        "double_trouble": ("instant", RecruitPairFromHand()),
        "spycation": ("instant", ReturnAndRerecruit()),
    }
    assert rules.card_ids == tuple(expected)
    for card in rules.market:
        assert (card.kind, card.effect) == expected[card.id]
        assert card.name
        assert card.text
    assert rules.card_by_id["sinister_twin"].name == "Sinister Twin"
    assert rules.card_by_id["sinister_twin"].effect == MoveModifier(
        agent="double_agent", operation="multiply", value=2
    )


def test_version_is_short_stable_hex(rules: Rules) -> None:
    """The version is 12 hex characters and the same on every load of the same bytes."""
    assert re.fullmatch(r"[0-9a-f]{12}", rules.version)
    again = load_rules(REPO_DATA / AGENTS_FILE, REPO_DATA / MARKET_FILE)
    assert again.version == rules.version


def test_version_changes_with_the_data(tmp_path: Path, rules: Rules) -> None:
    """A change that keeps the data valid still gives another version."""
    agents, market = _write(tmp_path, AGENTS_TEXT + "\n# edited\n", MARKET_TEXT)
    assert load_rules(agents, market).version != rules.version


def test_default_rules_is_cached_and_matches_repo(rules: Rules) -> None:
    """default_rules() loads the default files once and equals the explicit load."""
    assert default_rules() is default_rules()
    assert default_rules() == rules
    assert default_rules().version == rules.version


def test_default_data_dir_falls_back_to_repo() -> None:
    """Without bundled copies in the package, the repository's data/ folder is used."""
    assert (default_data_dir() / AGENTS_FILE).is_file()
    assert (default_data_dir() / MARKET_FILE).is_file()


def test_default_data_dir_prefers_bundled_copies(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Copies placed inside the installed package win over the repository's data/."""
    _write(tmp_path, AGENTS_TEXT, MARKET_TEXT)
    monkeypatch.setattr(loading, "BUNDLED_DIR", tmp_path)
    assert default_data_dir() == tmp_path


# Broken files ----------------------------------------------------------------------------------


def _write(directory: Path, agents_text: str, market_text: str) -> tuple[Path, Path]:
    """Write both data files into `directory` and return their paths."""
    agents = directory / AGENTS_FILE
    market = directory / MARKET_FILE
    agents.write_text(agents_text, encoding="utf-8")
    market.write_text(market_text, encoding="utf-8")
    return agents, market


def _edit(text: str, old: str, new: str) -> str:
    """Replace exactly one occurrence of `old`, so a test cannot silently edit nothing."""
    assert text.count(old) == 1, f"{old!r} occurs {text.count(old)} times"
    return text.replace(old, new)


DAREDEVIL = 'agents[3] (id "daredevil")'
MOLE = 'agents[7] (id "mole")'
WATCHTOWER = 'cards[5] (id "watchtower")'

# (case id, file edited, old text, new text, substrings the message must contain)
BROKEN_CASES: list[tuple[str, str, str, str, tuple[str, ...]]] = [
    (
        "missing_field",
        AGENTS_FILE,
        'name = "Daredevil"\n',
        "",
        (DAREDEVIL, "name", "missing"),
    ),
    (
        "copies_is_string",
        AGENTS_FILE,
        'copies = 6\nicons = [+2, +3, "LOSE"]',
        'copies = "6"\nicons = [+2, +3, "LOSE"]',
        (DAREDEVIL, "copies", "integer", '"6"'),
    ),
    (
        "copies_is_float",
        AGENTS_FILE,
        'copies = 6\nicons = [+2, +3, "LOSE"]',
        'copies = 6.0\nicons = [+2, +3, "LOSE"]',
        (DAREDEVIL, "copies", "integer", "6.0"),
    ),
    (
        "copies_is_bool",
        AGENTS_FILE,
        'copies = 6\nicons = [+2, +3, "LOSE"]',
        'copies = true\nicons = [+2, +3, "LOSE"]',
        (DAREDEVIL, "copies", "integer", "true"),
    ),
    (
        "copies_zero",
        AGENTS_FILE,
        "copies = 1\nicons = [-3]",
        "copies = 0\nicons = [-3]",
        (MOLE, "copies", "greater than or equal to 1"),
    ),
    (
        "icon_wrong_word",
        AGENTS_FILE,
        '[+2, +3, "LOSE"]',
        '[+2, +3, "lose"]',
        (DAREDEVIL, "icons[2]", '"lose"'),
    ),
    (
        "icon_string_number",
        AGENTS_FILE,
        '[+2, +3, "LOSE"]',
        '[+2, "3", "LOSE"]',
        (DAREDEVIL, "icons[1]", '"3"'),
    ),
    (
        "too_many_icons",
        AGENTS_FILE,
        '[+2, +3, "LOSE"]',
        '[+2, +3, "LOSE", 1]',
        (DAREDEVIL, "icons", "at most 3"),
    ),
    (
        "no_icons",
        AGENTS_FILE,
        "icons = [-3]",
        "icons = []",
        (MOLE, "icons", "at least 1"),
    ),
    (
        "unknown_field",
        AGENTS_FILE,
        'name = "Daredevil"\n',
        'name = "Daredevil"\ncolour = "red"\n',
        (DAREDEVIL, "colour", "not a known field"),
    ),
    (
        "id_not_snake_case",
        AGENTS_FILE,
        'id = "daredevil"',
        'id = "Dare-Devil"',
        ('agents[3] (id "Dare-Devil")', "field id", "snake_case"),
    ),
    (
        "duplicate_agent_id",
        AGENTS_FILE,
        'id = "mole"',
        'id = "sidekick"',
        ('agents[7] (id "sidekick")', "field id", "agents[6]", "duplicate"),
    ),
    (
        "copies_not_38",
        AGENTS_FILE,
        "copies = 1\nicons = [-3]",
        "copies = 2\nicons = [-3]",
        ("agents", "copies", "39", "38"),
    ),
    (
        "mark_without_mark_reason",
        AGENTS_FILE,
        'mark_reason = "daredevils"\n',
        "",
        (DAREDEVIL, "mark_reason", "missing"),
    ),
    (
        "mark_reason_without_mark",
        AGENTS_FILE,
        "icons = [-3]",
        'icons = [-3]\nmark_reason = "moles"',
        (MOLE, "mark_reason", "only allowed"),
    ),
    (
        "invalid_toml",
        AGENTS_FILE,
        'copies = 6\nicons = [+2, +3, "LOSE"]',
        'copies 6\nicons = [+2, +3, "LOSE"]',
        ("invalid TOML", "line 37", "column"),
    ),
    (
        "unknown_top_level_key",
        AGENTS_FILE,
        '[[agents]]\nid = "double_agent"',
        '[[agentz]]\nid = "double_agent"',
        ("top-level key agentz", "not a known field"),
    ),
    (
        "unknown_effect_agent",
        MARKET_FILE,
        'agent = "enforcer"',
        'agent = "enforcers"',
        (WATCHTOWER, "effect.agent", '"enforcers"', AGENTS_FILE),
    ),
    (
        "unknown_effect_type",
        MARKET_FILE,
        'type = "move_modifier"\nagent = "enforcer"',
        'type = "move_modifer"\nagent = "enforcer"',
        (WATCHTOWER, "effect.type", '"move_modifer"'),
    ),
    (
        "effect_type_missing",
        MARKET_FILE,
        'type = "move_modifier"\nagent = "enforcer"',
        'agent = "enforcer"',
        (WATCHTOWER, "effect.type", "missing"),
    ),
    (
        "effect_value_is_string",
        MARKET_FILE,
        'operation = "add"\nvalue = 2',
        'operation = "add"\nvalue = "2"',
        (WATCHTOWER, "effect.value", "integer", '"2"'),
    ),
    (
        "effect_value_missing",
        MARKET_FILE,
        'operation = "add"\nvalue = 2',
        'operation = "add"',
        (WATCHTOWER, "effect.value", "missing"),
    ),
    (
        "effect_unknown_field",
        MARKET_FILE,
        'operation = "add"\nvalue = 2',
        'operation = "add"\nvalue = 2\nbonus = 1',
        (WATCHTOWER, "effect.bonus", "not a known field"),
    ),
    (
        "bad_operation",
        MARKET_FILE,
        'operation = "add"',
        'operation = "plus"',
        (WATCHTOWER, "effect.operation", '"plus"'),
    ),
    (
        "bad_kind",
        MARKET_FILE,
        'kind = "ongoing"\ntext = "When you recruit an Enforcer',
        'kind = "forever"\ntext = "When you recruit an Enforcer',
        (WATCHTOWER, "kind", '"forever"'),
    ),
    (
        "kind_contradicts_effect",
        MARKET_FILE,
        'kind = "ongoing"\ntext = "When you recruit an Enforcer',
        'kind = "instant"\ntext = "When you recruit an Enforcer',
        (WATCHTOWER, "kind", '"ongoing"'),
    ),
    (
        "duplicate_card_id",
        MARKET_FILE,
        'id = "spycation"',
        'id = "outpost"',
        ('cards[14] (id "outpost")', "field id", "cards[12]", "duplicate"),
    ),
    (
        "missing_text",
        MARKET_FILE,
        'text = "When you recruit an Enforcer, move 2 spaces further (+3, +4, +5)."\n',
        "",
        (WATCHTOWER, "text", "missing"),
    ),
    (
        "invalid_market_toml",
        MARKET_FILE,
        '[cards.effect]\ntype = "home_boost"',
        '[cards.effect\ntype = "home_boost"',
        ("invalid TOML", "line", "column"),
    ),
]


@pytest.mark.parametrize(
    ("file_name", "old", "new", "expected"),
    [pytest.param(*case[1:], id=case[0]) for case in BROKEN_CASES],
)
def test_broken_file_raises_data_error(
    tmp_path: Path, file_name: str, old: str, new: str, expected: tuple[str, ...]
) -> None:
    """Each broken copy raises DataError with a one-line message naming file, entry and field."""
    agents_text, market_text = AGENTS_TEXT, MARKET_TEXT
    if file_name == AGENTS_FILE:
        agents_text = _edit(agents_text, old, new)
    else:
        market_text = _edit(market_text, old, new)
    agents, market = _write(tmp_path, agents_text, market_text)
    with pytest.raises(DataError) as caught:
        load_rules(agents, market)
    message = str(caught.value)
    assert str(tmp_path / file_name) in message
    for fragment in expected:
        assert fragment in message
    assert "\n" not in message
    assert message.endswith(".")
    assert caught.value.__cause__ is None


@pytest.mark.parametrize("missing", [AGENTS_FILE, MARKET_FILE])
def test_missing_file_raises_data_error(tmp_path: Path, missing: str) -> None:
    """A missing data file is named in the error."""
    agents, market = _write(tmp_path, AGENTS_TEXT, MARKET_TEXT)
    (tmp_path / missing).unlink()
    with pytest.raises(DataError, match="not found") as caught:
        load_rules(agents, market)
    assert str(tmp_path / missing) in str(caught.value)


def test_a_folder_instead_of_a_data_file_is_todays_sentence(tmp_path: Path) -> None:
    """A folder in a data file's place gives the words reading it always gave."""
    agents, market = _write(tmp_path, AGENTS_TEXT, MARKET_TEXT)
    market.unlink()
    market.mkdir()
    with pytest.raises(DataError) as caught:
        load_rules(agents, market)
    assert str(caught.value) == f"{market}: data file cannot be read (Is a directory)."


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_a_named_pipe_as_data_file_is_refused_without_waiting(tmp_path: Path) -> None:
    """A named pipe with no writer used to block the start forever; now it is one sentence."""
    agents, market = _write(tmp_path, AGENTS_TEXT, MARKET_TEXT)
    agents.unlink()
    os.mkfifo(agents)
    with pytest.raises(DataError) as caught:
        load_rules(agents, market)
    assert str(caught.value) == f"{agents}: data file cannot be read (not a regular file)."


def test_a_data_file_over_the_limit_is_refused_unread(tmp_path: Path) -> None:
    """A data file larger than DATA_LIMIT is refused before it is parsed."""
    agents, market = _write(tmp_path, AGENTS_TEXT, MARKET_TEXT)
    market.write_text(MARKET_TEXT + "#" * DATA_LIMIT + "\n", encoding="utf-8")
    with pytest.raises(DataError) as caught:
        load_rules(agents, market)
    assert str(caught.value) == f"{market}: data file cannot be read (larger than 1024 KiB)."


def test_not_utf8_raises_data_error(tmp_path: Path) -> None:
    """Bytes that are not UTF-8 give a DataError, not a UnicodeDecodeError."""
    agents, market = _write(tmp_path, AGENTS_TEXT, MARKET_TEXT)
    agents.write_bytes(AGENTS_TEXT.encode() + b"# \xff\n")
    with pytest.raises(DataError, match="UTF-8") as caught:
        load_rules(agents, market)
    assert str(agents) in str(caught.value)


@pytest.mark.parametrize(
    ("agents_text", "expected"),
    [
        pytest.param("agents = [1]\n", "agents[0] should be a table", id="entry_not_table"),
        pytest.param("", "top-level key agents is missing", id="no_agents"),
        pytest.param("agents = 3\n", "top-level key agents should be an array", id="not_array"),
    ],
)
def test_wrong_file_shape(tmp_path: Path, agents_text: str, expected: str) -> None:
    """A file whose overall shape is wrong names the top-level key or the entry index."""
    agents, market = _write(tmp_path, agents_text, MARKET_TEXT)
    with pytest.raises(DataError, match=re.escape(expected)) as caught:
        load_rules(agents, market)
    assert str(agents) in str(caught.value)


def test_loader_accepts_other_agent_and_card_counts(tmp_path: Path) -> None:
    """Only the 38-card total is enforced, not exactly 8 agents or 15 cards."""
    sidekick = '[[agents]]\nid = "sidekick"\nname = "Sidekick"\ncopies = 1\nicons = [+4]\n\n'
    agents_text = _edit(AGENTS_TEXT, sidekick, "")
    agents_text = _edit(agents_text, "copies = 1\nicons = [-3]", "copies = 2\nicons = [-3]")
    market_text = MARKET_TEXT.split('[[cards]]\nid = "spycation"')[0]
    rules = load_rules(*_write(tmp_path, agents_text, market_text))
    assert len(rules.agents) == 7
    assert len(rules.market) == 14
    assert len(rules.full_deck()) == 38
