"""What each action button on a seat's phone opens: what the game's key opens at the table.

Each game declares its keys as data (`Game.keys`, `companion.core.Key`): the footer's title,
and what the key opens, a question its core builds (`prompts`, `notation`) or an event. A
seat's page offers the same keys under the same titles and opens them with the same builder
(`Key.build`), handed the remembered cards as the table's screen is. The page holds no game
code: it shows the `Prompt` or the dice tray the builder returns and sends back the typed
text. A key that works on the table's screen alone (the cell picked, a panel, the catalogue)
is not offered on a phone; the phone's own buttons, with no table key, are the game's
`seat_extras`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from companion.core import Built, Event, Game, Key, Shelf

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
    """The phone's button for a table key, or None when the key is the table's screen's alone."""
    if key.screen is not None or not key.phone or (key.opens is None and key.reads is None):
        return None
    family, label = key.name.partition("(")[0], key.key_display or key.key
    return Opener(family, label, key.title, key.build, asks=not isinstance(key.opens, Event))


def openers(game: Game[Any]) -> tuple[Opener, ...]:
    """The buttons of `game`'s seats, then next turn (the key `n` every table has): the
    game's own `seat_openers` if it lists them outright, else its phone-only `seat_extras`
    and then one per key that opens something on a phone."""
    found = getattr(game, "seat_openers", None)
    if found is None:
        keyed = (of_key(key) for key in getattr(game, "keys", ()))
        found = (*getattr(game, "seat_extras", ()), *(o for o in keyed if o is not None))
    return (*found, Opener("next_turn", "n", "Next turn", lambda s, shelf: game.next_turn(s), asks=False))
