"""Issue 15: a table that looks like the board game: the board sized to the window with the
offer in its centre, whoever decides now named on it, and agents told apart without colour."""

from __future__ import annotations

import pytest

from agent_avenue.engine import Mode
from agent_avenue.i18n import agent_name, card_name
from agent_avenue.ui.agent_look import agent_glyph
from agent_avenue.ui.hot_seat_app import HotSeatApp
from agent_avenue.ui.launch import LaunchOptions
from agent_avenue.ui.screens.table import TableScreen
from agent_avenue.ui.widgets import BoardRing, CollectionPanel, MarketCardView
from agent_avenue.ui.widgets.keybar import KeyBar
from agent_avenue.ui.widgets.offer_slots import OfferSlots

from .harness import (
    RULES,
    KeyPlayer,
    make_app,
    press_together,
    region_text,
    screen_kind,
    screen_text,
    svg_text,
)
from .test_team_app import TeamKeyPlayer, make_team_app

SIZES = ((80, 24), (100, 30), (120, 40), (160, 45))


async def _reach(app: HotSeatApp, pilot: object, kind: str, seed: int = 3) -> None:
    """Press keys (KeyPlayer's) until the table shows `kind` (a panel's class name)."""
    player = KeyPlayer(seed)
    for _ in range(200):
        if screen_kind(app) == kind:
            return
        keys = player.keys_for(app)
        if keys:
            await pilot.press(*keys)  # type: ignore[attr-defined]
        await pilot.pause()  # type: ignore[attr-defined]
    raise AssertionError(f"never reached {kind}")


def _table(app: HotSeatApp) -> TableScreen:
    screen = app.screen
    assert isinstance(screen, TableScreen)
    return screen


@pytest.mark.slow
async def test_the_board_fills_large_screens_and_sits_in_the_middle() -> None:
    """At 160x45 the board spans at least half the width; at 120x40 it is centred; at 80x24
    and 100x30 it keeps its compact size and nothing overflows the screen."""
    app = make_app("advanced", 3)
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.press("enter", "enter")
        await pilot.pause()
        board = _table(app).query_one(BoardRing)
        assert board.has_class("-large")
        assert board.region.width >= 80
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        board = _table(app).query_one(BoardRing)
        assert board.has_class("-medium")
        left, right = board.region.x, 120 - board.region.right
        assert abs(left - right) <= 2, (left, right)
        for width, height in ((100, 30), (80, 24)):
            await pilot.resize_terminal(width, height)
            await pilot.pause()
            board = _table(app).query_one(BoardRing)
            assert board.has_class("-compact")
            assert board.region.size == (39, 12)
            for widget in _table(app).query("CollectionPanel, #panel-box, BoardRing"):
                assert widget.region.right <= width and widget.region.bottom <= height


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES)
async def test_every_size_keeps_everything(size: tuple[int, int]) -> None:
    """Both collections, the panel, the decks and the turn line are on screen at every size;
    the log is on screen where there is room and one key away everywhere."""
    app = make_app("advanced", 3)
    async with app.run_test(size=size) as pilot:
        await pilot.press("enter", "enter")
        await pilot.pause()
        table = _table(app)
        text = screen_text(app)
        assert "Agent deck" in text
        assert "Turn 1 · ▶ Green" in text
        for side in (0, 1):
            panel = table.query_one(f"#collection-{side}", CollectionPanel)
            assert panel.region.width > 0 and panel.region.right <= size[0]
        assert table.panel.region.height > 0
        await pilot.press("l")
        await pilot.pause()
        assert type(app.screen).__name__ == "LogScreen"


@pytest.mark.slow
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_recruiter_is_named_as_the_one_who_decides(size: tuple[int, int]) -> None:
    """While Blue recruits on Green's turn, the board's turn line and the to-play marker are
    Blue's (they named Green, the turn's active player, before issue 15)."""
    app = make_app("simple", 3)
    async with app.run_test(size=size) as pilot:
        await pilot.press("enter")
        await _reach(app, pilot, "RecruitPanel")
        table = _table(app)
        board = table.query_one(BoardRing)
        assert "Turn 1 · ▶ Blue" in board.text()
        assert "Turn 1 · ▶ Blue" in region_text(app, board)
        green = table.query_one("#collection-0", CollectionPanel)
        blue = table.query_one("#collection-1", CollectionPanel)
        assert blue.has_class("-active") and "▶" in blue.heading
        assert not green.has_class("-active") and "▶" not in green.heading


