"""Free play at the table: pick a cell, type -7 or +3 or =12, enter. Counters, countdown, end.

What each line means, and what its label offers, is the core's (companion.games.free.notation).
"""

from __future__ import annotations

from textual.widgets import DataTable

from companion.games.free import Counter, Finish, RemoveCounter
from companion.games.free.notation import change_prompt, countdown_prompt, new_counter_prompt
from screens.commands import Command, bindings
from screens.confirm_modal import ConfirmModal
from screens.table_screen import BASE_ACTIONS, TableScreen

FREE_ACTIONS = (
    Command("minus", "change('-')", "Subtract", "Subtract from the selected counter", key_display="-"),
    Command("plus", "change('+')", "Add", "Add to the selected counter", key_display="+"),
    Command("equals_sign", "change('=')", "Set", "Set the selected counter", key_display="="),
    Command("a", "add_counter", "New counter", "Add a counter for every player or the table"),
    Command("x", "remove_counter", "Remove counter", "Remove the selected counter", show=False),
    Command("c", "countdown", "Countdown", "End the game after a round or a number of turns"),
    Command("f", "finish", "Finish", "End the game now"),
    *(Command(str(i), f"seat({i - 1})", f"Player {i}", show=False) for i in range(1, 10)),
)


class FreeScreen(TableScreen):
    CSS_PATH = ["table_screen.tcss"]
    ACTIONS = (*FREE_ACTIONS[:7], *BASE_ACTIONS, *FREE_ACTIONS[7:])
    BINDINGS = bindings(*FREE_ACTIONS, *BASE_ACTIONS)

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

    def action_add_counter(self) -> None:
        self.prompt(new_counter_prompt(self.shown_state))

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

    def action_countdown(self) -> None:
        self.prompt(countdown_prompt(self.shown_state))

    def action_finish(self) -> None:
        if not self._writable():
            return

        def done(yes: bool | None) -> None:
            if yes:
                self.record(Finish())

        self.app.push_screen(ConfirmModal("End the game now? (undo reopens it)"), done)
