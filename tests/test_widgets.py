"""The game widgets in small host apps, and the log and result sentences of describe.py."""

from __future__ import annotations

import html
import re
from dataclasses import replace
from typing import Any

import pytest
from textual.app import App, ComposeResult
from textual.containers import Vertical
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Label

from agent_avenue.data import default_rules
from agent_avenue.engine import (
    Event,
    EventKind,
    GameState,
    Mark,
    Mode,
    PlayerView,
    Result,
    distance_to_catch,
    new_game,
    player_view,
    recruit_preview,
)
from agent_avenue.engine.rules import MARKET_SPACES
from agent_avenue.i18n import LANGUAGES, agent_name
from agent_avenue.play.session import LogEntry
from agent_avenue.teaching.describe import describe_event, result_sentence, signed
from agent_avenue.ui.agent_look import agent_glyph
from agent_avenue.ui.widgets import (
    AgentCard,
    BoardRing,
    CardBack,
    CollectionPanel,
    GameLog,
    MarketCardView,
    SpaceCell,
    TableStatus,
)
from agent_avenue.ui.widgets._common import meeple
from agent_avenue.ui.widgets.board import GRID_CELLS
from positions import BLUE, GREEN, deal, landing, play, position

NAMES = ("Green", "Blue")
X = "\N{MULTIPLICATION SIGN}"
SIZE = (80, 24)


class Host(App[None]):
    """An app that shows one widget and records the messages it posts."""

    def __init__(self, widget: Widget) -> None:
        super().__init__()
        self.widget = widget
        self.messages: list[Message] = []

    def compose(self) -> ComposeResult:
        """Just the widget under test."""
        yield self.widget

    def on_agent_card_selected(self, message: AgentCard.Selected) -> None:
        """Record an agent card's click."""
        self.messages.append(message)

    def on_market_card_view_selected(self, message: MarketCardView.Selected) -> None:
        """Record a black market card's click."""
        self.messages.append(message)


_TEXT = re.compile(
    r'<text[^>]*\bx="([\d.]+)"[^>]*clip-path="url\(#[\w-]+-line-(\d+)\)"[^>]*>(.*?)</text>'
)


def screen_text(app: App[None]) -> str:
    """The screen as plain text lines, read back from the exported SVG screenshot."""
    rows: dict[int, list[tuple[int, str]]] = {}
    for x, line, text in _TEXT.findall(app.export_screenshot()):
        text = html.unescape(text).replace("\xa0", " ")
        rows.setdefault(int(line), []).append((round(float(x) / 12.2), text))
    lines = []
    for number in sorted(rows):
        row = ""
        for column, text in sorted(rows[number]):
            row = row.ljust(column) + text
        lines.append(row)
    return "\n".join(lines)


def at(
    green: int,
    blue: int,
    mode: str = "simple",
    green_seat: dict[str, Any] | None = None,
    blue_seat: dict[str, Any] | None = None,
    **kw: Any,
) -> GameState:
    """A position with the two meeples on these spaces (green active, with a hand to offer)."""
    return position(
        mode=mode,
        green={"hand": ["enforcer", "sentinel"], "position": green, **(green_seat or {})},
        blue={"hand": ["saboteur", "saboteur"], "position": blue, **(blue_seat or {})},
        **kw,
    )


# --- BoardRing ------------------------------------------------------------------------------


def test_grid_is_a_ring_of_fourteen_border_cells() -> None:
    """The 14 spaces use exactly the 14 border cells of a 5x4 grid, corners are the markets."""
    cells = set(GRID_CELLS.values())
    assert len(cells) == 14
    assert all(c in (0, 4) or r in (0, 3) for c, r in cells)
    assert {GRID_CELLS[s] for s in MARKET_SPACES} == {(0, 0), (4, 0), (0, 3), (4, 3)}
    assert GRID_CELLS[0] == (2, 3) and GRID_CELLS[7] == (2, 0)


@pytest.mark.parametrize(("green", "blue"), [(0, 7), (3, 10), (12, 5), (13, 1)])
async def test_board_puts_meeples_on_their_spaces(green: int, blue: int) -> None:
    """Each meeple shows on its own space (cell state, labels and the screen)."""
    board = BoardRing()
    app = Host(board)
    async with app.run_test(size=SIZE) as pilot:
        board.update_view(player_view(at(green, blue), None), NAMES)
        await pilot.pause()
        assert board.positions == (green, blue)
        for space, cell in board.cells.items():
            assert cell.occupants == (space == green, space == blue)
            drawn = cell.shown()[1]
            assert [meeple(side) in drawn for side in (0, 1)] == [space == green, space == blue]
        assert "G●" in board.cells[green].text()
        assert "B▲" in board.cells[blue].text()
        text = screen_text(app)
        assert text.count("G●") == 2  # the meeple and the legend
        assert text.count("B▲") == 2