@pytest.mark.slow
async def test_team_game_names_the_seat_that_decides() -> None:
    """A four-player game: the turn line names the player (a seat), not the team; members'
    rows stay in the collections."""
    app = HotSeatApp(RULES, LaunchOptions(Mode.ADVANCED, 3, None, 0, players=4))
    app.animation_delay = 0
    app.handoff_delay = 0
    app.animation_level = "none"
    app.computer.pause = 0
    app.reading_pause = 0
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.press("enter", "enter")
        await pilot.pause()
        session = app.session
        assert session is not None
        table = _table(app)
        seat = session.stage.actor
        assert seat is not None
        board = table.query_one(BoardRing)
        assert f"▶ {table.seats[seat]}" in board.text()
        assert " & " not in board.text().splitlines()[-2]
        assert table.query_one("#collection-0", CollectionPanel).hands_text


@pytest.mark.slow
async def test_the_offer_lies_in_the_ring_as_two_slots() -> None:
    """The offerer's own screen shows the cards chosen so far in the slots; behind the handoff
    and on the recruiter's screen the face-down card is a card back, never the card."""
    app = make_app("simple", 3)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("enter", "enter")
        await pilot.pause()
        table = _table(app)
        assert screen_kind(app) == "OfferPanel"
        slots = table.query_one(OfferSlots)
        assert [slot.kind for slot in slots.slots] == [("empty", None)] * 2
        await pilot.press("1", "u", "2", "d")
        await pilot.pause()
        hand = table.panel.hand  # type: ignore[attr-defined]
        assert slots.cards == (hand[0], hand[1], False)
        assert [slot.kind for slot in slots.slots] == [("card", hand[0]), ("card", hand[1])]
        await pilot.press("enter")  # the offer is made: the handoff to Blue
        await pilot.pause()
        behind = app.screen_stack[-2]
        assert isinstance(behind, TableScreen)
        slots = behind.query_one(OfferSlots)
        assert [slot.kind for slot in slots.slots] == [("card", hand[0]), ("back", None)]
        await _reach(app, pilot, "RecruitPanel")
        slots = _table(app).query_one(OfferSlots)
        assert [slot.kind for slot in slots.slots] == [("card", hand[0]), ("back", None)]
        assert slots.slots[0].has_class("-face-up")
        if hand[1] != hand[0]:
            assert agent_name(hand[1]) not in region_text(app, slots)


@pytest.mark.slow
async def test_no_color_keeps_every_distinction(monkeypatch: pytest.MonkeyPatch) -> None:
    """With NO_COLOR the screenshot still shows each agent's glyph, the meeples' letters and
    glyphs, and the turn marker."""
    monkeypatch.setenv("NO_COLOR", "1")
    app = make_app("simple", 3)
    assert app.no_color
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("enter")
        await _reach(app, pilot, "RecruitPanel")
        session = app.session
        assert session is not None
        view = session.view(session.stage.actor)
        svg = svg_text(app)
        assert view.face_up is not None
        assert f"{agent_glyph(view.face_up)}" in svg
        for agent in view.hand:
            assert f"{agent_glyph(agent)} {agent_name(agent)}" in svg
        assert "G●" in svg and "B▲" in svg and "▶" in svg


@pytest.mark.slow
@pytest.mark.parametrize("theme", ["ansi-dark", "ansi-light"])
async def test_the_terminal_palette_themes_draw_the_table(theme: str) -> None:
    """With a theme of the terminal's own colours (TEXTUAL_THEME=ansi-dark or ansi-light) the
    app starts and draws the table, every agent still shown with its glyph."""
    app = make_app("advanced", 140)
    app.theme = theme
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("enter")
        await _reach(app, pilot, "RecruitPanel", seed=140)
        session = app.session
        assert session is not None
        view = session.view(session.stage.actor)
        svg = svg_text(app)
        for agent in view.hand:
            assert f"{agent_glyph(agent)} {agent_name(agent)}" in svg


