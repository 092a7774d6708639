"""Monster Maker 5's keys at the table: one per family of `MM5Game.actions`, as data.

A key opens what the core builds from the state (companion.games.mm5.prompts). A key whose
question needs the remembered cards (draw, faction, play, attack, rescue, reinforce) opens
nothing here: the Monster Maker 5 screen's method of that name asks the store for them.
"""

from __future__ import annotations

from companion.core import Key
from companion.games.mm5 import prompts
from companion.games.mm5.events import Discard

KEYS = (
    Key("d", "draw", "Draw", "Record the card drawn (or, in the deal, a gem or knight placed)"),
    Key("f", "declare", "Faction", "Declare Light or Dark, playing the new side's characters"),
    Key("p", "enter", "Play", "Action: play characters of your own faction"),
    Key("a", "attack", "Attack", "Action: attack a player; in a battle, one strike"),
    Key("r", "rescue", "Rescue", "Action: storm the Dungeon with your Light Companions"),
    Key("t", "thief", "Thief", "Action: steal a gem or free a Holy Knight (one die)", prompts.thief_prompt),
    Key("e", "reinforce", "Reinforce", "Battle: a player adds characters to a side"),
    Key("s", "spell", "Spell", "Battle: a player lays a face-down spell (noted)", prompts.spell_prompt),
    Key("i", "initiative", "Initiative", "Battle: each side rolls a die, the higher strikes first", prompts.initiative),
    Key("b", "begin", "Begin", "The deal is placed: the first player starts", prompts.begin_prompt, show=False),
    Key("h", "hand", "Hand count", "Set a player's hand count (for the hand limit)", prompts.hand_prompt, show=False),
    Key("x", "discard", "Discard to 5", "Only spells left: reveal and discard to 5", Discard(), show=False),
    Key("k", "remove", "Remove character", "A spell's effect or a correction", prompts.remove_prompt, show=False),
)