@pytest.mark.parametrize("size", ["compact", "medium"])
async def test_a_wide_board_says_how_far_each_meeple_is_from_a_catch(size: str) -> None:
    """On a medium or large board the tile of each meeple says its distance to a catch (the
    engine's distance_to_catch), never while the meeples move; a compact board shows none."""
    board = BoardRing()
    board.set_size(size)
    app = Host(board)
    view = player_view(at(3, 10), None)
    async with app.run_test(size=(120, 40)) as pilot:
        board.update_view(view, NAMES)
        await pilot.pause()
        text = screen_text(app)
        for side, space in ((0, 3), (1, 10)):
            note = f"{distance_to_catch(view, side)} to catch"
            drawn = [line.strip() for line in board.cells[space].shown()]
            assert (note in drawn) == (size != "compact"), drawn
            assert (note in text) == (size != "compact"), text
        board.show_positions((4, 10))  # one step of an animation
        await pilot.pause()
        assert "to catch" not in screen_text(app)


async def test_board_grid_places_spaces_where_the_ring_says() -> None:
    """Every space is drawn in the grid cell GRID_CELLS gives it."""
    board = BoardRing()
    app = Host(board)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        origin = board.content_region
        for space, (column, row) in GRID_CELLS.items():
            cell = board.cells[space]
            assert cell.region.x == origin.x + column * 8
            assert cell.region.y == origin.y + row * 3


async def test_board_accepts_a_view_before_it_is_mounted() -> None:
    """A view given before mounting shows once the board is on screen."""
    board = BoardRing()
    board.update_view(player_view(at(2, 9, "advanced"), None), ("Ann", "Bo"))
    app = Host(board)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "G● Ann" in text and "Advanced mode" in text
        assert meeple(0) in board.cells[2].shown()[1]
        assert board.cells[9].has_class("-market")


async def test_show_positions_moves_meeples_without_a_view() -> None:
    """show_positions moves the meeples space by space for an animation."""
    board = BoardRing()
    app = Host(board)
    async with app.run_test(size=SIZE) as pilot:
        board.update_view(player_view(at(0, 7), None), NAMES)
        for step in range(1, 4):
            board.show_positions((step, 7))
            await pilot.pause()
            assert board.cells[step].occupants == (True, False)
            assert board.cells[step - 1].occupants == (False, False)
        board.show_positions((3, 16))
        assert board.positions == (3, 2)


async def test_black_market_corners_only_in_advanced_mode() -> None:
    """The corner spaces are marked as black market spaces in advanced mode only."""
    board = BoardRing()
    app = Host(board)
    async with app.run_test(size=SIZE) as pilot:
        board.update_view(player_view(at(0, 7), None), NAMES)
        await pilot.pause()
        assert not any(cell.has_class("-market") for cell in board.cells.values())
        assert "$" not in screen_text(app)
        assert "Simple mode" in screen_text(app)

        board.update_view(player_view(at(0, 7, "advanced"), None), NAMES)
        await pilot.pause()
        markets = {s for s, cell in board.cells.items() if cell.has_class("-market")}
        assert markets == MARKET_SPACES
        text = screen_text(app)
        assert text.count("$") == 4
        assert text.count("market") == 4
        assert "Advanced mode" in text


async def test_space_tooltips_name_the_space() -> None:
    """A space's tooltip gives its number, whose home it is, a market and the meeples."""
    board = BoardRing()
    app = Host(board)
    async with app.run_test(size=SIZE):
        board.update_view(player_view(at(0, 7, "advanced"), None), ("Ann", "Bo"))
        assert board.cells[0].describe(("Ann", "Bo")).startswith("Space 0\nAnn's home (Green)")
        assert "Black market" in board.cells[5].describe(("Ann", "Bo"))
        assert "Bo's spy (B▲) is here" in board.cells[7].describe(("Ann", "Bo"))
        assert isinstance(board.cells[5], SpaceCell)
        assert board.cells[5].tooltip is not None


async def test_legend_shows_names_turn_and_mode() -> None:
    """The centre legend shows both players, the turn and the mode; names are not markup."""
    board = BoardRing()
    app = Host(board)
    async with app.run_test(size=SIZE) as pilot:
        board.update_view(player_view(at(0, 7, turn=4, active=BLUE), None), ("Ann", "[b]Bo"))
        await pilot.pause()
        text = screen_text(app)
        assert "G● Ann" in text
        assert "B▲ [b]Bo" in text  # names are shown as they are, never read as markup
        assert "Turn 4 · ▶ [b]Bo" in text  # whoever decides now: Blue offers


async def test_meeples_readable_without_colour(monkeypatch: pytest.MonkeyPatch) -> None:
    """With NO_COLOR the meeples still read as G● and B▲ on their spaces."""
    monkeypatch.setenv("NO_COLOR", "1")
    board = BoardRing()
    app = Host(board)
    async with app.run_test(size=SIZE) as pilot:
        assert app.no_color
        board.update_view(player_view(at(4, 11), None), NAMES)
        await pilot.pause()
        lines = screen_text(app).splitlines()
        # Space 4 is column 0 of row 1 (lines 3-5), space 11 column 4 of row 2 (lines 6-8).
        assert "G●" in "".join(line[:7] for line in lines[3:6])
        assert "B▲" in "".join(line[32:39] for line in lines[6:9])


