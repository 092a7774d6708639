"""Card values typed from the physical cards: characters, enemies, bosses, colour pairing.

The box's values are not in the rules, so players type them once, in one comma-separated line,
and the screen keeps them in the card catalogue. Inside events a card travels as a plain tuple
(a "spec"), so a session replays the same even if the catalogue changes later.

Character: `Rin, wind, 2, 3/4/5, c/h2, 2, text` = name, element, stars, Atk at LV1/LV2/LV3
(their count is the LV cap), the bonus gained on reaching LV2, LV3 … (`-` none, `c` card,
`h2` heart 2), the skill cost (a number, `X`, `const`, or `-`), and the skill's words.
Enemy or boss: `Slime, 1, 10, 2, 3, 4` = name, stars, HP, Atk, strong-attack threshold
(its mana) and strong-attack damage; the last two may be left out (no strong attack). Words
after the numbers are its ability on appearance, as effects (`Wolf, 1, 16, 3, enemy mana +1`).

A character's skill words that read as effects (`damage 3`, `atk Kai +X`) are its stored
effect, applied by `k` with no more typing; a constant skill may start with its trigger
(`b: heal 2`). Other words are only the card's text.
"""

from __future__ import annotations

import re
from typing import Any

from companion.core import Rejected
from companion.games.skd.cards import COLOUR_NAMES
from companion.games.skd.effect_words import check_stored
from companion.numbers import LIMIT, whole

ELEMENTS = ("wind", "fire", "water", "earth")
_ELEMENT_ALIASES = {"風": "wind", "火": "fire", "水": "water", "地": "earth"}
DEFAULT_PAIRING = "wind=green, fire=red, water=blue, earth=yellow"

CharacterSpec = tuple[str, str, int, tuple[int, ...], tuple[str, ...], str, str]
EnemySpec = tuple[str, int, int, int, int, int, str]


def parse_pairing(text: str) -> tuple[tuple[str, str], ...]:
    """`wind=green, fire=red, …` as ((element, colour letter), …), every element once."""
    pairs: dict[str, str] = {}
    for part in (p for p in re.split(r"[,;]", text) if p.strip()):
        element, _, colour = (s.strip().lower() for s in part.partition("="))
        element = _ELEMENT_ALIASES.get(element, element)
        letter = colour[:1]
        if element not in ELEMENTS or letter not in COLOUR_NAMES or colour not in (letter, COLOUR_NAMES[letter]):
            raise Rejected(f"{part.strip()!r}: write element=colour, e.g. wind=green.")
        pairs[element] = letter
    if sorted(pairs) != sorted(ELEMENTS) or len(set(pairs.values())) != 4:
        raise Rejected("Pair each of wind, fire, water and earth with its own colour (green, red, blue, yellow).")
    return tuple((e, pairs[e]) for e in ELEMENTS)


def _int(text: str, what: str, low: int = 0) -> int:
    return whole(text, what, low, LIMIT)


def _bonus(token: str) -> str:
    t = token.strip().lower()
    if t in ("", "-", "none"):
        return ""
    if t in ("c", "card"):
        return "card"
    if m := re.fullmatch(r"(?:h|heart)\s*(\d+)", t):
        return f"heart{whole(m.group(1), 'A heart bonus', 0, LIMIT)}"
    raise Rejected(f"Level bonus {token.strip()!r}: write - (none), c (card) or h2 (heart 2).")


def _cost(token: str) -> str:
    t = token.strip().lower()
    if t in ("", "-", "none"):
        return ""
    if t == "x":
        return "X"
    if t in ("const", "constant", "常時"):
        return "constant"
    return str(_int(t, "Skill cost"))


def check_character(spec: Any) -> CharacterSpec:
    """A character spec from an event or the catalogue, its values checked."""
    try:
        name, element, stars, atk, bonuses, cost, skill = spec
        atk = tuple(int(a) for a in atk)
        bonuses = tuple(_bonus(b) for b in bonuses)
        stars = int(stars)
    except (TypeError, ValueError):
        raise Rejected(f"{spec!r} is not a character.") from None
    if not str(name).strip():
        raise Rejected("A character needs a name.")
    if element not in ELEMENTS:
        raise Rejected(f"{element!r} is not an element; use wind, fire, water or earth.")
    if stars < 1:
        raise Rejected(f"{name}: a character has at least 1 star.")
    if not atk or any(a < 0 for a in atk):
        raise Rejected(f"{name}: give its Atk at each LV, e.g. 3/4/5.")
    if len(bonuses) != len(atk) - 1:
        dashes = "/".join("-" * (len(atk) - 1)) or "-"
        raise Rejected(
            f"{name}: {len(atk)} LVs need {len(atk) - 1} level bonuses, one for each LV from LV2 "
            f"({dashes} for none), not {len(bonuses)}."
        )
    return (str(name).strip(), element, stars, atk, bonuses, _cost(str(cost)), str(skill).strip())


