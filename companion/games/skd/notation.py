"""What players type on the entry line, turned into event values (the screen only collects it).

A card already in the catalogue is entered by its number in the list the prompt shows, its
name, or the start of its name; a line with commas is a card's full values, which the screen
then saves to the catalogue. The other forms are short:
`Kai 2` (skill, X = 2), `discard deck 2` (move cards; a seat number may follow),
`2 +3` (mana for player 2), `2 1` (cards kept at the boss setup, in seat order).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from companion.core import Rejected
from companion.games.skd.cards import parse_play
from companion.games.skd.effect_words import EFFECT_HELP, EFFECT_WORDS, parse_effects, parse_move
from companion.games.skd.specs import (
    character_from_data,
    enemy_from_data,
    parse_character,
    parse_enemy,
    summary,
)
from companion.numbers import LIMIT, whole

if TYPE_CHECKING:
    from companion.games.skd.state import SkdState

__all__ = ["EFFECT_HELP", "EFFECT_WORDS", "parse_effects", "parse_move"]


def shelf(catalogue: dict[str, dict[str, Any]], taken: tuple[str, ...] = ()) -> list[str]:
    """The catalogue's names that can still come up (not `taken`), in the order `known` numbers them."""
    gone = {t.casefold() for t in taken}
    return sorted((n for n in catalogue if n.casefold() not in gone), key=str.casefold)


def from_catalogue(
    text: str,
    catalogue: dict[str, dict[str, Any]],
    kind: str,
    others: dict[str, dict[str, Any]] | None = None,
    taken: tuple[str, ...] = (),
) -> tuple[tuple[Any, ...], bool]:
    """(spec, typed): the catalogue's card for its number in `known`, its name or the unique
    start of its name; else the typed values.

    `others` is the catalogue of the other enemy deck: a boss cannot be an enemy card, nor the
    other way round. `taken` are names that cannot come up again (numbers skip them).
    """
    t = text.strip()
    if not t:
        raise Rejected("Type a name from the catalogue, its number, or the card's values.")
    names = shelf(catalogue, taken)
    if re.fullmatch(r"[0-9]+", t):
        listed = dict(numbered(catalogue, taken, kind))
        if len(t) > 3 or int(t) not in listed:
            raise Rejected(f"There is no card {t} in the list: {known(catalogue, taken, kind)}.")
        t = listed[int(t)]
    name = t.partition(",")[0].strip().casefold()
    for other in others or {}:
        if other.casefold() == name:
            this, that = ("a boss", "an enemy") if kind == "boss" else ("an enemy", "a boss")
            raise Rejected(f"{other} is {that} card, so it cannot come up as {this}.")
    character = kind == "character"
    if "," not in t:
        exact = [n for n in catalogue if n.casefold() == name]
        starts = exact or [n for n in names if n.casefold().startswith(name)]
        if len(starts) == 1:
            found = starts[0]
            data = catalogue[found]
            return (character_from_data(found, data) if character else enemy_from_data(found, data)), False
        if len(starts) > 1:
            raise Rejected(f"{t!r} could be {', '.join(starts)}: type more of the name.")
        example = "Rin, wind, 2, 3/4/5, c/h2, 2, damage 3" if character else "Slime, 1, 10, 2, 3, 4"
        raise Rejected(f"{t!r} is not in the catalogue yet; type its values, e.g. {example}.")
    return (parse_character(t) if character else parse_enemy(t)), True


def numbered(
    catalogue: dict[str, dict[str, Any]], taken: tuple[str, ...] = (), kind: str = ""
) -> list[tuple[int, str]]:
    """The cards that can come up with their numbers. A character keeps its number for the
    whole draft (a drafted one leaves a gap), so a number read before a pick still means the
    same card; an enemy or boss list is numbered afresh."""
    names = shelf(catalogue, taken)
    if kind != "character":
        return list(enumerate(names, 1))
    whole = shelf(catalogue)
    left = set(names)
    return [(i, n) for i, n in enumerate(whole, 1) if n in left]


def known(catalogue: dict[str, dict[str, Any]], taken: tuple[str, ...] = (), kind: str = "") -> str:
    """Every card that can come up, numbered; with `kind`, each with its values (stars, element,
    Atk; a character's skill too)."""
    names = numbered(catalogue, taken, kind)
    if not names:
        return "none left" if catalogue else "none yet"
    return " · ".join(f"{i} {n}" + (f" {summary(kind, n, catalogue[n])}" if kind else "") for i, n in names)


def parse_skill(text: str) -> tuple[str, int]:
    """`Kai 2` or `1 2` → (character, X); `Rin` → (character, 0)."""
    parts = text.split()
    if not parts:
        raise Rejected("Type the character (name or number) and, for an X★ skill, the mana.")
    if len(parts) > 1 and parts[-1][:1].isdigit():
        return " ".join(parts[:-1]), whole(parts[-1], "The mana", 0, LIMIT)
    return " ".join(parts), 0


