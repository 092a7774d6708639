"""An Input whose own keys (backspace, delete, the arrows, home, end) act as they arrive.

Textual's Input inserts a letter as soon as the key reaches it, but runs a key it binds only
once the key has bubbled up to the app. In a burst (a paste the terminal does not bracket, a
fast typist while each key's search runs) a backspace could then land after the letters typed
after it, and eat them. Here the Input runs its own bindings when the key reaches it, in order
with the letters. A binding of the focused widget comes first in the app's chain anyway, so
the key does what it did; only its moment changes.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from textual import events
from textual.widgets import Input


class OrderedInput(Input):
    def __init__(self, value: str | None = None, *, bubbled: Iterable[str] = (), **kw: Any) -> None:
        """``bubbled``: keys left to go up as before (the table's entry line records on enter)."""
        super().__init__(value, **kw)
        self._bubbled = frozenset(bubbled)

    async def _on_key(self, event: events.Key) -> None:
        own = [binding for binding in self._bindings.key_to_bindings.get(event.key, ()) if not binding.priority]
        if own and event.key not in self._bubbled:
            event.stop()
            event.prevent_default()
            await self.run_action(own[0].action)
            return
        await super()._on_key(event)
