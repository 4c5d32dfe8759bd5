"""How each agent looks on screen: one glyph and one colour per agent, WIN and LOSE marks.

Colour is never the only signal: every agent has its own one-cell glyph, and the marks are
bold or reversed, so a monochrome terminal (NO_COLOR) tells them apart too.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from rich.text import Text
from textual.content import Content

from agent_avenue.engine import Icon, Mark
from agent_avenue.i18n import agent_name, language

__all__ = [
    "AGENT_LOOKS",
    "LOSE_MARK",
    "WIN_MARK",
    "AgentLook",
    "agent_content",
    "agent_glyph",
    "agent_style",
    "mark_style",
    "styled_names",
    "styled_names_text",
]


@dataclass(frozen=True, slots=True)
class AgentLook:
    """An agent's glyph (one terminal cell) and colour (a hex colour)."""

    glyph: str
    colour: str


AGENT_LOOKS: dict[str, AgentLook] = {
    "double_agent": AgentLook("◐", "#b07fe0"),  # two faces: a half-dark circle
    "enforcer": AgentLook("♜", "#e05a52"),  # the heavy: a rook
    "codebreaker": AgentLook("◈", "#25b5c9"),  # a cipher: a diamond in a diamond
    "daredevil": AgentLook("✦", "#f2a33a"),  # a spark
    "saboteur": AgentLook("✷", "#e64f9b"),  # a blast
    "sentinel": AgentLook("◎", "#7f9fd6"),  # a watchful eye
    "sidekick": AgentLook("✚", "#62c26a"),  # a helping hand
    "mole": AgentLook("◒", "#b98a5e"),  # a hole in the ground
}
"""The look of each agent id of data/agents.toml."""

_UNKNOWN = AgentLook("◇", "#a0a0a0")
WIN_MARK = "★"
"""The WIN icon, drawn bold and reversed."""
LOSE_MARK = "✕"
"""The LOSE icon, drawn reversed."""


def agent_glyph(agent: str) -> str:
    """The agent's one-cell glyph (a plain diamond for an id the table does not know)."""
    return AGENT_LOOKS.get(agent, _UNKNOWN).glyph


def agent_style(agent: str) -> str:
    """The agent's style: bold in its colour."""
    return f"bold {AGENT_LOOKS.get(agent, _UNKNOWN).colour}"


def agent_content(agent: str, name: str | None = None) -> Content:
    """ "◐ Double Agent": the glyph and the name (the localized one unless given), styled."""
    shown = agent_name(agent) if name is None else name
    return Content.assemble((f"{agent_glyph(agent)} {shown}", agent_style(agent)))


def mark_style(icon: Icon | None) -> str:
    """The style of a printed icon: WIN bold and reversed, LOSE reversed, moves plain."""
    if icon is Mark.WIN:
        return "bold reverse"
    if icon is Mark.LOSE:
        return "reverse"
    return ""


@cache
def _name_pattern(lang: str, agents: tuple[str, ...]) -> tuple[re.Pattern[str], dict[str, str]]:
    """A pattern matching any agent's localized name as a whole word, longest first."""
    by_name = {agent_name(agent): agent for agent in agents}
    names = sorted(by_name, key=len, reverse=True)
    pattern = re.compile(r"(?<!\w)(" + "|".join(re.escape(n) for n in names) + r")(?!\w)")
    return pattern, by_name


def _pieces(text: str) -> list[tuple[str, str | None]]:
    """The text cut into runs: plain runs (None) and agent names (their agent id)."""
    pattern, by_name = _name_pattern(language(), tuple(AGENT_LOOKS))
    pieces: list[tuple[str, str | None]] = []
    at = 0
    for found in pattern.finditer(text):
        if found.start() > at:
            pieces.append((text[at : found.start()], None))
        pieces.append((found.group(0), by_name[found.group(0)]))
        at = found.end()
    if at < len(text):
        pieces.append((text[at:], None))
    return pieces


def styled_names(text: str, style: str = "") -> Content:
    """Plain text (never markup) with every agent name in it shown with its glyph and colour."""
    parts: list[Content | tuple[str, str] | str] = []
    for piece, agent in _pieces(text):
        if agent is None:
            parts.append((piece, style) if style else piece)
        else:
            parts.append(agent_content(agent, piece))
    return Content.assemble(*parts)


def styled_names_text(text: str, style: str = "") -> Text:
    """The same as `styled_names`, as a rich Text (for the game log, a RichLog)."""
    result = Text(style=style)
    for piece, agent in _pieces(text):
        if agent is None:
            result.append(piece)
        else:
            result.append(f"{agent_glyph(agent)} {piece}", style=agent_style(agent))
    return result


def agent_borders(widget: str) -> str:
    """CSS giving `widget.-agent-<id>` a round border in each agent's colour."""
    return "\n".join(
        f"{widget}.-agent-{agent} {{ border: round {look.colour}; }}"
        for agent, look in AGENT_LOOKS.items()
    )
