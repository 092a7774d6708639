"""What players type for The King Commands: cards as colour letters, players by name or seat.

`r r b` or `rrb` are swords (or shields) by the first letters of the session's colour names;
full names work too, and `x` is Excalibur. Numbers, menu choices, discards, kinds of card and
the crown's and crystal ball's questions are read here too; the attack line is read in
attack_line.py. Parsing lives in the core so the screens stay free of rules and the notation is
tested without a terminal.
"""

from __future__ import annotations

import re

from companion.core import Dice, Event, Prompt, Rejected, parse_seat
from companion.games.tkc.cards import DISCARDS, EXCALIBUR
from companion.games.tkc.events import BALL_OPTIONS, CROWN_COMMANDS, Crown, CrystalBall, Discard
from companion.games.tkc.state import TkcState
from companion.games.tkc.words import lay_down_question
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


GOLD_WORDS = ("g", "gold")


def letters(cards: tuple[str, ...]) -> str:
    """Cards as they are typed: `rr`, `rb`, `x`."""
    return "".join("x" if c == EXCALIBUR else c[0] for c in cards)


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
