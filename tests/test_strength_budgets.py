"""benchmarks/strength.py: a level with some Budget fields replaced (for a benchmark only), and
`--compare` setting such a run against the level on the same deals."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from agent_avenue.bots.ismcts import LEVELS, SearchBot
from agent_avenue.bots.registry import make_bot

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"


def _strength() -> ModuleType:
    """benchmarks/strength.py as a module (it imports benchmarks/bots.py as `bots`)."""
    sys.path.insert(0, str(BENCHMARKS))
    try:
        spec = importlib.util.spec_from_file_location("strength", BENCHMARKS / "strength.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(BENCHMARKS))
    return module


def test_a_level_with_replaced_fields_is_parsed_and_labelled() -> None:
    strength = _strength()
    assert strength.parse_budget("normal") == ("normal", {})
    assert strength.parse_budget("400") == ("400", {})
    assert strength.parse_budget("hard:offer_noise=0.5, recruit_noise=0.75") == (
        "hard",
        {"offer_noise": 0.5, "recruit_noise": 0.75},
    )
    assert strength.label_of("normal") == "search:normal"
    assert strength.label_of("normal:offer_noise=0.50") == "search:normal:offer_noise=0.5"
    for bad in (
        "400:offer_noise=0.5",  # not a level
        "normal:offer_nois=0.5",  # no such field
        "normal:iterations=10",  # not a number field
        "normal:model_recruits=0",  # a flag, not a number
        "normal:offer_noise",  # no value
        "normal:offer_noise=-1",
        "normal:offer_noise=nan",
        "normal:offer_noise=0.5,offer_noise=0.6",
    ):
        with pytest.raises(ValueError):
            strength.parse_budget(bad)


def test_the_level_is_replaced_only_inside_the_benchmark() -> None:
    strength = _strength()
    before = LEVELS["normal"]
    with strength.level_replaced("normal", {"offer_noise": 0.5, "recruit_noise": 0.75}):
        bot = make_bot("search:normal")
        assert isinstance(bot, SearchBot)
        assert (bot.budget.offer_noise, bot.budget.recruit_noise) == (0.5, 0.75)
        assert bot.budget.iterations == before.iterations
    assert LEVELS["normal"] is before
    bot = make_bot("search:normal")
    assert isinstance(bot, SearchBot) and bot.budget is before


def test_a_pool_of_workers_is_refused_for_replaced_fields() -> None:
    strength = _strength()
    from agent_avenue.engine import Mode

    with pytest.raises(ValueError, match="one worker"):
        strength.figure("normal:offer_noise=0.5", "random", Mode.SIMPLE, 2, 2, 1)
    assert LEVELS["normal"].offer_noise == 0.25


def _row(bot_a: str, by_game: str) -> dict[str, object]:
    wins = by_game.count("1")
    return {
        "bot_a": bot_a,
        "bot_b": "random",
        "mode": "simple",
        "games": len(by_game),
        "seed": 1,
        "by_game": by_game,
        "win_rate": wins / len(by_game),
    }


def test_compare_sets_a_setting_against_its_level_with_a_sign_test() -> None:
    strength = _strength()
    old = [_row("search:normal", "1100110011")]
    new = [_row("search:normal:offer_noise=0.5", "1111111001")]
    table = strength.compare(old, new)
    line = table.splitlines()[-1]
    # the 9th game won only before, the 3rd, 4th and 7th only after
    assert "search:normal:offer_noise=0.5 (was search:normal) vs random" in line
    assert "| 60.0 % | 80.0 % | +20.0 | 1 / 3 |" in line
    assert line.endswith("| 0.625 |")  # 2 * (1 + 3) / 16
    assert strength.sign_test(0, 0) == 1.0
    assert strength.sign_test(3, 3) == 1.0
    assert strength.sign_test(0, 5) == pytest.approx(2 / 32)
    assert strength.sign_test(10, 2) == pytest.approx(strength.sign_test(2, 10))
    assert strength.sign_test(2, 10) == pytest.approx(2 * (1 + 12 + 66) / 4096)
