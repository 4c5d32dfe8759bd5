"""The suite's fixtures and hooks: the default rules, a private data folder and English for every
test, the slow tests first. Helpers live in modules of their own (positions, ui_helpers).
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from agent_avenue.data import default_rules
from agent_avenue.engine import Rules
from agent_avenue.support.collector import tune_collector


@pytest.fixture(scope="session")
def rules() -> Rules:
    """The default rules tables (agents and black market cards)."""
    return default_rules()


@pytest.fixture(autouse=True)
def _private_data_home(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every test gets its own empty data folder, so autosaves and the score sheet never reach
    the user's (tests that need a particular folder set AGENT_AVENUE_HOME themselves)."""
    monkeypatch.setenv("AGENT_AVENUE_HOME", str(tmp_path_factory.mktemp("home")))


@pytest.fixture(autouse=True)
def _english_by_default(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every test starts in English whatever the machine's locale (the command line reads
    $AGENT_AVENUE_LANG first), and a test that switches language cannot leak it to the next."""
    from agent_avenue.i18n import DEFAULT_LANGUAGE, LANGUAGE_ENV, set_language

    monkeypatch.setenv(LANGUAGE_ENV, DEFAULT_LANGUAGE)
    set_language(DEFAULT_LANGUAGE)
    yield
    set_language(DEFAULT_LANGUAGE)


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int | None:
    """`-n auto` runs one worker more than the cores for every two cores (3 on 2 cores): a
    whole-game test spends about a quarter of its time waiting (the app's pauses, sockets,
    Chromium), and the extra worker keeps the cores busy meanwhile (2026-12-07, 2 cores, idle:
    9 min 8 s with 2 workers, 7 min 15 s with 3). PYTEST_XDIST_AUTO_NUM_WORKERS still decides
    when set."""
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return None  # pytest-xdist's own hook reads it
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    cores = cores or 1
    return cores + max(1, cores // 2)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The slow tests first, so that the workers start on them and no long test is left for
    the end while the other core waits (with `--maxschedchunk` the scheduler hands out two
    tests at a time)."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)


def pytest_collection_finish(session: pytest.Session) -> None:
    """Each worker runs its tests under the cycle collector the app runs under (support/collector):
    with Python's defaults the whole-game tests spent about a third of their time in it."""
    tune_collector()
