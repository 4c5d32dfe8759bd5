"""The game log: a scrollable list of public events, one plain sentence each."""

from __future__ import annotations

from collections.abc import Iterable

from rich.text import Text
from textual import events
from textual.geometry import Region, Size
from textual.strip import Strip
from textual.widgets import RichLog

from agent_avenue.data import default_rules
from agent_avenue.engine import EventKind, Rules
from agent_avenue.i18n import t
from agent_avenue.play.session import LogEntry
from agent_avenue.teaching.describe import describe_event
from agent_avenue.ui.agent_look import styled_names_text

__all__ = ["GameLog"]

_BOLD_KINDS = frozenset({EventKind.TURN, EventKind.GAME_OVER})


class GameLog(RichLog, can_focus=False):
    """Public events as sentences; a new turn's line is bold. Never shows a hidden card.

    Lines wrap to the log's width and are wrapped again when the log is resized. It never takes
    the focus: the keys belong to the decision's panel (the whole log is key l).
    """

    DEFAULT_CSS = """
    GameLog {
        height: 1fr;
        border: round $panel-lighten-2;
        border-title-color: $foreground-muted;
        padding: 0 1;
        background: $surface;
    }
    """

    def __init__(
        self,
        rules: Rules | None = None,
        *,
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(
            wrap=True,
            markup=False,
            highlight=False,
            auto_scroll=False,
            min_width=1,
            name=name,
            id=id,
            classes=classes,
        )
        self.rules = rules or default_rules()
        self.sentences: list[str] = []
        self._texts: list[Text] = []
        self._wrapped_at = 0
        self._width_seen = False
        """A resize with a width has come (RichLog then writes the lines it held back)."""
        self.following = True
        """Whether the log shows its newest line, and so keeps showing the newest one."""
        self._laid_out: tuple[Size, Size, Size] | None = None
        """The size and the room inside it the last layout gave the log, and its lines' size
        then."""
        self.border_title = t("log.title")

    def add_entry(
        self, entry: LogEntry, names: tuple[str, str], seats: tuple[str, ...] = ()
    ) -> None:
        """Append the sentences for one step's public events (`seats`: a team game's players)."""
        for event in entry.events:
            sentence = describe_event(event, names, self.rules, seats)
            if sentence is None:
                continue
            # Agent names keep their glyph and colour (agent_look.py); the sentence stays plain.
            text = styled_names_text(sentence, "bold" if event.kind in _BOLD_KINDS else "")
            self.sentences.append(sentence)
            self._texts.append(text)
            self.write(text)

    def set_entries(
        self, entries: Iterable[LogEntry], names: tuple[str, str], seats: tuple[str, ...] = ()
    ) -> None:
        """Replace the log with these steps."""
        self.clear()
        self.sentences = []
        self._texts = []
        for entry in entries:
            self.add_entry(entry, names, seats)

    def on_mount(self) -> None:
        """Keep the newest lines in view: an anchored log is scrolled to its end whenever it is
        laid out (after new lines, a rewrap or a resize), until the player scrolls it back."""
        self.anchor()

    def show_newest(self) -> None:
        """Scroll to the newest line, and keep following new ones (the anchor is taken again
        if the player had scrolled back)."""
        self.scroll_end(animate=False, immediate=True)

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        """Note whether the newest line is in view (the player may have scrolled back)."""
        super().watch_scroll_y(old_value, new_value)
        self.following = new_value >= self.max_scroll_y

    def render_lines(self, crop: Region) -> list[Strip]:
        """The log's lines, at its end if it follows the game: when the collection above it
        grows in the same update, the log loses rows while laid out, and Textual's anchor
        scrolls it back to its end only a frame later (the reveal drawn twice)."""
        if self.following and self.scroll_y < self.max_scroll_y:
            self.scroll_end(animate=False, immediate=True, x_axis=False)
        return super().render_lines(crop)

    def _size_updated(
        self, size: Size, virtual_size: Size, container_size: Size, layout: bool = True
    ) -> bool:
        """Take a new size from a layout of the screen. Textual's scrolling widgets compare the
        layout's virtual size with the log's own (the height of its lines), which never match,
        and redraw their scrollbar at every layout: each frame then drew everything between
        the scrollbar and what had changed, often the whole table. A new size or new lines
        still show or move the scrollbar."""
        laid_out = (size, container_size, self.virtual_size)
        if laid_out == self._laid_out:
            return False
        self._laid_out = laid_out
        changed = super()._size_updated(size, virtual_size, container_size, layout)
        if size.width and not self._size_known:
            # RichLog holds back the lines written before it has a width, and writes them when
            # its Resize comes, after this layout's frame: the log was drawn empty, then filled
            # and the screen laid out again (two frames more for a game's first table). Written
            # here, they are in this layout's frame.
            self._size_known = True
            while self._deferred_renders:
                self.write(*self._deferred_renders.popleft())
        return changed

    def on_resize(self, event: events.Resize) -> None:
        """Wrap every line again for the new width."""
        width = self.scrollable_content_region.width
        first = not self._width_seen
        self._width_seen = self._width_seen or bool(event.size.width)
        if first or width == self._wrapped_at:
            # The first size: RichLog itself (its handler runs after this one) renders the
            # lines written before it was known.
            self._wrapped_at = width
            return
        self._wrapped_at = width
        self.clear()
        for text in self._texts:
            self.write(text, scroll_end=False)