async def test_board_fits_an_80x24_terminal() -> None:
    """After resizing to 80x24 the board fits 40x14 and nothing leaves the screen."""
    board = BoardRing()
    app = Host(board)
    async with app.run_test(size=(120, 40)) as pilot:
        board.update_view(player_view(at(0, 7, "advanced"), None), NAMES)
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert board.outer_size.width <= 40
        assert board.outer_size.height <= 14
        screen = app.screen.region
        for widget in app.screen.walk_children(Widget):
            if widget.display:
                assert screen.contains_region(widget.region), widget


def test_highlight_spaces_marks_cells() -> None:
    """highlight_spaces marks exactly the given spaces and clears with an empty list."""
    board = BoardRing()
    board.highlight_spaces([3, 17])
    assert {s for s, c in board.cells.items() if c.has_class("-highlight")} == {3}
    board.highlight_spaces([])
    assert not any(c.has_class("-highlight") for c in board.cells.values())


# --- CollectionPanel ------------------------------------------------------------------------


def _next_text(view: PlayerView, side: int, agent: str) -> str:
    preview = recruit_preview(view, side, agent)
    if preview.mark is Mark.WIN:
        return "WIN"
    if preview.mark is Mark.LOSE:
        return "LOSE"
    return signed(preview.move)


async def test_collection_next_numbers_come_from_recruit_preview() -> None:
    """Each agent line's next move is recruit_preview's, with counts and side facts."""
    state = at(
        1,
        9,
        "advanced",
        green_seat={
            "in_play": [
                *("double_agent", "enforcer", "enforcer", "codebreaker", "codebreaker"),
                *("daredevil", "daredevil", "saboteur"),
            ],
            "black_market": ["watchtower"],
        },
        blue_seat={"in_play": ["sentinel", "sentinel", "double_agent"], "discards_left": 2},
    )
    view = player_view(state, None)
    panel = CollectionPanel(GREEN)
    app = Host(panel)
    async with app.run_test(size=SIZE) as pilot:
        panel.update_view(view, GREEN, NAMES)
        await pilot.pause()
        rows = {agent: (count, text) for agent, count, text in panel.rows}
        assert list(rows) == ["double_agent", "enforcer", "codebreaker", "daredevil", "saboteur"]
        for agent, (count, text) in rows.items():
            assert count == view.sides[GREEN].count(agent)
            assert text.split()[0] == _next_text(view, GREEN, agent)
        assert rows["enforcer"][1].startswith("+5")  # Watchtower: +3 +2
        assert rows["codebreaker"][1] == "WIN"
        assert rows["daredevil"][1] == "LOSE"
        assert rows["double_agent"][1].startswith("+6")
        text = panel.text()
        assert f"Enforcer {X}2 · next +5" in text
        assert f"Codebreaker {X}2 · next WIN" in text
        assert f"Daredevil {X}2 · next LOSE" in text
        assert "∞ Watchtower" in text
        assert f"{7 - (view.sides[0].progress - view.sides[1].progress)} to catch" in text
        assert "hand 2 · discards 4" in text
        assert "▶ G● Green" in text

        panel.update_view(view, BLUE, NAMES)
        await pilot.pause()
        assert panel.has_class("-blue") and not panel.has_class("-green")
        text = panel.text()
        assert "B▲ Blue" in text and "▶" not in text
        assert f"Sentinel {X}2 · next +6" in text
        assert "discards 2" in text


async def test_collection_panels_fit_a_38_column_side_column() -> None:
    """Two panels fit a 38x16 side column; -compact takes fewer rows."""
    state = at(
        1,
        9,
        "advanced",
        green_seat={
            "in_play": ["double_agent", "enforcer", "codebreaker", "daredevil", "saboteur"],
            "black_market": ["watchtower", "getaway_car"],
        },
        blue_seat={"in_play": ["sentinel", "sidekick", "mole", "enforcer", "saboteur"]},
    )
    view = player_view(state, None)

    class Side(App[None]):
        """A 38x16 side column with both panels."""

        CSS = "#side { width: 38; height: 16; }"

        def compose(self) -> ComposeResult:
            """Both panels stacked."""
            with Vertical(id="side"):
                yield CollectionPanel(GREEN, id="green")
                yield CollectionPanel(BLUE, id="blue")

    app = Side()
    async with app.run_test(size=SIZE) as pilot:
        for side, panel in enumerate(app.query(CollectionPanel).results(CollectionPanel)):
            panel.update_view(view, side, NAMES)
        await pilot.pause()
        total = sum(p.outer_size.height for p in app.query(CollectionPanel))
        assert total <= 16
        assert all(p.outer_size.width <= 38 for p in app.query(CollectionPanel))
        text = screen_text(app)
        # A single copy shows no count (issue 15); the glyph comes before every agent's name.
        assert "♜ Enforcer · next +4 $" in text  # Watchtower: +2 +2, onto space 5
        assert "✚ Sidekick · next" in text
        assert f"{X}1" not in text

        compact = app.query_one("#green", CollectionPanel)
        before = compact.outer_size.height
        compact.add_class("-compact")
        await pilot.pause()
        assert compact.outer_size.height < before
        lines = screen_text(app).splitlines()
        # The paragraph breaks between agents only: glyph, name and move stay on one line.
        for agent, count, text in compact.rows:
            many = f" {X}{count}" if count > 1 else ""
            item = f"{agent_glyph(agent)} {agent_name(agent)}{many} ({text})"
            assert any(item in line for line in lines), (item, lines)
        assert "♜ Enforcer (+4 $)" in screen_text(app)
        assert f"{X}1" not in screen_text(app)


