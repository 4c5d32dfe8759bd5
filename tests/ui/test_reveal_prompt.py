"""A reveal's last line keeps its height from the meeples' first step to the prompt that
follows them: when the line that says they move became the longer prompt (two rows at 80
columns), the panel grew and the board and the log above moved at the end of every walk."""

from __future__ import annotations

import pytest

from agent_avenue.ui.widgets.panels import RevealPanel

from .harness import KeyPlayer, make_app, settle


@pytest.mark.parametrize("size", [(80, 24), (160, 45)])
async def test_the_reveals_last_line_keeps_its_height_when_the_meeples_stop(
    size: tuple[int, int],
) -> None:
    app = make_app("simple", 3)
    player = KeyPlayer(3)
    async with app.run_test(size=size) as pilot:
        await pilot.press("enter")
        await settle(pilot)
        heights: list[int] = []
        for _ in range(80):
            panels = [p for p in app.screen.query(RevealPanel) if not p.done]
            if panels:
                break
            if app.screen.query("RecruitPanel"):
                app.animation_delay = 0.2  # the meeples walk, space by space
                app.handoff_delay = 0.5  # and the privacy question counts down after them
            for key in player.keys_for(app):
                await pilot.press(key)
            await settle(pilot)
        panel = panels[0]
        prompt = panel.query_one("#reveal-prompt")
        heights.append(prompt.outer_size.height)
        while not panel.ready:
            await pilot.pause(0.05)
            heights.append(prompt.outer_size.height)
        assert panel.done
        await pilot.pause(0.1)
        heights.append(prompt.outer_size.height)
        assert len(set(heights)) == 1, heights
