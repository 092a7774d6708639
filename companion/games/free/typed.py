"""Each free-play event as a player types it: the key, then the line its question reads.

The notation's other half (notation.py reads, this writes): `write(state, event)` gives the
text the same prompts read back to exactly `event`. A change to one counter (`-7`, `=12`) or
its removal acts on the cell picked with the arrow keys, so it is no line alone: None.
"""

from __future__ import annotations

from companion.core import Event, Prompt, Typed
from companion.games.free.events import AddCounter, Finish, SetCountdown
from companion.games.free.notation import TABLE, countdown_prompt, new_counter_prompt, parse_counters
from companion.games.free.state import FreeState
from companion.rejected import Rejected


def bounds(low: int | None, high: int | None) -> str:
    if low is None and high is None:
        return ""
    return f" {'' if low is None else low}..{'' if high is None else high}"


def write(state: FreeState, event: Event) -> Typed | None:
    """The keys that record `event` at `state`, or None when no line of the table does."""
    if isinstance(event, AddCounter) and event.owner is None:
        spec = f"{event.name}={event.value}{bounds(event.low, event.high)}"
        try:
            written = parse_counters(spec) == ((event.name, event.value, event.low, event.high),)
        except Rejected:
            written = False
        if not written:  # a name the line cannot carry (a comma, an `=`, a leading digit)
            return None
        return Typed("add_counter", new_counter_prompt(state), (spec if event.each else f"{TABLE} {spec}",))
    if isinstance(event, SetCountdown):
        if event.end_round is not None:
            line = f"r{event.end_round}"
        else:
            line = str(event.more_turns) if event.more_turns is not None else "0"
        return Typed("countdown", countdown_prompt(state), (line,))
    if isinstance(event, Finish):
        return Typed("finish", Prompt("End the game now?", lambda _: Finish(), confirm=True), ("y",))
    return None