# --- Cards ----------------------------------------------------------------------------------


async def test_agent_card_marks_the_next_copys_icon() -> None:
    """The card marks the icon of the owner's next copy and shows its move."""
    state = at(
        1, 9, green_seat={"in_play": ["enforcer", "enforcer"]}, blue_seat={"in_play": ["enforcer"]}
    )
    view = player_view(state, GREEN)
    card = AgentCard("enforcer", 2, view, GREEN)
    app = Host(card)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert card.next_row == 2
        assert _marked_rows(screen_text(app)) == [False, False, True]
        assert "▶3rd+" in card.text() and "+3" in card.text()
        assert card.next_text == "→ +3"
        card.update_view(view, BLUE)
        await pilot.pause()
        assert _marked_rows(screen_text(app)) == [False, True, False]
        assert "Enforcer" in screen_text(app)


def _marked_rows(text: str) -> list[bool]:
    """Which of a drawn card's three icon rows is marked ▶ (the next copy's)."""
    rows = [line for line in text.splitlines() if any(w in line for w in ("1st", "2nd", "3rd"))]
    return ["▶" in row for row in rows]


async def test_agent_card_marks_win_and_single_icon_cards() -> None:
    """A third Codebreaker shows WIN; single-icon cards show dashes for the rest."""
    view = player_view(at(1, 9, green_seat={"in_play": ["codebreaker"] * 2}), GREEN)
    app = Host(AgentCard("codebreaker", 0, view, GREEN))
    async with app.run_test(size=SIZE):
        card = app.query_one(AgentCard)
        assert card.next_row == 2
        assert "WIN" in card.text() and card.next_text == "→ WIN"
    sidekick = AgentCard("sidekick", 0, view, GREEN)
    assert sidekick.next_row == 0
    assert "—" in sidekick.text()


async def test_agent_card_click_and_state_classes() -> None:
    """A click posts Selected(index); state classes show in the border; -disabled is quiet."""
    view = player_view(at(1, 9), GREEN)
    card = AgentCard("sentinel", 3, view, GREEN, label="4")
    app = Host(card)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.click(AgentCard)
        await pilot.pause()
        assert [(m.index, m.agent) for m in app.messages if isinstance(m, AgentCard.Selected)] == [
            (3, "sentinel")
        ]
        assert "4" in screen_text(app).splitlines()[0]
        card.add_class("-face-up")
        await pilot.pause()
        assert "4 ▲ up" in screen_text(app)
        card.remove_class("-face-up")
        card.add_class("-face-down")
        await pilot.pause()
        text = screen_text(app)
        assert "▼ down" in text and "▲ up" not in text
        card.remove_class("-face-down")
        card.add_class("-disabled")
        await pilot.pause()
        assert "▼ down" not in screen_text(app)
        await pilot.click(AgentCard)
        await pilot.pause()
        assert len(app.messages) == 1


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize(("state", "key"), [("-face-up", "face_up"), ("-face-down", "face_down")])
async def test_a_cards_face_up_or_down_tag_shows_whole(code: str, state: str, key: str) -> None:
    """The tag an offered card wears in its border ("▲ up") shows whole at 80x24 in every
    language: the French one was cut to "▲ visib…"."""
    from agent_avenue.i18n import set_language, t

    set_language(code)
    view = player_view(at(1, 9), GREEN)
    app = Host(AgentCard("double_agent", 0, view, GREEN, classes=state))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        top = screen_text(app).splitlines()[0]
    assert t(f"cards.{key}") in top and "…" not in top, top


async def test_card_back_shows_nothing_about_the_card() -> None:
    """A card back names no agent."""
    app = Host(CardBack())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "Agent" in text
        for agent in default_rules().agents:
            assert agent.name not in text


