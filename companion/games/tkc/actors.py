"""Whose action each King Commands event is, for a seat's phone (`Game.actor`): the player up's,
but the draw for the start player (the table's) and a score pile's count (its owner's)."""

from __future__ import annotations

from companion.core import Event
from companion.games.tkc.events import CountPile, StartDraw
from companion.games.tkc.state import TkcState


def actor(state: TkcState, event: Event) -> int | None:
    if isinstance(event, StartDraw):
        return None
    if isinstance(event, CountPile):
        return event.seat
    return state.active
