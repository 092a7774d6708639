"""What each action button on a seat's phone opens: the same builders the game's keys run.

Each game's table keys open a question its core builds (`prompts`, `notation`) or record an
event; a seat's page offers the same, named as the table's footer names the keys. The page
holds no game code: it shows the `Prompt` or the dice tray the builder returns and sends back
the typed text. A family the game has no entry for here is not offered on a phone (the
catalogue, the win chance: the table's screen has them).

Each game declares its buttons in its own package (`seat_buttons.py`), restating what its
screen binds (key, title, builder) until the games declare their keys as data in the core.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from importlib import import_module
from typing import Any

from companion.core import Dice, Event, Game, Prompt

Built = Event | tuple[Event, ...] | Prompt | Dice | None
Shelf = Callable[[str], Mapping[str, Mapping[str, Any]]]  # a kind's remembered cards, by name


@dataclass(frozen=True)
class Opener:
    """One button: the action family it belongs to, its key and title as the footer shows them,
    and what it opens from the state and the game's remembered cards."""

    name: str
    key: str
    title: str
    build: Callable[[Any, Shelf], Built]
    asks: bool = True  # False: it records an event at once (whose it is shows before it is pressed)


def openers(game: Game[Any]) -> tuple[Opener, ...]:
    """The buttons of `game`'s seats, then next turn (the key `n` every table has): those its
    package declares in `seat_buttons.openers()`, or the game object's own `seat_openers`."""
    found = getattr(game, "seat_openers", None)
    if found is None:
        package = type(game).__module__.rpartition(".")[0]
        try:
            module = import_module(f"{package}.seat_buttons")
        except ModuleNotFoundError:
            found = ()
        else:
            found = module.openers()
    return (*found, Opener("next_turn", "n", "Next turn", lambda s, shelf: game.next_turn(s), asks=False))
