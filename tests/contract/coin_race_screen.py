"""The coin race at the table: h records heads, t tails, n passes (the shared frame's key)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Static

from companion.core import TableView
from screens.commands import Command, bindings
from screens.table_screen import BASE_ACTIONS, TableScreen
from tests.contract.coin_race import Flip

COIN_ACTIONS = (
    Command("h", "flip(True)", "Heads", "The player up threw heads"),
    Command("t", "flip(False)", "Tails", "The player up threw tails"),
)


class CoinRaceScreen(TableScreen):
    CSS_PATH = ["../../screens/table_screen.tcss"]
    ACTIONS = (*COIN_ACTIONS, *BASE_ACTIONS)
    BINDINGS = bindings(*COIN_ACTIONS, *BASE_ACTIONS)

    def compose_panel(self) -> ComposeResult:
        yield from super().compose_panel()
        yield Static("", id="coin-panel", markup=False)

    def paint_panel(self, view: TableView) -> None:
        super().paint_panel(view)
        if self.timeline is not None:
            self.query_one("#coin-panel", Static).update("\n".join(self.timeline.game.panel(self.shown_state)))

    def action_flip(self, heads: bool) -> None:
        self.record(Flip(heads))
