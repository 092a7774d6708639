"""The forecast: how long the deck (the party's life) lasts, and what the party hits for.

Nothing here is chance: the enemy's attacks are fixed numbers, so the deck's life is a plain
count of enemy phases, simulated with the strong attack firing whenever the enemy's mana gets
there. It is told twice: the enemy alone, and with each turn's one-card draw as well.
"""

from __future__ import annotations

from companion.games.skd.cards import COLOUR_NAMES
from companion.games.skd.state import Enemy, SkdState

NEVER = None
_LIMIT = 999


def phases_survived(deck: int, enemy: Enemy, draw_first: bool = False, draws: bool = False) -> int | None:
    """Enemy phases the deck takes before a hit greater than it; None if it never comes.

    `draws`: each turn draws a card before its enemy phase (`draw_first`: this turn's draw
    is still to come).
    """
    mana, survived = enemy.mana, 0
    first = True
    while survived < _LIMIT:
        if draws and (draw_first or not first):
            deck -= min(1, deck)
        first = False
        if enemy.atk > deck:
            return survived
        deck -= enemy.atk
        mana += 1
        if enemy.threshold and mana >= enemy.threshold:
            if enemy.strong > deck:
                return survived
            deck -= enemy.strong
            mana -= enemy.threshold
        survived += 1
    return NEVER


def party_damage(state: SkdState, seat: int) -> dict[str, int]:
    """Damage one card of each colour deals for this player's party at its current levels."""
    hits: dict[str, int] = {}
    for c in state.seats[seat].party:
        hits[c.colour] = hits.get(c.colour, 0) + c.power
    return hits


def _count(n: int | None) -> str:
    return "never runs out" if n is None else f"{n} more enemy phase{'s' if n != 1 else ''}"


def forecast_line(state: SkdState) -> str:
    e = state.enemy
    parts = []
    if e is not None and state.stage in ("normal", "boss"):
        alone = phases_survived(state.deck, e)
        with_draws = phases_survived(state.deck, e, draw_first=not state.drew, draws=True)
        parts.append(f"Deck {state.deck} vs {e.name}: {_count(alone)} ({_count(with_draws)} with the draws)")
    hits = party_damage(state, state.active)
    if hits:
        per = ", ".join(f"{COLOUR_NAMES[c]} {d}" for c, d in hits.items())
        parts.append(f"{state.seats[state.active].name} hits per card: {per}")
    return " · ".join(parts)