def parse_character(text: str) -> CharacterSpec:
    parts = [p.strip() for p in text.split(",")]
    if len(parts) < 4:
        raise Rejected(
            "Type name, element, stars, Atk per LV, level bonuses, skill cost, skill — "
            "e.g. Rin, wind, 2, 3/4/5, c/h2, 2, deal 3 damage."
        )
    name, element, stars, atk = parts[:4]
    element = _ELEMENT_ALIASES.get(element.lower(), element.lower())
    levels = [_int(a, f"{name}'s Atk") for a in re.split(r"[/\s]+", atk) if a]
    bonus_text = parts[4] if len(parts) > 4 else ""
    bonuses = [b for b in re.split(r"[/\s]+", bonus_text) if b]
    if len(levels) == 1 and bonuses == ["-"]:
        bonuses = []
    cost = parts[5] if len(parts) > 5 else ""
    skill = ", ".join(parts[6:])
    return check_character(
        (name, element, _int(stars, f"{name}'s stars", 1), tuple(levels), tuple(bonuses), cost, skill)
    )


def check_enemy(spec: Any) -> EnemySpec:
    """An enemy spec from an event or the catalogue (six values before its ability existed)."""
    try:
        name, stars, hp, atk, threshold, strong, *more = spec
        values = [int(v) for v in (stars, hp, atk, threshold, strong)]
        ability = str(more[0]).strip() if more else ""
        if len(more) > 1:
            raise ValueError
    except (TypeError, ValueError):
        raise Rejected(f"{spec!r} is not an enemy.") from None
    if not str(name).strip():
        raise Rejected("An enemy needs a name.")
    stars, hp, atk, threshold, strong = values
    if hp < 1:
        raise Rejected(f"{name}: HP must be at least 1.")
    if min(stars, atk, threshold, strong) < 0:
        raise Rejected(f"{name}: stars, Atk and the strong attack cannot be negative.")
    if threshold and not strong:
        raise Rejected(f"{name}: a strong attack at {threshold} mana needs its damage.")
    check_stored(ability, f"{name}'s ability on appearance")
    return (str(name).strip(), stars, hp, atk, threshold, strong, ability)


def parse_enemy(text: str) -> EnemySpec:
    parts = [p.strip() for p in text.split(",")]
    count = next((i for i, p in enumerate(parts[1:], 1) if not p.isdigit()), len(parts))
    if count not in (4, 6):
        raise Rejected(
            "Type name, stars, HP, Atk, strong-attack mana, strong damage — e.g. Slime, 1, 10, 2, 3, 4 "
            "(leave out the last two if it has no strong attack), then any ability on appearance."
        )
    name = parts[0]
    numbers = [_int(p, f"{name}'s values") for p in parts[1:count]] + [0, 0][: 6 - count]
    return check_enemy((name, *numbers, ", ".join(parts[count:])))


# -- the card catalogue (JSON-able dicts keyed by name) ---------------------------------------


def character_data(spec: CharacterSpec) -> dict[str, Any]:
    _, element, stars, atk, bonuses, cost, skill = spec
    return {
        "element": element,
        "stars": stars,
        "atk": list(atk),
        "bonuses": list(bonuses),
        "cost": cost,
        "skill": skill,
    }


def character_from_data(name: str, data: dict[str, Any]) -> CharacterSpec:
    return check_character(
        (
            name,
            data.get("element"),
            data.get("stars"),
            data.get("atk", ()),
            data.get("bonuses", ()),
            data.get("cost", ""),
            data.get("skill", ""),
        )
    )


def enemy_data(spec: EnemySpec) -> dict[str, Any]:
    _, stars, hp, atk, threshold, strong, ability = spec
    data: dict[str, Any] = {"stars": stars, "hp": hp, "atk": atk, "threshold": threshold, "strong": strong}
    return {**data, "ability": ability} if ability else data


def enemy_from_data(name: str, data: dict[str, Any]) -> EnemySpec:
    return check_enemy(
        (
            name,
            data.get("stars"),
            data.get("hp"),
            data.get("atk"),
            data.get("threshold", 0),
            data.get("strong", 0),
            data.get("ability", ""),
        )
    )


def show_character(spec: CharacterSpec) -> str:
    name, element, stars, atk, bonuses, cost, skill = spec
    text = f"{name}, {element}, {stars}, {'/'.join(map(str, atk))}"
    text += ", " + ("/".join(b.replace("heart", "h").replace("card", "c") or "-" for b in bonuses) or "-")
    return text + f", {cost or '-'}" + (f", {skill}" if skill else "")


def show_enemy(spec: EnemySpec) -> str:
    """The enemy as `parse_enemy` reads it back: no strong attack leaves out its two zeros."""
    name, stars, hp, atk, threshold, strong, ability = spec
    values = (stars, hp, atk) if not threshold and not strong and not ability else (stars, hp, atk, threshold, strong)
    return ", ".join((name, *map(str, values), *((ability,) if ability else ())))


def summary(kind: str, name: str, data: dict[str, Any]) -> str:
    """A remembered card's values in a few words: `2★ wind Atk 3/4/5`, `1★ 10 HP Atk 2`."""
    try:
        if kind == "character":
            c = character_from_data(name, data)
            skill = f" · skill [{c[5]}] {c[6]}" if c[6] else ""
            return f"{c[2]}★ {c[1]} Atk {'/'.join(map(str, c[3]))}{skill}"
        e = enemy_from_data(name, data)
    except Rejected:
        return "(its values do not read; edit it in the catalogue)"
    return f"{e[1]}★ {e[2]} HP Atk {e[3]}"
