"""Circuit cards in a short notation, the legality of a play, and the attacks it makes.

The physical cards stay at the table; a play is typed as tokens such as `g4 r4 b4 +b2`:
one or two colour letters (g r b y), none to two numbers, `*` per star symbol, `^` for the LV
symbol, and a leading `+` for the extra card after a 4. `b23` is a dual-number card, `rg`
(or `rg3`) a dual-colour card. Everything is checked against the one card the app must know,
the top of the play pile; an empty pile (the first play, the first play of the boss battle)
takes anything.

A play's "4" is decided by the number the play uses: a lone card showing a 4, or a
same-number group played as 4s. A dual-number 3/4 card played in a group of 3s is a 3.
"""

from __future__ import annotations

import re
from typing import Any, NamedTuple

from companion.core import Rejected

COLOUR_NAMES = {"g": "green", "r": "red", "b": "blue", "y": "yellow"}
COLOURS = tuple(COLOUR_NAMES)

_TOKEN = re.compile(r"^(\+?)([a-z]{1,2})(\d{0,2})([*^]*)$")


class Card(NamedTuple):
    colours: str  # one letter, or two for a dual-colour card
    numbers: tuple[int, ...]  # two for a dual-number card, none for a plain dual-colour card
    stars: int = 0
    lv: bool = False
    extra: bool = False


def colour_words(colours: str) -> str:
    return "/".join(COLOUR_NAMES[c] for c in colours)


def show(card: Card) -> str:
    text = ("+" if card.extra else "") + card.colours + "".join(str(n) for n in card.numbers)
    return text + "*" * card.stars + ("^" if card.lv else "")


def show_all(cards: tuple[Card, ...]) -> str:
    return " ".join(show(c) for c in cards)


def parse_card(token: str, easy: bool = False) -> Card:
    """One token as a card, or Rejected naming what is wrong with it."""
    m = _TOKEN.match(token.strip().lower())
    if not m:
        raise Rejected(
            f"{token!r} is not a card; write a colour letter (g r b y) and its number, e.g. g4, "
            "b23 (dual number), rg (dual colour), g2* (star), g1^ (LV), +b2 (extra card)."
        )
    plus, colours, digits, marks = m.groups()
    bad = [c for c in colours if c not in COLOUR_NAMES]
    if bad:
        raise Rejected(f"{token!r}: {bad[0]!r} is not a colour; use g, r, b or y.")
    if len(colours) == 2 and colours[0] == colours[1]:
        raise Rejected(f"{token!r}: a dual-colour card has two different colours.")
    numbers = tuple(sorted(int(d) for d in digits))
    if any(n > 4 for n in numbers):
        raise Rejected(f"{token!r}: circuit cards are numbered 0 to 4.")
    if len(numbers) == 2 and numbers[0] == numbers[1]:
        raise Rejected(f"{token!r}: a dual-number card has two different numbers.")
    if len(colours) == 2 and len(numbers) == 2:
        raise Rejected(f"{token!r}: no card has two colours and two numbers.")
    if len(colours) == 1 and not numbers:
        raise Rejected(f"{token!r}: a one-colour card needs its number, e.g. {colours}3.")
    if easy and any(n in (0, 4) for n in numbers):
        raise Rejected(f"{token!r}: Easy mode takes the 0 and 4 cards out of the deck.")
    return Card(colours, numbers, marks.count("*"), "^" in marks, plus == "+")


def parse_play(text: str, easy: bool = False) -> tuple[Card, ...]:
    tokens = [t for t in re.split(r"[\s,]+", text.strip()) if t]
    if not tokens:
        raise Rejected("Type the cards played, e.g. g4 r4 b4 +b2.")
    return tuple(parse_card(t, easy) for t in tokens)


def as_card(raw: tuple[Any, ...], easy: bool = False) -> Card:
    """A card back from an event's plain tuple, checked like a typed one."""
    try:
        colours, numbers, stars, lv, extra = raw
        card = Card(str(colours), tuple(int(n) for n in numbers), int(stars), bool(lv), bool(extra))
    except (TypeError, ValueError):
        raise Rejected(f"{raw!r} is not a card.") from None
    return parse_card(show(card), easy)


def group_number(main: tuple[Card, ...]) -> set[int]:
    """The numbers every card of the group shows (a lone card: all of its numbers)."""
    common = set(main[0].numbers)
    for card in main[1:]:
        common &= set(card.numbers)
    return common


