"""What each action button on a seat's phone opens: what the game's key opens at the table.

Each game declares its keys as data (`Game.keys`, `companion.core.Key`): the footer's title,
and what the key opens, a question its core builds (`prompts`, `notation`) or an event. A
seat's page offers the same keys under the same titles; where the table's screen answers a key
itself (it asks its store for the remembered cards, or the player's sure), the Key's `seat`
says what the phone opens. The page holds no game code: it shows the `Prompt` or the dice tray
the builder returns and sends back the typed text. A key with neither is not offered on a
phone (one that works on a panel of the table's screen); the phone's own buttons, with no
table key, are the game's `seat_extras`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from companion.core import Dice, Event, Game, Key, Prompt, Shelf

Built = Event | tuple[Event, ...] | Prompt | Dice | None
__all__ = ["Built", "Opener", "Shelf", "openers"]


@dataclass(frozen=True)
class Opener:
    """One button: the action family it belongs to, its key and title as the footer shows them,
    and what it opens from the state and the game's remembered cards."""

    name: str
    key: str
    title: str
    build: Callable[[Any, Shelf], Built]
    asks: bool = True  # False: it records an event at once (whose it is shows before it is pressed)


def of_key(key: Key) -> Opener | None:
    """The phone's button for a table key, or None when the phone has nothing to open for it."""
    family, label = key.name.partition("(")[0], key.key_display or key.key
    opens = key.opens if key.seat is None else key.seat
    if opens is None:
        return None
    if isinstance(opens, Event):
        event = opens
        return Opener(family, label, key.title, lambda state, shelf: event, asks=False)
    if key.seat is None:
        build = opens
        return Opener(family, label, key.title, lambda state, shelf: build(state))  # type: ignore[call-arg]
    return Opener(family, label, key.title, opens)  # type: ignore[arg-type]


def openers(game: Game[Any]) -> tuple[Opener, ...]:
    """The buttons of `game`'s seats, then next turn (the key `n` every table has): the
    game's own `seat_openers` if it lists them outright, else its phone-only `seat_extras`
    and then one per key that opens something on a phone."""
    found = getattr(game, "seat_openers", None)
    if found is None:
        keyed = (of_key(key) for key in getattr(game, "keys", ()))
        found = (*getattr(game, "seat_extras", ()), *(o for o in keyed if o is not None))
    return (*found, Opener("next_turn", "n", "Next turn", lambda s, shelf: game.next_turn(s), asks=False))
