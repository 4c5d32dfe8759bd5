"""No leaks: at every handoff and on every screen, nothing of a hand or the hidden card shows
that its viewer may not know, in colour and with NO_COLOR, as text and as an SVG screenshot."""

from __future__ import annotations

import pytest

from agent_avenue.engine import EventKind, PlayerView
from agent_avenue.i18n import agent_name
from agent_avenue.play.session import replay
from agent_avenue.ui.hot_seat_app import HotSeatApp
from agent_avenue.ui.screens.handoff import HandoffScreen
from agent_avenue.ui.screens.table import TableScreen
from agent_avenue.ui.widgets import MarketCardView
from agent_avenue.ui.widgets.offer_slots import SlotCard
from agent_avenue.ui.widgets.panels import RevealPanel

from .harness import (
    AGENT_NAMES,
    CARD_NAMES,
    RULES,
    KeyPlayer,
    make_app,
    names_in,
    play_game,
    region_text,
    screen_text,
    svg_text,
)

PRIVATE_PANELS = {"OfferPanel", "RecruitPanel", "ChoicePanel"}
PUBLIC_HAND_KINDS = {EventKind.STEAL, EventKind.RETURN, EventKind.KEEP, EventKind.REVEAL_PAIR}


def _secrets(view: PlayerView) -> set[str]:
    """Everything a seat's view holds that the other seat may not know."""
    hidden = set(view.hand) | set(view.discarded)
    if view.face_down is not None:
        hidden.add(view.face_down)
    return hidden


def _public(view: PlayerView) -> set[str]:
    """Agent names everyone may know from a view: agents in play, the face-up card."""
    known = {a for side in view.sides for a in side.in_play}
    if view.face_up is not None:
        known.add(view.face_up)
    if view.pending_agent is not None:
        known.add(view.pending_agent)
    return known


def _forbidden(app: HotSeatApp, viewer: int | None) -> set[str]:
    """Display names the screen must not show: secrets of whoever is not looking, minus what
    the viewer may know anyway (a name in a hand may also be public elsewhere)."""
    session = app.session
    assert session is not None
    allowed = _public(session.view(None))
    # Cards that went into a hand in public (Mind Control, Spycation, Double Trouble's pair).
    allowed |= {
        e.agent
        for entry in session.log
        for e in entry.events
        if e.kind in PUBLIC_HAND_KINDS and e.agent is not None
    }
    hidden: set[str] = set()
    for seat in (0, 1):
        view = session.view(seat)
        if seat == viewer:
            allowed |= _secrets(view)
        else:
            hidden |= _secrets(view)
    return {agent_name(a) for a in hidden - allowed}


