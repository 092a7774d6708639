"""Whose action each Monster Maker 5 event is, for a seat's phone (`Game.actor`).

The player up acts on the turn; a reinforcement, a spell or a hand count is the named seat's;
a strike is the side to move's (the defender's strikes are the defender's); the deal, the
start, initiative (both sides roll) and a correction are the table's.
"""

from __future__ import annotations

from companion.core import Event
from companion.games.mm5.events import Draw, HandCount, Reinforce, Spell, Strike
from companion.games.mm5.state import State

TABLE_KINDS = frozenset({"begin", "initiative", "remove"})


def actor(state: State, event: Event) -> int | None:
    if event.kind in TABLE_KINDS:
        return None
    if isinstance(event, Draw):
        return None if state.phase == "deal" else state.active
    if isinstance(event, (HandCount, Reinforce, Spell)):
        return event.seat
    if isinstance(event, Strike):
        battle = state.battle
        if battle is None:
            return state.active
        side = battle.attacker if battle.to_move == 0 else battle.defender
        return side if side >= 0 else None  # the Dungeon's strikes: whoever rolls for it
    return state.active
