"""Every screen in every language at 80x24: no raw key, no missing translation, nothing cut off;
and switching language mid-game changes the text on screen without restarting anything."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from rich.cells import cell_len
from textual.content import Content
from textual.geometry import Size
from textual.pilot import Pilot
from textual.widget import Widget
from textual.widgets import Input, Label, RadioButton, Static

from agent_avenue.i18n import LANGUAGES, catalogue, language, missing_strings, set_language, t
from agent_avenue.ui.hot_seat_app import HotSeatApp
from agent_avenue.ui.screens.game_over import GameOverScreen
from agent_avenue.ui.screens.handoff import HandoffScreen
from agent_avenue.ui.screens.rules import rules_markdown
from agent_avenue.ui.screens.settings import SettingsScreen
from agent_avenue.ui.screens.start import StartScreen
from agent_avenue.ui.screens.table import TableScreen
from agent_avenue.ui.widgets import GameLog
from agent_avenue.ui.widgets.choice_row import ChoiceRow
from agent_avenue.ui.widgets.keybar import KeyBar
from agent_avenue.ui.widgets.panels import OfferPanel, RevealPanel

from .harness import RULES, KeyPlayer, make_app, press_together, screen_kind, screen_text

SIZE = (80, 24)
SEED = 6
"""An advanced game whose random keys reach a pick, a choice and Spycation's yes/no quickly."""
KEY_PATTERN = re.compile(r"[a-z_0-9]+(?:\.[a-z_0-9]+)+")
KEYS = frozenset(catalogue("en"))
PROBES: dict[str, tuple[str, ...]] = {
    "StartScreen": ("o", "question_mark"),
    "OfferPanel": ("l", "question_mark", "o", "q"),
    "GameOverScreen": ("l", "h"),
}
"""Keys that open another screen (settings, rules, log, quit, score sheet), closed with Escape."""
TEAM_PROBES: dict[str, tuple[str, ...]] = {
    "LeadPanel": ("l", "q"),
    "GameOverScreen": ("l",),
}
"""The same in a team game: the log (team lines) and the quit question (KeepGameScreen: team
games are kept too). The rules book and the settings are the same in every game: PROBES opens
them in every language already."""
MUST_SEE = {
    "StartScreen",
    "HandoffScreen",
    "OfferPanel",
    "RecruitPanel",
    "RevealPanel",
    "PickPanel",
    "ChoicePanel",
    "ConfirmPanel",
    "GameOverScreen",
    "SettingsScreen",
    "RulesScreen",
    "LogScreen",
    "KeepGameScreen",
    "HistoryScreen",
}


ENGLISH_WORDS = re.compile(r"\b(?:the|your|you|and|press|with|turn|games?|finished)\b", re.I)
"""Common English words that are no word in French, Dutch or Spanish: a string left in English."""


def raw_keys(text: str) -> set[str]:
    """Catalogue keys that appear as text (a string that was never looked up)."""
    return {found for found in KEY_PATTERN.findall(text) if found in KEYS}


def _scrolls(widget: Widget) -> bool:
    """Whether the widget sits in a container the player can scroll."""
    return any(
        isinstance(node, Widget) and node.styles.overflow_y in ("auto", "scroll")
        for node in widget.ancestors
    )


def layout_problems(app: HotSeatApp) -> list[str]:
    """What is cut off on the current screen: a widget outside the screen or clipped by its
    container (outside scrolling containers), a one-line text wider than its widget, a border
    title wider than its border, or a key bar wider than the screen."""
    screen = app.screen
    problems: list[str] = []
    for widget, geometry in screen._compositor.full_map.items():
        region = geometry.region
        if widget is screen or region.area == 0:
            continue
        if not _scrolls(widget):
            if not screen.region.contains_region(region):
                problems.append(f"{widget!r} is outside the screen at {region}")
            elif not geometry.clip.contains_region(region):
                problems.append(f"{widget!r} is clipped at {region} by {geometry.clip}")
        if isinstance(widget, KeyBar):
            width = cell_len(widget.plain().rstrip())
            if width > widget.size.width:
                problems.append(f"the key bar needs {width} columns: {widget.plain()!r}")
        elif isinstance(widget, Label | Static) and widget.styles.text_wrap == "nowrap":
            need = widget.get_content_width(Size(1000, 1000), Size(1000, 1000))
            if need > widget.content_region.width:
                problems.append(f"{widget!r} needs {need} columns: {str(widget.render())!r}")
        for title in (widget.border_title, widget.border_subtitle):
            # Titles read back as markup (an agent's glyph in its colour): measure what is drawn.
            if title is None:
                continue
            shown = Content.from_markup(title).plain
            if cell_len(shown) > widget.outer_size.width - 4:
                problems.append(f"{widget!r} has a border text cut off: {shown!r}")
    return problems


