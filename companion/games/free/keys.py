"""Free play's keys at the table: one per family of `FreeGame.actions`, as data.

A key that works on the counter picked in the players' table (change, remove) or asks to be
sure first (finish) opens nothing here: the free-play screen's method of that name does it.
"""

from __future__ import annotations

from companion.core import Key
from companion.games.free.notation import countdown_prompt, new_counter_prompt

KEYS = (
    Key("minus", "change('-')", "Subtract", "Subtract from the selected counter", key_display="-"),
    Key("plus", "change('+')", "Add", "Add to the selected counter", key_display="+"),
    Key("equals_sign", "change('=')", "Set", "Set the selected counter", key_display="="),
    Key("a", "add_counter", "New counter", "Add a counter for every player or the table", new_counter_prompt),
    Key("x", "remove_counter", "Remove counter", "Remove the selected counter", show=False),
    Key("c", "countdown", "Countdown", "End the game after a round or a number of turns", countdown_prompt),
    Key("f", "finish", "Finish", "End the game now"),
)
