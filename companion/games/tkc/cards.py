"""The King Commands' card tables: what each card is worth, what a set of swords attacks with,
what stops each attack, and what a discard draws.

The attack table is data: one `AttackType` row per attack says how many swords it takes, how
their colours must fall, which shields block it, whether Excalibur blocks it and what parries
it. Classification, the "what stops it" sentence and the checks of a block or a parry are all
read from those rows, so a ruling change is a one-row edit. Cards are named by the session's
colour names plus `EXCALIBUR`; the app never sees hands, only the cards players enter.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace

from companion.core import Rejected

EXCALIBUR = "excalibur"
CROWN_ATTACK = "crown"
DEFAULT_COLOURS = ("red", "blue", "green", "yellow")

# Score-pile card types, in the order every count tuple uses.
CARD_TYPES = ("sword", "shield", "crown", "gold", "crystal ball", "Excalibur")
SWORD, SHIELD, CROWN, GOLD, BALL, EXCAL = range(6)
POINTS = (1, 2, 3, 5, 0, 0)
DECK = (56, 16, 8, 12, 8, 8)
DECK_SIZE = sum(DECK)
HAND_SIZE = 6
CORNER_VALUES = frozenset(POINTS)
GOLD_BAGS = DECK[GOLD]
RELIC_KINDS = (CROWN, BALL, EXCAL)
RELIC_COPIES = sum(DECK[k] for k in RELIC_KINDS)
# A card named in one word (a relic discarded, a card a crystal ball takes back): its kind.
KIND_BY_NAME = {"sword": SWORD, "shield": SHIELD, "crown": CROWN, "crystal ball": BALL, "excalibur": EXCAL}


# How many of each type read: "1 gold bag", "3 gold bags", "2 Excalibur cards".
KIND_WORDS = (
    ("sword", "swords"),
    ("shield", "shields"),
    ("crown", "crowns"),
    ("gold bag", "gold bags"),
    ("crystal ball", "crystal balls"),
    ("Excalibur", "Excalibur cards"),
)


def kind_count(n: int, kind: int) -> str:
    one, many = KIND_WORDS[kind]
    return f"{n} {one if n == 1 else many}"


def kind_plural(kind: int) -> str:
    return KIND_WORDS[kind][1]


def points(counts: tuple[int, ...]) -> int:
    return sum(n * p for n, p in zip(counts, POINTS, strict=True))


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


@dataclass(frozen=True)
class AttackType:
    key: str
    name: str
    swords: int  # swords in the attack; 0 for Excalibur and the crown
    colours: str  # how the colours fall: one, same, mixed (2 colours), distinct (all different)
    shields: int  # shields that block it; 0 = no shield blocks it
    shield_colour: str  # "any" or "same" (the attack's colour)
    excalibur_blocks: bool
    parry: str  # "same" (same swords, same colours), "excalibur", or "" (nothing parries)
    takes_gold: bool


ATTACKS = (
    AttackType("poke", "Poke", 1, "one", 1, "any", True, "same", False),
    AttackType("swing", "Swing", 2, "mixed", 1, "any", True, "same", True),
    AttackType("thrust", "Thrust", 2, "same", 1, "same", True, "same", True),
    AttackType("power-chop", "Power Chop", 3, "same", 2, "same", True, "same", True),
    AttackType("combination", "Combination", 4, "distinct", 0, "", True, "same", True),
    AttackType("backstab", "Backstab", 5, "same", 0, "", False, "", True),
    AttackType("excalibur", "Excalibur", 0, "", 0, "", False, "excalibur", True),
    AttackType("fear", "Fear my mighty sword!", 0, "", 0, "", False, "", True),
)
BY_KEY = {a.key: a for a in ATTACKS}
POKE_UNBLOCKABLE = replace(BY_KEY["poke"], shields=0, excalibur_blocks=False)

_PATTERN_WORDS = {
    "one": "of any colour",
    "same": "all of one colour",
    "mixed": "of two different colours",
    "distinct": "each of a different colour",
}


def attack_type(key: str, poke_unblockable: bool = False) -> AttackType:
    if key == "poke" and poke_unblockable:
        return POKE_UNBLOCKABLE
    return BY_KEY[key]


def _fits(row: AttackType, colours: list[str]) -> bool:
    different = len(set(colours))
    if row.swords != len(colours):
        return False
    return {
        "one": True,
        "same": different == 1,
        "mixed": different == 2,
        "distinct": different == len(colours),
    }[row.colours]


def classify(cards: tuple[str, ...], poke_unblockable: bool = False) -> AttackType:
    """The attack these cards make, or Rejected naming the sets that would make one."""
    if not cards:
        raise Rejected("Enter the attacking cards: swords by colour, or x for Excalibur.")
    if EXCALIBUR in cards:
        if len(cards) != 1:
            raise Rejected("Excalibur attacks alone: play it by itself, without swords.")
        return BY_KEY["excalibur"]
    for row in ATTACKS:
        if row.swords and _fits(row, list(cards)):
            return attack_type(row.key, poke_unblockable)
    shapes = [f"{row.name} ({_PATTERN_WORDS[row.colours]})" for row in ATTACKS if row.swords == len(cards)]
    if not shapes:
        raise Rejected(f"No attack uses {len(cards)} swords: attacks take 1 to 5 swords.")
    return _no_attack(cards, shapes)


def _no_attack(cards: tuple[str, ...], shapes: list[str]) -> AttackType:
    raise Rejected(f"{', '.join(cards)} forms no attack: {len(cards)} swords make only " + " or ".join(shapes) + ".")


def attack_colour(cards: tuple[str, ...]) -> str:
    """The attack's colour when all its swords share one, else ""."""
    return cards[0] if cards and len(set(cards)) == 1 and cards[0] != EXCALIBUR else ""


