"""Resolving a play: legality, attacks in order, kills mid-play, then the card bonuses.

Attacks happen one by one in the order the cards were played, each party character of the
card's colour(s) in party order. A kill resolves at once (rewards, next enemy) and the rest
of the play hits the next enemy; overkill is lost. The revealed enemies travel in the Play
event: when a play needs one it has not got, `NeedsReveal` (a Rejected) names the enemy just
beaten, so the screen can ask for the next card and try again.

Any LV rise (bought or from a card's LV symbol) resolves its level bonus at once.
"""

from __future__ import annotations

import contextlib
from dataclasses import replace
from typing import Any

from companion.core import Rejected
from companion.games.skd.cards import as_card, attack_triggers, check_copies, check_play, show_all
from companion.games.skd.effect_words import constant_trigger, stored_effects
from companion.games.skd.effects import NeedsReveal, Reveals, apply_effects, find_character, strike
from companion.games.skd.state import Character, Enemy, SkdState

__all__ = ["NeedsReveal", "offered_constants", "raise_level", "resolve_play", "triggered"]


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


def play_open(state: SkdState) -> None:
    """Rejected with the reason unless the active player may play cards now."""
    if state.stage not in ("normal", "boss"):
        raise Rejected("Plays come in the battle, after the draft and the first enemy.")
    if not state.drew:
        raise Rejected("Draw first (d); with an empty deck the draw simply gives nothing.")
    if state.played:
        raise Rejected("One play a turn: this turn's cards are already played.")
    if state.attacked or state.acted:
        raise Rejected("The play comes before the actions and the enemy attack.")
    if state.normal_over or state.enemy is None:
        raise Rejected("The normal battle is over: end the turn (n), then the boss setup.")


def resolve_play(
    state: SkdState, raw_cards: tuple[Any, ...], reveals: tuple[Any, ...], constant: tuple[Any, ...] = ()
) -> SkdState:
    play_open(state)
    cards = tuple(as_card(c, state.easy) for c in raw_cards)
    check_play(state.top, cards)
    seat = state.seats[state.active]
    if seat.hand < len(cards):
        raise Rejected(f"{seat.name} has {seat.hand} card{'s' if seat.hand != 1 else ''} in hand, not {len(cards)}.")
    check_copies(state.on_pile, cards, state.dual_numbers)
    state = replace(
        state,
        seats=state.with_seat(state.active, replace(seat, hand=seat.hand - len(cards))),
        pile=state.pile + len(cards),
        top=cards[-1]._replace(extra=False),
        played=True,
        on_pile=(*state.on_pile, *(c._replace(extra=False) for c in cards)),
    )
    rest = Reveals(reveals)
    state, notes = _attacks(state, cards, rest)
    state = _card_bonuses(state, cards, notes)
    for who, effects in constant:
        state, words = constant_skill(state, str(who), tuple(effects), rest)
        notes.append(words)
    rest.check_all_used()
    return replace(state, notes=(show_all(cards), *notes))


def _attacks(state: SkdState, cards: tuple[Any, ...], rest: Reveals) -> tuple[SkdState, list[str]]:
    """Each attack the play triggers, in order (the cards as played, each card's colours, the
    party's characters of that colour): the state after them and the log's words. A kill in
    the middle of the play says in which order they attacked and where the rest went."""
    enemy: Enemy | None = state.enemy
    seat = state.seats[state.active]
    notes: list[str] = []
    times: dict[str, int] = {}
    order: list[str] = []  # each attack as it happened, where the damage went
    damage = lost = kills = 0
    for colours in attack_triggers(cards, state.per_colour):
        for c in (c for c in seat.party if c.colour in colours):
            times[c.name] = times.get(c.name, 0) + 1
            power = next(x for x in state.seats[state.active].party if x.name == c.name).power
            if enemy is None or state.finished:
                lost += 1
                order.append(f"{c.name} {power}: no enemy left")
                continue
            struck = enemy
            state, enemy, dealt, words = strike(state, enemy, power, rest)
            damage += dealt
            if power < struck.hp:
                order.append(f"{c.name} {power} hits {struck.name}")
            else:
                kills += 1
                order.append(
                    f"{c.name} {power} kills {struck.name}" + (f" ({power - dealt} lost)" if power > dealt else "")
                )
            if words:
                notes.append(words)
    state = replace(state, enemy=enemy)
    attacks = ", ".join(f"{name} ×{n}" for name, n in times.items())
    attacks = f"attacks: {attacks}" if attacks else "no attack (no character of these colours)"
    notes.insert(
        0,
        f"{attacks}; {damage} damage"
        + (f" ({lost} attack{'s' if lost != 1 else ''} with no enemy left)" if lost else ""),
    )
    if kills and len(order) > 1:  # a kill mid-play: in which order, and where the rest went
        notes.insert(1, "in order: " + ", ".join(order))
    return state, notes


def triggered(state: SkdState, cards: tuple[Any, ...]) -> tuple[tuple[str, tuple[Any, ...]], ...]:
    """The active party's constant skills this play triggers, with their stored effects: a skill
    with no trigger when its character attacks (its colour played), `b: …` a blue card, `4: …` a 4."""
    played = tuple(as_card(c, state.easy) for c in cards)
    colours = {c for card in played for c in card.colours}
    numbers = {str(n) for card in played for n in card.numbers}
    offers = []
    for c in state.seats[state.active].party:
        if c.cost != "constant":
            continue
        trigger, words = constant_trigger(c.skill)
        effects = stored_effects(words, 0, state.active)
        hit = c.colour in colours if trigger is None else trigger in colours | numbers
        if effects and hit:
            offers.append((c.name, effects))
    return tuple(offers)


def constant_skill(state: SkdState, who: str, effects: tuple[Any, ...], reveals: Reveals) -> tuple[SkdState, str]:
    """A constant (常時) skill the play triggered: its effects, after the attacks and card bonuses."""
    _, c = find_character(state, who)
    if c.cost != "constant":
        raise Rejected(f"{c.name}'s skill is not constant (常時); pay for it in the actions (k).")
    if not effects:
        raise Rejected(f"Say what {c.name}'s constant skill does, e.g. {c.name}: damage 2.")
    state, words = apply_effects(state, effects, reveals)
    return state, f"{c.name} (constant): " + ", ".join(words)


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
    return state


def offered_constants(
    state: SkdState, cards: tuple[Any, ...], typed: tuple[Any, ...]
) -> tuple[tuple[str, tuple[Any, ...]], ...]:
    """The constant skills to offer for a typed play: those it triggers and were not typed; none
    when the play is refused anyway (Rejected with the reason, so nothing is asked first)."""
    with contextlib.suppress(NeedsReveal):
        resolve_play(state, cards, (), typed)
    names = {str(who).casefold() for who, _ in typed}
    return tuple(o for o in triggered(state, cards) if o[0].casefold() not in names)
