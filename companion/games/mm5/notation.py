"""What players type at a Monster Maker 5 table, turned into event values (no Textual here).

Cards are typed by name (`Orc, Orc, Dark Mage`), a new one with its kind and values inline
(`Goblin = orc P 2/1 M 0/1`); players by seat number or the start of a name. Each parser
returns plain values or raises Rejected with the shape to type, so a screen only asks, looks
card names up in its catalogue and records; the rules then decide whether the event stands.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.core import Rejected, parse_seat
from companion.games.mm5.battle import owner, side_faction
from companion.games.mm5.cards import KIND_WORDS, LIGHT_KINDS, PLAYABLE_KINDS, Spec, from_catalogue
from companion.numbers import LIMIT, whole

KINDS_HELP = "kinds: " + ", ".join(PLAYABLE_KINDS)
VALUES = re.compile(r"^\s*p\s*(\d+)\s*/\s*(\d+)\s*,?\s*m\s*(\d+)\s*/\s*(\d+)\s*$", re.I)


def parse_values(text: str) -> tuple[int, int, int, int]:
    """`P 2/4 M 1/3` into (physical atk, physical def, magic atk, magic def)."""
    if not text.strip():
        raise Rejected("Type the card's values, like P 2/4 M 1/3 (attack/defence).")
    m = VALUES.match(text)
    if not m:
        raise Rejected(f"{text.strip()!r}: type the card's values like P 2/4 M 1/3 (attack/defence).")
    pa, pd, ma, md = (whole(g, "A card's value", 0, LIMIT) for g in m.groups())
    return pa, pd, ma, md


def parse_kind(text: str) -> str:
    word = " ".join(text.strip().lower().replace("-", " ").split())
    kind = KIND_WORDS.get(word, word.replace(" ", "-"))
    if kind not in PLAYABLE_KINDS:
        raise Rejected(f"{text.strip()!r} is not a kind; use one of {', '.join(PLAYABLE_KINDS)}.")
    return kind


def parse_card(name: str, text: str) -> Spec:
    """`orc P 2/1 M 0/1` (kind, then values) typed for a character not yet in the catalogue."""
    m = re.match(r"^\s*(.*?)\s*(p\s*\d.*)$", text, re.I)
    if not m or not m.group(1):
        raise Rejected(f"{text.strip()!r}: type the kind then the values, e.g. orc P 2/1 M 0/1.")
    kind = parse_kind(m.group(1))
    return (name.strip(), kind, *parse_values(m.group(2)), 0)


def parse_names(text: str) -> list[tuple[str, Spec | None]]:
    """`Orc, Orc, Goblin = orc P 2/1 M 0/1` into names, each with values when typed inline."""
    out: list[tuple[str, Spec | None]] = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        name, eq, values = part.partition("=")
        if not name.strip():
            raise Rejected(f"{part!r}: a character needs a name.")
        out.append((name.strip(), parse_card(name, values) if eq else None))
    return out


@dataclass
class CardList:
    """A typed card list resolved against the catalogue: `specs[i]` is None while card i's values
    are still to be asked for; `new` holds the cards typed here (saved once the event stands)."""

    names: list[str]
    specs: list[Spec | None]
    new: dict[str, Spec]

    def missing(self) -> str | None:
        """The name of the first card whose values nobody has typed yet."""
        return next((self.names[i] for i, s in enumerate(self.specs) if s is None), None)

    def learn(self, spec: Spec) -> None:
        """Values typed for a new card: every card of that name in the list takes them."""
        key = spec[0].casefold()
        self.new[key] = spec
        for i, name in enumerate(self.names):
            if name.casefold() == key:
                self.specs[i] = spec

    def ready(self) -> tuple[Spec, ...]:
        return tuple(s for s in self.specs if s is not None)


def card_list(text: str, catalogue: Mapping[str, Mapping[str, Any]]) -> CardList:
    names = parse_names(text)
    known = {k.casefold(): (k, v) for k, v in catalogue.items()}
    new: dict[str, Spec] = {n.casefold(): s for n, s in names if s is not None}
    specs: list[Spec | None] = []
    for name, spec in names:
        if spec is None and name.casefold() in known:
            spec = from_catalogue(*known[name.casefold()])  # type: ignore[arg-type]
        specs.append(spec or new.get(name.casefold()))
    return CardList([n for n, _ in names], specs, new)


# A drawn or dealt item: ("card" | "empty" | "gem" | "knight", number)
Item = tuple[str, int]


def parse_item(word: str, deal: bool) -> Item:
    if not deal and word in {"c", "card"}:
        return ("card", 0)
    if not deal and word in {"empty", "e"}:
        return ("empty", 0)
    m = re.fullmatch(r"([gk])(\d+)", word)
    if not m:
        raise Rejected(f"{word!r}: type c (a card), g3 (gem 3), k3 (Holy Knight 3) or empty.")
    return ("gem" if m.group(1) == "g" else "knight", whole(m.group(2), "The gem or knight number", 0, LIMIT))


def parse_draw(text: str, deal: bool, players: tuple[str, ...]) -> tuple[int | None, list[Item]]:
    """A draw (`c`, `g3`, `k3`, `empty`), or in the deal a seat and what was placed (`2 g3 k5`)."""
    words = text.strip().lower().split()
    if deal:
        if len(words) < 2:
            raise Rejected("During the deal type the player and what was placed: 2 g3 k5.")
        return parse_seat(words[0], players), [parse_item(w, deal) for w in words[1:]]
    if len(words) != 1:
        raise Rejected("One card is drawn: c, g3, k3 or empty.")
    return None, [parse_item(words[0], deal)]


def parse_declare(text: str) -> tuple[str, bool, str]:
    """`dark! Orc, Orc` into the side, the whisper mark and the card list still to resolve."""
    whisper = "!" in text
    head, _, rest = text.replace("!", " ").strip().partition(" ")
    side = {"l": "light", "light": "light", "d": "dark", "dark": "dark"}.get(head.lower().rstrip(":"))
    if side is None:
        raise Rejected("Start with light or dark, e.g. dark Orc, Orc (add ! for the whisper).")
    return side, whisper, rest.lstrip(": ")


def parse_hand(text: str, players: tuple[str, ...]) -> tuple[int, int]:
    who, _, n = text.strip().rpartition(" ")
    if not n[:1].isdigit() or not who:
        raise Rejected("Type the player and the count: Bob 6.")
    return parse_seat(who, players), whole(n, "The count", 0, LIMIT)


def parse_catalogue(text: str) -> Spec:
    """`Goblin = orc P 2/1 M 0/1`: a card's values for the catalogue."""
    name, eq, values = text.partition("=")
    if not eq:
        raise Rejected("Type Name = kind P a/d M a/d, e.g. Goblin = orc P 2/1 M 0/1.")
    return parse_card(name, values)


