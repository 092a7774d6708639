"""Free play at the table: pick a cell, type -7 or +3 or =12, enter. Counters, countdown, end."""

from __future__ import annotations

import re

from textual.widgets import DataTable

from companion.games.free import (
    AddCounter,
    Adjust,
    Counter,
    Finish,
    RemoveCounter,
    SetCountdown,
    SetValue,
    parse_counters,
)
from companion.numbers import LIMIT, quoted, whole
from screens.commands import Command, bindings
from screens.confirm_modal import ConfirmModal
from screens.table_screen import BASE_ACTIONS, TableScreen

CHANGE = re.compile(r"^\s*([-+=]?)\s*(\S+)\s*$")

FREE_ACTIONS = (
    Command("minus", "change('-')", "Subtract", "Subtract from the selected counter", key_display="-"),
    Command("plus", "change('+')", "Add", "Add to the selected counter", key_display="+"),
    Command("equals_sign", "change('=')", "Set", "Set the selected counter", key_display="="),
    Command("a", "add_counter", "New counter", "Add a counter for every player or the table"),
    Command("x", "remove_counter", "Remove counter", "Remove the selected counter", show=False),
    Command("c", "countdown", "Countdown", "End the game after a round or a number of turns"),
    Command("f", "finish", "Finish", "End the game now", show=False),
    *(Command(str(i), f"seat({i - 1})", f"Player {i}", show=False) for i in range(1, 10)),
)


def legal_changes(counter: Counter) -> str:
    """What may be typed for `counter` now, from its bounds: never an example it would refuse."""
    low, high, value = counter.low, counter.high, counter.value
    down = "-N subtracts" if low is None else (f"-1..-{value - low} subtracts" if value > low else "")
    up = "+N adds" if high is None else (f"+1..+{high - value} adds" if value < high else "")
    if low is not None and high is not None:
        to = f"={low}..{high} sets"
    elif low is not None:
        to = f"={low} or more sets"
    elif high is not None:
        to = f"={high} or less sets"
    else:
        to = "=N sets"
    return " · ".join(part for part in (down, up, to) if part)


class FreeScreen(TableScreen):
    CSS_PATH = ["table_screen.tcss"]
    ACTIONS = (*FREE_ACTIONS[:7], *BASE_ACTIONS, *FREE_ACTIONS[7:])
    BINDINGS = bindings(*FREE_ACTIONS, *BASE_ACTIONS)

    def selected_counter(self) -> tuple[int | None, str] | None:
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
        if not any(c.owner == owner and c.name == name for c in state.counters):
            return None
        return owner, name

    def _who(self, owner: int | None) -> str:
        return "Table" if owner is None else self.shown_state.players[owner]

    def action_change(self, sign: str) -> None:
        if not self._writable():
            return
        chosen = self.selected_counter()
        if chosen is None:
            self.explain("Pick a cell with a counter first (arrow keys), or press a to add one.")
            return
        owner, name = chosen
        counter = next(c for c in self.shown_state.counters if c.owner == owner and c.name == name)
        label = f"{self._who(owner)} · {name} is {counter.value}: {legal_changes(counter)}, then enter (esc cancels)"

        def submit(text: str) -> str | None:
            m = CHANGE.match(text)
            if not m:
                return f"{quoted(text)} is not a number: {legal_changes(counter)}."
            op, number = m.group(1) or "+", whole(m.group(2), "The amount", 0, LIMIT)
            event = (
                SetValue(name, owner, number) if op == "=" else Adjust(name, owner, number if op == "+" else -number)
            )
            return self.attempt(event)

        self.ask(label, sign if sign != "+" else "+", submit)

    def action_seat(self, seat: int) -> None:
        table = self.query_one("#players", DataTable)
        if seat >= table.row_count:
            self.explain(f"There is no player {seat + 1} at this table.")
            return
        table.move_cursor(row=seat, column=max(table.cursor_column, 1))
        table.focus()

    def action_add_counter(self) -> None:
        if not self._writable():
            return

        def submit(text: str) -> str | None:
            shared = text.strip().lower().startswith("table:")
            spec = text.split(":", 1)[1] if shared else text
            try:
                rows = parse_counters(spec)
            except Exception as exc:  # Rejected
                return str(exc)
            if not rows:
                return "Type a counter, e.g. HP=20 0..40."
            for name, value, low, high in rows:
                if reason := self.attempt(AddCounter(name, None, value, low, high, each=not shared)):
                    return reason
            return None

        self.ask("New counter for every player: HP=20 0..40 · for the table: table: deck=54 0..", "", submit)

    def action_remove_counter(self) -> None:
        chosen = self.selected_counter()
        if chosen is None:
            self.explain("Pick a cell with a counter to remove (arrow keys).")
            return
        if not self._writable():
            return
        owner, name = chosen

        def done(yes: bool | None) -> None:
            if yes:
                self.record(RemoveCounter(name, owner))

        self.app.push_screen(ConfirmModal(f"Remove {self._who(owner)}'s {name}? (undo brings it back)"), done)

    def action_countdown(self) -> None:
        if not self._writable():
            return

        def submit(text: str) -> str | None:
            t = text.strip().lower()
            if t in {"0", "none", "off", ""}:
                event = SetCountdown()
            elif m := re.fullmatch(r"r(?:ound)?\s*(\S+)", t):
                event = SetCountdown(end_round=whole(m.group(1), "The last round", 1, LIMIT))
            elif t[:1].isdigit():
                event = SetCountdown(more_turns=whole(t, "The number of turns", 1, LIMIT))
            else:
                return f"{quoted(text)}: type r5 (ends after round 5), 3 (three more turns) or 0 (no end)."
            return self.attempt(event)

        self.ask("Countdown: r5 = the game ends after round 5 · 3 = after 3 more turns · 0 = none", "", submit)

    def action_finish(self) -> None:
        if not self._writable():
            return

        def done(yes: bool | None) -> None:
            if yes:
                self.record(Finish())

        self.app.push_screen(ConfirmModal("End the game now? (undo reopens it)"), done)
