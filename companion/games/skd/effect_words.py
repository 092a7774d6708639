"""Effects in words, the notation players type and cards store: `damage 3`, `atk Kai +2, heal 1`.

A skill stored on a character's card (or an enemy's ability on appearance) is kept as these
words and read back into the plain tuples effects.py applies; `X` stands for the mana paid for
an X★ skill. Words that do not read as effects are only a card's text: nothing is applied.
"""

from __future__ import annotations

import re
from typing import Any

from companion.core import Rejected
from companion.numbers import LIMIT, whole

AREA_WORDS = {"deck": "deck", "pile": "pile", "play": "pile", "discard": "discard", "hand": "hand"}
_X = re.compile(r"(?<!\w)[xX](?!\w)")
# A constant skill's trigger: a colour (a card of it is played) or a number (a card showing it)
_TRIGGER = re.compile(r"\s*(g|r|b|y|green|red|blue|yellow|[0-4])\s*:\s*(.*)", re.IGNORECASE | re.DOTALL)


def parse_move(text: str) -> tuple[str, str, int, int | None]:
    m = re.fullmatch(r"\s*(\w+)\s+(\w+)\s+(\d+)(?:\s+(\d+))?\s*", text.lower())
    if not m or m.group(1) not in AREA_WORDS or m.group(2) not in AREA_WORDS:
        raise Rejected(
            "Type from, to and how many, e.g. discard deck 2 (areas: deck, pile, discard, hand; a player number may follow)."
        )
    seat = whole(m.group(4), "The player number", 1, LIMIT) - 1 if m.group(4) else None
    return AREA_WORDS[m.group(1)], AREA_WORDS[m.group(2)], whole(m.group(3), "How many", 0, LIMIT), seat


EFFECT_WORDS = (
    "damage",
    "hp",
    "enemy mana",
    "atk",
    "lasting",
    "heal",
    "move",
    "discard",
    "deck",
    "hand",
    "pile",
    "mana",
)
EFFECT_HELP = (
    "damage 3 · hp +2 · enemy mana -1 · atk Kai +2 (this turn; add 'lasting') · heal 2 · "
    "move discard hand 1 · mana 2 +1"
)


PLAYER_WORDS = ("player", "ally", "p")  # a skill's words naming "a player" the table chooses


def parse_effect(text: str, active: int, target: int | None = None) -> tuple[Any, ...]:
    """One effect in words (see EFFECT_HELP) as the plain tuple the events carry; `mana +1`
    without a player number is the active player's; `mana player +1` is `target`'s."""
    t = text.strip().lower()
    if m := re.fullmatch(r"(?:damage|dmg)\s+(\S+)", t):
        return ("damage", whole(m.group(1), "The damage", 0, LIMIT))
    if m := re.fullmatch(r"(?:enemy\s+)?hp\s+([-+]\S+)", t):
        return ("enemy-hp", whole(m.group(1), "The HP change"))
    if m := re.fullmatch(r"enemy\s+mana\s+([-+]\S+)", t):
        return ("enemy-mana", whole(m.group(1), "The mana change"))
    if m := re.fullmatch(r"atk\s+(.+?)\s+([-+]\S+?)(\s+(?:lasting|always|for good))?", t):
        return ("atk", m.group(1), whole(m.group(2), "The Atk change"), bool(m.group(3)))
    if m := re.fullmatch(r"heal\s+(\S+)", t):
        return ("heal", whole(m.group(1), "The heal", 0, LIMIT))
    if t.startswith("move "):
        return ("move", *parse_move(t[5:]))
    if m := re.fullmatch(r"mana\s+(?:(\S+)\s+)?([-+]\S+)", t):
        if m.group(1) in PLAYER_WORDS:  # a card's "a player": the table names whom (see `gives_mana`)
            seat = active if target is None else target
        else:
            seat = whole(m.group(1), "The player number", 1, LIMIT) - 1 if m.group(1) else active
        return ("mana", seat, whole(m.group(2), "The mana change"))
    raise Rejected(f"{text.strip()!r} is not an effect; write one of: {EFFECT_HELP}.")


def parse_effects(text: str, active: int, target: int | None = None) -> tuple[Any, ...]:
    """Effects separated by commas."""
    return tuple(parse_effect(p, active, target) for p in text.split(",") if p.strip())


_GIVES = re.compile(r"(?:^|,)\s*mana\s+(\S+)\s+[-+]", re.IGNORECASE)


def gives_mana(words: str) -> bool:
    """Whether a card's skill words give mana to a player named on the card (`mana 2 +1`, `mana
    player +1`): a card cannot know the seats, so the table names the player when it is used."""
    return bool(_GIVES.search(words))


def stored_effects_for(words: str, x: int, active: int, target: int) -> tuple[Any, ...] | None:
    """A card's skill words as effects, any mana it gives a player going to `target`."""
    if not words.strip():
        return None
    named = _GIVES.sub(lambda m: m.group(0).replace(m.group(1), "player"), words)
    try:
        return parse_effects(_X.sub(str(max(x, 1)), named), active, target) or None
    except Rejected:
        return None


def stored_effects(words: str, x: int, active: int) -> tuple[Any, ...] | None:
    """A card's skill words as effects, X the mana paid; None when they are only words."""
    if not words.strip():
        return None
    try:
        return parse_effects(_X.sub(str(max(x, 1)), words), active) or None
    except Rejected:
        return None


def check_stored(words: str, what: str) -> None:
    """Rejected unless `words` (an enemy's ability) read as effects."""
    if words.strip() and stored_effects(words, 1, 0) is None:
        raise Rejected(f"{what}: {words.strip()!r} is not an effect; write one of: {EFFECT_HELP}.")


def constant_trigger(words: str) -> tuple[str | None, str]:
    """A constant skill's words as (trigger, effect words): `b: heal 2` (a blue card played),
    `4: damage 1` (a card showing 4); no trigger: when the character attacks (its colour played)."""
    m = _TRIGGER.fullmatch(words)
    if not m:
        return None, words
    trigger = m.group(1).lower()
    return (trigger if trigger.isdigit() else trigger[0]), m.group(2)
