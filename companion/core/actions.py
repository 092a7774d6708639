"""Action families and their keys: what a player may do now, and which key does it.

A game's `actions` hook answers, for a state, every family open or closed with the player's
reason, found by asking the game's own `apply` (`probed`, `open_when`), so the keys never
disagree with the rules. `Key` declares each family's key beside it, as data the table frame
builds its bindings, footer and palette from.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from companion.core.events import Event
from companion.core.prompts import Dice, Prompt
from companion.rejected import Rejected


@dataclass(frozen=True)
class Action:
    """One family of actions a player may take: the name the table's key runs (its action),
    the event kinds it records, and why it is closed now (None: open).

    The table screen's footer, palette and dead-key messages read these; the fuzz law holds
    the core to them: an event whose every family is closed is refused, and an open family's
    example is accepted.
    """

    name: str
    kinds: tuple[str, ...]
    closed: str | None = None
    example: Event | None = None  # an event of the family the core accepts now, when it knows one


def probed(name: str, apply: Any, state: Any, event: Event) -> Action:
    """The family `name` of `event`'s kind: open, with `event` as its example, when the core
    accepts it now; else closed with the core's reason."""
    try:
        apply(state, event)
    except Rejected as exc:
        return Action(name, (event.kind,), exc.reason)
    return Action(name, (event.kind,), example=event)


def open_when(name: str, kinds: tuple[str, ...] | str, check: Any, *args: Any) -> Action:
    """The family `name`, open unless `check(*args)` raises Rejected (its reason closes it)."""
    try:
        check(*args)
    except Rejected as exc:
        return Action(name, (kinds,) if isinstance(kinds, str) else kinds, exc.reason)
    return Action(name, (kinds,) if isinstance(kinds, str) else kinds)


def probe(apply: Any, state: Any, event: Event) -> None:
    """Raise the core's Rejected if `event` is refused in `state`; a check for `open_when`."""
    apply(state, event)


# What a key opens: an event to record, or a builder of what to do from the state shown (an
# event or several, all or nothing; a Prompt for the entry line; Dice for the dice tray).
Opens = Event | Callable[[Any], "Event | tuple[Event, ...] | Prompt | Dice | None"]
# A game's remembered cards of one kind ("character", "enemy"), by name: what a seat's phone
# hands a key whose question needs them (the table's screen asks its store instead).
Shelf = Callable[[str], Mapping[str, Mapping[str, Any]]]
# What a key opens on a seat's phone when its table key opens nothing itself: an event to
# record at once, or a builder from the state and the remembered cards.
SeatOpens = Event | Callable[[Any, Shelf], "Event | tuple[Event, ...] | Prompt | Dice | None"]


@dataclass(frozen=True)
class Key:
    """An action family's key at the table, declared by the game beside its `actions`.

    The table frame builds from it the binding, the footer entry (`help` is its tooltip), the
    command palette's entry and what the key does: `opens`, or, when None, the game screen's
    `action_<name>` method (a key that works on a panel of that screen)."""

    key: str  # Textual's name for it: "d", "D", "ctrl+k", "minus"
    name: str  # the family it runs (an `Action.name`), also its id in the settings' keymap
    title: str  # the footer's and the palette's word for it
    help: str = ""
    opens: Opens | None = None
    show: bool = True  # in the footer; False: in ctrl+p only
    key_display: str | None = None
    # On a seat's phone the key opens `opens`; where that is None (the table's screen asks its
    # store for cards, or for the player's sure), `seat` says what the phone opens instead.
    # A key with neither is not on the phones (it works on a panel of the table's screen).
    seat: SeatOpens | None = None
