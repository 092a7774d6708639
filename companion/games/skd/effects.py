"""Damage and what skills' words do to the table, resolved exactly as the rules resolve a play.

A damage instance hits the enemy for what it has left (overkill is lost); a kill resolves at
once: rewards, then the next enemy (carried in the event's `reveals`, asked for by
`NeedsReveal` when missing), and the rest of the action hits the new enemy. A skill's words are
recorded as effects, plain tuples the event carries:

  ("damage", n)              n damage to the enemy
  ("enemy-hp", d)            the enemy's HP up (d > 0) or down (d < 0, a damage instance)
  ("enemy-mana", d)          the enemy's mana up or down (never below zero)
  ("atk", who, d, lasting)   a character's Atk changed, this turn or for good
  ("move", src, dst, n, seat)  n cards from one area to another (a hand: seat, None = the active player)
  ("heal", n)                n cards from the discard back to the deck (what the discard has)
  ("mana", seat, d)          a player's mana up or down
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from companion.core import Rejected
from companion.games.skd.effect_words import stored_effects
from companion.games.skd.stages import enter_enemy
from companion.games.skd.state import ENEMY_CARDS, Character, Enemy, SkdState

AREAS = ("deck", "pile", "discard", "hand")


class NeedsReveal(Rejected):
    def __init__(self, beaten: str, count: int) -> None:
        super().__init__(f"This defeats {beaten}: reveal the next enemy to finish it.")
        self.beaten = beaten
        self.count = count  # how many reveals the action has used up to this point


class Reveals:
    """The enemies an action turns up, taken one per kill in order."""

    def __init__(self, specs: tuple[Any, ...]) -> None:
        self.specs: tuple[tuple[Any, ...], ...] = tuple(specs)
        self.used = 0

    def take(self, beaten: str) -> tuple[Any, ...]:
        if self.used >= len(self.specs):
            raise NeedsReveal(beaten, self.used)
        self.used += 1
        return self.specs[self.used - 1]

    def check_all_used(self) -> None:
        if self.used != len(self.specs):
            raise Rejected(f"This needs {self.used} revealed enemies, not {len(self.specs)}.")


def kill(state: SkdState, enemy: Enemy, reveals: Reveals) -> tuple[SkdState, Enemy | None, str]:
    """Rewards for `enemy`, then the next enemy (or the end of the normal battle)."""
    gain = enemy.stars
    seats = tuple(
        replace(s, mana=s.mana + gain + (2 * gain if i == state.active else 0)) for i, s in enumerate(state.seats)
    )
    state = replace(state, seats=seats, beaten=state.beaten + 1)
    words = f"{enemy.name} defeated: everyone +{gain} mana, {state.seats[state.active].name} +{2 * gain} more"
    if state.beaten >= ENEMY_CARDS:
        return replace(state, normal_over=True), None, words + "; the enemy deck is beaten, the boss battle is next"
    state, nxt = enter_enemy(state, reveals.take(enemy.name))
    words += f"; {nxt.name} revealed ({nxt.hp} HP)"
    state, done = appear(replace(state, enemy=nxt), reveals)
    return state, state.enemy, words + (f", on appearance: {done}" if done else "")


def appear(state: SkdState, reveals: Reveals) -> tuple[SkdState, str]:
    """The enemy just revealed uses its ability on appearance (its effects, in order)."""
    e = state.enemy
    effects = stored_effects(e.ability, 0, state.active) if e is not None else None
    if not effects:
        return state, ""
    state, words = apply_effects(state, effects, reveals)
    return state, ", ".join(words)


def strike(state: SkdState, enemy: Enemy, power: int, reveals: Reveals) -> tuple[SkdState, Enemy | None, int, str]:
    """One damage instance: (state, the enemy now, the damage that counted, the kill's words)."""
    dealt = min(power, enemy.hp)
    enemy = replace(enemy, hp=enemy.hp - power)
    if enemy.hp > 0:
        return state, enemy, dealt, ""
    if enemy.boss:
        return replace(state, stage="won"), enemy, dealt, f"{enemy.name} (the boss) defeated: the party wins"
    state, nxt, words = kill(state, enemy, reveals)
    return state, nxt, dealt, words


def move(state: SkdState, source: str, target: str, count: int, seat: int | None) -> SkdState:
    """`count` cards between two areas; a move out of the play pile forgets which cards it holds."""
    if source not in AREAS or target not in AREAS or source == target:
        raise Rejected(f"Move cards between two of: {', '.join(AREAS)}.")
    if count < 1:
        raise Rejected("Move at least one card.")
    who = state.active if seat is None else seat
    if not 0 <= who < len(state.seats):
        raise Rejected(f"There is no player {who + 1}.")
    counts = {"deck": state.deck, "pile": state.pile, "discard": state.discard, "hand": state.seats[who].hand}
    if counts[source] < count:
        where = f"{state.seats[who].name}'s hand" if source == "hand" else f"the {source}"
        raise Rejected(f"{where} has {counts[source]} card{'s' if counts[source] != 1 else ''}, not {count}.")
    counts[source] -= count
    counts[target] += count
    seats = state.with_seat(who, replace(state.seats[who], hand=counts["hand"]))
    return replace(
        state,
        seats=seats,
        deck=counts["deck"],
        pile=counts["pile"],
        discard=counts["discard"],
        on_pile=() if source == "pile" else state.on_pile,
    )


def give_mana(state: SkdState, seat: int, delta: int) -> SkdState:
    if not 0 <= seat < len(state.seats):
        raise Rejected(f"There is no player {seat + 1}.")
    s = state.seats[seat]
    if delta == 0:
        raise Rejected("Type a change, e.g. +2 or -1.")
    if s.mana + delta < 0:
        raise Rejected(f"{s.name} has {s.mana} mana; it cannot go below zero.")
    return replace(state, seats=state.with_seat(seat, replace(s, mana=s.mana + delta)))


def find_character(state: SkdState, text: str) -> tuple[int, Character]:
    """A character in any party by name, or by number in the active player's party."""
    t = text.strip()
    if t.isdigit():
        return state.active, state.seats[state.active].find(t)
    for i, s in enumerate(state.seats):
        for c in s.party:
            if c.name.casefold() == t.casefold():
                return i, c
    names = ", ".join(c.name for s in state.seats for c in s.party)
    raise Rejected(f"No party has {t!r}; the characters are {names}.")


def change_atk(state: SkdState, who: str, delta: int, lasting: bool) -> tuple[SkdState, str]:
    seat, c = find_character(state, who)
    if delta == 0:
        raise Rejected("An Atk change needs a number, e.g. +2 or -1.")
    new = replace(c, boost=c.boost + delta) if lasting else replace(c, turn_boost=c.turn_boost + delta)
    party = tuple(new if x is c else x for x in state.seats[seat].party)
    state = replace(state, seats=state.with_seat(seat, replace(state.seats[seat], party=party)))
    span = "for good" if lasting else "this turn"
    return state, f"{c.name} Atk {delta:+d} {span} (Atk {new.power})"


def _number(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise Rejected(f"{what}: {value!r} is not a whole number.")
    return value


def apply_effects(state: SkdState, effects: tuple[Any, ...], reveals: Reveals) -> tuple[SkdState, list[str]]:
    """Each effect in order; the words of each for the log."""
    notes: list[str] = []
    for effect in effects:
        if not isinstance(effect, tuple) or not effect:
            raise Rejected(f"{effect!r} is not an effect.")
        kind, *args = effect
        if kind == "enemy-hp" and len(args) == 1 and _number(args[0], "Enemy HP") < 0:
            kind, args = "damage", [-args[0]]
        match kind, args:
            case "damage", [n]:
                if _number(n, "Damage") < 1:
                    raise Rejected("Damage is at least 1.")
                e = state.enemy
                if e is None or state.finished:  # the last enemy or the boss fell earlier in this action
                    notes.append(f"{n} damage with no enemy left")
                    continue
                state, e, dealt, words = strike(state, e, n, reveals)
                state = replace(state, enemy=e)
                notes.append(f"{dealt} damage" + (f" ({n - dealt} overkill lost)" if n > dealt else ""))
                if words:
                    notes.append(words)
            case "enemy-hp", [d]:
                e = _enemy(state)
                if e.hp + d > e.max_hp:
                    raise Rejected(f"{e.name} would have {e.hp + d} HP; its card has {e.max_hp}.")
                state = replace(state, enemy=replace(e, hp=e.hp + d))
                notes.append(f"{e.name} HP {d:+d} ({e.hp + d})")
            case "enemy-mana", [d]:
                e = _enemy(state)
                if e.mana + _number(d, "Enemy mana") < 0:
                    raise Rejected(f"{e.name} has {e.mana} mana; it cannot go below zero.")
                state = replace(state, enemy=replace(e, mana=e.mana + d))
                notes.append(f"{e.name} mana {d:+d} ({e.mana + d})")
            case "atk", [who, d, lasting]:
                state, words = change_atk(state, str(who), _number(d, "Atk"), bool(lasting))
                notes.append(words)
            case "move", [src, dst, n, seat]:
                state = move(state, str(src), str(dst), _number(n, "Cards"), seat)
                notes.append(f"{n} card{'s' if n != 1 else ''} from the {src} to the {dst}")
            case "heal", [n]:
                if _number(n, "Heal") < 1:
                    raise Rejected("A heal moves at least 1 card.")
                back = min(n, state.discard)
                state = replace(state, discard=state.discard - back, deck=state.deck + back)
                notes.append(f"heal {n}: {back} card{'s' if back != 1 else ''} from the discard back to the deck")
            case "mana", [seat, d]:
                state = give_mana(state, _number(seat, "Player"), _number(d, "Mana"))
                notes.append(f"{state.seats[seat].name} mana {d:+d} ({state.seats[seat].mana})")
            case _:
                raise Rejected(f"{effect!r} is not an effect the app knows.")
    return state, notes


def _enemy(state: SkdState) -> Enemy:
    if state.enemy is None or state.finished:
        raise Rejected("There is no enemy on the table.")
    return state.enemy