def check_screen(app: HotSeatApp, code: str, where: str) -> None:
    """The screen shows no raw key, no untranslated string and nothing cut off."""
    text = screen_text(app)
    assert raw_keys(text) == set(), f"{where}: raw keys\n{text}"
    if where == "HistoryScreen":  # rich tables cut a cell with "…" when a column is too narrow
        assert "…" not in text, f"{where}: a cell is cut off\n{text}"
    if code != "en":
        english = sorted({word.lower() for word in ENGLISH_WORDS.findall(text)})
        assert english == [], f"{where}: English words in {code}\n{text}"
    missing = sorted(key for language, key in missing_strings() if language == code)
    assert missing == [], f"{where}: not translated into {code}"
    assert layout_problems(app) == [], f"{where}\n{text}"


async def _probe(pilot: Pilot[int], app: HotSeatApp, key: str, code: str) -> str | None:
    """Open another screen with `key`, check it, close it with Escape; its kind, if it opened."""
    before = app.screen
    await pilot.press(key)
    await pilot.pause()
    if app.screen is before:
        return None
    kind = screen_kind(app)
    check_screen(app, code, kind)
    await pilot.press("escape")
    await pilot.pause()
    assert app.screen is before, f"Escape did not close {kind}"
    return kind


@pytest.mark.slow
@pytest.mark.parametrize("code", LANGUAGES)
async def test_every_screen_in_every_language(code: str) -> None:
    """A whole advanced game, side screens included, in one language at 80x24."""
    set_language(code)
    app = make_app("advanced", SEED)
    seen: set[str] = set()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        player = KeyPlayer(SEED)
        for _ in range(400):
            kind = screen_kind(app)
            check_screen(app, code, kind)
            if kind not in seen:
                seen.add(kind)
                for key in PROBES.get(kind, ()):
                    opened = await _probe(pilot, app, key, code)
                    if opened is not None:
                        seen.add(opened)
            if isinstance(app.screen, GameOverScreen):
                break
            keys = ["enter"] if isinstance(app.screen, StartScreen) else player.keys_for(app)
            await press_together(pilot, *keys)
    assert seen >= MUST_SEE


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_rules_book_in_every_language(code: str) -> None:
    """The whole rules book (not just its first screen) is translated, every card included."""
    set_language(code)
    cards = tuple((card.id, card.kind == "ongoing") for card in RULES.market)
    text = rules_markdown(cards)
    assert raw_keys(text) == set()
    for card, _ in cards:
        assert t(f"card.{card}") in text and t(f"rules.card.{card}") in text
    assert sorted(key for language, key in missing_strings() if language == code) == []


async def _settle(pilot: Pilot[int]) -> None:
    await pilot.pause()
    await pilot.pause()


@pytest.mark.slow
async def test_switching_language_mid_game_restarts_nothing(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """French during an offer: the half-made offer, the log and the game stay; the text, the
    key bar and the default names change at once; the choice is saved for next time."""
    monkeypatch.setenv("AGENT_AVENUE_HOME", str(tmp_path))
    app = make_app("advanced", SEED)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")  # start
        await _settle(pilot)
        await pilot.press("enter")  # Green takes the terminal
        await _settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen) and isinstance(table.panel, OfferPanel)
        await pilot.press("1", "u")
        await _settle(pilot)
        session, log_size = app.session, len(table._log_entries)
        assert "Face up" in screen_text(app)

        await pilot.press("o")
        await _settle(pilot)
        assert isinstance(app.screen, SettingsScreen)
        await pilot.press("down")  # English → Français
        await _settle(pilot)
        assert "Réglages" in screen_text(app)
        await pilot.press("escape")
        await _settle(pilot)

        assert app.screen is table and app.session is session
        panel = table.panel
        assert isinstance(panel, OfferPanel) and panel.up == 0
        text = screen_text(app)
        assert "Vert, votre main" in text and "▲ visible :" in text
        assert "Visible" in table.query_one(KeyBar).plain()
        assert app.names == ("Vert", "Bleu")
        assert len(table._log_entries) == log_size
        assert "Tour 1 : au tour de Vert." in table.query_one(GameLog).sentences
        check_screen(app, "fr", "OfferPanel after the switch")
        saved = json.loads((tmp_path / "settings.json").read_text(encoding="utf-8"))
        assert saved == {"language": "fr"}

        # Finish the offer in French, then switch to Dutch on the handoff screen.
        await pilot.press("2", "d", "enter")
        await _settle(pilot)
        assert isinstance(app.screen, HandoffScreen)
        await pilot.press("o")
        await _settle(pilot)
        await pilot.press("down")  # Français → Nederlands
        await _settle(pilot)
        await pilot.press("escape")
        await _settle(pilot)
        text = screen_text(app)
        assert "Geef de terminal aan Blauw" in text and "Ik ben klaar" in text
        check_screen(app, "nl", "HandoffScreen after the switch")
        await pilot.press("enter")
        await _settle(pilot)
        assert "Blauw: rekruteer" in screen_text(app)