def parse_strike(text: str) -> tuple[int, int, bool]:
    """`3 7 p`: the striker's id, the target's id, and magic (m) or physical (p)."""
    m = re.fullmatch(r"#?(\d+)\s+#?(\d+)\s+([pm])\w*", text.strip().lower())
    if not m:
        raise Rejected("Type the striker's id, the target's id and p or m: 3 7 p.")
    striker, target = (whole(g, "An id", 0, LIMIT) for g in m.group(1, 2))
    return striker, target, m.group(3) == "m"


def parse_strike_or_pick(text: str) -> int | tuple[int, int, bool]:
    """The strike prompt: a number picks that strike from the advised list (enter alone, the
    first), else `3 7 p` names it."""
    t = text.strip()
    if not t:
        return 1
    if t.isdigit():
        return whole(t, "A strike's number in the list", 1, LIMIT)
    return parse_strike(text)


def parse_thief(text: str) -> tuple[bool, int, int]:
    """`g3 4` (steal gem 3 with a thief of 4) or `k2 5` (free Holy Knight 2): rescue, number, value."""
    m = re.fullmatch(r"([gk])\s*(\d+)\s+(\d+)", text.strip().lower())
    if not m:
        raise Rejected("Type g3 4 (steal gem 3, thief number 4) or k2 5 (free Holy Knight 2, number 5).")
    number, value = (whole(g, "The number", 0, LIMIT) for g in m.group(2, 3))
    return m.group(1) == "k", number, value


