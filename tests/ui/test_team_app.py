"""Team games in the app (2 against 2, 2 against 1): complete games by keys in both modes, and
no leaks at any handoff or on any screen, above all between teammates.

Every screen is checked as text and as an SVG screenshot, in colour and with NO_COLOR: nothing
of a hand may show that its viewer may not know (a teammate's hand included), a handoff shows
nothing of the game and hides a table that already shows public information only, and the
screens a whole side shares (who leads, the recruit, a pickup) show no hand at all.
"""

from __future__ import annotations

import json

import pytest
from textual.widgets import Static

from agent_avenue.engine import Discard, EventKind, Mode, Phase, PlayerView
from agent_avenue.engine.actions import PlayDown
from agent_avenue.i18n import agent_name
from agent_avenue.play.session import replay
from agent_avenue.ui.agent_look import agent_glyph
from agent_avenue.ui.hot_seat_app import HotSeatApp
from agent_avenue.ui.launch import LaunchOptions
from agent_avenue.ui.screens.handoff import HandoffScreen
from agent_avenue.ui.screens.table import TableScreen
from agent_avenue.ui.widgets import AgentCard, MarketCardView
from agent_avenue.ui.widgets.choice_row import ChoiceRow
from agent_avenue.ui.widgets.offer_slots import SlotCard
from agent_avenue.ui.widgets.panels import (
    PlayDownPanel,
    PlayUpPanel,
    TeamRecruitPanel,
)
from ui_helpers import TeamKeyPlayer

from .harness import (
    AGENT_NAMES,
    CARD_NAMES,
    RULES,
    names_in,
    play_game,
    press_together,
    region_text,
    screen_kind,
    screen_text,
    svg_text,
    the_save,
)

FOUR = ("Ann", "Bob", "Cid", "Dee")
THREE = ("Ann", "Bob", "Cid")
PRIVATE_PANELS = {"OfferPanel", "RecruitPanel", "ChoicePanel", "PlayUpPanel", "PlayDownPanel"}
TEAM_PANELS = {"LeadPanel", "TeamRecruitPanel", "TeamPickPanel"}
PUBLIC_HAND_KINDS = {EventKind.STEAL, EventKind.RETURN, EventKind.KEEP, EventKind.REVEAL_PAIR}


def make_team_app(
    mode: str, seed: int, players: int, names: tuple[str, ...] | None = None
) -> HotSeatApp:
    """A seeded team game, green first, animations and handoff pauses off."""
    if names is None:
        names = FOUR[:players] if players == 4 else THREE
    app = HotSeatApp(RULES, LaunchOptions(Mode(mode), seed, names, 0, players=players))
    app.animation_delay = 0
    app.handoff_delay = 0
    app.animation_level = "none"
    return app


# The leak checks -------------------------------------------------------------------------------


def _secrets(view: PlayerView) -> set[str]:
    """Everything a seat's view holds that no other seat may know."""
    hidden = set(view.hand) | set(view.discarded)
    if view.face_down is not None:
        hidden.add(view.face_down)
    return hidden


def _public(app: HotSeatApp) -> set[str]:
    """Agents everyone may know: in play, face up, being resolved, or put into a hand in public."""
    session = app.session
    assert session is not None
    view = session.view(None)
    known = {a for side in view.sides for a in side.in_play}
    for agent in (view.face_up, view.pending_agent):
        if agent is not None:
            known.add(agent)
    known |= {
        e.agent
        for entry in session.log
        for e in entry.events
        if e.kind in PUBLIC_HAND_KINDS and e.agent is not None
    }
    return known


def forbidden(app: HotSeatApp, viewer: int | None) -> set[str]:
    """Display names the screen must not show: the secrets of every seat but the viewer's
    (a teammate's too), minus what the viewer may know anyway."""
    session = app.session
    assert session is not None
    allowed = _public(app)
    hidden: set[str] = set()
    for seat in range(session.players):
        view = session.view(seat)
        if seat == viewer:
            allowed |= _secrets(view)
        else:
            hidden |= _secrets(view)
    return {agent_name(a) for a in hidden - allowed}


def check_behind_handoff(app: HotSeatApp) -> None:
    """The table under a handoff already shows public information only."""
    table = app.screen_stack[-2]
    assert isinstance(table, TableScreen)
    assert type(table.panel).__name__ == "WaitingPanel"
    # A black market card's rules text is public (it names agents: "When you recruit a
    # Saboteur"), on the table as in the rules.
    market = {w for card in table.query(MarketCardView) for w in card.query(Static)}
    # No hand's card anywhere; the board's offer slots show only the public face-up card.
    slots = list(table.query("#board-slots SlotCard").results(SlotCard))
    texts = " ".join(str(w.render()) for w in table.query(Static) if w not in market)
    texts += " ".join(slot.text() for slot in slots)
    cards = " ".join(card.agent for card in table.query(AgentCard))
    assert not cards
    session = app.session
    assert session is not None
    assert len(slots) == 2
    for slot in slots:
        what, agent = slot.kind
        if what == "card":
            assert slot.has_class("-face-up")
            assert agent == session.view(None).face_up
    assert not names_in(texts, forbidden(app, None))


