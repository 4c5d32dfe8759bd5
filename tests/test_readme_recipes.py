"""The README's two recipes, followed in a temporary copy of the data and locale files: a black
market card with an existing effect is its TOML entry and its locale keys, nothing else; a
language is its locale file and its code in `LANGUAGES`."""

from __future__ import annotations

import random
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

import agent_avenue.i18n as i18n
from agent_avenue.bots import think
from agent_avenue.data import AGENTS_FILE, MARKET_FILE, load_rules
from agent_avenue.engine import MoveSelf, apply, legal_actions, new_game, player_view
from agent_avenue.i18n import LANGUAGES, card_name, catalogue, set_language, sources, t

ROOT = Path(__file__).resolve().parents[1]

NEW_CARD = """
[[cards]]
id = "jet_pack"
name = "Jet Pack"
kind = "instant"
text = "Move your spy forward 3 spaces."
[cards.effect]
type = "move_self"
value = 3
"""
"""The README's example card: an instant with an effect the engine already has."""
CARD_KEYS = {
    "[card]\n": 'jet_pack = "{name}"\n',
    "[rules.card]\n": 'jet_pack = "{text}"\n',
}
"""Where the card's two locale keys go in each file (its name, its rules text)."""
NAMES = {"en": "Jet Pack", "fr": "Jetpack", "nl": "Jetpack", "es": "Mochila cohete"}


def _insert_after(path: Path, header: str, line: str) -> None:
    """Add `line` just below the table `header` of a TOML file (exactly one such header)."""
    text = path.read_text(encoding="utf-8")
    assert text.count(f"\n{header}") == 1, header
    path.write_text(text.replace(f"\n{header}", f"\n{header}{line}"), encoding="utf-8")


@pytest.fixture
def locales(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A copy of the locale files that the game reads instead of its own; English after."""
    folder = tmp_path / "locales"
    shutil.copytree(sources.LOCALES_DIR, folder)
    monkeypatch.setattr(sources, "LOCALES_DIR", folder)
    catalogue.cache_clear()
    yield folder
    catalogue.cache_clear()
    set_language("en")


def test_a_card_with_an_existing_effect_is_its_toml_entry_and_locale_keys(
    tmp_path: Path, locales: Path
) -> None:
    data = tmp_path / "data"
    shutil.copytree(ROOT / "data", data)
    with (data / MARKET_FILE).open("a", encoding="utf-8") as market:
        market.write(NEW_CARD)
    for code in LANGUAGES:
        for header, line in CARD_KEYS.items():
            _insert_after(
                locales / f"{code}.toml", header, line.format(name=NAMES[code], text=code)
            )

    rules = load_rules(data / AGENTS_FILE, data / MARKET_FILE)
    card = rules.card_by_id["jet_pack"]
    assert (card.kind, card.effect) == ("instant", MoveSelf(value=3))
    assert len(rules.market) == 16
    for code in LANGUAGES:
        set_language(code)
        assert card_name("jet_pack") == NAMES[code]
        assert t("rules.card.jet_pack") == code
        assert set(catalogue(code)) == set(catalogue("en"))

    # The game, its random players and its greedy bot play with it, and it is taken.
    decided, used = 0, 0
    for seed in range(30):
        state = new_game(rules, "advanced", seed, seed % 2)
        rng = random.Random(seed)
        while state.result is None:
            view = player_view(state, state.to_act)
            if "jet_pack" in view.supply and decided < 5:
                action = think("greedy", view, seed)
                decided += 1
            else:
                action = rng.choice(legal_actions(state))
            state = apply(state, action)
            used += any(event.card == "jet_pack" for event in state.events)
    assert decided == 5
    assert used > 0


def test_a_language_is_its_locale_file_and_its_code(
    locales: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    english = (locales / "en.toml").read_text(encoding="utf-8")
    assert english.count('name = "English"\n') == 1
    text = english.replace('name = "English"\n', 'name = "Esperanto"\n').replace(
        'title = "{name} wins!"', 'title = "{name} venkas!"'
    )
    (locales / "eo.toml").write_text(text, encoding="utf-8")
    monkeypatch.setattr(i18n, "LANGUAGES", (*LANGUAGES, "eo"))

    set_language("eo")
    assert t("gameover.title", name="Ann") == "Ann venkas!"
    assert i18n.language_name("eo") == "Esperanto"
    assert set(catalogue("eo")) == set(catalogue("en"))
