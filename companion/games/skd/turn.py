"""The rest of a turn: draw, actions (level-ups, skills), the enemy phase, the end phase.

The turn runs in the rules' order and the app holds the table to it: draw, play, actions,
enemy attack, end. A player who cannot play goes straight to the enemy attack, so actions
need a play. A damage instance strictly greater than the deck ends the normal battle (what
is left of the deck goes to the discard) or, in the boss battle, loses the game; equal
damage empties the deck and play goes on.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from companion.core import Rejected, next_seat, refuse_when_over
from companion.games.skd.effect_words import stored_effects
from companion.games.skd.effects import Reveals, apply_effects, give_mana, move
from companion.games.skd.forecast import phase_hits
from companion.games.skd.play import raise_level
from companion.games.skd.state import (
    BOSS_SETUP,
    LEVEL_COST,
    MANA_CAP,
    PLAYING,
    SkdState,
)


def in_turn(state: SkdState, setup_too: bool = False) -> None:
    refuse_when_over(state.finished)
    if state.stage == "draft":
        raise Rejected("The draft is still on: pick (c), swap (x) or pass (o).")
    if state.stage == "first-enemy":
        raise Rejected("Reveal the first enemy first (v).")
    if state.stage not in PLAYING and not (setup_too and state.stage in BOSS_SETUP):
        raise Rejected("Finish the boss setup first (b).")


def draw(state: SkdState) -> SkdState:
    in_turn(state)
    if state.drew:
        raise Rejected("The draw is one card a turn, and it is done.")
    s = state.seats[state.active]
    if not state.deck:
        return replace(state, drew=True, notes=("the deck is empty: no card, nothing ends",))
    seats = state.with_seat(state.active, replace(s, hand=s.hand + 1))
    return replace(state, seats=seats, deck=state.deck - 1, drew=True, notes=())


def action_open(state: SkdState) -> None:
    in_turn(state)
    if state.attacked:
        raise Rejected("Actions come before the enemy attack; this turn's enemy attack is done.")
    if not state.played:
        raise Rejected("Actions come after the play; a player who cannot play goes straight to the enemy attack.")


def can_level_up(state: SkdState) -> None:
    """Rejected with the reason if the active player cannot buy a level now (any character)."""
    action_open(state)
    s = state.seats[state.active]
    if s.mana < LEVEL_COST:
        raise Rejected(f"{s.name} has {s.mana} mana; a level-up costs {LEVEL_COST}.")
    if all(c.lv >= c.cap for c in s.party):
        raise Rejected(f"Everyone in {s.name}'s party is at the highest LV on the card.")


def level_up(state: SkdState, name: str) -> SkdState:
    can_level_up(state)
    s = state.seats[state.active]
    who = s.find(name)
    if who.lv >= who.cap:
        raise Rejected(f"{who.name} is at LV{who.lv}, the highest on the card.")
    state = replace(state, seats=state.with_seat(state.active, replace(s, mana=s.mana - LEVEL_COST)))
    state, words = raise_level(state, state.active, s.find(who.name))
    return replace(state, acted=True, notes=(words,))


def skill_ready(state: SkdState, name: str) -> None:
    """Rejected with the reason unless the active player may pay for `name`'s skill now (an
    X★ skill: with at least 1 mana), before any mana is chosen."""
    action_open(state)
    s = state.seats[state.active]
    who = s.find(name)
    if who.name in state.skills_used:
        raise Rejected(f"{who.name}'s skill is used already this turn (once per character per turn).")
    if not who.cost:
        raise Rejected(f"{who.name} has no skill to pay for.")
    if who.cost == "constant":
        raise Rejected(f"{who.name}'s skill is constant (常時): record it with the play that triggers it.")
    least = 1 if who.cost == "X" else int(who.cost)
    if s.mana < least:
        raise Rejected(f"{s.name} has {s.mana} mana; {who.name}'s skill costs {who.cost if least > 1 else least}.")


def skill_open(state: SkdState) -> None:
    """Rejected with one reason unless some skill of the active party can be paid for now: the
    skill key answers at once rather than listing skills none of which can be used."""
    action_open(state)
    s = state.seats[state.active]
    paid = [c for c in s.party if c.cost not in ("", "constant")]
    if not paid:
        raise Rejected(f"No one in {s.name}'s party has a skill to pay for (constant skills come with the play).")
    left = [c for c in paid if c.name not in state.skills_used]
    if not left:
        raise Rejected(f"Every skill of {s.name}'s party is used this turn (once per character per turn).")
    cheapest = min(1 if c.cost == "X" else int(c.cost) for c in left)
    if s.mana < cheapest:
        raise Rejected(f"{s.name} has {s.mana} mana; the cheapest skill left costs {cheapest}.")


def skill(state: SkdState, name: str, x: int, effects: tuple[Any, ...] = (), reveals: tuple[Any, ...] = ()) -> SkdState:
    """Pay for a skill and resolve what its words do, recorded as effects, in the same action."""
    skill_ready(state, name)
    s = state.seats[state.active]
    who = s.find(name)
    if who.cost == "X":
        if x < 1:
            raise Rejected(f"{who.name}'s skill costs X★: choose how much mana, at least 1.")
        pay = x
    else:
        pay = int(who.cost)
    if s.mana < pay:
        raise Rejected(f"{s.name} has {s.mana} mana; {who.name}'s skill costs {pay}.")
    seats = state.with_seat(state.active, replace(s, mana=s.mana - pay))
    state = replace(state, seats=seats, acted=True, skills_used=(*state.skills_used, who.name))
    if not effects:  # the effect stored on the card, if its words read as one
        effects = stored_effects(who.skill, pay, state.active) or ()
    rest = Reveals(reveals)
    state, words = apply_effects(state, tuple(effects), rest)
    rest.check_all_used()
    if words:
        return replace(state, notes=(f"{who.name} pays {pay}: {', '.join(words)}",))
    card = f" (the card: {who.skill})" if who.skill else ""
    return replace(state, notes=(f"{who.name} pays {pay}; what it does was not recorded, nothing applied{card}",))


def correct_enemy(state: SkdState, hp: int | None, mana: int | None) -> SkdState:
    """The enemy's HP or mana set to what the table's tokens show, for what the app cannot know."""
    in_turn(state, setup_too=True)
    e = state.enemy
    if e is None:
        raise Rejected("There is no enemy on the table to correct.")
    if hp is None and mana is None:
        raise Rejected("Give the enemy's HP, its mana, or both, e.g. hp 7 or mana 2.")
    if hp is not None and hp < 1:
        raise Rejected(
            "A correction keeps the enemy standing (HP at least 1); record damage with the skill that dealt it."
        )
    if hp is not None and hp > e.max_hp:
        raise Rejected(f"{e.name}'s card has {e.max_hp} HP; a correction cannot go above it.")
    if mana is not None and mana < 0:
        raise Rejected("The enemy's mana cannot be below zero.")
    words = []
    if hp is not None:
        words.append(f"HP {e.hp} → {hp}")
    if mana is not None:
        words.append(f"mana {e.mana} → {mana}")
    fixed = replace(e, hp=e.hp if hp is None else hp, mana=e.mana if mana is None else mana)
    return replace(state, enemy=fixed, notes=(f"{e.name} " + ", ".join(words),))


def enemy_phase(state: SkdState) -> SkdState:
    in_turn(state)
    if not state.drew:
        raise Rejected("Draw first (d): the enemy attacks at the end of the turn.")
    if state.attacked:
        raise Rejected("The enemy has attacked this turn already.")
    e = state.enemy
    if e is None:
        raise Rejected("No enemy is left; end the turn (n) and the boss battle is set up.")
    deck, discard, notes = state.deck, state.discard, []
    for i, hit in enumerate(phase_hits(state)):
        label = "strong attack" if i else "attack"
        if hit > deck:
            notes.append(f"{e.name}'s {label} of {hit} is more than the deck's {deck}")
            discard += deck
            if e.boss:
                return replace(
                    state,
                    deck=0,
                    discard=discard,
                    enemy=e,
                    attacked=True,
                    stage="lost",
                    notes=(*notes, "the party loses"),
                )
            return replace(
                state,
                deck=0,
                discard=discard,
                enemy=e,
                attacked=True,
                normal_over=True,
                notes=(*notes, "the normal battle ends"),  # what to press is the hint's, built from now
            )
        deck -= hit
        discard += hit
        notes.append(f"{label} {hit}")
        # the attack earns the enemy 1 mana; the strong attack spends its threshold
        e = replace(e, mana=e.mana + 1 if i == 0 else e.mana - e.threshold)
    return replace(state, deck=deck, discard=discard, enemy=e, attacked=True, notes=(*notes, f"deck {deck} left"))


def end_turn(state: SkdState) -> SkdState:
    """The end phase and the next player's turn; an enemy phase still to come runs first.

    `notes` are the log line's parts: the enemy phase (if it ran here), who ends the turn (and
    the mana dropped to the cap), and what comes next."""
    in_turn(state)
    who = state.seats[state.active].name
    fought: tuple[str, ...] = ()
    if not state.attacked and state.enemy is not None:
        if not state.drew:
            raise Rejected("Draw first (d): the enemy attacks at the end of the turn.")
        state = enemy_phase(state)
        fought = (f"Enemy phase: {', '.join(state.notes)}",)
        if state.finished:
            return replace(state, notes=fought)
    capped = [s.name for s in state.seats if s.mana > MANA_CAP]
    seats = tuple(
        replace(s, mana=min(s.mana, MANA_CAP), party=tuple(replace(c, turn_boost=0) for c in s.party))
        for s in state.seats
    )
    active, new_round = next_seat(state.active, len(seats))
    state = replace(
        state,
        seats=seats,
        active=active,
        round=state.round + new_round,
        drew=False,
        played=False,
        acted=False,
        attacked=False,
        skills_used=(),
        history=(*state.history, state.deck),
    )
    dropped = f" (mana above {MANA_CAP} dropped to {MANA_CAP}: {', '.join(capped)})" if capped else ""
    if state.normal_over:
        state = replace(state, stage="boss-reveal", enemy=None, normal_over=False)
        nxt = "the boss setup begins"
    else:
        nxt = f"{state.seats[state.active].name} is next"
    return replace(state, notes=(*fought, f"{who} ends the turn{dropped}", nxt))


def auto_draw(state: SkdState) -> SkdState:
    """With the table's auto-draw option, a turn that starts draws at once (its words added)."""
    if not state.auto_draw or state.stage not in PLAYING or state.drew or state.finished:
        return state
    notes = state.notes
    after = draw(state)
    who = after.seats[after.active].name
    drew = f"{who} draws nothing (the deck is empty)" if after.notes else f"{who} draws (deck {after.deck})"
    return replace(after, notes=(*notes, drew))


def move_cards(state: SkdState, source: str, target: str, count: int, seat: int | None) -> SkdState:
    in_turn(state, setup_too=True)
    return replace(move(state, source, target, count, seat), notes=())


def adjust_mana(state: SkdState, seat: int, delta: int) -> SkdState:
    in_turn(state)
    return replace(give_mana(state, seat, delta), notes=())


def x_question(state: SkdState, name: str, x: int) -> str:
    """The question for an X★ skill's mana when it was not typed; "" when none is needed."""
    s = state.seats[state.active]
    try:
        who = s.find(name)
    except Rejected:
        return ""
    if x or who.cost != "X":
        return ""
    skill_ready(state, who.name)  # a used skill, or no mana at all, is said before mana is asked
    return f"{who.name}'s skill costs X★ ({who.skill or 'its words'}): how much mana? ({s.name} has {s.mana})"
