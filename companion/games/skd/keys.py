"""Seirei Kairo Drive's keys at the table: one per family of `SkdGame.actions`, as data.

A key opens what the core builds from the state (companion.games.skd.prompts); one whose
question needs the remembered cards (pick, swap, reveal, play, skill, the boss setup) reads
every kind of them from the Shelf, the same builder for the table's screen and a seat's phone.
In the play step a card typed at the table (g, r, b, y, +) starts the play: `g4 r4 enter` is
the whole play. The catalogue key only moves the table's screen.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.core import Key, Shelf
from companion.games.skd import events as ev
from companion.games.skd import prompts
from companion.seat_openers import Built


def _with_cards(build: Callable[[Any, Any], Built]) -> Callable[[Any, Shelf], Built]:
    """The question, handed the remembered cards of every kind (`prompts.Shelves`)."""

    def seat(state: Any, shelf: Shelf) -> Built:
        return build(state, {kind: dict(shelf(kind)) for kind in ("character", "enemy", "boss")})

    return seat


KEYS = (
    Key("d", "draw", "Draw", "Draw phase: the active player draws 1 (nothing if the deck is empty)", ev.Draw()),
    Key(
        "p",
        "play",
        "Play",
        "The cards played, e.g. g4 r4 b4 +b2 (in the play step, just type them); checked and resolved",
        reads=_with_cards(prompts.play_prompt),
        starts=lambda s: "grby+" if s.stage in ("normal", "boss") else "",  # a card, in the battle
    ),
    Key("l", "level_up", "Level up", "Actions: 3 mana for +1 LV, its bonus resolved at once", prompts.level_up_prompt),
    Key(
        "k",
        "skill",
        "Skill",
        "Actions: a skill by its number (the card's effect applies) or Rin: damage 3 (once per character per turn)",
        reads=_with_cards(prompts.skill_line_prompt),
    ),
    Key(
        "e",
        "enemy",
        "Enemy phase",
        "The enemy attacks the deck, gains 1 mana, strong attack at its threshold",
        ev.EnemyPhase(),
    ),
    Key(
        "c",
        "pick",
        "Pick",
        "Draft: pick a character (catalogue name or its values)",
        reads=_with_cards(prompts.pick_prompt),
    ),
    Key(
        "x",
        "swap",
        "Swap",
        "Draft: swap one of yours for one still on the table (under the cap)",
        reads=_with_cards(prompts.swap_prompt),
    ),
    Key("o", "pass_draft", "Pass", "Draft: take no more characters", ev.DraftPass()),
    Key(
        "v",
        "reveal",
        "Reveal enemy",
        "Reveal the first enemy of the normal battle",
        reads=_with_cards(prompts.reveal_prompt),
    ),
    Key(
        "b",
        "boss_step",
        "Boss setup",
        "The next step of the boss setup",
        reads=_with_cards(prompts.boss_step),
        done="Shuffle the play pile, deal each hand up to 4; the rest is the new deck.",
    ),
    Key("m", "move", "Move cards", "Cards moved by a skill: from, to, how many", prompts.move_prompt, show=False),
    Key(
        "a", "mana", "Mana", "Mana given or taken by a skill: +2, or player and change", prompts.mana_prompt, show=False
    ),
    Key(
        "h",
        "correct",
        "Correct enemy",
        "Set the enemy's HP or mana to what the table shows (a correction)",
        prompts.correct_prompt,
        show=False,
    ),
    Key(
        "C",
        "catalogue",
        "Catalogue",
        "Every remembered character, enemy and boss: filter, edit, delete",
        screen="screens.catalogue_screen:show_catalogue",
    ),
)
