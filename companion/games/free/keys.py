"""Free play's keys at the table: one per family of `FreeGame.actions`, as data.

A key that works on the counter picked in the players' table (change, remove) or asks to be
sure first (finish) opens nothing here: the free-play screen's method of that name does it.
"""

from __future__ import annotations

from typing import Any

from companion.core import Key, Prompt, Rejected, Shelf
from companion.games.free import notation as n
from companion.games.free.events import Finish
from companion.games.free.notation import countdown_prompt, new_counter_prompt
from companion.seat_openers import Opener

KEYS = (
    Key("minus", "change('-')", "Subtract", "Subtract from the selected counter", key_display="-"),
    Key("plus", "change('+')", "Add", "Add to the selected counter", key_display="+"),
    Key("equals_sign", "change('=')", "Set", "Set the selected counter", key_display="="),
    Key("a", "add_counter", "New counter", "Add a counter for every player or the table", new_counter_prompt),
    Key("x", "remove_counter", "Remove counter", "Remove the selected counter", show=False),
    Key("c", "countdown", "Countdown", "End the game after a round or a number of turns", countdown_prompt),
    Key("f", "finish", "Finish", "End the game now", seat=Finish()),  # the phone: no "sure?" on a tap
)


def _change(state: Any, shelf: Shelf) -> Prompt:
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
SEAT_EXTRAS = (Opener("change", "±", "Change", _change),)