def check_screen(app: HotSeatApp, kind: str, checked: list[str]) -> None:
    """The leak checks for the screen shown now."""
    session = app.session
    if session is None:
        return
    screen = app.screen
    # Everything fits: a screen that needs scrolling hides its last lines behind the key bar.
    assert screen.virtual_size.height <= screen.size.height, (kind, screen.virtual_size)
    market = tuple(screen.query(MarketCardView))  # card texts name agents: not secrets
    text = screen_text(app, blank=market)
    # The SVG comes from the same compositor update as the text checked at every step: it is
    # read once per kind of screen and at every handoff.
    first = kind not in checked
    svg = svg_text(app) if not market and (first or isinstance(screen, HandoffScreen)) else ""
    if isinstance(screen, HandoffScreen):
        assert not names_in(text, AGENT_NAMES | CARD_NAMES), text
        assert not names_in(svg, AGENT_NAMES | CARD_NAMES)
        assert not app._notifications
        check_behind_handoff(app)
        checked.append(kind)
        return
    if not isinstance(screen, TableScreen):
        return
    stage = session.stage
    viewer = stage.audience if kind in PRIVATE_PANELS else None
    secret = forbidden(app, viewer)
    assert not names_in(text, secret), (kind, secret, text)
    assert not names_in(svg, secret), (kind, secret)
    panel = screen.panel
    # Precisely the panel (the hand area): only the viewer's own cards and public ones.
    assert not names_in(region_text(app, panel), secret), (kind, region_text(app, panel))
    if isinstance(panel, PlayUpPanel | PlayDownPanel):
        assert viewer is not None
        assert panel.hand == session.view(viewer).hand
    if kind in TEAM_PANELS:
        # A screen a whole side shares: no hand at all, only public cards.
        assert stage.audience is None and stage.team is not None, stage
        shown = {card.agent for card in panel.query(AgentCard)}
        assert shown <= _public(app), (kind, shown)
        own = [
            w
            for w in panel.query(Static)
            if not any(isinstance(a, MarketCardView) for a in w.ancestors)
            # What a card would do ("you choose the agents from your hand") shows no hand.
            and not w.has_class("market-preview")
        ]
        assert not any("your hand" in str(w.render()).lower() for w in own), kind
        assert not names_in(region_text(app, panel), forbidden(app, None))
    if isinstance(panel, TeamRecruitPanel):
        view = session.view(None)
        assert [card.agent for card in panel.query(AgentCard)] == [view.face_up]
    checked.append(kind)


# Complete games --------------------------------------------------------------------------------


# Three players (blue alone) in advanced-6, NO_COLOR in advanced-13, the simple mode in simple-1
# (a fourth game, simple with 3 players and NO_COLOR, checked nothing these do not).
GAMES = [
    # mode, seed, players, NO_COLOR, team screens the seed reaches with TeamKeyPlayer's choices,
    # size (from 120x36 the board's centre shows the offer's slots)
    ("simple", 1, 4, False, set(), (160, 45)),
    ("advanced", 13, 4, True, {"TeamPickPanel", "ChoicePanel", "ConfirmPanel"}, (120, 40)),
    (
        "advanced",
        6,
        3,
        False,
        {"TeamPickPanel", "PickPanel", "ChoicePanel", "ConfirmPanel"},
        (80, 24),
    ),
]


