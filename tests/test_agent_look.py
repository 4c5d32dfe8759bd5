"""Each agent's look (ui/agent_look.py): its own one-cell glyph and colour, styled names."""

from __future__ import annotations

from rich.cells import cell_len

from agent_avenue.data import default_rules
from agent_avenue.engine import Mark
from agent_avenue.i18n import agent_name, t
from agent_avenue.ui.agent_look import (
    AGENT_LOOKS,
    LOSE_MARK,
    WIN_MARK,
    agent_content,
    mark_style,
    styled_names,
    styled_names_text,
)

RULES = default_rules()
MEEPLES = {t("board.meeple_green")[-1], t("board.meeple_blue")[-1]}


def test_every_agent_has_a_distinct_glyph_and_colour() -> None:
    """The 8 agents of data/agents.toml, each with its own glyph and its own colour."""
    assert set(AGENT_LOOKS) == set(RULES.agent_ids)
    glyphs = [look.glyph for look in AGENT_LOOKS.values()]
    colours = [look.colour.lower() for look in AGENT_LOOKS.values()]
    assert len(set(glyphs)) == len(glyphs)
    assert len(set(colours)) == len(colours)


def test_glyphs_are_one_cell_and_not_meeples_or_marks() -> None:
    """One terminal cell each, never a meeple's glyph nor the WIN/LOSE marks."""
    for look in AGENT_LOOKS.values():
        assert len(look.glyph) == 1 and cell_len(look.glyph) == 1
        assert look.glyph not in MEEPLES | {WIN_MARK, LOSE_MARK}
        assert ord(look.glyph) < 0x1F000  # no emoji
    assert cell_len(WIN_MARK) == cell_len(LOSE_MARK) == 1


def test_marks_are_not_told_by_colour() -> None:
    """WIN is bold and reversed, LOSE reversed: they differ without colour."""
    assert "reverse" in mark_style(Mark.WIN) and "bold" in mark_style(Mark.WIN)
    assert "reverse" in mark_style(Mark.LOSE) and mark_style(Mark.LOSE) != mark_style(Mark.WIN)
    assert mark_style(2) == ""


def test_agent_content_has_glyph_name_and_bold_colour() -> None:
    """ "◐ Double Agent", bold in the agent's colour."""
    content = agent_content("double_agent")
    assert content.plain == f"{AGENT_LOOKS['double_agent'].glyph} {agent_name('double_agent')}"
    assert any("bold" in str(span.style) for span in content.spans)
    assert agent_content("mole", "Taupe").plain == f"{AGENT_LOOKS['mole'].glyph} Taupe"


def test_styled_names_marks_every_agent_name_in_a_sentence() -> None:
    """Log sentences keep their words; each agent name gets its glyph (never markup)."""
    sentence = "Blue recruited a 2nd Double Agent: back 1 [b]Mole[/b] (Moleskine)."
    content = styled_names(sentence)
    glyph_da, glyph_mole = AGENT_LOOKS["double_agent"].glyph, AGENT_LOOKS["mole"].glyph
    assert f"{glyph_da} Double Agent" in content.plain
    assert f"[b]{glyph_mole} Mole[/b]" in content.plain  # markup stays text
    assert "Moleskine" in content.plain and f"{glyph_mole} Moleskine" not in content.plain
    text = styled_names_text(sentence, "bold")
    assert text.plain == content.plain
    assert text.style == "bold"
