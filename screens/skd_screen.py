"""Seirei Kairo Drive at the table: its panel, the warning banner, the enemy and the party.

Every key is the game's (companion.games.skd.keys): each opens the entry line for one event,
with the catalogue the frame reads from the store, and hands it to the core, which accepts it
or says why not. A card typed in the play step starts the play (`Key.starts`). This screen
adds only the panel.
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Static

from companion.games.skd.view import banner, panel
from companion.text import literal
from screens.table_screen import TableScreen


class SkdScreen(TableScreen):
    CSS_PATH = "skd_screen.tcss"

    def compose_panel(self) -> ComposeResult:
        yield Static("", id="checklist")
        # Not a scroll of its own: the frame's #main scrolls it, so "more below" and shift+down
        # serve this panel as they serve the players' table.
        with Vertical(id="skd-column"):
            yield Static("", id="skd-banner", markup=False)
            yield Static("", id="skd-panel", markup=False)

    def paint_panel(self, view: Any) -> None:
        super().paint_panel(view)
        state = self.shown_state
        # the turn checklist means nothing during the draft, the boss setup or after the end
        self.query_one("#checklist", Static).display = state.stage in ("normal", "boss")
        warning = banner(state)
        self.query_one("#skd-banner", Static).display = bool(warning)
        self.query_one("#skd-banner", Static).update(literal(warning))
        self.query_one("#skd-panel", Static).update(literal("\n".join(panel(state)), lines=True))