@pytest.mark.slow
@pytest.mark.parametrize(("mode", "seed", "players", "no_color", "extra", "size"), GAMES)
async def test_complete_team_game_without_leaks(
    mode: str,
    seed: int,
    players: int,
    no_color: bool,
    extra: set[str],
    size: tuple[int, int],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A whole 2-vs-2 or 2-vs-1 game through the keys, checked at every step; it ends, says who
    won, and the record the app kept replays to the same ending."""
    if no_color:
        monkeypatch.setenv("NO_COLOR", "1")
    app = make_team_app(mode, seed, players)
    assert app.no_color is no_color
    checked: list[str] = []
    async with app.run_test(size=size) as pilot:
        seen = await play_game(
            app, pilot, TeamKeyPlayer(seed), lambda a, k: check_screen(a, k, checked)
        )
        session = app.session
        assert session is not None and session.result is not None
        assert session.players == players
        assert session.seat_names == (FOUR if players == 4 else THREE)
        winner = session.names[session.result.winner]
        assert winner in screen_text(app)
        assert replay(RULES, session.record).result == session.result
    expected = {"HandoffScreen", "LeadPanel", "PlayUpPanel", "PlayDownPanel", "TeamRecruitPanel"}
    assert expected | extra <= set(checked)
    if players == 3:
        # Blue plays alone: the duel's offer, recruited by green's team on a shared screen.
        assert "OfferPanel" in checked
    # Between teammates there is always a handoff: the face-up card, then the face-down one.
    for index, kind in enumerate(seen):
        if kind == "PlayDownPanel" and seen[index - 1] != "PlayDownPanel":
            assert seen[index - 1] == "HandoffScreen", seen[index - 3 : index + 1]
        if kind == "TeamRecruitPanel" and seen[index - 1] != "TeamRecruitPanel":
            assert seen[index - 1] == "HandoffScreen", seen[index - 3 : index + 1]


# The flow, step by step ------------------------------------------------------------------------


@pytest.mark.slow
async def test_a_team_turn_step_by_step() -> None:
    """Who leads (everyone sees it), the leader's hand, a handoff, the partner's hand with the
    face-up card, a handoff to the other team, their shared recruit screen, the reveal."""
    app = make_team_app("simple", 1, 4)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")  # start
        await pilot.pause()
        session = app.session
        assert session is not None
        assert session.names == ("Ann & Cid", "Bob & Dee")
        assert screen_kind(app) == "LeadPanel"
        text = screen_text(app)
        assert "1: Ann plays face up" in text and "2: Cid plays face up" in text
        # At 80x24 the members' hand sizes are in the panel's border, in the title's order.
        assert "G● Ann & Cid" in text and "hands 4/4 · " in text
        await pilot.press("2")  # Cid leads
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen)
        assert "Pass the terminal to Cid (Green)" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert screen_kind(app) == "PlayUpPanel"
        assert "Cid, your hand" in screen_text(app)
        cid = session.view(2).hand
        await pilot.press("1", "enter")  # Cid plays their first card face up
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen)
        assert "Pass the terminal to Ann (Green)" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert screen_kind(app) == "PlayDownPanel"
        text = screen_text(app)
        assert f"Cid played {agent_name(cid[0])} face up" in text
        panel = app.screen.panel  # type: ignore[attr-defined]
        assert isinstance(panel, PlayDownPanel)
        assert panel.hand == session.view(0).hand
        legal = session.view(0).legal
        index = next(i for i, a in enumerate(panel.hand) if PlayDown(a) in legal)
        await pilot.press(str(index + 1), "enter")
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen)
        text = screen_text(app)
        assert "Pass the terminal to Blue's team: Bob & Dee" in text
        assert "no hand is shown" in text
        await pilot.press("enter")
        await pilot.pause()
        assert screen_kind(app) == "TeamRecruitPanel"
        assert "Bob & Dee: recruit one of the two cards Ann & Cid played" in screen_text(app)
        await pilot.press("d")
        await pilot.pause()
        assert screen_kind(app) == "RevealPanel"
        text = screen_text(app)
        assert "Bob & Dee recruited the face-down card" in text
        assert "Turn 2: Bob & Dee's turn. Press Enter." in text
        log = " ".join(app.screen.query_one("#table-log").sentences)  # type: ignore[attr-defined]
        assert "Ann & Cid: Cid plays the face-up card." in log
        assert f"Cid played {agent_name(cid[0])} face up." in log
        assert "Ann played one card face down" in log


@pytest.mark.slow
async def test_face_down_rule_is_explained() -> None:
    """The partner's cards with the face-up card's name are dimmed, and the rule says why."""
    app = make_team_app("simple", 1, 4)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        session = app.session
        assert session is not None
        # Find a leader whose card is also in the partner's hand (seed 1: try both leads).
        ann, cid = session.view(0).hand, session.view(2).hand
        shared = sorted(set(ann) & set(cid))
        assert shared, (ann, cid)
        leader_key, hand = ("1", ann) if shared[0] in ann else ("2", cid)
        await pilot.press(leader_key, "enter")  # lead, take the terminal
        await pilot.pause()
        await pilot.press(str(hand.index(shared[0]) + 1), "enter", "enter")
        await pilot.pause()
        panel = app.screen.panel  # type: ignore[attr-defined]
        assert isinstance(panel, PlayDownPanel)
        dimmed = {card.agent for card in panel.query(AgentCard) if card.has_class("-disabled")}
        assert dimmed == {shared[0]}
        text = " ".join(screen_text(app).split())
        # The agent is named with its glyph (ui/agent_look.py).
        glyph = agent_glyph(shared[0])
        assert f"Dimmed: your {glyph} {agent_name(shared[0])} cards" in text
        blocked = panel.hand.index(shared[0])
        await pilot.press(str(blocked + 1), "enter")  # not allowed: nothing happens
        await pilot.pause()
        assert session.stage.phase is Phase.PLAY_DOWN


@pytest.mark.slow
async def test_discards_are_per_member() -> None:
    """A member discards from their own allowance (2); the table shows each member's count."""
    app = make_team_app("simple", 1, 4)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "1", "enter")  # start, Ann leads, Ann takes the terminal
        await pilot.pause()
        assert "Your discards left: 2" in screen_text(app)
        await pilot.press("1", "x")
        await pilot.pause()
        text = screen_text(app)
        assert "Your discards left: 1" in text
        assert "You discarded" in text
        assert "Discards left G● Ann: 1 · Cid: 2" in text
        await pilot.press("1", "x")
        await pilot.pause()
        assert "No discards left" in screen_text(app)