async def test_market_card_shows_kind_name_text_and_posts_selected() -> None:
    """A market card shows kind, name and text, posts Selected, and has a compact form."""
    rules = default_rules()
    card = MarketCardView("watchtower", rules)
    app = Host(card)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "∞ ongoing" in text and "Watchtower" in text
        assert "When you recruit an" in text
        assert card.outer_size.width <= 26
        await pilot.click(MarketCardView)
        await pilot.pause()
        assert [m.card_id for m in app.messages if isinstance(m, MarketCardView.Selected)] == [
            "watchtower"
        ]
        card.add_class("-compact")
        await pilot.pause()
        assert "When you recruit" not in screen_text(app)
        assert card.outer_size.width == 14
    assert "⚡ instant" in MarketCardView("outpost").text()


# --- TableStatus and GameLog ----------------------------------------------------------------


async def test_table_status_simple_and_advanced() -> None:
    """The status shows the deck and discards, and the black market in advanced mode."""
    status = TableStatus()
    app = Host(status)
    async with app.run_test(size=SIZE) as pilot:
        simple = at(0, 7, deck=["enforcer"] * 3, blue_seat={"discards_left": 1})
        status.update_view(player_view(simple, None), NAMES)
        await pilot.pause()
        text = screen_text(app)
        assert "Agent deck: 3" in text
        assert "Discards left: G● 4 · B▲ 1" in text
        assert "Supply" not in text

        advanced = at(
            0,
            7,
            "advanced",
            supply=["watchtower", "outpost"],
            market_deck=["masterplan"],
        )
        status.update_view(player_view(advanced, None), NAMES)
        await pilot.pause()
        text = screen_text(app)
        assert "Supply: Watchtower, Outpost" in text
        assert "Black market deck: 1" in text


async def test_game_log_writes_public_sentences() -> None:
    """The log writes one sentence per public event and never a hidden card."""
    log = GameLog()
    app = Host(log)
    async with app.run_test(size=SIZE) as pilot:
        secret = Event(EventKind.OFFER, GREEN, "enforcer", "mole", 2, agents=("sidekick", "mole"))
        entries = [
            LogEntry(1, (Event(EventKind.TURN, GREEN, count=1),)),
            LogEntry(1, (secret.public(),)),
        ]
        log.set_entries(entries, NAMES)
        await pilot.pause()
        assert log.sentences == [
            "Turn 1: Green's turn.",
            "Green offered Enforcer face up and one card face down, then drew 2 cards.",
        ]
        log.add_entry(LogEntry(1, (secret,)), NAMES)  # even a secret event is made public
        assert "Mole" not in " ".join(log.sentences)
        text = screen_text(app)
        assert "Turn 1: Green's turn." in text
        log.set_entries([], NAMES)
        assert log.sentences == []


async def test_game_log_wraps_to_its_width_and_rewraps_on_resize() -> None:
    """Long sentences wrap inside a narrow log, and wrap again when the terminal resizes."""

    class Narrow(App[None]):
        """A log 30 columns wide."""

        CSS = "GameLog { width: 30; }"

        def compose(self) -> ComposeResult:
            """Just the log."""
            yield GameLog()

    app = Narrow()
    entry = LogEntry(1, (EVENTS[EventKind.STEAL], EVENTS[EventKind.OFFER].public()))
    async with app.run_test(size=SIZE) as pilot:
        log = app.query_one(GameLog)
        log.add_entry(entry, NAMES)
        await pilot.pause()
        assert log.virtual_size.width <= log.scrollable_content_region.width
        lines = log.virtual_size.height
        assert lines > 2
        log.styles.width = 60
        await pilot.pause()
        assert log.virtual_size.width <= log.scrollable_content_region.width
        assert log.virtual_size.height < lines
        assert log.sentences[0].startswith("Mind Control")


# --- describe_event -------------------------------------------------------------------------

