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

from companion.core import Dice, Event, Prompt, Rejected, parse_seat
from companion.games.tkc import rules
from companion.games.tkc.cards import DISCARDS, EXCALIBUR, AttackType, attack_colour, check_block, classify
from companion.games.tkc.events import BALL_OPTIONS, CROWN_COMMANDS, Attack, Crown, CrystalBall, Discard
from companion.games.tkc.state import TkcState
from companion.games.tkc.words import lay_down_question, shields
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


def letters(cards: tuple[str, ...]) -> str:
    """Cards as they are typed: `rr`, `rb`, `x`."""
    return "".join("x" if c == EXCALIBUR else c[0] for c in cards)


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


# One word for a card by kind: what a relic discarded or a crystal ball's take was.
KIND_WORDS = {
    "sword": "sword",
    "shield": "shield",
    "crown": "crown",
    "crystal ball": "crystal ball",
    "crystal": "crystal ball",
    "ball": "crystal ball",
    "excalibur": "excalibur",
    "x": "excalibur",
}


TAKE_QUESTION = "Which card came back from the discard pile? One word: sword, shield, crown, ball or x (Excalibur)"


def parse_kind(text: str) -> str:
    """`crown`, `ball`, `x`, `swords`: the kind of one card, as the events name it."""
    t = " ".join(text.strip().lower().split())
    for word in (t, t.removesuffix("s")):
        if word in KIND_WORDS:
            return KIND_WORDS[word]
    raise Rejected(f"{text.strip()!r} is not a kind of card: type sword, shield, crown, ball or x (Excalibur).")


def read_discard(text: str) -> Discard:
    """A discard as typed; a relic typed by name (`crown`) keeps its name."""
    card, count = parse_discard(text)
    if card != "relic":
        return Discard(card, count)
    t = text.strip().lower()
    return Discard(card, count, "" if is_seat_number(t, len(DISCARDS)) or t.startswith("relic") else parse_kind(t))


# -- the crown and the crystal ball: a menu, then the command's own question -------------------


def _others(state: TkcState) -> list[int]:
    return [i for i in range(state.n) if i != state.active]


def crown_prompt(state: TkcState) -> Prompt:
    """The crown's five commands by number or name; one typed in one go (`3 Bob g`) records
    at once, else the command's own question follows."""
    keys = tuple(CROWN_COMMANDS)
    menu = " · ".join(f"{i} {name}" for i, name in enumerate(CROWN_COMMANDS.values(), 1))

    def parse(text: str) -> Event | tuple[Event, ...] | Prompt | Dice | None:
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
        return Prompt(lay_down_question(state), lay, default=" ".join("2" for _ in others))
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

    def take(text: str) -> CrystalBall:
        return CrystalBall("take", card=parse_kind(text))

    def parse(text: str) -> CrystalBall | Prompt:
        option, rest = parse_choice(text, keys)
        if option == "take":  # which card came back, in one word: it leaves the discard pile
            return take(rest) if rest else Prompt(TAKE_QUESTION, take)
        if option == "look":
            if not rest:
                raise Rejected(f"Whose hand? Type 3 and the player, e.g. 3 {first}.")
            return CrystalBall("look", parse_seat(rest, state.players))
        return CrystalBall(option)

    return Prompt(f"Crystal ball: {menu} (e.g. 3 {first})", parse)