@pytest.mark.slow
async def test_switching_language_on_a_reveal_and_the_start_screen() -> None:
    """A reveal shows its end in the new language; typed names and choices are kept."""
    app = make_app("simple", SEED, names=("Ada", "Bob"))
    async with app.run_test(size=SIZE) as pilot:
        await _settle(pilot)
        app.screen.query_one("#name-0", Input).value = "Zoé"
        await pilot.press("o")
        await _settle(pilot)
        await pilot.press("down", "down", "down")  # Español
        await _settle(pilot)
        await pilot.press("escape")
        await _settle(pilot)
        assert isinstance(app.screen, StartScreen)
        assert app.screen.query_one("#name-0", Input).value == "Zoé"
        assert "Empezar la partida" in screen_text(app)
        await pilot.press("enter")
        await _settle(pilot)
        player = KeyPlayer(SEED)
        for _ in range(20):
            if isinstance(app.screen, TableScreen) and isinstance(app.screen.panel, RevealPanel):
                break
            await press_together(pilot, *player.keys_for(app))
            await _settle(pilot)
        assert isinstance(app.screen, TableScreen) and isinstance(app.screen.panel, RevealPanel)
        # The reveal asks the privacy question of the next private screen, in Spanish.
        assert "pulsa Intro cuando solo mires tú" in " ".join(screen_text(app).split())
        await pilot.press("o")
        await _settle(pilot)
        await pilot.press("up")  # Español → Nederlands
        await _settle(pilot)
        await pilot.press("escape")
        await _settle(pilot)
        panel = app.screen.panel
        assert isinstance(panel, RevealPanel) and panel.done
        assert "druk op Enter als alleen jij kijkt" in " ".join(screen_text(app).split())
        check_screen(app, "nl", "RevealPanel after the switch")
        await pilot.press("enter")  # the question answered: the next player's own screen
        await _settle(pilot)
        assert isinstance(app.screen, TableScreen) and isinstance(app.screen.panel, OfferPanel)


@pytest.mark.slow
async def test_the_command_palette_speaks_the_language() -> None:
    """Textual's own words in the palette (placeholder, no matches) are translated too."""
    set_language("fr")
    app = make_app("simple", SEED)
    async with app.run_test(size=SIZE) as pilot:
        await _settle(pilot)
        await pilot.press("ctrl+p")
        await _settle(pilot)
        assert t("rulesbook.placeholder") in screen_text(app)
        await pilot.press(*"qwxzj")
        await pilot.pause(0.8)
        await _settle(pilot)
        text = screen_text(app)
        assert "Aucun résultat" in text and "No matches" not in text


@pytest.mark.parametrize("code", ["en", "es"])
async def test_the_settings_highlight_the_language_in_use(code: str) -> None:
    """The language list opens with its cursor on the language in use (it was on the second,
    so Space switched English to French), and the arrow keys move both cursor and choice."""
    set_language(code)
    app = make_app("simple", SEED)
    async with app.run_test(size=SIZE) as pilot:
        await _settle(pilot)
        await pilot.press("o")
        await _settle(pilot)
        assert isinstance(app.screen, SettingsScreen)

        def highlighted() -> list[str]:
            buttons = app.screen.query(RadioButton)
            return [b.id or "" for b in buttons if b.has_class("-selected")]

        assert highlighted() == [f"lang-{code}"]
        await pilot.press("space")
        await _settle(pilot)
        assert language() == code
        await pilot.press("down")
        await _settle(pilot)
        step = LANGUAGES[(LANGUAGES.index(code) + 1) % len(LANGUAGES)]
        assert language() == step and highlighted() == [f"lang-{step}"]


