"""Free play at the table: pick a cell, type -7 or +3 or =12, enter. Counters, countdown, end.

What each line means, and what its label offers, is the core's (companion.games.free.notation).
"""

from __future__ import annotations

from textual.widgets import DataTable

from companion.games.free import Counter, Finish, RemoveCounter
from companion.games.free.notation import change_prompt
from screens.commands import Command
from screens.confirm_modal import ConfirmModal
from screens.table_screen import TableScreen

# Keys of the players' table itself: 1-9 pick a player's row (no family of the game's).
SEATS = tuple(Command(str(i), f"seat({i - 1})", f"Player {i}", show=False) for i in range(1, 10))


class FreeScreen(TableScreen):
    """Free play's keys that work on the counter picked (companion.games.free.keys), and 1-9."""

    OWN_ACTIONS = SEATS

    def selected_counter(self) -> Counter | None:
        tl = self.timeline
        if tl is None:
            return None
        state = self.shown_state
        view = tl.game.view(state)
        if not view.columns:
            return None
        row, col = self.query_one("#players", DataTable).cursor_coordinate
        owner = row if row < len(state.players) else None
        name = view.columns[max(col, 1) - 1]
        return next((c for c in state.counters if c.owner == owner and c.name == name), None)

    def action_change(self, sign: str) -> None:
        counter = self.selected_counter()
        if counter is None:
            self.explain("Pick a cell with a counter first (arrow keys), or press a to add one.")
            return
        self.prompt(change_prompt(self.shown_state, counter, sign))

    def action_seat(self, seat: int) -> None:
        table = self.query_one("#players", DataTable)
        if seat >= table.row_count:
            self.explain(f"There is no player {seat + 1} at this table.")
            return
        table.move_cursor(row=seat, column=max(table.cursor_column, 1))
        table.focus()

    def action_remove_counter(self) -> None:
        counter = self.selected_counter()
        if counter is None:
            self.explain("Pick a cell with a counter to remove (arrow keys).")
            return
        if not self._writable():
            return
        who = "Table" if counter.owner is None else self.shown_state.players[counter.owner]

        def done(yes: bool | None) -> None:
            if yes:
                self.record(RemoveCounter(counter.name, counter.owner))

        self.app.push_screen(ConfirmModal(f"Remove {who}'s {counter.name}? (undo brings it back)"), done)

    def action_finish(self) -> None:
        if not self._writable():
            return

        def done(yes: bool | None) -> None:
            if yes:
                self.record(Finish())

        self.app.push_screen(ConfirmModal("End the game now? (undo reopens it)"), done)
