"""Whose action each free-play event is, for a seat's phone (`Game.actor`): a player's own
counter is theirs, the turn is the player up's, and the table's counters, new counters, the
countdown and the end are the table's."""

from __future__ import annotations

from companion.core import Event
from companion.games.free.events import Adjust, NextTurn, RemoveCounter, SetValue
from companion.games.free.state import FreeState


def actor(state: FreeState, event: Event) -> int | None:
    if isinstance(event, (Adjust, SetValue, RemoveCounter)):
        return event.owner
    if isinstance(event, NextTurn):
        return state.active
    return None
