"""What players type for The King Commands: cards as colour letters, players by name or seat.

`r r b` or `rrb` are swords (or shields) by the first letters of the session's colour names;
full names work too, and `x` is Excalibur. An attack is one line: the defender (seat or name),
the cards, and optionally the outcome (`2 rr h g`, or run together `2rrhg`); `read_attack`
checks all of it against the rules before anything is recorded. Parsing lives in the core so
the screens stay free of rules and the notation is tested without a terminal.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from companion.core import Event, Prompt, Rejected, parse_seat
from companion.games.tkc import rules
from companion.games.tkc.cards import DISCARDS, EXCALIBUR, attack_colour, classify
from companion.games.tkc.events import BALL_OPTIONS, CROWN_COMMANDS, Attack, Crown, CrystalBall
from companion.games.tkc.state import TkcState
from companion.numbers import LIMIT, is_seat_number, whole

EXCALIBUR_WORDS = ("x", "excalibur")


def check_colours(colours: tuple[str, ...]) -> tuple[str, ...]:
    """Four names with four different first letters, none of them x (Excalibur's letter)."""
    names = tuple(c.strip().lower() for c in colours)
    if any(not n for n in names):
        raise Rejected("Every sword/shield colour needs a name.")
    letters = [n[0] for n in names]
    if len(set(letters)) != len(letters):
        raise Rejected(
            "The four colour names need different first letters, because cards are typed by "
            f"first letter ({', '.join(names)})."
        )
    if "x" in letters or any(n in EXCALIBUR_WORDS for n in names):
        raise Rejected("No colour may start with x: x is Excalibur.")
    return names


def parse_cards(text: str, colours: tuple[str, ...]) -> tuple[str, ...]:
    """`r r b`, `rrb`, `red blue` or `x` into colour names and EXCALIBUR, in the order typed."""
    by_name = {c: c for c in colours} | {c[0]: c for c in colours}
    by_name |= {w: EXCALIBUR for w in EXCALIBUR_WORDS}
    cards: list[str] = []
    for token in re.split(r"[\s,]+", text.strip().lower()):
        if not token:
            continue
        if token in by_name:
            cards.append(by_name[token])
        elif all(ch in by_name for ch in token):
            cards.extend(by_name[ch] for ch in token)
        else:
            letters = ", ".join(f"{c[0]} = {c}" for c in colours)
            raise Rejected(f"{token!r} is not a card: type {letters}, x = Excalibur.")
    return tuple(cards)


def parse_numbers(text: str) -> tuple[int, ...]:
    parts = [p for p in re.split(r"[\s,]+", text.strip()) if p]
    return tuple(whole(p) for p in parts)


OUTCOMES = {"h": "hit", "hit": "hit", "b": "block", "block": "block", "p": "parry", "parry": "parry"}
GOLD_WORDS = ("g", "gold")


@dataclass(frozen=True)
class AttackLine:
    """What an attack line said: the defender and the cards, and the whole Attack event when
    the line carried its outcome too (None: the outcome is still to be asked)."""

    defender: int
    cards: tuple[str, ...]
    event: Attack | None = None


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
    return Attack(state.active, defender, attack, outcome, defence)


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
    if attack is not None:
        try:
            rules.check_attack(state, state.active, defender, attack)
            return AttackLine(defender, attack)
        except Rejected as exc:
            if not any(s in OUTCOMES for s in symbols[1:]):
                raise
            whole_error = exc
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


def letters(cards: tuple[str, ...]) -> str:
    """Cards as they are typed: `rr`, `rb`, `x`."""
    return "".join("x" if c == EXCALIBUR else c[0] for c in cards)


def _spelled(e: Attack) -> str:
    gold = " g" if e.gold else ""
    return f"{letters(e.cards)} {e.outcome[0]}{' ' + letters(e.defence) if e.defence else ''}{gold}"


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
            text = f"hit (a {row.name} takes no gold)" if not row.takes_gold else "hit, no gold bag given"
            examples.append(("h", text))
        elif key == "hit-gold":
            examples.append(("h g", f"hit, {who} gives a gold bag"))
        elif key == "block" and row.shield_colour == "same":
            shield = f"a {colour} shield" if row.shields == 1 else f"{row.shields} {colour} shields"
            examples.append(("b " + colour[0] * row.shields, f"blocked by {shield}"))
        elif key == "block":
            examples.append((f"b {state.colours[0][0]}", "blocked by a shield of any colour (its letter)"))
        elif key == "block-x":
            examples.append(("b x", "blocked by Excalibur"))
        elif row.parry == "excalibur":
            examples.append(("p x", "parried by Excalibur"))
        else:
            examples.append((f"p {letters(line.cards)}", "parried with the same swords"))
    return tuple(examples)


def parse_choice(text: str, keys: tuple[str, ...]) -> tuple[str, str]:
    """`2 Bob` or `attention`: one of `keys` by number or name (start), and the rest of the text."""
    first, _, rest = text.strip().partition(" ")
    f = first.lower()
    if is_seat_number(f, len(keys)):
        return keys[int(f) - 1], rest.strip()
    matches = [k for k in keys if f and k.startswith(f)]
    if len(matches) == 1:
        return matches[0], rest.strip()
    raise Rejected(f"Choose 1–{len(keys)} ({', '.join(keys)}).")


# The relics by name: each is discarded as "a relic" (draw 5).
RELIC_WORDS = ("crown", "crystal ball", "ball", "crystal", "excalibur", "x")


def parse_discard(text: str) -> tuple[str, int]:
    """`1`–`5` from the discard menu, or words: `2 swords`, `shield`, `relic`, `gold`."""
    t = text.strip().lower()
    if is_seat_number(t, len(DISCARDS)):
        card, count, _ = DISCARDS[int(t) - 1]
        return card, count
    m = re.fullmatch(r"(\d+)?\s*([a-z ]+?)s?", t)
    if not m:
        raise Rejected(f"Choose 1–{len(DISCARDS)}, or type e.g. 2 swords, shield, relic.")
    kind = m.group(2).strip()
    return ("relic" if kind in RELIC_WORDS else kind), whole(m.group(1) or "1", "How many", 1, LIMIT)


# -- the crown and the crystal ball: a menu, then the command's own question -------------------


def _others(state: TkcState) -> list[int]:
    return [i for i in range(state.n) if i != state.active]


def crown_prompt(state: TkcState) -> Prompt:
    """The crown's five commands by number or name; one typed in one go (`3 Bob g`) records
    at once, else the command's own question follows."""
    keys = tuple(CROWN_COMMANDS)
    menu = " · ".join(f"{i} {name}" for i, name in enumerate(CROWN_COMMANDS.values(), 1))

    def parse(text: str) -> Event | tuple[Event, ...] | Prompt | None:
        command, rest = parse_choice(text, keys)
        if command in {"attention", "abdication"}:
            return Crown(command)
        follow = crown_detail(state, command)
        return follow.parse(rest) if rest else follow

    return Prompt(f"Crown: {menu}", parse)


def crown_detail(state: TkcState, command: str) -> Prompt:
    """The follow-up question of a crown command, its examples named from the table."""
    others = _others(state)
    names = ", ".join(state.players[i] for i in others)
    first = state.players[others[0]]

    def lay(text: str) -> Crown:
        numbers = parse_numbers(text)
        if len(numbers) != len(others):
            raise Rejected(f"Type {len(others)} numbers, one each for {names}.")
        counts = [0] * state.n
        for seat, k in zip(others, numbers, strict=True):
            counts[seat] = k
        return Crown("lay-down", counts=tuple(counts))

    def fear(text: str) -> Crown:
        who, _, gold = text.strip().partition(" ")
        if gold.strip().lower() not in {"", *GOLD_WORDS}:
            raise Rejected(f"Type the player, then g if a gold bag was given: e.g. {first} g.")
        return Crown("fear", target=parse_seat(who, state.players), gold=bool(gold.strip()))

    def aid(text: str) -> Crown:
        who, _, count = text.strip().partition(" ")
        return Crown("aid", target=parse_seat(who, state.players), counts=parse_numbers(count or "2"))

    if command == "lay-down":
        label = f"Lay down your swords! Swords each laid down (2, or all it has): {names}"
        return Prompt(label, lay, " ".join("2" for _ in others))
    if command == "fear":
        label = f"Fear my mighty sword! Nothing stops it. Whom? Add g if a gold bag is given: {first} g"
        return Prompt(label, fear, suggest=tuple(state.players[i] for i in others))
    label = f"Give me your aid! Who gives, and how many cards (2; 0 if a hand of only gold): {first} 2"
    return Prompt(label, aid, suggest=tuple(state.players[i] for i in others))


def ball_prompt(state: TkcState) -> Prompt:
    """The crystal ball's three options; `3` and a player looks at that player's hand."""
    keys = tuple(BALL_OPTIONS)
    menu = " · ".join(f"{i} {text}" for i, text in enumerate(BALL_OPTIONS.values(), 1))
    first = state.players[_others(state)[0]]

    def parse(text: str) -> CrystalBall:
        option, rest = parse_choice(text, keys)
        if option == "look":
            if not rest:
                raise Rejected(f"Whose hand? Type 3 and the player, e.g. 3 {first}.")
            return CrystalBall("look", parse_seat(rest, state.players))
        return CrystalBall(option)

    return Prompt(f"Crystal ball: {menu} (e.g. 3 {first})", parse)
