"""A key inside a panel redraws the panel, not the table around it: what else a frame draws
costs the player time at every key (at 160x45, 51 ms a key where 80x24 took 18)."""

from __future__ import annotations

from collections import Counter

import pytest
from textual.pilot import Pilot
from textual.widget import Widget

from agent_avenue.ui.screens.table import TableScreen
from agent_avenue.ui.widgets import AgentCard, BoardRing, GameLog

from .harness import make_app, settle


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """How many lines each kind of widget has handed to the screen since the last clear."""
    counts: Counter[str] = Counter()
    render_lines = Widget.render_lines

    def counting(widget: Widget, crop: object) -> object:
        strips = render_lines(widget, crop)  # type: ignore[arg-type]
        counts[type(widget).__name__] += len(strips)
        return strips

    monkeypatch.setattr(Widget, "render_lines", counting)
    return counts


async def _first_offer(pilot: Pilot[int]) -> TableScreen:
    """From the start screen to Green's first offer; the table."""
    await settle(pilot)
    await pilot.press("enter")  # start
    await settle(pilot)
    await pilot.press("enter")  # the handoff: Green's offer
    await settle(pilot)
    table = pilot.app.screen
    assert isinstance(table, TableScreen)
    return table


async def test_a_layout_that_moves_nothing_does_not_draw_the_log(drawn: Counter[str]) -> None:
    """The log sits beside the board at 160x45. Textual's scrolling widgets redraw their
    scrollbar at every layout of the screen, and the frame then drew everything between the
    scrollbar and the panel that changed: most of the table, at every key."""
    app = make_app("simple", 11)
    async with app.run_test(size=(160, 45)) as pilot:
        table = await _first_offer(pilot)
        assert table.query_one("#table-log", GameLog).display
        drawn.clear()
        table.panel.refresh(layout=True)
        await settle(pilot)
        assert drawn["GameLog"] == 0, drawn
        assert drawn["BoardRing"] == 0, drawn
        assert table.query_one(BoardRing).size.height > 0


async def test_a_card_in_a_hand_is_one_widget() -> None:
    """Each agent card draws its name and icons itself: a hand of four is four widgets to
    mount, style and lay out at each private screen, not twenty (a label per line)."""
    app = make_app("simple", 11)
    async with app.run_test(size=(120, 40)) as pilot:
        table = await _first_offer(pilot)
        cards = list(table.panel.query(AgentCard))
        assert len(cards) == 4
        assert [len(card.children) for card in cards] == [0, 0, 0, 0]
        assert all(card.agent and "▶" in card.render().plain for card in cards)
