"""The line under the players and the game's panel saying they go on below the screen."""

from __future__ import annotations

from textual.containers import VerticalScroll
from textual.widgets import Static

MORE = "▼ more below: shift+down"


class MoreLine(Static):
    """Shown while the scroll above it has more below.

    The line takes a row from the panel, and a panel that fits its height (wrapping, a
    scrollbar coming or going) can then fit again: shown and hidden by turns, each a new
    layout, it flickered and burned a second of CPU on one action. That happens only when the
    panel grows into whatever height it is given (no line of it is below: with the line shown,
    all of it fits), so the line comes at most once between two `reset`s (a new state, a
    resize, a scroll) and goes whenever all fits; a panel really longer than the screen keeps it.
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(MORE, id=id)
        self.turns = 0

    def reset(self) -> None:
        self.turns = 0

    def follow(self, scroll: VerticalScroll) -> None:
        wanted = scroll.scroll_y < scroll.max_scroll_y
        if wanted != self.display and (not wanted or self.turns < 1):
            self.turns += wanted
            self.display = wanted
