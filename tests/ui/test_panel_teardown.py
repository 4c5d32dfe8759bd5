"""A panel mounted while its container goes (the app quitting at a screen change) is not
composed by Textual; its own start-up must not then look for the children it never got."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.containers import Vertical
from textual.widget import Widget

from agent_avenue.data import default_rules
from agent_avenue.engine import Mode, apply, legal_actions, new_game, player_view
from agent_avenue.ui.widgets.panels.offer import OfferPanel
from agent_avenue.ui.widgets.panels.team_turn import PlayUpPanel

RULES = default_rules()


class _Host(App[None]):
    def compose(self) -> ComposeResult:
        yield Vertical(id="box")


async def _mount_into_a_going_box(panel: Widget) -> None:
    """Mount `panel` and remove its box in the same moment (an exception in the panel's start-up
    comes out of `run_test`)."""
    app = _Host()
    async with app.run_test() as pilot:
        box = app.query_one("#box", Vertical)
        box.mount(panel)
        box.remove()  # the panel is pruned before it composes
        for _ in range(3):
            await pilot.pause()


async def test_an_offer_panel_mounted_as_its_box_goes_does_not_crash() -> None:
    state = new_game(RULES, Mode.SIMPLE, 3, 0)
    panel = OfferPanel(player_view(state, state.active), ("Green", "Blue"), None)
    await _mount_into_a_going_box(panel)


async def test_a_team_panel_mounted_as_its_box_goes_does_not_crash() -> None:
    state = new_game(RULES, Mode.SIMPLE, 3, 0, 4)
    state = apply(state, legal_actions(state)[0])  # the team chooses who leads
    assert state.to_act is not None
    view = player_view(state, state.to_act)
    panel = PlayUpPanel(view, ("Ann & Cid", "Bob & Dee"), ("Ann", "Bob", "Cid", "Dee"), None)
    await _mount_into_a_going_box(panel)
