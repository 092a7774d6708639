"""How a table screen takes keys: in arrival order, across follow-up questions and modals.

The screen runs its own keys here rather than as deferred bindings, so a burst (a fast
typist, a paste) reaches the entry line in order; keys typed between an answer and the
question or modal it opens are held and replayed there, never dropped.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING, ClassVar

from textual import events

from companion.core import Prompt, Rejected
from screens.commands import Command
from screens.table_host import TableHost
from screens.widgets.entry_line import EntryLine

# The screen's members, typed for the checker; at run time the screen itself gives them.
if TYPE_CHECKING:
    _Host = TableHost
else:
    _Host = object


class KeyBurst(_Host):
    """Mixed into TableScreen, which gives the entry line, the commands and their checks."""

    ACTIONS: ClassVar[tuple[Command, ...]]
    _held: list[events.Key] | None
    _asked: int
    _line_closed: bool
    _entry_callback: Callable[[str], str | None] | None
    _back: Prompt | None

    async def on_key(self, event: events.Key) -> None:
        """Run this screen's keys here, in arrival order, rather than as deferred bindings.

        A burst such as `- 7 enter` (a fast typist, or a paste) then reaches the entry line
        in order: the line opens on `-`, and `7` and `enter` land in it. Keys that arrive
        between an answer and the follow-up question a callback schedules are held and
        replayed once the screen has repainted, so they land in that question.
        """
        if self._held is not None:
            event.stop()
            self._held.append(event)
            return
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
            if event.is_printable and event.character:
                # The Input takes the keys sent to it; this one was sent to the widget that
                # had focus before the line opened, earlier in the same burst.
                entry = line.input
                if entry.selection.is_empty:
                    entry.insert_text_at_cursor(event.character)
                else:  # a filled-in default: the first key typed replaces it, as in the Input
                    entry.replace(event.character, *entry.selection)
                return True
        command = self._key_commands().get(event.key)
        if command is None:
            if not self.entry_open and event.is_printable and event.character and event.key != "space":
                self.explain(
                    f"{event.character} is not a key here: the footer shows this screen's keys, "
                    "ctrl+p lists every command."
                )
                return True
            return False
        if not self.check_action(command.action, ()):
            self.explain(self.why_not(command))
            return True
        self.explain("")
        await self.run_action(command.action)
        return True

    async def _release_held(self) -> None:
        held, self._held = self._held or [], None
        for i, key in enumerate(held):
            if self.app.screen is not self:  # type: ignore[comparison-overlap]  # the host is a Screen; the answer opened a modal: the keys are its
                for rest in held[i:]:
                    self.app.post_message(events.Key(rest.key, rest.character))
                return
            await self._handle_key(key)
            if self._held is not None:  # another answer holds what is left
                self._held[:0] = held[i + 1 :]
                return

    @classmethod
    @cache
    def _key_commands(cls) -> dict[str, Command]:
        return {c.key: c for c in cls.ACTIONS}

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
            # A callback may schedule its follow-up question after the repaint: hold the
            # keys typed meanwhile for it.
            self._held = []
            self.call_after_refresh(self._release_held)