def parse_reinforce(text: str, players: tuple[str, ...]) -> tuple[int, str, str]:
    """`Cleo d: Orc, Orc`: who plays, to which side, and the card list still to resolve."""
    m = re.fullmatch(r"\s*(\S+)\s+(attacker|defender|a|d)\b\s*:?\s*(.*)", text, re.I)
    if not m:
        raise Rejected("Type the player, a or d (the side) and the characters: Cleo d: Orc, Orc.")
    to = "attacker" if m.group(2).lower().startswith("a") else "defender"
    return parse_seat(m.group(1), players), to, m.group(3)


def parse_spell(text: str, players: tuple[str, ...]) -> tuple[int, str]:
    who, _, note = text.partition(":") if ":" in text else text.partition(" ")
    return parse_seat(who, players), note.strip()


def parse_remove(text: str) -> tuple[int, str]:
    uid, _, why = text.strip().lstrip("#").partition(" ")
    if not uid[:1].isdigit():
        raise Rejected("Type the character's id and why: 7 Fireball.")
    return whole(uid, "The id", 0, LIMIT), why.strip()


def parse_lineup(text: str) -> list[tuple[Spec, bool]]:
    """`Orc = orc P 2/1 M 0/1; Orc; Holy Knight 3 = knight P 4/5 M 3/4 +gem` for the battle
    command: each character with its kind and values (a bare name repeats an earlier one), and
    whether it is a Holy Knight beside its own gem (+1 to all four values)."""
    out: list[tuple[Spec, bool]] = []
    seen: dict[str, tuple[Spec, bool]] = {}
    for part in (p.strip() for p in text.split(";")):
        if not part:
            continue
        name, eq, rest = part.partition("=")
        gem = rest.rstrip().lower().endswith("+gem")
        rest = rest.rstrip()[: -len("+gem")] if gem else rest
        if not name.strip():
            raise Rejected(f"{part!r}: a character needs a name.")
        if not eq:
            if name.strip().casefold() not in seen:
                raise Rejected(
                    f"{name.strip()!r}: give its kind and values the first time, e.g. Orc = orc P 2/1 M 0/1."
                )
            out.append(seen[name.strip().casefold()])
            continue
        m = re.match(r"^\s*(.*?)\s*(p\s*\d.*)$", rest, re.I)
        word = " ".join(m.group(1).lower().split()) if m else ""
        if m and word in {"knight", "holy knight"}:
            spec: Spec = (name.strip(), "knight", *parse_values(m.group(2)), 1)
        else:
            spec = parse_card(name, rest)
        if gem and spec[1] != "knight":
            raise Rejected(f"{name.strip()}: only a Holy Knight gains +1 from its own gem.")
        seen[name.strip().casefold()] = (spec, gem)
        out.append((spec, gem))
    if not out:
        raise Rejected('Name at least one character, e.g. "Orc = orc P 2/1 M 0/1".')
    if len({"light" if s[1] in {"knight", "companion"} else "dark" for s, _ in out}) > 1:
        raise Rejected("Light and Dark characters never share a side.")
    return out


def reinforce_example(state: Any, catalogue: Mapping[str, Mapping[str, Any]]) -> str:
    """A reinforcement line for the prompt's help, built from the battle: the attacker's own
    player adding to the attacker's side, with cards of that side's faction (from the catalogue
    when it knows some; never a Holy Knight, which is never held in hand). A Light side is never
    offered Dark cards."""
    if state.battle is None:
        return ""
    light = side_faction(state, 0) == "light"
    kinds = [(name, str(data.get("kind", ""))) for name, data in sorted(catalogue.items())]
    names = [name for name, kind in kinds if kind != "knight" and (kind in LIGHT_KINDS) == light][:2]
    cards = ", ".join(names) or ("Warrior" if light else "Orc")
    return f"{state.players[owner(state, 0)].name} a: {cards}"