@pytest.mark.slow
@pytest.mark.parametrize("code", LANGUAGES)
async def test_the_tutorial_in_every_language(code: str) -> None:
    """Both lessons, played by keys from the lesson menu, checked on every screen at 80x24."""
    from agent_avenue.ui.screens.tutorial import TutorialMenuScreen, TutorialScreen
    from agent_avenue.ui.widgets.lesson_panel import LessonPanel

    from .test_tutorial_app import keys_for, tutorial_app

    set_language(code)
    app = tutorial_app()
    async with app.run_test(size=SIZE) as pilot:
        await _settle(pilot)
        assert isinstance(app.screen, TutorialMenuScreen)
        check_screen(app, code, "TutorialMenuScreen")
        await pilot.press("enter")
        await _settle(pilot)
        for lesson in ("simple", "advanced"):
            for _ in range(300):
                screen = app.screen
                assert isinstance(screen, TutorialScreen) and screen.lesson.id == lesson
                check_screen(app, code, f"{lesson}: {type(screen.panel).__name__}")
                if screen.finished:
                    break
                step = screen.lesson_run.step
                if isinstance(screen.panel, LessonPanel | RevealPanel):
                    await pilot.press("enter")
                else:
                    assert step is not None and step.expect is not None
                    await press_together(pilot, *keys_for(screen, step.expect))
                await _settle(pilot)
            else:
                raise AssertionError(f"the {lesson} lesson did not end")
            await pilot.press("enter")
            await _settle(pilot)
        assert isinstance(app.screen, TutorialMenuScreen)
        check_screen(app, code, "TutorialMenuScreen at the end")


@pytest.mark.slow
async def test_a_team_game_in_every_language() -> None:
    """A four-player advanced game (team screens, a team pickup) checked at every step, each
    new kind of screen in all four languages with its side screens.

    One game instead of one per language: the team screens' strings are the same at every step
    but for the cards and names they show, so each kind of screen is drawn in every language
    (switched as in the settings, the game going on unchanged) and the game goes on in the
    last one; a whole duel per language is played by test_every_screen_in_every_language.
    """
    from .test_team_app import TeamKeyPlayer, make_team_app

    set_language("en")
    app = make_team_app("advanced", 13, 4)
    seen: set[str] = set()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        player = TeamKeyPlayer(13)
        await pilot.press("enter")
        await pilot.pause()
        for _ in range(600):
            kind = screen_kind(app)
            check_screen(app, language(), kind)
            if kind not in seen:
                seen.add(kind)
                others = [code for code in LANGUAGES if code != language()]
                for code in [language(), *others]:
                    if code != language():
                        await app.switch_language(code)
                        await _settle(pilot)
                        check_screen(app, code, f"{kind} in {code}")
                    for key in TEAM_PROBES.get(kind, ()):
                        opened = await _probe(pilot, app, key, code)
                        if opened is not None:
                            seen.add(opened)
            if isinstance(app.screen, GameOverScreen):
                break
            await press_together(pilot, *player.keys_for(app))
            await pilot.pause()
    team = {"LeadPanel", "PlayUpPanel", "PlayDownPanel", "TeamRecruitPanel", "TeamPickPanel"}
    side = {"LogScreen", "KeepGameScreen", "GameOverScreen"}
    assert seen >= team | side


