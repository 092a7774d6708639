"""Resolving a play: legality, attacks in order, kills mid-play, then the card bonuses.

Attacks happen one by one in the order the cards were played, each party character of the
card's colour(s) in party order. A kill resolves at once (rewards, next enemy) and the rest
of the play hits the next enemy; overkill is lost. The revealed enemies travel in the Play
event: when a play needs one it has not got, `NeedsReveal` (a Rejected) names the enemy just
beaten, so the screen can ask for the next card and try again.

Any LV rise (bought or from a card's LV symbol) resolves its level bonus at once.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from companion.core import Rejected
from companion.games.skd.cards import COLOUR_NAMES, as_card, attack_triggers, check_play, show_all
from companion.games.skd.stages import check_enemy_card
from companion.games.skd.state import ENEMY_CARDS, Character, Enemy, SkdState


class NeedsReveal(Rejected):
    def __init__(self, beaten: str, count: int) -> None:
        super().__init__(f"This play defeats {beaten}: reveal the next enemy to finish it.")
        self.beaten = beaten
        self.count = count  # how many reveals the play has used up to this point


def raise_level(state: SkdState, seat: int, who: Character) -> tuple[SkdState, str]:
    """`who` one LV up in `seat`'s party, its bonus resolved at once; the words for the log."""
    s = state.seats[seat]
    lv = who.lv + 1
    if lv > who.cap:
        raise Rejected(f"{who.name} is at LV{who.lv}, the highest on the card.")
    party = tuple(replace(c, lv=lv) if c is who else c for c in s.party)
    s = replace(s, party=party)
    bonus = who.bonus_at(lv)
    words = f"{who.name} LV{lv} (Atk {who.atk[lv - 1]})"
    discard, deck = state.discard, state.deck
    if bonus == "card":
        if discard:
            discard -= 1
            s = replace(s, hand=s.hand + 1)
            words += ", card bonus: 1 card from the discard to the hand"
        else:
            words += ", card bonus skipped (the discard is empty)"
    elif bonus.startswith("heart"):
        back = min(int(bonus[5:]), discard)
        discard -= back
        deck += back
        words += f", heart {bonus[5:]}: {back} card{'s' if back != 1 else ''} from the discard back to the deck"
    return replace(state, seats=state.with_seat(seat, s), discard=discard, deck=deck), words


def _kill(state: SkdState, enemy: Enemy, rest: list[tuple[Any, ...]], used: int) -> tuple[SkdState, Enemy | None, str]:
    """Rewards for `enemy`, then the next enemy (or the end of the normal battle)."""
    gain = enemy.stars
    seats = tuple(
        replace(s, mana=s.mana + gain + (2 * gain if i == state.active else 0))
        for i, s in enumerate(state.seats)
    )
    state = replace(state, seats=seats, beaten=state.beaten + 1)
    words = f"{enemy.name} defeated: everyone +{gain} mana, {state.seats[state.active].name} +{2 * gain} more"
    if state.beaten >= ENEMY_CARDS:
        return replace(state, normal_over=True), None, words + "; the enemy deck is beaten, the boss battle is next"
    if not rest:
        raise NeedsReveal(enemy.name, used)
    nxt = check_enemy_card(state, rest.pop(0))
    return state, nxt, words + f"; {nxt.name} revealed ({nxt.hp} HP)"


def resolve_play(state: SkdState, raw_cards: tuple[Any, ...], reveals: tuple[Any, ...]) -> SkdState:
    if state.stage not in ("normal", "boss"):
        raise Rejected("Plays come in the battle, after the draft and the first enemy.")
    if not state.drew:
        raise Rejected("Draw first (d); with an empty deck the draw simply gives nothing.")
    if state.played:
        raise Rejected("One play a turn: this turn's cards are already played.")
    if state.attacked or state.acted:
        raise Rejected("The play comes before the actions and the enemy attack.")
    cards = tuple(as_card(c, state.easy) for c in raw_cards)
    check_play(state.top, cards)
    seat = state.seats[state.active]
    if seat.hand < len(cards):
        raise Rejected(f"{seat.name} has {seat.hand} card{'s' if seat.hand != 1 else ''} in hand, not {len(cards)}.")
    state = replace(
        state, seats=state.with_seat(state.active, replace(seat, hand=seat.hand - len(cards))),
        pile=state.pile + len(cards), top=cards[-1], played=True,
    )
    enemy, rest, notes = state.enemy, list(reveals), []
    counts: dict[str, int] = {}
    damage = lost = 0
    for colours in attack_triggers(cards, state.per_colour):
        for c in (c for c in seat.party if c.colour in colours):
            counts[c.colour] = counts.get(c.colour, 0) + 1
            if enemy is None or state.finished:
                lost += 1
                continue
            damage += c.power
            enemy = replace(enemy, hp=enemy.hp - c.power)
            if enemy.hp > 0:
                continue
            if enemy.boss:
                state = replace(state, stage="won")
                notes.append(f"{enemy.name} (the boss) defeated: the party wins")
                continue
            state, enemy, words = _kill(state, enemy, rest, len(reveals) - len(rest))
            notes.append(words)
    if rest:
        raise Rejected(f"This play needs {len(reveals) - len(rest)} revealed enemies, not {len(reveals)}.")
    state = replace(state, enemy=enemy)
    attacks = ", ".join(f"{COLOUR_NAMES[c]} ×{n}" for c, n in counts.items()) or "no attack (no character of these colours)"
    notes.insert(0, f"{attacks}; {damage} damage" + (f" ({lost} attack{'s' if lost != 1 else ''} with no enemy left)" if lost else ""))
    return _card_bonuses(state, cards, notes)


def _card_bonuses(state: SkdState, cards: tuple[Any, ...], notes: list[str]) -> SkdState:
    stars = sum(c.stars for c in cards)
    if stars:
        s = state.seats[state.active]
        state = replace(state, seats=state.with_seat(state.active, replace(s, mana=s.mana + stars)))
        notes.append(f"star symbols: +{stars} mana")
    for card in (c for c in cards if c.lv):
        for c in state.seats[state.active].party:
            if c.colour not in card.colours:
                continue
            current = next(x for x in state.seats[state.active].party if x.name == c.name)
            if current.lv >= current.cap:
                notes.append(f"LV symbol: {c.name} is already at its highest LV")
                continue
            state, words = raise_level(state, state.active, current)
            notes.append("LV symbol: " + words)
    return replace(state, notes=(show_all(cards), *notes))
