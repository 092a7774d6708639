"""Seirei Kairo Drive's keys at the table: one per family of `SkdGame.actions`, as data.

A key opens what the core builds from the state (companion.games.skd.prompts). A key whose
question needs the remembered cards (pick, swap, reveal, play, skill, the boss setup) opens
nothing here: the Seirei Kairo Drive screen's method of that name asks the store for them.
"""

from __future__ import annotations

from companion.core import Key
from companion.games.skd import events as ev
from companion.games.skd import prompts

KEYS = (
    Key("d", "draw", "Draw", "Draw phase: the active player draws 1 (nothing if the deck is empty)", ev.Draw()),
    Key(
        "p",
        "play",
        "Play",
        "The cards played, e.g. g4 r4 b4 +b2 (in the play step, just type them); checked and resolved",
    ),
    Key("l", "level_up", "Level up", "Actions: 3 mana for +1 LV, its bonus resolved at once", prompts.level_up_prompt),
    Key(
        "k",
        "skill",
        "Skill",
        "Actions: a skill by its number (the card's effect applies) or Rin: damage 3 (once per character per turn)",
    ),
    Key(
        "e",
        "enemy",
        "Enemy phase",
        "The enemy attacks the deck, gains 1 mana, strong attack at its threshold",
        ev.EnemyPhase(),
    ),
    Key("c", "pick", "Pick", "Draft: pick a character (catalogue name or its values)"),
    Key("x", "swap", "Swap", "Draft: swap one of yours for one still on the table (under the cap)"),
    Key("o", "pass_draft", "Pass", "Draft: take no more characters", ev.DraftPass()),
    Key("v", "reveal", "Reveal enemy", "Reveal the first enemy of the normal battle"),
    Key("b", "boss_step", "Boss setup", "The next step of the boss setup"),
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
)
