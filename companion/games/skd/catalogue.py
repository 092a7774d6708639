"""The Seirei Kairo Drive cards a table remembers, as the catalogue screen lists and edits them.

Characters, enemies and bosses are stored by name with their values (specs.py's dicts). A line
shows what a player looks for at the table (stars, element, Atk, the skill and whether the app
applies it from the card; an enemy's HP, Atk, strong attack and ability on appearance); the edit
text is the same comma line the draft and reveal prompts read, so an edit is typed the same way.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.core import Rejected
from companion.games.skd.cards import COLOUR_NAMES
from companion.games.skd.effect_words import constant_trigger, stored_effects
from companion.games.skd.specs import (
    CharacterSpec,
    EnemySpec,
    character_data,
    character_from_data,
    enemy_data,
    enemy_from_data,
    parse_character,
    parse_enemy,
    show_character,
    show_enemy,
)

KINDS = (("character", "Characters"), ("enemy", "Enemies"), ("boss", "Bosses"))


def _kind(kind: str) -> str:
    if kind not in dict(KINDS):
        raise Rejected(f"Seirei Kairo Drive keeps characters, enemies and bosses, not {kind!r}.")
    return kind


def skill_line(cost: str, words: str) -> str:
    """A character's skill as the list shows it, saying whether `k` applies it from the card."""
    if not cost:
        return "no skill"
    if cost == "constant":
        trigger, effect = constant_trigger(words)
        if stored_effects(effect, 0, 0) is None:
            return f"constant: {words or '—'} (words only: type it after the play, ; Name: effects)"
        when = (
            "when it attacks"
            if trigger is None
            else f"when a card showing {trigger} is played"
            if trigger.isdigit()
            else f"when a {COLOUR_NAMES[trigger]} card is played"
        )
        return f"constant: {effect.strip()} (offered {when})"
    price = "X★" if cost == "X" else f"{cost}★"
    if stored_effects(words, 1, 0) is None:
        return f"skill {price}: {words or '—'} (words only: say what it does at k)"
    return f"skill {price}: {words} (applied by k)"


def character_line(spec: CharacterSpec) -> str:
    name, element, stars, atk, bonuses, cost, words = spec
    levels = "/".join(map(str, atk))
    bonus = "/".join(b.replace("heart", "h").replace("card", "c") or "-" for b in bonuses)
    return (
        f"{name} · {stars}★ {element} · Atk {levels}"
        + (f" · LV bonus {bonus}" if bonus else "")
        + (f" · {skill_line(cost, words)}")
    )


def enemy_line(spec: EnemySpec) -> str:
    name, stars, hp, atk, threshold, strong, ability = spec
    text = f"{name} · {stars}★ · {hp} HP · Atk {atk}"
    text += f" · strong {strong} at {threshold} mana" if threshold else " · no strong attack"
    return text + (f" · on appearance: {ability}" if ability else "")


class SkdCatalogue:
    """The `Catalogue` of Seirei Kairo Drive (see companion/core/game.py)."""

    kinds: tuple[tuple[str, str], ...] = KINDS

    def line(self, kind: str, name: str, data: Mapping[str, Any]) -> str:
        try:
            if _kind(kind) == "character":
                return character_line(character_from_data(name, dict(data)))
            return enemy_line(enemy_from_data(name, dict(data)))
        except Rejected as exc:
            return f"{name} · its values do not read ({exc.reason}); edit or delete it"

    def text(self, kind: str, name: str, data: Mapping[str, Any]) -> str:
        try:
            if _kind(kind) == "character":
                return show_character(character_from_data(name, dict(data)))
            return show_enemy(enemy_from_data(name, dict(data)))
        except Rejected:
            return name  # unreadable values: the player types them again

    def parse(self, kind: str, text: str) -> tuple[str, dict[str, Any]]:
        if _kind(kind) == "character":
            character = parse_character(text)
            return character[0], character_data(character)
        enemy = parse_enemy(text)
        return enemy[0], enemy_data(enemy)


CATALOGUE = SkdCatalogue()
