"""The rules book opens at once with its first sections; the others follow, the book whole."""

from __future__ import annotations

import pytest
from textual.widgets import Markdown

from agent_avenue.ui.hot_seat_app import HotSeatApp
from agent_avenue.ui.rules_search import card_list
from agent_avenue.ui.screens.rules import FIRST_SECTIONS, RulesScreen, rules_markdown

from .harness import RULES


@pytest.mark.slow
async def test_the_rules_book_is_drawn_first_then_completed() -> None:
    app = HotSeatApp(RULES)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        screen = app.screen
        assert isinstance(screen, RulesScreen)
        for _ in range(200):
            if screen.complete is not None:
                break
            await pilot.pause(0.01)
        assert screen.drawn is not None and screen.complete is not None
        assert screen.drawn <= screen.complete
        sections = [m.source for m in screen.query(Markdown)]
        assert len(sections) > FIRST_SECTIONS
        book = rules_markdown(card_list(RULES))
        assert "\n\n".join(sections).split() == book.split()  # the whole book, in order
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, RulesScreen)
