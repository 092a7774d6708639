"""Moves on the table that the turn and the battle share: characters entering and leaving
fields, hand counts, and the turn's order of steps (a battle is one of the turn's actions).
"""

from __future__ import annotations

from dataclasses import replace

from companion.core import Rejected
from companion.games.mm5.cards import Card, Spec, make_card
from companion.games.mm5.state import DUNGEON, SIDE_WORDS, Seat, State

HAND_LIMIT = 5
DEALT = 5  # cards dealt to each player; gems and Holy Knights among them are placed at once


def adjust_hand(seat: Seat, delta: int) -> Seat:
    if seat.hand is None:
        return seat
    return replace(seat, hand=max(0, seat.hand + delta))


def new_cards(state: State, specs: tuple[Spec, ...]) -> tuple[State, tuple[Card, ...]]:
    cards = tuple(make_card(spec, state.next_uid + i) for i, spec in enumerate(specs))
    for c in cards:
        if c.kind == "knight":
            raise Rejected("Holy Knights are never held in hand: they are placed when drawn (d).")
    return replace(state, next_uid=state.next_uid + len(cards)), cards


def play(state: State, seat: int, specs: tuple[Spec, ...], side: str | None) -> State:
    """Put characters from a hand into a field; all must be of `side` when it is given."""
    state, cards = new_cards(state, specs)
    sides = {c.side for c in cards}
    if len(sides) > 1:
        raise Rejected("Light and Dark characters never share a field; play one side's cards.")
    if side is not None and sides and sides != {side}:
        wrong = next(c for c in cards if c.side != side)
        raise Rejected(
            f"{wrong.name} is {SIDE_WORDS[wrong.side]}; only {SIDE_WORDS[side]} characters may be played here."
        )
    s = state.players[seat]
    s = adjust_hand(replace(s, field=s.field + cards), -len(cards))
    return state.with_seat(seat, s)


def leave_field(state: State, seat: int, uid: int) -> State:
    """A character leaves play: a Holy Knight goes to the Dungeon, anyone else is discarded."""
    if seat == DUNGEON:
        return replace(state, garrison=tuple(c for c in state.garrison if c.uid != uid))
    s = state.players[seat]
    gone = next(c for c in s.field if c.uid == uid)
    state = state.with_seat(seat, replace(s, field=tuple(c for c in s.field if c.uid != uid)))
    if gone.kind == "knight":
        state = replace(state, dungeon=(*state.dungeon, gone))
    return state


def need_step(state: State, step: str) -> None:
    """Refuse an action out of the turn's order: draw, faction, one action, hand check."""
    name = state.players[state.active].name
    if state.phase == "deal":
        raise Rejected("Place the dealt gems and Holy Knights, then begin (b) with the first player.")
    if state.battle is not None:
        raise Rejected("A battle is under way: finish it first (or undo it).")
    if not state.drawn:
        raise Rejected(f"{name} draws first (d).")
    if step == "faction" and state.declared:
        raise Rejected(f"{name} has already declared a faction this turn.")
    if step in {"action", "end"} and not state.declared:
        raise Rejected(f"{name} declares a faction first (f): Light or Dark, keeping or switching.")
    if step == "action" and state.acted:
        raise Rejected(f"{name} has already taken this turn's one action.")
