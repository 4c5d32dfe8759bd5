"""Cycle collections wait for a quiet moment: none falls inside the program's answer to a key,
and the ones Python's schedule owes are made when the players are reading."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from agent_avenue.support.collector import collect_due
from agent_avenue.ui.idle_collector import BUSY_YOUNG, IDLE_YOUNG, QUIET, IdleCollector


@pytest.fixture
def held() -> Iterator[list[int]]:
    """Automatic collections off for the test; the generations collected meanwhile."""
    collected: list[int] = []

    def watch(phase: str, info: dict[str, int]) -> None:
        if phase == "stop":
            collected.append(info["generation"])

    was_enabled = gc.isenabled()
    gc.disable()
    gc.collect()
    gc.callbacks.append(watch)
    try:
        yield collected
    finally:
        gc.callbacks.remove(watch)
        if was_enabled:
            gc.enable()


def _allocate(count: int) -> list[list[int]]:
    """`count` objects the collector tracks, kept alive."""
    return [[n] for n in range(count)]


def test_nothing_is_due_below_the_young_limit(held: list[int]) -> None:
    kept = _allocate(100)
    assert collect_due(young=1_000) is None
    assert held == []
    assert len(kept) == 100


def test_a_young_collection_is_made_past_the_limit(held: list[int]) -> None:
    kept = _allocate(3_000)
    assert gc.get_count()[0] > 1_000
    assert collect_due(young=1_000) == 0
    assert held == [0]
    assert gc.get_count()[0] < 1_000
    assert len(kept) == 3_000


def test_the_middle_generation_comes_as_python_schedules_it(held: list[int]) -> None:
    kept = []
    middle = gc.get_threshold()[1]
    for _ in range(middle + 1):
        kept.append(_allocate(50))
        collect_due(young=10)
    assert held.count(0) == middle
    assert held[-1] == 1  # the young collections counted, the middle one came after them


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_a_collector_holds_automatic_collections_until_stopped(held: list[int]) -> None:
    gc.enable()
    collector = IdleCollector()
    collector.start()
    assert not gc.isenabled()
    collector.stop()
    assert gc.isenabled()


@pytest.fixture
def answering(held: list[int]) -> Iterator[tuple[IdleCollector, Clock]]:
    """A started collector on a hand-moved clock, the players' input just come."""
    gc.enable()
    clock = Clock()
    collector = IdleCollector(clock)
    collector.start()
    collector.input()
    try:
        yield collector, clock
    finally:
        collector.stop()


def test_no_collection_while_the_players_are_being_answered(
    held: list[int], answering: tuple[IdleCollector, Clock]
) -> None:
    collector, clock = answering
    kept = _allocate(IDLE_YOUNG * 3)
    clock.now += QUIET / 2
    assert collector.tick() is None
    assert held == []
    clock.now += QUIET
    assert collector.tick() == 0
    assert held == [0]
    assert len(kept) == IDLE_YOUNG * 3


def test_a_program_kept_busy_still_collects_past_the_busy_limit(
    answering: tuple[IdleCollector, Clock],
) -> None:
    collector, _ = answering
    kept = _allocate(BUSY_YOUNG + 1_000)
    assert collector.tick() == 0
    assert len(kept) > BUSY_YOUNG


def test_a_collector_not_started_leaves_collections_to_python(held: list[int]) -> None:
    kept = _allocate(IDLE_YOUNG * 3)
    clock = Clock()
    collector = IdleCollector(clock)
    clock.now += QUIET * 2
    assert collector.tick() is None
    assert held == []
    assert len(kept) == IDLE_YOUNG * 3