@pytest.mark.slow
@pytest.mark.parametrize("code", LANGUAGES)
async def test_the_stored_game_screens_in_every_language(code: str) -> None:
    """The resume offer, the score sheet (a won game, a game decided by the tie rule) and a
    replay, with its log, in one language at 80x24."""
    from agent_avenue.play.session import GameRecord
    from agent_avenue.storage import record_finished
    from agent_avenue.ui.saving import HUMANS, autosave
    from agent_avenue.ui.screens.history import HistoryScreen
    from agent_avenue.ui.screens.replay import ReplayScreen
    from agent_avenue.ui.screens.resume import ResumeScreen

    from .test_saves_app import finished_record, wait_for

    set_language(code)
    for seed in (31, 32):
        record_finished(finished_record(seed), HUMANS)
    done = finished_record(33)
    unfinished = GameRecord(done.mode, done.seed, 0, done.names, done.moves[:2], done.rules_version)
    assert autosave(unfinished, HUMANS) is None
    app = make_app("simple", 99)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, app, ResumeScreen)
        check_screen(app, code, "ResumeScreen")
        await pilot.press("n")
        await wait_for(pilot, app, StartScreen)
        app.push_screen(HistoryScreen(RULES))
        await _settle(pilot)
        check_screen(app, code, "HistoryScreen")
        await pilot.press("r")
        await _settle(pilot)
        assert isinstance(app.screen, ReplayScreen)
        for key in ("", "right", "right", "end"):
            if key:
                await pilot.press(key)
                await _settle(pilot)
            check_screen(app, code, f"ReplayScreen {key}")
        assert await _probe(pilot, app, "l", code) == "LogScreen"


@pytest.mark.slow
async def test_switching_language_in_a_team_game(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Dutch while a team decides who leads: the game, its moves and the screen stay; the text
    (the collections' member hands included) changes at once, and play goes on in Dutch."""
    from .test_team_app import TeamKeyPlayer, make_team_app

    monkeypatch.setenv("AGENT_AVENUE_HOME", str(tmp_path))
    set_language("en")
    app = make_team_app("advanced", 13, 4)
    async with app.run_test(size=SIZE) as pilot:
        await _settle(pilot)
        player = TeamKeyPlayer(13)
        await pilot.press("enter")
        await _settle(pilot)
        for _ in range(20):
            if screen_kind(app) == "LeadPanel":
                break
            await press_together(pilot, *player.keys_for(app))
            await _settle(pilot)
        assert screen_kind(app) == "LeadPanel"
        assert re.search(r"hands \d/\d · ", screen_text(app))  # in the border at 80x24
        table, session = app.screen, app.session
        assert session is not None
        moves = session.record.moves
        await pilot.press("o")
        await _settle(pilot)
        await pilot.press("down", "down")  # English → Français → Nederlands
        await _settle(pilot)
        await pilot.press("escape")
        await _settle(pilot)
        assert app.screen is table and app.session is session
        assert session.record.moves == moves and screen_kind(app) == "LeadPanel"
        text = screen_text(app)
        assert re.search(r"handen \d/\d · ", text)
        assert t("team.lead_help") in " ".join(text.split())
        check_screen(app, "nl", "LeadPanel after the switch")
        for _ in range(6):
            await press_together(pilot, *player.keys_for(app))
            await _settle(pilot)
            check_screen(app, "nl", screen_kind(app))
        assert len(session.record.moves) > len(moves)


@pytest.mark.slow
async def test_switching_language_during_a_lesson(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """French in the middle of the first lesson: the coach, the table and the keys change; the
    lesson goes on from the same step."""
    from agent_avenue.ui.screens.tutorial import TutorialScreen

    from .test_tutorial_app import tutorial_app

    monkeypatch.setenv("AGENT_AVENUE_HOME", str(tmp_path))
    set_language("en")
    app = tutorial_app()
    async with app.run_test(size=SIZE) as pilot:
        await _settle(pilot)
        await pilot.press("enter")
        await _settle(pilot)
        screen = app.screen
        assert isinstance(screen, TutorialScreen)
        await pilot.press("enter")
        await _settle(pilot)
        step = screen.lesson_run.step
        await pilot.press("o")
        await _settle(pilot)
        await pilot.press("down")  # English → Français
        await _settle(pilot)
        await pilot.press("escape")
        await _settle(pilot)
        assert app.screen is screen and screen.lesson_run.step is step
        assert language() == "fr" and "Vert" in screen_text(app)
        check_screen(app, "fr", f"lesson: {type(screen.panel).__name__} after the switch")


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("players", [3, 4])
async def test_the_start_screen_with_the_computer_in_a_team_game(code: str, players: int) -> None:
    """3 or 4 players with the computer chosen: the start screen fits 80x24 in every language,
    every level of the opponent shown."""
    set_language(code)
    app = make_app("simple", SEED, opponent="bot:normal")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        start = app.screen
        assert isinstance(start, StartScreen)
        start.query_one("#players", ChoiceRow).choose(str(players))
        await pilot.pause()
        assert start.query_one("#opponent").display
        check_screen(app, code, f"StartScreen {players}")
        text = screen_text(app)
        assert t("bot.start_hard") in text
