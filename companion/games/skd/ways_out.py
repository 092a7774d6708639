"""The deciding turn's ways out: each stored skill of the active party worked out on the race.

A skill's words stored on its card (damage, heal, enemy mana, mana...) are the real effects the
core applies, so each is tried on the table as it would stand after this turn's play (the
skills come after it): a skill that stops the deck running out at this enemy phase, or wins
the boss battle, changes who wins the race and is named. An X★ skill is tried with the least
mana that does it.
"""

from __future__ import annotations

from dataclasses import replace

from companion.core import Rejected
from companion.games.skd.effect_words import stored_effects
from companion.games.skd.effects import Reveals, apply_effects
from companion.games.skd.forecast import deciding
from companion.games.skd.state import SkdState


def saves(state: SkdState) -> bool:
    """Whether the table is out of the deciding turn: the boss down, or this enemy phase survived."""
    return state.stage == "won" or not deciding(state)


def ways_out(state: SkdState) -> tuple[str, ...]:
    """`Rin (enemy mana -1)` for each stored skill that alone turns this deciding turn; () on
    any other turn."""
    if not deciding(state):
        return ()
    seat = state.seats[state.active]
    after_play = replace(state, played=True, drew=True)
    found = []
    for c in seat.party:
        if c.cost in ("", "constant") or c.name in state.skills_used or not c.skill:
            continue
        costs = range(1, seat.mana + 1) if c.cost == "X" else (int(c.cost),)
        for pay in costs:
            if pay > seat.mana:
                break
            effects = stored_effects(c.skill, pay, state.active)
            if not effects:
                break  # words that are only the card's text: nothing to work out
            try:
                tried, _ = apply_effects(after_play, tuple(effects), Reveals(()))
            except Rejected:
                continue  # a kill that needs the next enemy revealed: a normal-battle kill saves nothing
            if saves(tried):
                found.append(f"{c.name} ({c.skill}{f', X={pay}' if c.cost == 'X' else ''})")
                break
    return tuple(found)


def ways_out_words(state: SkdState) -> str:
    """The stored skills that turn the deciding turn, as a clause; "" when none does."""
    found = ways_out(state)
    return f"stored skills that change it: {', '.join(found)}" if found else ""
