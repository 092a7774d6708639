"""Monster Maker 5's keys at the table: one per family of `MM5Game.actions`, as data.

A key opens what the core builds from the state (companion.games.mm5.prompts). A key whose
question needs the remembered cards (draw, faction, play, attack, rescue, reinforce) opens
nothing here: the Monster Maker 5 screen's method of that name asks the store for them, and a
seat's phone opens its `seat` builder, handed the remembered cards.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from companion.core import Key, Shelf
from companion.games.mm5 import prompts
from companion.games.mm5.events import Discard
from companion.seat_openers import Built


@lru_cache(maxsize=8)
def _advice(state: Any) -> Any:
    """The best strikes for the battle as it stands, solved once for every phone that asks."""
    from companion.games.mm5.advice import battle_advice

    return battle_advice(state)


def _attack(state: Any, shelf: Shelf) -> Built:
    return prompts.target_prompt(state) if state.battle is None else prompts.strike_prompt(state, _advice(state))


def _reinforce(state: Any, shelf: Shelf) -> Built:
    from companion.games.mm5.whatif import what_ifs

    cards = shelf("character")
    return prompts.reinforce_prompt(state, cards, what_ifs(state, dict(cards)))


KEYS = (
    Key(
        "d",
        "draw",
        "Draw",
        "Record the card drawn (or, in the deal, a gem or knight placed)",
        seat=lambda s, shelf: prompts.draw_prompt(s, shelf("character")),
    ),
    Key(
        "f",
        "declare",
        "Faction",
        "Declare Light or Dark, playing the new side's characters",
        seat=lambda s, shelf: prompts.declare(s, shelf("character")),
    ),
    Key(
        "p",
        "enter",
        "Play",
        "Action: play characters of your own faction",
        seat=lambda s, shelf: prompts.enter_prompt(s, shelf("character")),
    ),
    Key("a", "attack", "Attack", "Action: attack a player; in a battle, one strike", seat=_attack),
    Key(
        "r",
        "rescue",
        "Rescue",
        "Action: storm the Dungeon with your Light Companions",
        seat=lambda s, shelf: prompts.rescue_prompt(s, shelf("dungeon").get("Dark Dungeon")),
    ),
    Key("t", "thief", "Thief", "Action: steal a gem or free a Holy Knight (one die)", prompts.thief_prompt),
    Key("e", "reinforce", "Reinforce", "Battle: a player adds characters to a side", seat=_reinforce),
    Key("s", "spell", "Spell", "Battle: a player lays a face-down spell (noted)", prompts.spell_prompt),
    Key("i", "initiative", "Initiative", "Battle: each side rolls a die, the higher strikes first", prompts.initiative),
    Key("b", "begin", "Begin", "The deal is placed: the first player starts", prompts.begin_prompt, show=False),
    Key("h", "hand", "Hand count", "Set a player's hand count (for the hand limit)", prompts.hand_prompt, show=False),
    Key("x", "discard", "Discard to 5", "Only spells left: reveal and discard to 5", Discard(), show=False),
    Key("k", "remove", "Remove character", "A spell's effect or a correction", prompts.remove_prompt, show=False),
)
