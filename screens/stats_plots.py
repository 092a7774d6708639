"""The statistics screen's two plots, drawn with plotext: wins per player as bars, and the
highlighted player's win rate after each play or the plays per month.

Each function clears its plot and draws it whole from plain figures, so the screen decides
what to show and these only draw it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from textual_plotext import PlotextPlot

from companion.figures import month_bars
from companion.text import shown


def draw_wins(plot: PlotextPlot, lines: list[dict[str, Any]]) -> None:
    """The first six players' wins as bars."""
    plt = plot.plt
    plt.clear_data()
    plt.clear_figure()
    top = lines[:6]
    if top:
        plt.bar([shown(line["name"])[:8] for line in top], [line["wins"] for line in top], width=0.4)
        most = max(line["wins"] for line in top)
        plt.yticks(whole_ticks(most))
        plt.ylim(0, max(most, 1))
    plt.title("Wins per player")
    plot.refresh()


def draw_rate(plot: PlotextPlot, name: str | None, points: list[tuple[str, float]]) -> None:
    """The win % after each play of the player `name` (None: nobody highlighted); `points` are
    (play, rate) pairs, none while every game of theirs is under way."""
    plt = plot.plt
    plt.clear_data()
    plt.clear_figure()
    if name is not None and not points:  # a player whose games are all under way
        plt.title(f"{shown(name)[:16]}: no finished play yet")
    elif name is not None:
        plt.plot(list(range(1, len(points) + 1)), [100 * rate for _, rate in points], marker="hd")
        plt.xticks(whole_ticks(len(points), low=1))
        plt.yticks([0, 50, 100])
        plt.ylim(0, 100)
        plt.xlabel("plays")
        plt.title(f"{shown(name)[:16]}: win % after each play")
    else:
        plt.title("Win % over time")
    plot.refresh()


def draw_months(plot: PlotextPlot, months: Sequence[Mapping[str, Any]]) -> None:
    """Plays per month as bars, a game's first play marked `*`; months grouped into
    quarters, then years, until the bars fit the plot's width."""
    plt = plot.plt
    plt.clear_data()
    plt.clear_figure()
    bins = month_bars(months, max((plot.size.width - 8) // 5, 3))
    if bins:
        plt.bar([name for name, _, _ in bins], [n for _, n, _ in bins], width=0.5)
        plt.yticks(whole_ticks(max(n for _, n, _ in bins)))
    plt.title("Plays per month (* a game's first play)" if len(bins) == len(months) else "Plays (grouped)")
    plot.refresh()


def whole_ticks(high: int, low: int = 0) -> list[float]:
    """At most five whole-number ticks from low to high (plays and wins are counts)."""
    step = max(1, -(-(high - low) // 4))
    return [float(t) for t in range(low, max(high, low) + 1, step)]
