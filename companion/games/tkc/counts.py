"""The King Commands' card counts: moving cards between hands, score piles and the discard pile,
and checking every move against the copies the game has.

The rules (rules.py) and the relics' commands (relics.py) change the state only through these
steps, so a count can never be moved without its check.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from companion.core import Rejected
from companion.games.tkc import cards, words
from companion.games.tkc.cards import DECK, GOLD, GOLD_BAGS
from companion.games.tkc.state import TkcState


def put_at(values: tuple[Any, ...], i: int, value: Any) -> tuple[Any, ...]:
    return (*values[:i], value, *values[i + 1 :])


def to_hand(state: TkcState, seat: int, delta: int) -> TkcState:
    return replace(state, hands=put_at(state.hands, seat, state.hands[seat] + delta))


def to_pile(state: TkcState, seat: int, card_type: int, n: int = 1) -> TkcState:
    pile = state.piles[seat]
    return replace(state, piles=put_at(state.piles, seat, put_at(pile, card_type, pile[card_type] + n)))


def to_discard(state: TkcState, kind: int, n: int) -> TkcState:
    """`n` cards of `kind` go on the discard pile."""
    discarded = put_at(state.discarded, kind, state.discarded[kind] + n)
    return replace(state, discard=state.discard + n, discarded=discarded)


def needs(state: TkcState, seat: int, n: int, what: str) -> None:
    if state.hands[seat] < n:
        held = words.cards(state.hands[seat])
        raise Rejected(f"{state.players[seat]} holds only {held}, not enough for {what}.")


def draw_cards(state: TkcState, k: int) -> TkcState:
    """The active player draws k (or what is left); the last card opens the final round."""
    if state.draw_pile == 0:
        raise Rejected("The draw pile is empty: nobody draws any more (final round).")
    got = min(k, state.draw_pile)
    state = to_hand(replace(state, draw_pile=state.draw_pile - got), state.active, got)
    if state.draw_pile == 0 and state.final_left is None:
        state = replace(state, final_left=state.n)
    return state


def other_seat(state: TkcState, seat: int | None, role: str) -> int:
    if seat is None or not 0 <= seat < state.n:
        raise Rejected(f"Choose the {role}: one of {', '.join(state.players)}.")
    if seat == state.active:
        raise Rejected(f"The {role} must be another player than {state.players[seat]}.")
    return seat


def copies_used(state: TkcState, kind: int) -> int:
    """Copies of `kind` out of the hands and the draw pile: in score piles or the discard pile
    (an older log's unnamed crystal-ball takes may have brought any kind back: one less each)."""
    return max(0, sum(p[kind] for p in state.piles) + state.discarded[kind] - state.taken_unnamed)


def relics_used(state: TkcState) -> int:
    named = sum(sum(p[k] for p in state.piles) + state.discarded[k] for k in cards.RELIC_KINDS)
    return max(0, named + state.relics_discarded - state.taken_unnamed)


def check_supply(before: TkcState, after: TkcState) -> None:
    """Rejected if the action used more copies of a kind, or more relics, than the game has."""
    for kind in range(len(cards.CARD_TYPES)):
        if copies_used(after, kind) > DECK[kind]:
            check_copies(before, kind, copies_used(after, kind) - copies_used(before, kind))
    if relics_used(after) > cards.RELIC_COPIES:
        used = relics_used(before)
        raise Rejected(
            f"The game has {cards.RELIC_COPIES} relics (crowns, crystal balls and Excalibur) and {used} are used "
            "(in score piles or the discard pile): there is none left to play."
        )


def check_session_cards(state: TkcState, played: tuple[str, ...]) -> None:
    for card in played:
        if card not in (*state.colours, cards.EXCALIBUR):
            raise Rejected(f"{card!r} is not a card of this session.")


def check_copies(state: TkcState, kind: int, n: int) -> None:
    """Rejected if `n` more cards of `kind` than those already used (score piles and the
    discard pile) would exceed the game's copies."""
    used = copies_used(state, kind)
    if used + n > DECK[kind]:
        where = "(in score piles or the discard pile)"
        if used >= DECK[kind]:
            raise Rejected(f"The game has {DECK[kind]} {cards.kind_plural(kind)} and all {used} are used {where}.")
        raise Rejected(
            f"The game has {DECK[kind]} {cards.kind_plural(kind)} and {used} are used {where}: there are not {n} more."
        )


def spare(state: TkcState, kind: int, n: int) -> bool:
    return copies_used(state, kind) + n <= DECK[kind]


def take_gold(state: TkcState, row: cards.AttackType, defender: int) -> TkcState:
    if not row.takes_gold:
        raise Rejected(f"{row.name} takes no gold bag: record the hit without gold.")
    if state.gold_scored >= GOLD_BAGS:
        raise Rejected("All 12 gold bags are already in score piles: there is none to take.")
    needs(state, defender, 1, "a gold bag")
    return to_pile(to_hand(state, defender, -1), state.active, GOLD)
