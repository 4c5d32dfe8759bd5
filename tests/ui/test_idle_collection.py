"""The app makes no cycle collection while it answers a key: one took 8-22 ms of a change of
screen at 160x45 (about a sixth of the result's), and fell inside many of them."""

from __future__ import annotations

import gc

from agent_avenue.ui.idle_collector import IDLE_YOUNG, QUIET, TICK, IdleCollector

from .harness import make_app, settle


class Clock:
    """The collector's clock, moved by the test only: a slow machine cannot make a key's answer
    look like a quiet moment."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


async def test_collections_wait_while_the_app_answers_a_key() -> None:
    collected: list[int] = []

    def watch(phase: str, info: dict[str, int]) -> None:
        if phase == "stop":
            collected.append(info["generation"])

    app = make_app("simple", 11)
    clock = Clock()
    app.collector = IdleCollector(clock)
    assert gc.isenabled()
    gc.callbacks.append(watch)
    try:
        async with app.run_test(size=(160, 45)) as pilot:
            await settle(pilot)
            assert not gc.isenabled()
            await pilot.press("enter")  # the start screen: the table, behind the handoff
            await settle(pilot)
            clock.now += QUIET  # the players read: what is owed is collected
            await pilot.pause(TICK * 3)
            assert collected, "the start made enough to collect"
            gc.collect()  # the schedule owes a young collection first, whatever ran before
            collected.clear()
            await pilot.press("enter")  # the handoff: Green's offer
            await settle(pilot)
            assert collected == []
            assert gc.get_count()[0] > IDLE_YOUNG, "the key made enough to collect"
            clock.now += QUIET
            await pilot.pause(TICK * 3)
            assert collected[:1] == [0]
        assert gc.isenabled()
    finally:
        gc.callbacks.remove(watch)