def check_screen(app: HotSeatApp, kind: str, checked: list[str]) -> None:
    """The leak checks for the screen shown now."""
    session = app.session
    if session is None:
        return
    screen = app.screen
    # Everything fits: a screen that needs scrolling hides its last lines behind the key bar.
    assert screen.virtual_size.height <= screen.size.height, (kind, screen.virtual_size)
    # Black market card texts name agents ("When you recruit a Codebreaker..."): not secrets.
    market = tuple(screen.query(MarketCardView))
    previews = tuple(screen.query(".market-preview"))
    for preview in previews:
        # What taking a card would do names only the agents the cards' own effects name.
        effects = {getattr(RULES.card_by_id[c.card_id].effect, "agent", "") for c in market}
        named = {agent_name(a) for a in effects if a}
        assert not names_in(region_text(app, preview), AGENT_NAMES - named)
    text = screen_text(app, blank=market + previews)
    # The SVG is drawn from the same compositor update as the text checked at every step; it
    # is read once per kind of screen (and at every handoff), where it could differ in styling.
    first = kind not in checked
    svg = svg_text(app) if not market and (first or isinstance(screen, HandoffScreen)) else ""
    if isinstance(screen, HandoffScreen):
        # Nothing of the game at all: no agent and no black market card name.
        assert not names_in(text, AGENT_NAMES | CARD_NAMES), text
        assert not names_in(svg, AGENT_NAMES | CARD_NAMES)
        assert not app._notifications
        checked.append(kind)
        return
    if not isinstance(screen, TableScreen):
        return
    # The board's offer slots: a face-down card is drawn face up only on the offerer's own
    # screen while the offer is being made; everywhere else it is a card back.
    slots = list(screen.query("#board-slots SlotCard").results(SlotCard))
    assert len(slots) == 2
    for slot in slots:
        if slot.has_class("-face-down") and slot.kind[0] == "card":
            assert kind == "OfferPanel", (kind, slot.kind)
    viewer = session.stage.audience if kind in PRIVATE_PANELS else None
    forbidden = _forbidden(app, viewer)
    assert not names_in(text, forbidden), (kind, forbidden, text)
    assert not names_in(svg, forbidden), (kind, forbidden)
    if kind in PRIVATE_PANELS:
        # Precisely the panel (the hand area): only the viewer's own cards and public ones.
        panel = region_text(app, screen.panel)
        assert not names_in(panel, forbidden), (kind, panel)
    checked.append(kind)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("mode", "seed", "no_color", "size"),
    [
        # The compact board at 80x24 (the other games show more: the offer's slots).
        ("simple", 5, False, (80, 24)),
        # The board's centre shows the offer's slots from 120x36 on.
        ("simple", 6, True, (120, 40)),
        ("advanced", 1112, True, (120, 40)),
        ("advanced", 636, False, (160, 45)),
    ],
)
async def test_no_secret_on_any_screen(
    mode: str, seed: int, no_color: bool, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A whole game through the keys, checked at every step; it ends and replays."""
    if no_color:
        monkeypatch.setenv("NO_COLOR", "1")
    app = make_app(mode, seed)
    assert app.no_color is no_color
    checked: list[str] = []
    hint_on_reveals: list[bool | None] = []

    def visit(app: HotSeatApp, kind: str) -> None:
        check_screen(app, kind, checked)
        screen = app.screen
        if isinstance(screen, TableScreen) and isinstance(screen.panel, RevealPanel):
            hint_on_reveals.append(screen.check_action("hint", ()))
            if screen.panel.final:
                # Nothing is left to hint once the game is over: the key is not in the bar.
                assert "Hint" not in region_text(app, screen.query_one("KeyBar"))

    async with app.run_test(size=size) as pilot:
        await play_game(app, pilot, KeyPlayer(seed), visit)
        session = app.session
        assert session is not None and session.result is not None
        assert f"{session.names[session.result.winner]} wins!" in screen_text(app)
        # The record the app kept replays to the same ending.
        assert replay(RULES, session.record).result == session.result
    assert "HandoffScreen" in checked
    assert {"OfferPanel", "RecruitPanel", "RevealPanel"} <= set(checked)
    # The hint key: hidden on the game's last reveal, dimmed on every other reveal.
    assert hint_on_reveals[-1] is False
    assert set(hint_on_reveals[:-1]) == {None}
    if mode == "simple":
        assert not {"PickPanel", "ChoicePanel", "ConfirmPanel"} & set(checked)
    if mode == "advanced":
        # Seeds 636 and 1112 reach every kind of advanced decision with KeyPlayer's choices
        # (picks, Mind Control, Spycation and its yes/no, Secret Recruit, Double Trouble), each
        # in fewer decisions than any other seed up to 1,500 (31 and 34).
        assert {"PickPanel", "ChoicePanel", "ConfirmPanel"} <= set(checked)


@pytest.mark.slow
async def test_behind_the_handoff_is_public() -> None:
    """The table under a handoff already shows only public information."""
    app = make_app("simple", 3)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")  # start
        await pilot.pause()
        await pilot.press("enter")  # Green takes the terminal
        await pilot.pause()
        for key in ("1", "u", "2", "d", "enter"):  # Green offers
            await pilot.press(key)
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen)
        table = app.screen_stack[-2]
        assert isinstance(table, TableScreen)
        assert type(table.panel).__name__ == "WaitingPanel"
        session = app.session
        assert session is not None
        green = session.view(0)
        # Green's remaining hand is nowhere in the table's widgets (its text is public only).
        texts = " ".join(str(w.render()) for w in table.query("Static"))
        assert not names_in(texts, {agent_name(a) for a in green.hand} - _public(green))


@pytest.mark.slow
async def test_notifications_do_not_survive_onto_a_handoff() -> None:
    """A toast shown on a private screen is gone when the handoff appears."""
    app = make_app("simple", 3)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        app.notify("Secret note: Enforcer")
        await pilot.pause()
        assert "Secret note" in screen_text(app)
        for key in ("1", "u", "2", "d", "enter"):
            await pilot.press(key)
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen)
        assert "Secret note" not in screen_text(app)
        assert not app._notifications


@pytest.mark.slow
async def test_handoff_ignores_keys_at_first() -> None:
    """A held Enter cannot skip the handoff: keys do nothing for a moment."""
    app = make_app("simple", 3)
    app.handoff_delay = 2.0
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")  # start: the first handoff appears
        await pilot.pause()
        handoff = app.screen
        assert isinstance(handoff, HandoffScreen)
        await pilot.press("enter", "enter", "q", "question_mark", "ctrl+q")
        still_there = app.screen is handoff
        assert still_there and not handoff.ready
        assert "Press Enter when only" not in screen_text(app)
        for _ in range(50):
            if handoff.ready:
                break
            await pilot.pause(0.1)
        assert "Press Enter when only" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert type(app.screen.panel).__name__ == "OfferPanel"


@pytest.mark.slow
@pytest.mark.parametrize(
    ("mode", "seed", "seat", "no_color", "size"),
    [
        ("simple", 5, 1, False, (80, 24)),
        ("advanced", 140, 0, True, (80, 24)),
        ("advanced", 140, 1, False, (160, 45)),  # the board's offer slots are on screen
    ],
)
async def test_against_the_computer_its_hand_never_shows(
    mode: str,
    seed: int,
    seat: int,
    no_color: bool,
    size: tuple[int, int],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """One person against the computer: no handoff at all, the person's private screens show
    only their own secrets, and nothing of the computer's hand (nor what it drew after a
    discard, nor its face-down card) ever shows, as text or as an SVG screenshot."""
    if no_color:
        monkeypatch.setenv("NO_COLOR", "1")
    app = make_app(mode, seed, opponent="bot:normal", seat=seat)
    checked: list[str] = []
    async with app.run_test(size=size, notifications=True) as pilot:
        await play_game(app, pilot, KeyPlayer(seed), lambda a, k: check_screen(a, k, checked))
        session = app.session
        assert session is not None and session.result is not None
        assert replay(RULES, session.record).result == session.result
    assert "HandoffScreen" not in checked
    assert {"OfferPanel", "RecruitPanel", "RevealPanel"} <= set(checked)


async def test_a_handoff_armed_before_its_widgets_exist_does_not_crash() -> None:
    """On a busy machine the pause of a handoff can end before its prompt and button are
    mounted (CI: "No nodes match '#handoff-button'", the app crashed); the button then comes
    up ready."""
    from textual.widgets import Button

    app = make_app("simple", 3)
    async with app.run_test(size=(80, 24)) as pilot:
        handoff = HandoffScreen(0, "Green", "Your turn", "Press Enter", "Ready", 0.0)
        handoff._arm()  # before it is shown: nothing of it is mounted yet
        assert handoff.ready
        await app.push_screen(handoff)
        await pilot.pause()
        assert not handoff.query_one("#handoff-button", Button).disabled
        assert "Press Enter" in screen_text(app)
