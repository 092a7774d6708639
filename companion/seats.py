"""Who may record what from a seat's phone: one pure decision for every game.

A game names each event's actor (`Game.actor`: a seat, or None for the table's own events).
By default a seat records its own player's actions and the table's; another player's action is
refused with whose it is. With every seat trusted (`everyone`, the table's choice when it
starts the seats) any seat records anything. The terminal records anything and never asks.
Several events recorded together (one typed line) are checked one by one, each in the state
the ones before it make, as they would be recorded.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.core import Event, Game, Rejected


def whose(game: Game[Any], state: Any, event: Event, players: Sequence[str]) -> int | None:
    """The seat whose action `event` is, None for the table's (a seat number out of range too)."""
    seat = game.actor(state, event)
    return seat if seat is not None and 0 <= seat < len(players) else None


def may_record(
    game: Game[Any], state: Any, events: Sequence[Event], seat: int, players: Sequence[str], everyone: bool = False
) -> str | None:
    """None when `seat` may record `events` in `state`; else the reason, naming whose they are."""
    if everyone:
        return None
    for event in events:
        actor = whose(game, state, event, players)
        if actor is not None and actor != seat:
            return f"That is {players[actor]}'s to record: on their phone, or at the table's screen."
        try:
            state = game.apply(state, event)
        except Rejected:
            return None  # the core refuses it anyway, with its own reason
    return None
