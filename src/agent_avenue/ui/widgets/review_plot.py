"""A plot of each side's winning chance over a reviewed game, the marked decisions on it
(textual-plotext's widget; only the review screen imports this module)."""

from __future__ import annotations

from textual_plotext import PlotextPlot

from agent_avenue.i18n import t
from agent_avenue.play.teams import side_names
from agent_avenue.teaching.review import Review, mark
from agent_avenue.teaching.review_marks import Mark
from agent_avenue.ui.widgets.plot_ticks import whole_ticks

__all__ = ["ReviewPlot"]

SIDE_COLOURS: tuple[tuple[int, int, int], tuple[int, int, int]] = ((60, 200, 90), (70, 150, 255))
"""Green's and blue's line."""
MARKED_COLOUR = (255, 80, 80)
"""The marked decisions' points."""
SIDE_MARKERS = ("o", "x")
"""Each side's marker without colour (NO_COLOR): the sides differ by more than colour."""
MARKED_MARKER = "!"
X_TICKS = 5
"""About how many move numbers the x axis shows."""
LINE = "braille"
"""The marker of a line in colour: plotext's finest, a thin curve."""


class ReviewPlot(PlotextPlot):
    """Each side's winning chance (%, from its own views) after each of its decisions, ending
    at the result; the marked decisions as points of their own."""

    def __init__(self, review: Review, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.review = review

    def on_mount(self) -> None:
        """Draw both sides' lines, the marked decisions and the axes."""
        plt = self.plt
        plt.clear_figure()
        plt.title(t("review.plot_title"))
        plt.xlabel(t("review.plot_x"))
        names = side_names(self.review.record.names)
        plain = self.app.no_color
        for side in (0, 1):
            points = self.review.curve(side)
            plt.plot(
                [n for n, _ in points],
                [100 * chance for _, chance in points],
                marker=SIDE_MARKERS[side] if plain else LINE,
                color=SIDE_COLOURS[side],
                label=names[side],
            )
        marked = [j for j in self.review.judgements if mark(j) is not Mark.NONE]
        if marked:
            plt.scatter(
                [j.number for j in marked],
                [100 * j.chance_taken for j in marked],
                marker=MARKED_MARKER,
                color=MARKED_COLOUR,
                label=t("review.plot_marked"),
            )
        plt.ylim(0, 100)
        plt.yticks([0, 25, 50, 75, 100])
        plt.xticks(whole_ticks(1, len(self.review.record.moves), X_TICKS))
        self.refresh()