def matches(card: Card, numbers: set[int], top: Card) -> bool:
    return bool(set(card.colours) & set(top.colours)) or bool(numbers & set(top.numbers))


def check_play(top: Card | None, cards: tuple[Card, ...]) -> None:
    """Rejected with the reason if `cards`, in the order played, may not go on `top`."""
    if not cards:
        raise Rejected("Type the cards played, e.g. g4 r4 b4 +b2.")
    extras = [i for i, c in enumerate(cards) if c.extra]
    if len(extras) > 1:
        raise Rejected("Only one extra card: the extra card after a 4 comes once and never chains.")
    if extras and extras[0] != len(cards) - 1:
        raise Rejected("The extra card (+…) is played last, after the 4s.")
    main = cards[:-1] if extras else cards
    if not main:
        raise Rejected("An extra card (+…) needs a 4 played before it.")
    common = group_number(main)
    if len(main) > 1 and not common:
        raise Rejected(f"{show_all(main)}: cards played together must show the same number.")
    if top is not None and not matches(main[0], common, top):
        hint = ""
        if any(matches(c, common, top) for c in main[1:]):
            hint = " Put the card that matches first."
        raise Rejected(
            f"{show(main[0])} does not match the top card {show(top)}: it needs the same colour "
            f"or the same number.{hint}"
        )
    if extras:
        if 4 not in common:
            raise Rejected("An extra card (+…) is only allowed after a 4.")
        last_four, extra = main[-1], cards[-1]
        if not set(extra.colours) & set(last_four.colours):
            raise Rejected(
                f"The extra card must be {colour_words(last_four.colours)}, the colour of the "
                f"last 4 played ({show(last_four)}); {show(extra)} is not."
            )


def attack_triggers(cards: tuple[Card, ...], per_colour: bool) -> tuple[str, ...]:
    """The colours that attack, once per entry, in the order the attacks happen.

    By the app's ruling every card makes its colour(s) attack once. The "per distinct colour"
    variant counts each colour of the main play once; the extra card still adds one attack.
    """
    if not per_colour:
        return tuple(c.colours for c in cards)
    seen: list[str] = []
    for card in cards:
        if card.extra:
            continue
        seen += [c for c in card.colours if c not in seen]
    extra = tuple(c.colours for c in cards if c.extra)
    return (*seen, *extra)


# -- the box, card by card --------------------------------------------------------------------
# 40 single cards: each colour's 0–4 twice (8 of each number, the app's reading of the ruling);
# 8 dual-number cards and 6 dual-colour cards, whose faces the ruling does not list, so only
# their totals are checked. Easy mode takes out the 0s and 4s and some dual-number cards.
SINGLE_COPIES = 2
DUAL_NUMBER_CARDS = 8
DUAL_COLOUR_CARDS = 6


def kind_of(card: Card) -> str:
    if len(card.colours) == 2:
        return "dual-colour"
    return "dual-number" if len(card.numbers) == 2 else "single"


def face(card: Card) -> tuple[str, tuple[int, ...]]:
    """What makes two cards the same card: the colours (either order) and the numbers."""
    return "".join(sorted(card.colours)), card.numbers


def check_copies(on_pile: tuple[Card, ...], cards: tuple[Card, ...], dual_numbers: int) -> None:
    """Rejected if the play needs more copies of a card than the box has outside the play pile."""
    for card in cards:
        kind = kind_of(card)
        if kind == "single":
            same = [c for c in cards if face(c) == face(card)]
            known = sum(face(c) == face(card) for c in on_pile)
            limit, what = SINGLE_COPIES, f"{COLOUR_NAMES[card.colours]} {card.numbers[0]}s"
        else:
            same = [c for c in cards if kind_of(c) == kind]
            known = sum(kind_of(c) == kind for c in on_pile)
            limit = dual_numbers if kind == "dual-number" else DUAL_COLOUR_CARDS
            what = f"{kind} cards"
        if len(same) + known > limit:
            where = f", and {known} {'is' if known == 1 else 'are'} on the play pile already" if known else ""
            left = limit - known
            can = "none can be played" if left <= 0 else f"only {left} can be played"
            raise Rejected(f"{show_all(tuple(same))}: the box has {limit} {what}{where}; {can}. Check the cards typed.")
