"""Whose action each Seirei Kairo Drive event is, for a seat's phone (`Game.actor`): the draft is
the drafter's on the clock, the turn the player up's, mana given the named seat's; the enemy,
the boss setup, moved cards and corrections are the table's."""

from __future__ import annotations

from companion.core import Event
from companion.games.skd import events as ev
from companion.games.skd.stages import drafter
from companion.games.skd.state import SkdState

DRAFT = (ev.DraftPick, ev.DraftSwap, ev.DraftPass)
TURN = (ev.Draw, ev.Play, ev.LevelUp, ev.Skill, ev.EndTurn)


def actor(state: SkdState, event: Event) -> int | None:
    if isinstance(event, DRAFT):
        on_clock = drafter(state) if state.stage == "draft" else None
        return on_clock[1] if on_clock is not None else None
    if isinstance(event, TURN):
        return state.active
    if isinstance(event, ev.AdjustMana):
        return event.seat
    return None