# One event of every kind; the secret fields (a discarded card, the face-down card, cards
# drawn) name cards that appear nowhere else, so a leak is easy to spot.
SECRET_WORDS = ("Mole", "Sidekick")
EVENTS: dict[EventKind, Event] = {
    EventKind.DISCARD: Event(EventKind.DISCARD, GREEN, "mole", count=1, agents=("sidekick",)),
    EventKind.DRAW: Event(EventKind.DRAW, BLUE, count=2, agents=("mole", "sidekick")),
    EventKind.OFFER: Event(EventKind.OFFER, GREEN, "enforcer", "mole", 2, agents=("sidekick",)),
    EventKind.RECRUIT: Event(EventKind.RECRUIT, BLUE, "sentinel", None, 2, 2, 0, 2),
    EventKind.MOVE: Event(EventKind.MOVE, GREEN, value=1, start=4, end=5),
    EventKind.HOME_BOOST: Event(EventKind.HOME_BOOST, GREEN, value=3, start=7, end=10),
    EventKind.LAND: Event(EventKind.LAND, GREEN, end=12),
    EventKind.NO_CARD: Event(EventKind.NO_CARD, BLUE),
    EventKind.TAKE: Event(EventKind.TAKE, BLUE, card="watchtower"),
    EventKind.REFILL: Event(EventKind.REFILL, BLUE, card="outpost"),
    EventKind.IGNORED: Event(EventKind.IGNORED, GREEN, card="outpost"),
    EventKind.STEAL: Event(EventKind.STEAL, GREEN, "enforcer", "mind_control"),
    EventKind.RETURN: Event(EventKind.RETURN, BLUE, "daredevil", "spycation"),
    EventKind.REVEAL_PAIR: Event(EventKind.REVEAL_PAIR, GREEN, "saboteur", "double_trouble"),
    EventKind.KEEP: Event(EventKind.KEEP, BLUE, "daredevil"),
    EventKind.LEAD: Event(EventKind.LEAD, BLUE, seat=3),
    EventKind.PLAY_UP: Event(EventKind.PLAY_UP, GREEN, "enforcer", seat=2),
    EventKind.TURN: Event(EventKind.TURN, BLUE, count=4),
    EventKind.GAME_OVER: Event(EventKind.GAME_OVER, GREEN),
}
EXPECTED = {
    EventKind.DISCARD: "Green discarded a card face down and drew a replacement.",
    EventKind.DRAW: "Blue drew 2 cards.",
    EventKind.OFFER: "Green offered Enforcer face up and one card face down, then drew 2 cards.",
    EventKind.RECRUIT: "Blue recruited a 2nd Sentinel: forward 2 (space 7 → 9).",
    EventKind.MOVE: "Green moved forward 1 (space 4 → 5).",
    EventKind.HOME_BOOST: "Getaway Car: Green goes on 3 more (space 7 → 10).",
    EventKind.LAND: "Green stopped on a black market space (space 12).",
    EventKind.NO_CARD: "The black market supply is empty: Blue gains no card.",
    EventKind.TAKE: "Blue took Watchtower.",
    EventKind.REFILL: "Outpost is turned face up in the black market supply.",
    EventKind.IGNORED: "Outpost cannot be carried out for Green and is ignored.",
    EventKind.STEAL: "Mind Control: Green took an Enforcer from Blue's agents into hand.",
    EventKind.RETURN: "Spycation: Blue returned a Daredevil from play to hand.",
    EventKind.REVEAL_PAIR: "Double Trouble: Green revealed two Saboteurs from hand.",
    EventKind.KEEP: "Blue kept the Daredevil in hand.",
    EventKind.LEAD: "Blue's team: seat 3 plays the face-up card.",
    EventKind.PLAY_UP: "Green played Enforcer face up.",
    EventKind.TURN: "Turn 4: Blue's turn.",
    EventKind.GAME_OVER: "Green wins.",
}


def test_every_event_kind_has_an_example() -> None:
    """The examples below cover every EventKind."""
    assert set(EVENTS) == set(EventKind)
    assert all(event.kind is kind for kind, event in EVENTS.items())


@pytest.mark.parametrize("kind", list(EventKind))
def test_describe_event_sentence(kind: EventKind) -> None:
    """Each kind of event has its plain sentence."""
    rules = default_rules()
    event = EVENTS[kind]
    assert describe_event(event.public(), NAMES, rules) == EXPECTED[kind]


@pytest.mark.parametrize("kind", list(EventKind))
def test_describe_event_never_shows_a_hidden_card(kind: EventKind) -> None:
    """A secret field never reaches a sentence, even if the event was not made public."""
    rules = default_rules()
    event = EVENTS[kind]
    for text in (describe_event(event, NAMES, rules), describe_event(event.public(), NAMES, rules)):
        assert text
        assert not any(word in text for word in SECRET_WORDS)
    assert describe_event(event, NAMES, rules) == describe_event(event.public(), NAMES, rules)


@pytest.mark.parametrize(
    ("event", "expected"),
    [
        (
            Event(EventKind.RECRUIT, GREEN, "enforcer", None, 1, 1, 0, 1),
            "Green recruited an Enforcer: forward 1 (space 0 → 1).",
        ),
        (
            Event(EventKind.RECRUIT, GREEN, "saboteur", None, 1, -1, 0, -1),
            "Green recruited a Saboteur: back 1 (space 0 → 13).",
        ),
        (
            Event(EventKind.RECRUIT, BLUE, "sentinel", None, 1, 0, 3, 3),
            "Blue recruited a Sentinel: no move (space 10).",
        ),
        (
            Event(EventKind.RECRUIT, GREEN, "codebreaker", None, 3, 0, 5, 5),
            "Green recruited a 3rd Codebreaker: WIN mark.",
        ),
        (
            Event(EventKind.RECRUIT, GREEN, "codebreaker", None, 3, 3, 5, 8),
            "Green recruited a 3rd Codebreaker: forward 3 (space 5 → 8), WIN mark.",
        ),
        (
            Event(EventKind.RECRUIT, BLUE, "daredevil", "smoke_screen", 3, 0, 1, 1),
            "Blue recruited a 3rd Daredevil with Smoke Screen: LOSE mark.",
        ),
        (
            Event(EventKind.RECRUIT, GREEN, "mole", "secret_recruit", 1, -3, 20, 17),
            "Green recruited the Mole with Secret Recruit: back 3 (space 6 → 3).",
        ),
        (Event(EventKind.DRAW, GREEN, count=1), "Green drew 1 card."),
        (
            Event(EventKind.OFFER, BLUE, "sentinel", count=0),
            "Blue offered Sentinel face up and one card face down.",
        ),
    ],
)
def test_describe_event_variants(event: Event, expected: str) -> None:
    """First copies, backward moves, marks and recruits through a card read naturally."""
    assert describe_event(event, NAMES, default_rules()) == expected


