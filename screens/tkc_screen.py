"""The King Commands at the table: its panel (the keys are the game's, companion.games.tkc.keys).

Every question is a Prompt the core builds (companion.games.tkc.prompts and notation): what is
legal, what an attack is called and what stops it all come from there, so a refused entry keeps
the line open with the core's reason in its label. Multi-step actions (an attack, then its
outcome) chain prompts and record a single event at the end, so one undo takes back the whole action.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Static

from companion.core import TableView
from companion.games.tkc.state import TkcState
from companion.games.tkc.view import final_line
from companion.text import markup
from screens.table_screen import TableScreen


class TkcScreen(TableScreen):
    """The King Commands' panel: the start, the final round, the piles and the winner. Its keys
    are the game's (companion.games.tkc.keys)."""

    CSS_PATH = "tkc_screen.tcss"

    def compose_panel(self) -> ComposeResult:
        yield Static("", id="checklist")
        yield Static("", id="tkc-info")

    @property
    def game_state(self) -> TkcState:
        state: TkcState = self.shown_state
        return state

    def paint_panel(self, view: TableView) -> None:
        super().paint_panel(view)
        s = self.game_state
        lines: list[str] = []  # the piles (counts_line) stand under the header: the status
        if s.step == "start":
            lines.append("Each player draws a card: press [b]s[/b] and type the corner values.")
        if final := final_line(s):
            lines.append(f"[b reverse] {markup(final)} [/]")
        if s.over and not all(s.confirmed):
            lines.append("[b]Game over.[/b] Press [b]f[/b] to confirm or correct each score pile.")
        game = self.timeline.game if self.timeline else None
        if game is not None:
            lines.extend(markup(line) for line in game.panel(s))  # the piles, when the game shows them
        result = game.result(s) if game else None
        if result is not None:
            lines.append(f"[b]{markup(result.reasoning)}[/b]")
        self.query_one("#tkc-info", Static).update("\n".join(lines))
