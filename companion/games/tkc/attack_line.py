"""Reading an attack line for The King Commands: the defender, the cards and maybe the outcome.

An attack is one line: the defender (seat or name), the cards, and optionally the outcome
(`2 rr h g`, or run together `2rrhg`); `read_attack` checks all of it against the rules before
anything is recorded, and where letters could split two ways the one reading the rules allow
is taken. The card letters themselves are `notation`'s.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from companion.core import Rejected, parse_seat
from companion.games.tkc import rules
from companion.games.tkc.cards import EXCALIBUR, AttackType, attack_colour, check_block, classify
from companion.games.tkc.events import Attack
from companion.games.tkc.notation import EXCALIBUR_WORDS, GOLD_WORDS, letters
from companion.games.tkc.state import TkcState
from companion.games.tkc.words import shields

OUTCOMES = {"h": "hit", "hit": "hit", "b": "block", "block": "block", "p": "parry", "parry": "parry"}


@dataclass(frozen=True)
class AttackLine:
    """What an attack line said: the defender and the cards, and the whole Attack event when
    the line carried its outcome too (None: the outcome is still to be asked)."""

    defender: int
    cards: tuple[str, ...]
    event: Attack | None = None
    note: str = ""  # another reading of the same letters, when there is one


def _defender(text: str) -> tuple[str, str]:
    """The defender's part of a line and the rest: `Bob rr`, `2 rr`, or `2rr` (a seat number
    run into the cards)."""
    t = text.strip()
    m = re.match(r"(\d+)(?=[^\d\s])", t)
    if m:
        return m.group(1), t[m.end() :]
    who, _, rest = t.partition(" ")
    return who, rest


def _symbols(text: str, colours: tuple[str, ...]) -> list[tuple[str, bool]]:
    """The line after the defender as symbols, each with whether it starts a word: whole words
    (a colour's name, excalibur, hit, block, parry, gold) stay whole, others go letter by letter."""
    words = {*colours, *EXCALIBUR_WORDS, *OUTCOMES, *GOLD_WORDS}
    out: list[tuple[str, bool]] = []
    for token in re.split(r"[\s,]+", text.strip().lower()):
        if token in words:
            out.append((token, True))
        else:
            out.extend((ch, i == 0) for i, ch in enumerate(token))
    return out


def _as_cards(symbols: list[str], colours: tuple[str, ...]) -> tuple[str, ...] | None:
    by_name = {c: c for c in colours} | {c[0]: c for c in colours} | {w: EXCALIBUR for w in EXCALIBUR_WORDS}
    if not all(s in by_name for s in symbols):
        return None
    return tuple(by_name[s] for s in symbols)


def _outcome_event(state: TkcState, defender: int, attack: tuple[str, ...], symbols: list[str]) -> Attack:
    outcome, rest = OUTCOMES[symbols[0]], symbols[1:]
    if outcome == "hit":
        if rest not in ([], ["g"], ["gold"]):
            raise Rejected("A hit is h, or h g when the defender gives a gold bag.")
        return Attack(state.active, defender, attack, "hit", (), bool(rest))
    defence = _as_cards(rest, state.colours)
    if defence is None:
        raise Rejected(f"{' '.join(rest)!r} is not a set of cards: {_letters(state.colours)}.")
    row = classify(attack, state.poke_unblockable)
    if outcome == "parry" and not defence:
        defence = determined_parry(row, attack)
    elif outcome == "block":
        defence = _block_cards(state, row, attack, defence)
    return Attack(state.active, defender, attack, outcome, defence)


def determined_parry(row: AttackType, attack: tuple[str, ...]) -> tuple[str, ...]:
    """A parry can only be the same swords (or Excalibur against Excalibur): `p` alone says it."""
    if row.parry == "excalibur":
        return (EXCALIBUR,)
    return attack if row.parry else ()


def determined_block(row: AttackType, attack: tuple[str, ...]) -> tuple[str, ...]:
    """The block `b` alone stands for, when the cards are determined: the shields of the
    attack's colour (Excalibur is `b x`), or Excalibur where no shield blocks; else ()."""
    if row.shields and row.shield_colour == "same":
        return (attack_colour(attack),) * row.shields
    if not row.shields and row.excalibur_blocks:
        return (EXCALIBUR,)
    return ()


def _block_cards(state: TkcState, row: AttackType, attack: tuple[str, ...], typed: tuple[str, ...]) -> tuple[str, ...]:
    """The blocking cards: as typed; `b` alone when the block is determined; one colour letter
    for all the shields the block takes, in that colour, whatever the attack (`bbb b b`: 2 blue
    shields; `bbb b g` is refused, a blue Power Chop taking blue shields only)."""
    colour = attack_colour(attack)
    if not typed:
        if not row.shields and not row.excalibur_blocks:
            check_block(row, attack, (EXCALIBUR,))  # nothing blocks it: says so, with what stops it
        block = determined_block(row, attack)
        if not block and row.shields and row.shield_colour == "any":
            raise Rejected(
                f"{_cap(row.name)} is blocked by a shield of any colour: type its letter "
                f"(b {state.colours[0][0]}), or b x for Excalibur."
            )
        return block
    if len(typed) == 1 and typed[0] != EXCALIBUR and row.shields:
        # One colour letter is every shield the block takes, in that colour, for every attack.
        if row.shield_colour == "same" and typed[0] != colour:
            raise Rejected(
                f"A {colour} {row.name} is blocked only by {colour} shields, not {typed[0]}: "
                f"b {colour[0]} is {shields((colour,) * row.shields)} (one letter stands for them all)."
            )
        return typed * row.shields
    return typed


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _letters(colours: tuple[str, ...]) -> str:
    return ", ".join(f"{c[0]} = {c}" for c in colours) + ", x = Excalibur"


def read_attack(state: TkcState, text: str) -> AttackLine:
    """An attack line, checked as far as it goes: `Bob rr` (the outcome asked next), or the
    whole attack `2 rr h g`, `2rrhg`, `bob rb b y`. Whatever the line says is checked against
    the rules now (defender, cards held, the game's copies, the outcome), so a refusal comes
    with its reason before anything is recorded. Where letters could split two ways (b is blue
    and block), the one reading the rules allow is taken; a space settles it."""
    who, rest = _defender(text)
    if not who or not rest.strip():
        raise Rejected(
            "Type the defender, then the cards: e.g. 2 rr (or Bob r r), then the outcome if you like: 2 rr h g."
        )
    defender = parse_seat(who, state.players)
    marked = _symbols(rest, state.colours)
    symbols = [s for s, _ in marked]
    attack = _as_cards(symbols, state.colours)
    whole_error: Rejected | None = None  # why the whole line is no attack, if it is all cards
    found, errors, spaced = _splits(state, defender, marked)
    # A spaced outcome (`bb b`: a Thrust, blocked) is read as one before the letters as cards.
    if attack is not None and not (spaced and found):
        try:
            rules.check_attack(state, state.active, defender, attack)
        except Rejected as exc:
            if not any(s in OUTCOMES for s in symbols[1:]):
                raise
            whole_error = exc
        else:
            return AttackLine(defender, attack, note=_other_readings(state, attack, found))
    if len(found) == 1:
        return AttackLine(defender, found[0].cards, found[0])
    if found:
        readings = " or ".join(_spelled(e) for e in found)
        raise Rejected(f"That reads two ways ({readings}): put a space between the cards and the outcome.")
    if spaced and errors:
        raise errors[0]
    if whole_error is not None or errors:
        raise whole_error or errors[0]
    raise Rejected(f"{rest.strip()!r} is not an attack: type the cards ({_letters(state.colours)}), then h, b or p.")


def _splits(
    state: TkcState, defender: int, marked: list[tuple[str, bool]]
) -> tuple[list[Attack], list[Rejected], bool]:
    """Every reading of the symbols as cards then an outcome that the rules allow, the reasons
    the others were refused, and whether a word (not a run-together letter) starts the outcome."""
    symbols = [s for s, _ in marked]
    found: list[Attack] = []
    errors: list[Rejected] = []
    # Where a word starts the outcome (`rb b y`), only such readings count; run-together
    # letters (`rbby`) are split wherever the rules allow.
    spaced = any(marked[i][1] and symbols[i] in OUTCOMES for i in range(1, len(symbols)))
    for i in range(1, len(symbols)):
        if symbols[i] not in OUTCOMES or (spaced and not marked[i][1]):
            continue
        cards = _as_cards(symbols[:i], state.colours)
        if cards is None:
            break  # a word that is no card: no later split makes these cards
        try:
            rules.check_attack(state, state.active, defender, cards)
            event = _outcome_event(state, defender, cards, symbols[i:])
            rules.apply(state, event)
        except Rejected as exc:
            errors.append(exc)
            continue
        found.append(event)
    return found, errors, spaced


def _other_readings(state: TkcState, attack: tuple[str, ...], found: list[Attack]) -> str:
    """A note when letters read as a whole attack also read as an attack and its outcome."""
    if not found:
        return ""
    others = " or ".join(f"{_reading(state, e)} ({_spelled(e)})" for e in found)
    return f"Also reads as {others}."


def _reading(state: TkcState, e: Attack) -> str:
    """An attack with its outcome in words: "Power Chop bbb blocked by 2 blue shields"."""
    row = classify(e.cards, state.poke_unblockable)
    name = f"{row.name} {letters(e.cards)}"
    if e.outcome == "hit":
        return f"{name} hitting" + (", a gold bag given" if e.gold else "")
    if e.outcome == "block":
        return f"{name} blocked by {shields(e.defence)}"
    return f"{name} parried with {letters(e.defence)}"


def _spelled(e: Attack) -> str:
    """The reading typed so that it reads one way only: the outcome as a word."""
    gold = " gold" if e.gold else ""
    return f"{letters(e.cards)} {e.outcome}{' ' + letters(e.defence) if e.defence else ''}{gold}"


def attack_text(state: TkcState, line: AttackLine) -> str:
    """The attack as a line to add the outcome to: `Bob rr ` (the seat when the name has a space)."""
    name = state.players[line.defender]
    who = name if name.split() == [name] and not name[0].isdigit() else str(line.defender + 1)
    return f"{who} {letters(line.cards)} "


def outcome_examples(state: TkcState, line: AttackLine) -> tuple[tuple[str, str], ...]:
    """What to type for each outcome this attack can have, built from the attack itself."""
    row = classify(line.cards, state.poke_unblockable)
    who = state.players[line.defender]
    colour = attack_colour(line.cards)
    examples: list[tuple[str, str]] = []
    for key in rules.outcomes(state, line.defender, row, line.cards):
        if key == "hit":
            text = f"hit (a {row.name} takes no gold)" if not row.takes_gold else "hit"
            examples.append(("h", text))
        elif key == "hit-gold":
            examples.append(("h g", f"hit, {who} gives a gold bag"))
        elif key == "block" and row.shield_colour == "same":
            shield = f"a {colour} shield" if row.shields == 1 else f"{row.shields} {colour} shields"
            examples.append(("b", f"block with {shield}"))
        elif key == "block":
            examples.append((f"b {state.colours[0][0]}", "block with a shield of any colour (its letter)"))
        elif key == "block-x":
            x_only = determined_block(row, line.cards) == (EXCALIBUR,)
            examples.append(("b" if x_only else "b x", "block with Excalibur"))
        elif row.parry == "excalibur":
            examples.append(("p", "parry with Excalibur"))
        else:
            examples.append(("p", "parry with the same swords"))
    return tuple(examples)
