"""Monster Maker 5 events as a player types them: the key, then the dice tray's faces.

The notation's other half (notation.py and prompts.py read, this writes): `write(state, event)`
gives what the same questions read back to exactly `event`. Written so far: the initiative
roll (both dice in the tray, or the key alone where the core decides it) and the next turn;
the other kinds give None until they are written.
"""

from __future__ import annotations

from companion.core import Dice, Event, Rejected, Typed
from companion.games.mm5.events import Initiative
from companion.games.mm5.prompts import initiative
from companion.games.mm5.state import State


def write(state: State, event: Event) -> Typed | None:
    if isinstance(event, Initiative):
        try:
            opens = initiative(state)
        except Rejected:
            return None
        if isinstance(opens, Dice):
            return Typed("initiative", opens, (f"{event.attacker} {event.defender}",))
        return Typed("initiative", opens) if opens == event else None
    return None
