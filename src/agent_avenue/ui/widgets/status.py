"""The table: agent deck, discards left, and in advanced mode the black market supply and deck."""

from __future__ import annotations

from textual.app import RenderResult
from textual.content import Content
from textual.widget import Widget

from agent_avenue.engine import Mode, PlayerView
from agent_avenue.i18n import card_name, t
from agent_avenue.ui.widgets._common import meeple
from agent_avenue.ui.widgets.members import member_discards

__all__ = ["TableStatus", "status_lines"]


def status_lines(
    view: PlayerView, names: tuple[str, str], seats: tuple[str, ...] = (), supply: bool = True
) -> list[str]:
    """The table's public facts, one line each (with `seats`, a team game: each member's
    discards left; without `supply`, the supply's cards are shown as cards elsewhere)."""
    green, blue = view.sides[0], view.sides[1]
    lines = [
        t("status.deck", n=view.deck_size),
        t(
            "status.discards",
            green=meeple(0),
            g=green.discards_left,
            blue=meeple(1),
            b=blue.discards_left,
        ),
    ]
    if len(seats) > 2:
        lines[1:] = [
            t(
                "team.status_discards",
                meeple=meeple(side),
                members=member_discards(view, side, seats),
            )
            for side in (0, 1)
        ]
    if view.mode is Mode.ADVANCED and supply:
        if view.supply:
            cards = t("status.separator").join(card_name(c) for c in view.supply)
            lines.append(t("status.supply", cards=cards))
        else:
            lines.append(t("status.supply_empty"))
    if view.mode is Mode.ADVANCED:
        lines.append(t("status.market_deck", n=view.market_deck_size))
    return lines


class TableStatus(Widget):
    """What lies on the table: the decks, each side's discards left, the black market supply."""

    DEFAULT_CSS = """
    TableStatus {
        height: auto;
        width: 1fr;
        padding: 0 1;
        color: $foreground-muted;
    }
    """

    def __init__(
        self,
        *,
        supply: bool = True,
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        """Empty; without `supply` the supply's cards are left out (shown as cards beside)."""
        super().__init__(name=name, id=id, classes=classes)
        self.supply = supply
        self.lines_text: list[str] = []
        self.border_title = Content(t("status.title"))  # shown where the app gives it a border

    def update_view(
        self, view: PlayerView, names: tuple[str, str], seats: tuple[str, ...] = ()
    ) -> None:
        """Show a view's table facts (all public); `seats` names a team game's players."""
        lines = status_lines(view, names, seats, self.supply)
        if lines != self.lines_text:  # a refresh lays out and draws the status again
            self.lines_text = lines
            self.refresh(layout=True)

    def render(self) -> RenderResult:
        """The lines, as plain text (card names are never read as markup)."""
        return Content("\n".join(self.lines_text))

    def text(self) -> str:
        """The status text, for tests and screen readers."""
        return "\n".join(self.lines_text)
