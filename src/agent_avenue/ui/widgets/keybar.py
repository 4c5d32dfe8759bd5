"""A one-line footer of the keys that work now, cheap to redraw and clickable.

Textual's Footer rebuilds a widget per key whenever the bindings change, which costs tens of
milliseconds; the game changes what keys do on almost every key press, so this bar draws the
same information as one line of text instead. Descriptions that came from `t()` are shown in
the language in use now, not the one in use when the screen's class was created.
"""

from __future__ import annotations

from typing import ClassVar, NamedTuple

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.binding import ActiveBinding, Binding
from textual.dom import DOMNode
from textual.screen import Screen
from textual.widget import Widget

from agent_avenue.i18n import retranslate


class _Item(NamedTuple):
    """One clickable stretch of the bar."""

    start: int
    end: int
    binding: Binding
    namespace: DOMNode
    enabled: bool


class KeyBar(Widget):
    """The keys of the screen it is on, with what they do; dimmed keys do nothing yet."""

    DEFAULT_CSS = """
    KeyBar {
        dock: bottom;
        height: 1;
        width: 100%;
        background: $footer-background;
        color: $footer-description-foreground;
    }
    KeyBar > .keybar--key {
        color: $footer-key-foreground;
        text-style: bold;
    }
    KeyBar > .keybar--disabled {
        color: $foreground-muted;
        text-style: dim;
    }
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {"keybar--key", "keybar--disabled"}

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._items: list[_Item] = []
        self.hidden: list[Binding] = []
        """Keys left out of the bar for want of room (they still work)."""

    def on_mount(self) -> None:
        """Redraw whenever the screen's bindings change."""
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)

    def on_unmount(self) -> None:
        """Stop listening."""
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _bindings_changed(self, screen: Screen[object]) -> None:
        if self.is_attached and screen is self.screen:
            self.refresh()

    def render(self) -> Text:
        """The keys and their descriptions, grouped like Textual's footer.

        When they do not fit (longer languages, many keys), one space separates them instead of
        two; if that is not enough, whole keys are left out rather than cut in the middle: first
        the app-wide ones (rules, quit), which work everywhere and are listed on the start and
        handoff screens, then the screen's own from the right. `hidden` lists what was left out.
        """
        shown = [active for active in self.screen.active_bindings.values() if active.binding.show]
        self.hidden = []
        text = self._build(shown, gap=" ")
        if not self.size.width or self._fits(text):
            return text
        text = self._build(shown, gap="")
        while not self._fits(text) and len(shown) > 1:
            app_wide = [n for n, active in enumerate(shown) if active.node is self.app]
            dropped = shown.pop(app_wide[-1] if app_wide else -1)
            self.hidden.append(dropped.binding)
            text = self._build(shown, gap="")
        return text

    def _fits(self, text: Text) -> bool:
        return cell_len(text.plain.rstrip()) <= self.size.width

    def _build(self, shown: list[ActiveBinding], gap: str) -> Text:
        """The bar's text for these bindings, `gap` added after each key's description."""
        key_style = self.get_component_rich_style("keybar--key")
        off_style = self.get_component_rich_style("keybar--disabled")
        text = Text(no_wrap=True, overflow="ellipsis")
        items: list[_Item] = []
        index = 0
        while index < len(shown):
            first = shown[index]
            group = first.binding.group
            members = [first]
            index += 1
            while group is not None and index < len(shown) and shown[index].binding.group is group:
                members.append(shown[index])
                index += 1
            text.append(" ")
            for n, member in enumerate(members):
                start = len(text)
                if n and (group is None or not group.compact):
                    text.append(" ")
                key = self.app.get_key_display(member.binding)
                text.append(key, key_style if member.enabled else off_style)
                items.append(_Item(start, len(text), member.binding, member.node, member.enabled))
            start = len(text)
            description = group.description if group is not None else first.binding.description
            # Descriptions are fixed when a class is made: show them in today's language.
            text.append(" " + retranslate(description), None if first.enabled else off_style)
            if len(members) == 1:
                items[-1] = items[-1]._replace(end=len(text))
            text.append(gap)
        self._items = items
        return text

    async def on_click(self, event: events.Click) -> None:
        """Clicking a key does what pressing it would."""
        event.stop()
        for item in self._items:
            if item.start <= event.x < item.end and item.enabled:
                await self.app.run_action(item.binding.action, item.namespace)
                return

    def plain(self) -> str:
        """The bar's text (for tests)."""
        return self.render().plain