@pytest.mark.slow
async def test_start_screen_sets_up_a_team_game() -> None:
    """The players selector shows one name field per player and names the teams."""
    app = HotSeatApp(RULES, LaunchOptions(Mode.SIMPLE, 4, ("Ann", "Bob"), 0))
    app.handoff_delay = 0
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert not app.screen.query("#name-2, #name-3")  # fields made for team games only
        players = app.screen.query_one("#players", ChoiceRow)
        await pilot.click("#players", offset=players.option_offset("4"))
        await pilot.pause()
        assert app.screen.query_one("#name-2").display
        assert app.screen.query_one("#name-3").display
        for seat, name in ((2, "Cid"), (3, "Dee")):
            field = app.screen.query_one(f"#name-{seat}")
            field.value = name  # type: ignore[attr-defined]
        await pilot.pause()
        assert "Ann & Cid" in screen_text(app)
        await pilot.click("#start-button")
        await pilot.pause()
        session = app.session
        assert session is not None
        assert session.players == 4
        assert session.seat_names == FOUR
        assert screen_kind(app) == "LeadPanel"


@pytest.mark.slow
async def test_three_players_blue_alone() -> None:
    """With 3 players blue plays alone: their own offer after a handoff, recruited by green's
    team on a shared screen without any hand."""
    app = make_team_app("simple", 3, 3)
    app.start_first = 1
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen)
        assert "Pass the terminal to Bob (Blue)" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert screen_kind(app) == "OfferPanel"
        session = app.session
        assert session is not None
        legal = session.view(1).legal
        player = TeamKeyPlayer(3)
        player.pick = lambda actions: next(a for a in legal if not isinstance(a, Discard))  # type: ignore[method-assign]
        await press_together(pilot, *player.keys_for(app))
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen)
        assert "Pass the terminal to Green's team: Ann & Cid" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert screen_kind(app) == "TeamRecruitPanel"
        check_screen(app, "TeamRecruitPanel", [])


# Saving and resuming a team game ---------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("moves", [3, 9])
async def test_a_four_player_game_is_autosaved_and_resumes_at_a_handoff(moves: int) -> None:
    """Every action of a team game is saved with the four names; a new process resumes it at a
    handoff screen (a member's own or the whole team's), never a hand, and play goes on."""
    app = make_team_app("advanced", 21, 4)
    player = TeamKeyPlayer(21)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        for _ in range(2000):
            session = app.session
            assert session is not None
            if len(session.record.moves) >= moves:
                break
            await press_together(pilot, *player.keys_for(app))
        assert app.session is not None
        record = app.session.record
        public = app.session.view(None)
        stage = app.session.stage
    data = json.loads(the_save().read_text(encoding="utf-8"))
    assert data["names"] == list(FOUR)
    assert tuple(data["moves"]) == record.moves
    assert data["players"] == ["human"] * 4
    resumed = HotSeatApp(RULES, LaunchOptions(resume=True))
    resumed.animation_delay = 0
    resumed.handoff_delay = 0
    resumed.animation_level = "none"
    async with resumed.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(resumed.screen, HandoffScreen)
        session = resumed.session
        assert session is not None
        assert session.record == record and session.players == 4
        assert session.view(None) == public
        if stage.team is None:
            assert resumed.screen.seat == stage.actor
        check_behind_handoff(resumed)
        await pilot.press("enter")
        await pilot.pause()
        count = len(session.record.moves)
        for _ in range(50):
            if len(session.record.moves) > count:
                break
            await press_together(pilot, *player.keys_for(resumed))
        data = json.loads(the_save().read_text(encoding="utf-8"))
        assert tuple(data["moves"]) == session.record.moves