@pytest.mark.slow
@pytest.mark.parametrize("size", [(80, 24), (120, 40), (160, 45)], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_the_black_market_supply_lies_on_the_table_as_cards(size: tuple[int, int]) -> None:
    """On the ring boards the supply's face-up cards are cards beside the board (with their
    rules text at 160x45); at 80x24 the table's status names them on one line."""
    app = make_app("advanced", 3)
    async with app.run_test(size=size) as pilot:
        await pilot.press("enter")
        await _reach(app, pilot, "OfferPanel")
        session = app.session
        assert session is not None
        supply = session.view(None).supply
        assert supply
        text = screen_text(app)
        names = [card_name(card) for card in supply]
        cards = list(_table(app).query(MarketCardView).results(MarketCardView))
        if size == (80, 24):
            assert not cards
            assert "Supply: " in text and all(name in " ".join(text.split()) for name in names)
            return
        shown = [card for card in cards if card.display]
        assert [card.card_id for card in shown] == list(supply)
        assert "Supply: " not in text
        for card in shown:
            assert card_name(card.card_id) in region_text(app, card)
            rules_shown = card.query_one(".text").display
            assert rules_shown == (size == (160, 45))


@pytest.mark.slow
async def test_a_long_team_reveal_keeps_its_prompt_on_an_80x24_screen() -> None:
    """A four-player reveal says a lot; at 80x24 its sentences scroll and its prompt (what
    comes next, the key to press) stays on the screen above the key bar."""
    app = make_team_app("advanced", 3, 4)
    player = TeamKeyPlayer(3)
    reveals = 0
    long_reveals = 0
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        # Play until several reveals were seen, one of them longer than the panel's room.
        for _ in range(300):
            if screen_kind(app) == "GameOverScreen" or (reveals > 5 and long_reveals > 0):
                break
            if screen_kind(app) == "RevealPanel":
                reveals += 1
                screen = _table(app)
                prompt = screen.query_one("#reveal-prompt")
                bar = screen.query_one(KeyBar)
                assert prompt.region.height > 0 and prompt.region.bottom <= bar.region.y
                body = screen.panel.query_one(".panel-body")
                long_reveals += body.virtual_size.height > body.size.height
            await press_together(pilot, *player.keys_for(app))
            await pilot.pause()
    assert reveals > 5
    assert long_reveals > 0, "no reveal was longer than the panel: the test proves nothing"


async def test_the_offers_slots_show_each_card_in_place() -> None:
    """Choosing the offer's cards shows them in the board's two slots without a new widget:
    mounting a card widget at each key laid out and drew the whole table again (three or four
    frames a key at 160x45)."""
    app = make_app("simple", 3)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("enter", "enter")
        await pilot.pause()
        board = _table(app).query_one(BoardRing)
        before = list(board.walk_children())
        await pilot.press("1", "u")
        await pilot.pause()
        await pilot.press("2", "d")
        await pilot.pause()
        slots = board.query_one(OfferSlots)
        assert [kind for kind, _ in (slot.kind for slot in slots.slots)] == ["card", "card"]
        assert list(board.walk_children()) == before


async def test_the_panel_box_keeps_its_tallest_height_on_a_ring_board() -> None:
    """At 120x40 a panel shorter than one shown before it sits in a box as tall as that one:
    the board above keeps its size (a board that changes height is drawn whole again)."""
    app = make_app("simple", 3)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("enter", "enter")
        await pilot.pause()
        table = _table(app)
        await pilot.press("1", "u", "2", "d")  # the offer says what it does: a taller panel
        await pilot.pause()
        await pilot.pause()
        tallest = table.query_one("#panel-box").outer_size.height
        board = table.query_one(BoardRing).outer_size.height
        await _reach(app, pilot, "RecruitPanel")
        await pilot.pause()
        table = _table(app)
        assert table.panel.outer_size.height < tallest  # a shorter panel
        assert table.query_one("#panel-box").outer_size.height == tallest
        assert table.query_one(BoardRing).outer_size.height == board


async def test_a_slot_turned_to_a_card_back_keeps_nothing_of_the_card() -> None:
    """On the offerer's screen the face-down slot shows the card; behind the handoff that
    slot is a card back and holds nothing of that card (not its icons, not its next move),
    drawn or not."""
    app = make_app("simple", 3)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("enter", "enter")
        await pilot.pause()
        table = _table(app)
        down = table.query_one(OfferSlots).slots[1]
        await pilot.press("1", "u", "2", "d")
        await pilot.pause()
        assert down.kind[0] == "card" and down.next_text
        await pilot.press("enter")  # the offer is made: the handoff to Blue
        await pilot.pause()
        assert down.kind == ("back", None)
        assert (down.icons, down.next_row, down.next_text) == ((None, None, None), 0, "")
        assert down.tooltip is None
