"""A plot of each player's rating over the score sheet's games (textual-plotext's widget).

Each player has a colour of its own, and without colour (NO_COLOR) a marker of its own
instead of the thin line; the legend above the plot names both. Only the score sheet screen
imports this module: plotext is never loaded at start-up.
"""

from __future__ import annotations

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.content import Content, Span
from textual.geometry import Size
from textual.widget import Widget
from textual_plotext import PlotextPlot

from agent_avenue.i18n import t
from agent_avenue.play.rating_words import rated_label
from agent_avenue.play.ratings import PlayerRating, Ratings
from agent_avenue.ui.widgets.plot_ticks import whole_ticks

__all__ = ["COLOURS", "MARKERS", "MAX_PLOTTED", "Legend", "RatingChart", "RatingPlot", "plotted"]

MAX_PLOTTED = 6
"""The most players one plot draws (the players with the most games)."""
MARKERS = ("o", "+", "x", "*", "#", "=")
"""Each plotted player's marker without colour, in the plot's order."""
COLOURS: tuple[tuple[int, int, int], ...] = (
    (0, 200, 255),
    (255, 160, 0),
    (230, 80, 230),
    (90, 220, 90),
    (255, 80, 80),
    (160, 160, 255),
)
"""Each plotted player's colour, in the plot's order (distinct on a dark and a light theme)."""
LINE = "braille"
"""The marker of a line in colour: plotext's finest, a thin curve."""
SWATCH = "\u2501"
"""A player's sign in the legend in colour: a short thick line."""
X_TICKS = 6
"""About how many game numbers the x axis shows."""


def plotted(ratings: Ratings) -> tuple[PlayerRating, ...]:
    """The players the plot draws: those with the most games, in the ratings' order."""
    chosen = sorted(ratings.players, key=lambda p: -p.games)[:MAX_PLOTTED]
    return tuple(p for p in ratings.players if p in chosen)


def curve(player: PlayerRating) -> tuple[list[int], list[float]]:
    """A player's points: the start just before their first game, then after each game."""
    games = [point.game for point in player.points]
    if len(games) > 1:
        games[0] = games[1] - 1
    return games, [point.rating for point in player.points]


class RatingPlot(PlotextPlot):
    """Each plotted player's rating after each of their games (x: the game's place on the
    score sheet, 1 the oldest)."""

    def __init__(self, ratings: Ratings, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.ratings = ratings

    def on_mount(self) -> None:
        """Draw the players' lines and the x axis (whole game numbers)."""
        plt = self.plt
        plt.clear_figure()
        plt.xlabel(t("ratings.plot_x"))
        for number, player in enumerate(plotted(self.ratings)):
            games, values = curve(player)
            marker = MARKERS[number] if self.app.no_color else LINE
            plt.plot(games, values, marker=marker, color=COLOURS[number])
        plt.xticks(whole_ticks(0, self.ratings.games, X_TICKS))
        self.refresh()


class Legend(Widget):
    """The plot's title, then each player's sign and name in their colour, an entry never
    broken across two lines."""

    DEFAULT_CSS = """
    Legend {
        height: auto;
    }
    """

    def __init__(self, entries: tuple[tuple[str, tuple[int, int, int]], ...]) -> None:
        super().__init__(classes="legend")
        self.entries = entries

    def lines(self, width: int) -> list[list[tuple[str, str]]]:
        """The legend's pieces (text, style), line by line, for a width."""
        title = t("ratings.plot_title") + ":"
        lines: list[list[tuple[str, str]]] = [[(title, "bold")]]
        used = cell_len(title)
        for entry, (red, green, blue) in self.entries:
            piece = "  " + entry
            if used + cell_len(piece) > width:
                lines.append([])
                piece, used = entry, 0
            lines[-1].append((piece, f"bold rgb({red},{green},{blue})"))
            used += cell_len(piece)
        return lines

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """As many lines as the entries need at this width."""
        return len(self.lines(width))

    def render(self) -> Content:
        """The lines, each piece in its style."""
        text, spans = "", []
        for number, line in enumerate(self.lines(self.size.width or 80)):
            if number:
                text += "\n"
            for piece, style in line:
                start = len(text)
                text += piece
                spans.append(Span(start + len(piece) - len(piece.lstrip()), len(text), style))
        return Content(text, spans=spans)


class RatingChart(Vertical):
    """The plot's title with its legend (each player's colour and sign), above the plot."""

    DEFAULT_CSS = """
    RatingChart {
        height: 1fr;
    }
    RatingChart > RatingPlot {
        height: 1fr;
    }
    """

    def __init__(self, ratings: Ratings, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.ratings = ratings

    def compose(self) -> ComposeResult:
        """The legend, then the plot."""
        entries = []
        for number, player in enumerate(plotted(self.ratings)):
            sign = MARKERS[number] if self.app.no_color else SWATCH
            entries.append((f"{sign} {rated_label(player.who)}", COLOURS[number]))
        yield Legend(tuple(entries))
        yield RatingPlot(self.ratings)
