"""How a table screen takes keys: its commands, the entry line's enter, tab and esc.

The order of keys is the app's one queue (screens/key_queue.py): a key reaches this screen
only once everything the key before it set off is done (a question opened, a tray mounted).
Here the screen runs its commands from its key list, says why a key does nothing, and
submits the entry line itself, so an answer is recorded before the next key is delivered.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar

from textual import events

from companion.core import Prompt, Rejected
from screens.commands import Command, keyed, keymap
from screens.table_host import TableHost
from screens.widgets.entry_line import EntryLine

_DEAD_SHOWN = 6  # the most dead keys in a row the status line names

# The screen's members, typed for the checker; at run time the screen itself gives them.
if TYPE_CHECKING:
    _Host = TableHost
else:
    _Host = object


class KeyBurst(_Host):
    """Mixed into TableScreen, which gives the entry line, the commands and their checks."""

    ACTIONS: ClassVar[tuple[Command, ...]]
    _asked: int
    _line_closed: bool
    _entry_callback: Callable[[str], str | None] | None
    _back: Prompt | None
    _dead: str = ""  # the dead keys typed in a row, up to the key before this one

    async def on_key(self, event: events.Key) -> None:
        """Run this screen's keys here, where they arrive, rather than as bindings."""
        if await self._handle_key(event):
            event.stop()

    async def _handle_key(self, event: events.Key) -> bool:
        """True when the key was used here (not to pass on to the focused widget)."""
        if event.key != "escape":
            self._line_closed = False  # any other key: a later esc is no reflex
        line = self.query_one(EntryLine)
        if self.entry_open:
            if event.key == "enter":
                # Submitted here, not through the Input's message: a key typed after enter
                # (ctrl+z, say) must not overtake the action enter records.
                self._submit_entry(line.input.value)
                return True
            if event.key == "tab":
                line.take_suggestion()
                return True
            if event.key == "escape":
                back = self._back
                self.close_entry()
                if back is not None:  # a follow-up question: esc goes back to the action's own line
                    self.prompt(back)
                return True
        dead, self._dead = self._dead, ""
        command = self._key_commands().get(event.key)
        if command is None:
            if not self.entry_open and event.is_printable and event.character and event.key != "space":
                # Dead keys typed in a row are named together ("z4": z and 4), not the last alone.
                self._dead = (dead + event.character)[-_DEAD_SHOWN:]
                named = ", ".join(self._dead)
                verb = "is not a key" if len(self._dead) == 1 else "are not keys"
                self.explain(f"{named} {verb} here: the footer shows this screen's keys, ctrl+p lists every command.")
                self._line_closed = True  # a reflex esc after a dead key stays, as after a line
                return True
            return False
        if not self.check_action(command.action, ()):
            self.explain(self.why_not(command))
            self._line_closed = True  # the same for a key that says why it is closed
            return True
        self.explain("")
        await self.run_action(command.action)
        return True

    def _key_commands(self) -> dict[str, Command]:
        """This screen's commands by key, the settings' keymap applied (as Textual applies it
        to the bindings and the footer)."""
        return keyed(self.ACTIONS, keymap(self.app))

    def _submit_entry(self, value: str) -> None:
        callback = self._entry_callback
        if callback is None:
            return
        asked = self._asked
        try:
            error = callback(value)
        except Rejected as exc:  # a number out of range, say, from the core's parsing
            error = exc.reason
        if error:
            self.query_one(EntryLine).refuse(error)
        elif self._asked == asked:
            self.close_entry()