def test_describe_event_uses_player_names() -> None:
    """Sentences use the players' names."""
    text = describe_event(EVENTS[EventKind.STEAL], ("Ann", "Bo"), default_rules())
    assert text == "Mind Control: Ann took an Enforcer from Bo's agents into hand."


def test_describe_a_seeded_game_without_hidden_cards() -> None:
    """Every public event of a seeded game has a sentence; the face-down card is never named."""
    rules = default_rules()
    state = new_game(rules, Mode.ADVANCED, 7, GREEN)
    hand = state.sides[GREEN].members[0].hand
    up, down = hand[0], next(a for a in hand if a != hand[0])
    state = play(state, f"offer {up} {down}")
    text = describe_event(state.events[0].public(), NAMES, rules)
    assert text is not None and rules.agent_by_id[up].name in text
    assert rules.agent_by_id[down].name not in text
    state = play(state, "recruit up")
    for event in state.events:
        assert describe_event(event.public(), NAMES, rules)


# --- result_sentence ------------------------------------------------------------------------


def _result(state: GameState) -> tuple[Result, PlayerView]:
    assert state.result is not None
    return state.result, player_view(state, None)


def test_result_catch_after_a_recruit() -> None:
    """A catch names the recruit that made it when the view's events show one."""
    state = position(
        green={"hand": ["enforcer", "codebreaker"], "in_play": ["enforcer"] * 2, "position": 1},
        blue={"hand": ["sentinel", "sentinel"], "position": 4},
    )
    result, view = _result(deal(state, "enforcer", "codebreaker"))
    assert result_sentence(result, view, NAMES) == (
        "Green caught Blue after recruiting a third Enforcer."
    )
    plain = replace(view, events=())
    assert result_sentence(result, plain, NAMES) == "Green caught Blue."


def test_result_codebreakers() -> None:
    """Three Codebreakers win."""
    state = position(
        green={"hand": ["codebreaker", "sentinel"], "in_play": ["codebreaker"] * 2},
        blue={"hand": ["enforcer", "enforcer"]},
    )
    result, view = _result(deal(state, "codebreaker", "sentinel"))
    assert result_sentence(result, view, NAMES) == "Green wins with three Codebreakers."


def test_result_daredevils() -> None:
    """A third Daredevil loses, naming the winner."""
    state = position(
        green={"hand": ["daredevil", "sentinel"]},
        blue={"hand": ["enforcer", "enforcer"], "in_play": ["daredevil"] * 2},
    )
    result, view = _result(play(state, "offer daredevil sentinel; recruit up"))
    assert result_sentence(result, view, NAMES) == (
        "Blue recruited a third Daredevil and loses, so the game goes to Green."
    )


def test_result_exhaustion() -> None:
    """Running out of cards names the distances to catch."""
    state = position(
        green={"hand": ["sidekick", "codebreaker"], "position": 3},
        blue={"hand": ["sentinel"], "position": 10},
        deck=[],
    )
    result, view = _result(deal(state, "sidekick", "codebreaker"))
    assert result_sentence(result, view, NAMES) == (
        "The cards ran out: Green was closer to catching Blue (3 spaces to 11)."
    )


def test_result_exhaustion_tie() -> None:
    """Running out at equal distance says the tie rule decided."""
    state = position(
        active=BLUE,
        green={"hand": ["enforcer"], "position": 3},
        blue={"hand": ["codebreaker", "sentinel"], "position": 10},
        deck=[],
    )
    result, view = _result(deal(state, "codebreaker", "sentinel"))
    assert result.by_tie_rule
    assert result_sentence(result, view, NAMES) == (
        "The cards ran out with Blue and Green equally close to catching (7 spaces each): "
        "Blue wins (a tie: the active player wins)."
    )


def test_result_tie_rule_both_win() -> None:
    """When both sides win, the sentence explains the active player's win and the tie."""
    state = position(
        green={"hand": ["sidekick", "codebreaker"], "position": 1},
        blue={"hand": ["sentinel", "sentinel"], "position": 4, "in_play": ["codebreaker"] * 2},
    )
    result, view = _result(play(state, "offer codebreaker sidekick; recruit up"))
    assert result.by_tie_rule
    assert result_sentence(result, view, NAMES) == (
        "Green caught Blue after recruiting the Sidekick (a tie: the active player wins)."
    )


