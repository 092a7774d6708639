"""Moving about the table: undo, redo, rewind, the log, esc, scrolling, a player's row.

Undo and redo step through the Timeline's history (a typed line's actions are one step);
rewind undoes back to the action picked in the log in one step. Esc closes what is open, one
thing a press: the entry line, the past shown, the log, then the table itself (a reflex esc
just after a line closed stays, saying so).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual import events
from textual.containers import VerticalScroll
from textual.widgets import DataTable

from companion.timeline import Timeline
from screens.table_host import TableHost
from screens.widgets.log_pane import LogPane

# A reflex esc just after a line closed (a refusal given up, an action recorded) or after a key
# that only said why it does nothing leaves nothing: it stays at the table and says so.
STAY = "Still at the table: esc again leaves the table."

# The screen's members, typed for the checker; at run time the screen itself gives them.
if TYPE_CHECKING:
    _Host = TableHost
else:
    _Host = object


class Moves(_Host):
    """Mixed into TableScreen, which gives the timeline, the log and the players' table."""

    timeline: Timeline | None
    viewing: int | None
    _line_closed: bool

    def action_undo(self) -> None:
        if self.timeline is not None and self._writable():
            if not self.timeline.can_undo:
                self.explain("Nothing to undo.")
                return
            self.move_to(self.timeline.undo().cursor)  # a typed line's actions are one step

    def action_redo(self) -> None:
        if self.timeline is not None and self._writable():
            if not self.timeline.can_redo:
                self.explain("Nothing to redo.")
                return
            self.move_to(self.timeline.redo().cursor)

    def action_rewind(self) -> None:
        if self.viewing is not None:
            target = self.viewing
            self.viewing = None
            self.move_to(target)
            self.explain(f"Rewound to action {target}; ctrl+y redoes what was undone.")

    def action_log(self) -> None:
        """Open the log (at small sizes it takes the place of the players), or close it."""
        if self.has_class("-log"):
            self.remove_class("-log")
            self.set_focus(self.query_one("#players", DataTable))
        else:
            self.add_class("-log")
            self.set_focus(self.query_one("#log", LogPane))

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        self.set_class(event.widget.id == "log", "-log")
        if event.widget.id != "log" and self.viewing is None and self.timeline is not None:
            self.query_one("#log", LogPane).move_to(self.timeline.cursor - 1)  # leaving the log: the newest again

    def action_back(self) -> None:
        if self.entry_open:
            self.close_entry()
        elif self.viewing is not None:
            self.viewing = None
        elif self.has_class("-log"):
            self.action_log()
        elif self._line_closed:
            self._line_closed = False  # the next esc leaves
            self.explain(STAY)
        else:
            self.app.pop_screen()

    def action_scroll_panel(self, step: int) -> None:
        main = self.query_one("#main", VerticalScroll)
        main.scroll_to(y=main.scroll_y + step * max(main.size.height - 2, 1), animate=False)


def pick_player(table: Any, seat: int) -> None:
    """A key of the players' table (free play's 1-9, `Key.screen`): select the player's row."""
    players = table.query_one("#players", DataTable)
    if seat >= players.row_count:
        table.explain(f"There is no player {seat + 1} at this table.")
        return
    players.move_cursor(row=seat, column=max(players.cursor_column, 1))
    players.focus()