def stoppers(row: AttackType, cards: tuple[str, ...]) -> str:
    """What can stop this attack, in one sentence."""
    colour = attack_colour(cards)
    blocks = []
    if row.shields:
        shield = "shield" if row.shields == 1 else "shields"
        if row.shield_colour == "same":
            blocks.append(f"{row.shields} {colour} {shield}")
        else:
            blocks.append(f"{row.shields} {shield} of any colour")
    if row.excalibur_blocks:
        blocks.append("Excalibur")
    parts = []
    if blocks:
        parts.append("blocked by " + " or ".join(blocks))
    if row.parry == "same":
        parts.append("parried by the same swords (" + " ".join(cards) + ")")
    elif row.parry == "excalibur":
        parts.append("parried only by another Excalibur")
    if not parts:
        return "Nothing stops it: it cannot be blocked or parried."
    text = "; ".join(parts)
    if not blocks:
        text = "cannot be blocked; " + text
    return text[0].upper() + text[1:] + "."


def check_block(row: AttackType, cards: tuple[str, ...], shields: tuple[str, ...]) -> None:
    """Rejected unless `shields` (colour names, or Excalibur) legally block this attack."""
    if not shields:
        raise Rejected("A block needs the blocking cards: shields by colour, or x for Excalibur.")
    if EXCALIBUR in shields:
        if len(shields) != 1:
            raise Rejected("Excalibur blocks alone: enter only x.")
        if not row.excalibur_blocks:
            raise Rejected(f"Excalibur cannot block {_a(row)}. {stoppers(row, cards)}")
        return
    if not row.shields:
        raise Rejected(f"No shield blocks {_a(row)}. {stoppers(row, cards)}")
    if len(shields) != row.shields:
        raise Rejected(f"{row.name} is blocked by exactly {plural(row.shields, 'shield')}, not {len(shields)}.")
    colour = attack_colour(cards)
    if row.shield_colour == "same" and any(s != colour for s in shields):
        raise Rejected(f"A {colour} {row.name} is blocked only by {colour} shields, not {', '.join(shields)}.")


def check_parry(row: AttackType, cards: tuple[str, ...], parry: tuple[str, ...]) -> None:
    """Rejected unless `parry` legally parries this attack."""
    if row.parry == "excalibur":
        if parry != (EXCALIBUR,):
            raise Rejected("Only another Excalibur parries Excalibur: enter x.")
        return
    if not row.parry:
        raise Rejected(f"{_cap(_a(row))} cannot be parried. {stoppers(row, cards)}")
    if Counter(parry) != Counter(cards):
        raise Rejected(
            f"A parry uses the same swords in the same colours ({' '.join(cards)}), not {' '.join(parry) or 'nothing'}."
        )


def _cap(text: str) -> str:
    """The first letter upper-case, the rest as written ("a Backstab" -> "A Backstab")."""
    return text[:1].upper() + text[1:]


def _a(row: AttackType) -> str:
    if row.key == "fear":
        return "Fear my mighty sword!"
    return f"an {row.name}" if row.name[0] in "AEIOU" else f"a {row.name}"


# -- discarding for cards -------------------------------------------------------------------

DISCARDS = (
    ("sword", 1, 2),
    ("sword", 2, 4),
    ("sword", 3, 6),
    ("shield", 1, 3),
    ("relic", 1, 5),
)
RELICS = "a crown, a crystal ball or Excalibur"


def discard_draw(kind: str, count: int) -> int:
    """Cards drawn for discarding `count` cards of `kind`, or Rejected with the legal choices."""
    if kind == "gold":
        raise Rejected("Gold bags cannot be discarded: discard 1–3 swords, a shield or a relic.")
    for k, n, draw in DISCARDS:
        if (k, n) == (kind, count):
            return draw
    if kind == "sword":
        raise Rejected(f"Discard 1, 2 or 3 swords, not {count}.")
    if kind in {"shield", "relic"}:
        raise Rejected(f"Discard exactly one {kind}, not {count}; one kind per discard.")
    raise Rejected(f"{kind!r} cannot be discarded: discard 1–3 swords, a shield or a relic.")


def discard_label(kind: str, count: int) -> str:
    return {"sword": plural(count, "sword"), "shield": "a shield", "relic": "a relic"}[kind]
