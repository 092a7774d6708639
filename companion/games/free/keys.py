"""Free play's keys at the table: one per family of `FreeGame.actions`, as data.

-, + and = change the counter picked in the players' table, x removes it (the Shelf's
`picked` cell); neither is on a phone, which has no cursor: its one "±" button asks which
counter first. x and f ask to be sure at the table; a tap on a phone's Finish ends at once.
1-9 pick a player's row (the players' table's keys, no family of the game's).
"""

from __future__ import annotations

from typing import Any

from companion.core import Event, Key, Prompt, Rejected, Shelf
from companion.games.free import notation as n
from companion.games.free.events import Finish, RemoveCounter
from companion.games.free.notation import countdown_prompt, new_counter_prompt
from companion.seat_openers import Opener


def _change(sign: str) -> Any:
    def build(state: Any, shelf: Shelf) -> Prompt:
        counter = n.picked_counter(state, shelf.picked)
        if counter is None:
            raise Rejected("Pick a cell with a counter first (arrow keys), or press a to add one.")
        return n.change_prompt(state, counter, sign)

    return build


def _remove(state: Any, shelf: Shelf) -> Event:
    counter = n.picked_counter(state, shelf.picked)
    if counter is None:
        raise Rejected("Pick a cell with a counter to remove (arrow keys).")
    return RemoveCounter(counter.name, counter.owner)


def _sure_remove(state: Any, event: Any) -> str:
    return f"Remove {n.owner_name(state, event.owner)}'s {event.name}? (undo brings it back)"


SEATS = tuple(
    Key(str(i), f"seat({i - 1})", f"Player {i}", show=False, screen="screens.table_moves:pick_player")
    for i in range(1, 10)
)

KEYS = (
    Key(
        "minus",
        "change('-')",
        "Subtract",
        "Subtract from the selected counter",
        key_display="-",
        reads=_change("-"),
        phone=False,
    ),
    Key("plus", "change('+')", "Add", "Add to the selected counter", key_display="+", reads=_change("+"), phone=False),
    Key(
        "equals_sign",
        "change('=')",
        "Set",
        "Set the selected counter",
        key_display="=",
        reads=_change("="),
        phone=False,
    ),
    Key("a", "add_counter", "New counter", "Add a counter for every player or the table", new_counter_prompt),
    Key(
        "x",
        "remove_counter",
        "Remove counter",
        "Remove the selected counter",
        show=False,
        reads=_remove,
        phone=False,
        sure=_sure_remove,
    ),
    Key("c", "countdown", "Countdown", "End the game after a round or a number of turns", countdown_prompt),
    Key(
        "f",
        "finish",
        "Finish",
        "End the game now",
        Finish(),
        sure=lambda state, event: "End the game now? (undo reopens it)",
    ),
    *SEATS,
)


def _which(state: Any, shelf: Shelf) -> Prompt:
    """Which counter, then the change: the phone has no cursor to pick a cell with."""
    named = {f"{n.owner_name(state, c.owner)} {c.name}": c for c in state.counters}

    def pick(text: str) -> Prompt:
        folded = {name.casefold(): c for name, c in named.items()}
        counter = folded.get(" ".join(text.split()).casefold())
        if counter is None:
            raise Rejected(
                f"No counter {text.strip()!r}: choose one of {', '.join(named) or 'none yet (New counter)'}."
            )
        return n.change_prompt(state, counter, "")

    return Prompt("Which counter? (player and counter name)", pick, choices=tuple(named), suggest=tuple(named))


# The phone's one button for -, + and = (which work on the counter picked at the table).
SEAT_EXTRAS = (Opener("change", "±", "Change", _which),)
