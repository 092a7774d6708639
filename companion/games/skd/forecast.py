"""The forecast: when the deck (the party's life) runs out, and when the enemy falls, in turns
and names.

Nothing here is chance: the enemy's attacks are fixed numbers, so the deck's life is walked
turn by turn from where the table is now, in seat order, with every turn's mandatory draw and
the strong attack firing whenever the enemy's mana gets there. The enemy's side is the party's
present attack: one card a turn in each player's best colour.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.skd.cards import COLOUR_NAMES
from companion.games.skd.state import SkdState

_LIMIT = 999


@dataclass(frozen=True)
class RunOut:
    """The enemy phase whose hit is greater than the deck: who, how soon, and what it means."""

    seat: int
    turns: int  # turns from now: 0 this turn, 1 the next player's …
    hit: int
    deck: int  # the deck when the hit comes
    boss: bool


def run_out(state: SkdState) -> RunOut | None:
    """The enemy phase the deck runs out on, or None if the enemy's attacks never get there."""
    e = state.enemy
    if e is None or state.stage not in ("normal", "boss") or state.normal_over:
        return None
    deck, mana, seat = state.deck, e.mana, state.active
    draw, attack = not state.drew, not state.attacked
    for turns in range(_LIMIT):
        if draw:
            deck -= min(1, deck)
        if attack:
            if e.atk > deck:
                return RunOut(seat, turns, e.atk, deck, e.boss)
            deck -= e.atk
            mana += 1
            if e.threshold and mana >= e.threshold:
                if e.strong > deck:
                    return RunOut(seat, turns, e.strong, deck, e.boss)
                deck -= e.strong
                mana -= e.threshold
        seat = (seat + 1) % len(state.seats)
        draw = attack = True
    return None


def party_damage(state: SkdState, seat: int) -> dict[str, int]:
    """Damage one card of each colour deals for this player's party at its current levels."""
    hits: dict[str, int] = {}
    for c in state.seats[seat].party:
        hits[c.colour] = hits.get(c.colour, 0) + c.power
    return hits


def falls(state: SkdState) -> tuple[int, int] | None:
    """(seat, turns from now) of the turn the enemy falls at one card a turn in each player's
    best colour; None if no one can hurt it."""
    e = state.enemy
    if e is None or state.finished:
        return None
    best = [max(party_damage(state, i).values(), default=0) for i in range(len(state.seats))]
    if not any(best):
        return None
    hp, seat, turns = e.hp, state.active, 0
    if state.played or state.attacked:  # this turn's play is done
        seat, turns = (seat + 1) % len(best), 1
    while True:
        hp -= best[seat]
        if hp <= 0:
            return seat, turns
        seat, turns = (seat + 1) % len(best), turns + 1


def when(turns: int, name: str) -> str:
    if turns == 0:
        return f"this turn ({name}'s)"
    return f"{name}'s turn, {turns} turn{'s' if turns != 1 else ''} from now"


def ending(boss: bool) -> str:
    return "the party loses" if boss else "the normal battle ends"


def forecast_lines(state: SkdState) -> tuple[str, ...]:
    """The deck's run-out and the enemy's fall, in turns and names; the active player's hits."""
    e = state.enemy
    if e is None or state.stage not in ("normal", "boss") or state.normal_over:
        return ()
    out = run_out(state)
    if out is None:
        deck = f"Deck {state.deck} vs {e.name}: never runs out"
    else:
        name = state.seats[out.seat].name
        phase = "this turn's enemy phase" if out.turns == 0 else f"{name}'s enemy phase"
        soon = "" if out.turns == 0 else f", {out.turns} turn{'s' if out.turns != 1 else ''} from now"
        deck = f"Deck {state.deck} vs {e.name}: runs out on {phase}{soon} ({ending(out.boss)})"
    fall = falls(state)
    if fall is None:
        enemy = f"{e.name} {e.hp} HP: no character can hurt it"
    else:
        enemy = (
            f"{e.name} {e.hp} HP falls on {when(fall[1], state.seats[fall[0]].name)}"
            " (one card a turn, each player's best colour)"
        )
    hit = hits_per_card(state)
    return deck, enemy + (f" · {hit}" if hit else ""), f"Race: {race(state)}"


