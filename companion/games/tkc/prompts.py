"""The King Commands' questions at the table, each built from the state so its examples are legal.

The start player's corner values (asked again after a tie), the attack line and its outcome,
passing, the discard and the final count of each score pile; the crown's and the crystal
ball's are in notation.py beside the card notation, the attack line's reading in
attack_line.py. The screen opens what these return.
"""

from __future__ import annotations

from dataclasses import replace

from companion.core import Event, Prompt, Rejected
from companion.games.tkc import cards as deck
from companion.games.tkc import rules, words
from companion.games.tkc.attack_line import AttackLine, attack_text, outcome_examples, read_attack
from companion.games.tkc.events import CountPile, NextTurn, StartDraw
from companion.games.tkc.notation import parse_numbers, read_discard
from companion.games.tkc.state import TkcState


def start_prompt(state: TkcState) -> Prompt:
    """The corner value of each contender's card, in seat order; a tie asks the tied again."""
    names = " ".join(state.players[i] for i in state.contenders)
    again = "Tie! Redraw: " if len(state.contenders) < state.n else ""
    return Prompt(
        f"{again}corner value (0 1 2 3 5) of each card drawn, in order: {names}",
        lambda text: StartDraw(parse_numbers(text)),
        then=lambda after: start_prompt(after) if after.step == "start" else None,
    )


def count_prompt(state: TkcState) -> Prompt:
    """The next score pile to confirm, the app's tally typed in (enter keeps it); every pile in turn."""
    todo = [i for i in range(state.n) if not state.confirmed[i]] or list(range(state.n))
    seat = todo[0]
    tally = " ".join(str(n) for n in state.piles[seat])
    label = (
        f"{state.players[seat]}'s score pile, counted by type: {', '.join(deck.CARD_TYPES)} "
        "(enter keeps the app's tally)"
    )
    return Prompt(
        label,
        lambda text: CountPile(seat, parse_numbers(text)),
        default=tally,
        then=lambda after: count_prompt(after) if not all(after.confirmed) else None,
    )


def pass_turn(state: TkcState) -> Event | Prompt:
    """Passing gives up the attack or discard: asked first, unless the hand is empty."""
    if not state.hands[state.active]:
        return NextTurn(passed=True)

    def parse(text: str) -> Event:
        if text.strip():
            raise Rejected("Leave the line empty and press enter to pass, or esc to go back.")
        return NextTurn(passed=True)

    return Prompt(words.pass_question(state), parse)


def _letters(state: TkcState) -> str:
    return " ".join(f"{c[0]}={c}" for c in state.colours) + " x=Excalibur"


def attack_prompt(state: TkcState) -> Prompt:
    """The attack line: the defender, the cards and, if typed, the outcome (else it is asked)."""
    me = state.players[state.active]
    other = next(i for i in range(state.n) if i != state.active)
    example = f"{other + 1}{state.colours[0][0] * 2}"
    label = (
        f"{me} attacks: defender (seat or name), cards, and the outcome if you like: {example} "
        f"(then asks the outcome) or {example} h g in one go  ({_letters(state)})"
    )
    others = tuple(p for i, p in enumerate(state.players) if i != state.active)
    return Prompt(label, lambda text: _attack(state, text), suggest=others)


def _attack(state: TkcState, text: str) -> Event | Prompt:
    line = read_attack(state, text)
    return line.event if line.event is not None else outcome_prompt(state, line)


def outcome_prompt(state: TkcState, line: AttackLine) -> Prompt:
    """The attack typed so far stays on the line; the player adds the outcome (or edits the
    attack). Only the outcomes this attack can have are offered."""
    row = deck.classify(line.cards, state.poke_unblockable)
    who = state.players[line.defender]
    examples = outcome_examples(state, line)
    offered = " · ".join(f"{key} = {text}" for key, text in examples)
    stops = line.note or stoppers_now(state, line.defender, row, line.cards)
    label = f"{words.attack_name(row, line.cards)} on {who}. {stops}\nAdd the outcome: {offered}"
    return Prompt(
        label, lambda text: _attack(state, text), attack_text(state, line), suggest=tuple(k for k, _ in examples)
    )


def stoppers_now(state: TkcState, defender: int, row: deck.AttackType, cards: tuple[str, ...]) -> str:
    """What can still stop this attack at this table: the attack table's stoppers, less those
    the defender's hand or the cards left (every shield or Excalibur used) rule out."""
    can = rules.outcomes(state, defender, row, cards)
    left = replace(
        row,
        shields=row.shields if "block" in can else 0,
        excalibur_blocks=row.excalibur_blocks and "block-x" in can,
        parry=row.parry if "parry" in can else "",
    )
    if left == row:
        return deck.stoppers(row, cards)
    if not (left.shields or left.excalibur_blocks or left.parry):
        return "Nothing left at this table can stop it (the cards are used, or the hand is too small): a hit."
    return deck.stoppers(left, cards)[:-1] + " (nothing else is left to stop it)."


def discard_prompt(state: TkcState) -> Prompt:
    """The discards for cards by number, with what each draws (fewer when the pile runs low)."""
    menu = " · ".join(f"{i}: {deck.discard_label(k, n)} → draw {d}" for i, (k, n, d) in enumerate(deck.DISCARDS, 1))
    cap = f" (only {state.draw_pile} left to draw)" if state.draw_pile < 6 else ""
    return Prompt(f"Discard for cards{cap}: {menu}  (relic: {deck.RELICS})", read_discard)
