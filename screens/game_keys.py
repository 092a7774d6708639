"""What the table's keys may do now and what they read, for every game, from `Game.keys`.

The game's families come from its `actions` hook (open, or closed with the player's reason);
`check_action` and `why_not` answer every key from them (screens.table_legal). A key's builder
reads the Shelf the frame hands it: the remembered cards from the store, the cell picked in
the players' table, and what a game screen solves for its panel (`solved`). A character a key
`starts` its question with, typed while its family is open, opens that question with it typed
in; typed while the family is closed, it says why.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from textual import events
from textual.widgets import DataTable

from companion.core import Action, Key, Shelf
from companion.timeline import Timeline
from screens.commands import Command
from screens.key_burst import KeyBurst
from screens.store_access import store
from screens.table_legal import open_now, why_not


class GameKeys(KeyBurst):
    """Mixed into TableScreen: the keys' checks, reasons and Shelf, and keys typed as text."""

    GAME_KEYS: ClassVar[tuple[Key, ...]] = ()  # the game's, bound by screens.table_keys
    ACTIONS: ClassVar[tuple[Command, ...]]
    timeline: Timeline | None
    viewing: int | None
    _families: tuple[Any, dict[str, Action]] | None = None

    def families(self) -> dict[str, Action]:
        """The game's action families for the state now, by the action their key runs."""
        tl = self.timeline
        if tl is None:
            return {}
        if self._families is None or self._families[0] is not tl.state:
            self._families = (tl.state, {a.name: a for a in tl.game.actions(tl.state)})
        return self._families[1]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Open keys show in the footer; a family the game says is closed is hidden (its key
        says why); while the past is shown, the game's keys are dimmed."""
        return open_now(self.timeline, self.viewing, action, self.families())

    def keys_open(self) -> tuple[tuple[bool | None, str | None], ...]:
        """Each of ACTIONS as `check_action` answers it now, with its word now (`key_title`),
        the game's families asked once (a paint compares this to the last to know whether the
        footer changed)."""
        families = self.families()
        return tuple(
            (open_now(self.timeline, self.viewing, c.action, families), self.key_title(c.action)) for c in self.ACTIONS
        )

    def key_title(self, action: str) -> str | None:
        """The footer's word for the key running `action` where the game's state changes it
        (`Action.title`); None: the key's own title."""
        family = self.families().get(action)
        return family.title if family is not None else None

    def why_not(self, command: Command) -> str:
        """Why `command` does nothing now: the game's reason for a closed family, else the frame's."""
        return why_not(self.timeline, self.viewing, command, self.families())

    def shelf(self) -> Shelf:
        """What a game's key reads besides the state: the cards, the cell picked, the solved."""
        game = self.timeline.game.id if self.timeline is not None else ""
        cell = self.query_one("#players", DataTable).cursor_coordinate
        return Shelf(lambda kind: store(self.app).cards(game, kind), (cell.row, cell.column), self.solved())

    def solved(self) -> Mapping[str, Any] | None:
        """What this screen solves in the background for a key's builder (a game screen's panel
        may); None: the builder solves what it needs itself."""
        return None

    async def _handle_key(self, event: events.Key) -> bool:
        tl = self.timeline
        if self.entry_open or self.viewing is not None or not event.character or tl is None:
            return await super()._handle_key(event)
        key = next((k for k in self.GAME_KEYS if k.starts is not None and event.character in k.starts(tl.state)), None)
        family = self.families().get(key.name) if key is not None else None
        if key is not None and family is not None:
            if family.closed is None:
                self.run_key(key, event.character)
                return True
            if event.key not in self._key_commands():  # a card typed before the play is open
                self.explain(f"{key.title}: {family.closed}")
                return True
        return await super()._handle_key(event)