def test_result_tie_rule_both_lose() -> None:
    """When both sides lose, the sentence names the opponent's loss and the tie."""
    state = position(
        active=BLUE,
        green={"hand": ["sentinel", "sentinel"], "in_play": ["daredevil"] * 2},
        blue={"hand": ["daredevil", "daredevil"], "in_play": ["daredevil"] * 2},
    )
    result, view = _result(play(state, "offer daredevil daredevil; recruit up"))
    assert result_sentence(result, view, NAMES) == (
        "Green recruited a third Daredevil and loses, so the game goes to Blue (a tie: the active "
        "player wins)."
    )


def test_result_masterplan() -> None:
    """Masterplan: seven different agent names win."""
    state = position(
        mode="advanced",
        green={
            "hand": ["sentinel", "sidekick"],
            "in_play": [
                *("double_agent", "enforcer", "codebreaker", "daredevil", "saboteur"),
                "sentinel",
            ],
            "black_market": ["masterplan"],
        },
        blue={"hand": ["enforcer", "enforcer"]},
    )
    result, view = _result(deal(state, "sidekick", "sentinel"))
    assert result.reasons == ("masterplan",)
    assert result_sentence(result, view, NAMES) == (
        "Green wins with seven different agents in play (Masterplan)."
    )


def test_result_security_system() -> None:
    """Security System: the opponent's spy on your home wins."""
    state = position(
        mode="advanced",
        green={
            "hand": ["enforcer", "codebreaker"],
            "position": 3,
            "black_market": ["security_system"],
        },
        blue={"hand": ["sentinel", "sentinel"], "position": 13},
    )
    result, view = _result(deal(state, "codebreaker", "enforcer"))
    assert result.reasons == ("security_system",)
    assert result_sentence(result, view, NAMES) == (
        "Green wins: Blue's spy stands on Green's home space (Security System)."
    )


def test_result_leader_of_the_pack() -> None:
    """Leader of the Pack: three Daredevils win instead of lose."""
    state = position(
        mode="advanced",
        green={
            "hand": ["daredevil", "sentinel"],
            "in_play": ["daredevil"] * 2,
            "black_market": ["leader_of_the_pack"],
        },
        blue={"hand": ["enforcer", "enforcer"]},
    )
    result, view = _result(deal(state, "daredevil", "sentinel"))
    assert result.reasons == ("leader_of_the_pack",)
    assert result_sentence(result, view, NAMES) == (
        "Green wins with three Daredevils (Leader of the Pack)."
    )


@pytest.mark.parametrize("over", [False, True])
async def test_legend_lines_never_wrap_into_the_cells(over: bool) -> None:
    """Long names, a late turn, the game over: every legend line stays one line inside the
    centre (issue 15: "Game over · Green wins" wrapped across the board's rows)."""
    board = BoardRing()
    app = Host(board)
    names = ("Annabelle-Marie", "Bartholomew & Co")
    view = player_view(at(0, 7, "advanced", turn=12, active=BLUE), None)
    if over:
        view = replace(view, result=Result(GREEN, (), False))
    async with app.run_test(size=SIZE) as pilot:
        board.update_view(view, names)
        await pilot.pause()
        legend = board.query_one("#legend")
        for label in legend.query(Label).results(Label):
            if label.display:
                assert label.region.height <= 1, label
                assert legend.region.contains_region(label.region)
        text = screen_text(app)
        if over:
            assert "★ Annabelle" in text and "Game over" not in text  # the short form
        else:
            assert "Turn 12 · ▶ Bartholo…" in text  # an ellipsis, never a second line


async def test_spycation_cards_mark_the_copy_a_recruit_again_would_use() -> None:
    """Spycation returns the chosen agent to hand, then may recruit it again: each option's
    card marks the copy that recruit would be (the 1st of a lone Enforcer, +1), as the yes/no
    question after it says, not the copy after the one in play (the card said "▶2nd +2")."""
    from agent_avenue.engine import Choose, Take, apply
    from agent_avenue.ui.widgets.panels import ChoicePanel

    state = apply(landing("spycation"), Take("spycation"))
    view = player_view(state, None)
    legal = tuple(a for a in player_view(state, GREEN).legal if isinstance(a, Choose))
    assert {a.agent for a in legal} == {"saboteur", "enforcer", "daredevil"}
    panel = ChoicePanel(view, GREEN, legal, NAMES)
    async with Host(panel).run_test(size=SIZE):
        cards = {card.agent: card for card in panel.query(AgentCard)}
        for agent, card in cards.items():
            assert card.next_row == 0, (agent, card.next_row)
        enforcer = recruit_preview(view, GREEN, "enforcer")
        assert enforcer.count == 2  # the next copy in play would be the 2nd: not what it marks