def mana_label(state: SkdState) -> str:
    """The mana line's help; its example (the next player) is a change the table would take."""
    seat = (state.active + 1) % len(state.seats)
    change = "-1" if state.seats[seat].mana else "+1"
    return f"Mana: +2 for the active player, or a player number and the change, e.g. {seat + 1} {change}"


def parse_mana(text: str, active: int) -> tuple[int, int]:
    """`+2` (the active player) or `2 -1` (player 2) → (seat, change)."""
    m = re.fullmatch(r"\s*(?:(\d+)\s+)?([-+]\d+)\s*", text)
    if not m:
        raise Rejected("Type the change, e.g. +2, or a player number and the change, e.g. 2 -1.")
    seat = whole(m.group(1), "The player number", 1, LIMIT) - 1 if m.group(1) else active
    return seat, whole(m.group(2), "The change")


def parse_keep(text: str, players: int) -> tuple[int, ...]:
    parts = text.replace(",", " ").split()
    if len(parts) != players:
        raise Rejected(f"Type {players} numbers, one per player in seat order, e.g. {' '.join(['2'] * players)}.")
    return tuple(whole(p, "Each number", 0, LIMIT) for p in parts)


def parse_skill_line(text: str, active: int) -> tuple[str, int, tuple[Any, ...]]:
    """`Kai 2: damage 3, heal 1` → (character, X, effects); the part after ':' may be left out."""
    who, _, effects = text.partition(":")
    name, x = parse_skill(who)
    return name, x, parse_effects(effects, active)


def parse_play_line(text: str, easy: bool, active: int) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
    """`g4 r4 +r2; Mio: heal 2` → (cards, ((character, effects), …)) for constant skills."""
    cards_text, *skills = text.split(";")
    cards = parse_play(cards_text, easy)
    constant = []
    for part in (p for p in skills if p.strip()):
        who, sep, effects = part.partition(":")
        if not sep or not who.strip():
            raise Rejected(f"{part.strip()!r}: write a constant skill as Name: effects, e.g. Mio: heal 2.")
        constant.append((who.strip(), parse_effects(effects, active)))
    return cards, tuple(constant)


def parse_correction(text: str) -> tuple[int | None, int | None]:
    """`hp 7`, `mana 2`, `hp 7 mana 2` or a bare `7` (HP) → (hp, mana)."""
    t = text.strip().lower()
    if re.fullmatch(r"[0-9]+", t):
        return whole(t, "The enemy's HP", 0, LIMIT), None
    m = re.fullmatch(r"(?:hp\s+(\S+?))?\s*(?:mana\s+(\S+))?", t)
    if not t or not m or not (m.group(1) or m.group(2)):
        raise Rejected("Type what the table shows: hp 7, mana 2, or both (hp 7 mana 2).")
    hp = whole(m.group(1), "The enemy's HP", 0, LIMIT) if m.group(1) else None
    return hp, whole(m.group(2), "The enemy's mana", 0, LIMIT) if m.group(2) else None


def offer_label(offers: tuple[tuple[str, tuple[Any, ...]], ...], words: dict[str, str]) -> str:
    """The question for the constant skills a play triggers (`words`: each one's card text)."""
    listed = " · ".join(f"{i} {name}: {words.get(name, '')}" for i, (name, _) in enumerate(offers, 1))
    return f"This play triggers constant skills: {listed} · enter applies them all, n none, or their numbers"


def parse_offer(text: str, offers: tuple[tuple[str, tuple[Any, ...]], ...]) -> tuple[tuple[str, tuple[Any, ...]], ...]:
    """The constant skills accepted: enter (all), `n` (none), or their numbers or names."""
    t = text.strip().casefold()
    if t in ("", "y", "yes"):
        return offers
    if t in ("n", "no", "none"):
        return ()
    chosen = []
    for part in t.replace(",", " ").split():
        found = [o for i, o in enumerate(offers, 1) if part in (str(i), o[0].casefold())]
        if not found:
            raise Rejected(f"{part!r} is not one of the skills offered; enter takes them all, n none.")
        chosen += [o for o in found if o not in chosen]
    return tuple(chosen)


def parse_x(text: str) -> int:
    """The mana paid for an X★ skill: a whole number, at least 1."""
    return whole(text.strip(), "The mana", 1, LIMIT)


def parse_swap(
    text: str, catalogue: dict[str, dict[str, Any]], taken: tuple[str, ...], party: tuple[str, ...]
) -> tuple[str, tuple[Any, ...], bool]:
    """`Kai > Sol`: the character given back, and the new one's spec (and whether it was typed
    out, for the catalogue). The example names the drafter's own first character."""
    out, sep, new = text.partition(">")
    if not sep:
        mine = party[0] if party else "Kai"
        raise Rejected(f"Type the one you give back, >, then the new one, e.g. {mine} > Sol.")
    spec, typed = from_catalogue(new, catalogue, "character", None, taken)
    return out.strip(), spec, typed