def hits_per_card(state: SkdState) -> str:
    """`Kai hits per card: green 4, red 3`: the damage one card of each colour does for the
    active player's party (the play prompt's advice), or "" when none can hurt."""
    hits = party_damage(state, state.active)
    per = ", ".join(f"{COLOUR_NAMES[c]} {d}" for c, d in hits.items())
    return f"{state.seats[state.active].name} hits per card: {per}" if per else ""


def phase_hits(state: SkdState) -> tuple[int, ...]:
    """This turn's enemy phase: the attack, then the strong attack if the +1 mana reaches it."""
    e = state.enemy
    assert e is not None
    if e.threshold and e.mana + 1 >= e.threshold:
        return e.atk, e.strong
    return (e.atk,)


def heal_needed(state: SkdState) -> int:
    """The fewest cards back into the deck this turn (heals) that let it take this turn's enemy phase."""
    left = state.deck - (0 if state.drew else min(1, state.deck))
    need = 0
    for hit in phase_hits(state):
        if hit > left:
            need, left = need + hit - left, hit
        left -= hit
    return need


def deciding(state: SkdState) -> str:
    """On the turn whose enemy attack would end the normal battle or lose the game, before the
    enemy phase: what this turn can still change (the damage, the heal); "" on any other turn.

    In the normal battle a kill does not stop the end: the next enemy is revealed and attacks in
    the same phase, so only a heal keeps the deck in it."""
    out = run_out(state)
    e = state.enemy
    if out is None or out.turns != 0 or e is None or state.attacked:
        return ""
    heal = heal_needed(state)
    short = f" (the discard has {state.discard}: no heal covers it)" if heal > state.discard else ""
    if not e.boss:
        return (
            f"this turn must heal {heal}{short}, or the normal battle ends at this enemy phase; "
            "a kill brings the next enemy, who attacks in this phase too"
        )
    hp = max(e.hp, 0)
    need = "this turn must deal" if not state.played else "this turn's skills must deal"
    return f"the boss has {hp} HP: {need} {hp} or heal {heal}{short}, or the party loses"


def span(turns: int) -> str:
    return "this turn" if turns == 0 else f"in {turns} turn{'s' if turns != 1 else ''}"


def race(state: SkdState) -> str:
    """Who wins the race between the deck and the enemy, in one sentence; "" with no race on."""
    return _race(state, whole=True)


def race_verdict(state: SkdState) -> str:
    """The race's outcome alone, for a display that shows both times beside it (the whole
    sentence when no character can hurt the enemy: no time of its fall stands beside it)."""
    return _race(state, whole=False)


def _race(state: SkdState, whole: bool) -> str:
    e = state.enemy
    if e is None or state.stage not in ("normal", "boss") or state.normal_over:
        return ""
    fall, out = falls(state), run_out(state)
    side = f"{e.name} falls {span(fall[1])} at one card a turn" if fall else f"no character can hurt {e.name}"
    deck = f"the deck runs out {span(out.turns)}" if out else "the deck never runs out"
    if fall is None and out is None:
        return f"{side}, and {deck}"
    if fall is not None and (out is None or fall[1] <= out.turns):
        verdict = "the party wins first" if e.boss else f"{e.name} falls first"
    else:
        verdict = "the party loses first" if e.boss else "the boss setup comes first"
    return f"{side}; {deck}: {verdict}" if whole or fall is None else verdict


def deciding_banner(state: SkdState) -> str:
    """The deciding-turn warning with its reason: the attack that the deck cannot take."""
    need = deciding(state)
    if not need:
        return ""
    out = run_out(state)
    assert out is not None and state.enemy is not None
    return f"⚠ Deciding turn: {need} ({state.enemy.name}'s next hit, {out.hit}, is more than the deck's {out.deck})."
