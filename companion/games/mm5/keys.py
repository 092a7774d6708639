"""Monster Maker 5's keys at the table: one per family of `MM5Game.actions`, as data.

A key opens what the core builds from the state (companion.games.mm5.prompts); one whose
question needs the remembered cards (draw, faction, play, rescue, reinforce) reads them from
the Shelf, the same builder for the table's screen and a seat's phone. The strike's advice and
the reinforcement what-ifs are the Shelf's `solved`: the table's screen solves them in the
background for its panel, a phone solves them when asked (once per battle for every phone).
The last three keys only move the table's screen: its win-chance panel, the dice tray, the
catalogue.
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
    if state.battle is None:
        return prompts.target_prompt(state)
    return prompts.strike_prompt(state, shelf.solution("advice", lambda: _advice(state)))


def _reinforce(state: Any, shelf: Shelf) -> Built:
    from companion.games.mm5.whatif import what_ifs

    cards = shelf("character")
    found = shelf.solution("whatifs", lambda: what_ifs(state, dict(cards)))
    return prompts.reinforce_prompt(state, cards, found or [])


KEYS = (
    Key(
        "d",
        "draw",
        "Draw",
        "Record the card drawn (or, in the deal, a gem or knight placed)",
        reads=lambda s, shelf: prompts.draw_prompt(s, shelf("character")),
    ),
    Key(
        "f",
        "declare",
        "Faction",
        "Declare Light or Dark, playing the new side's characters",
        reads=lambda s, shelf: prompts.declare(s, shelf("character")),
    ),
    Key(
        "p",
        "enter",
        "Play",
        "Action: play characters of your own faction",
        reads=lambda s, shelf: prompts.enter_prompt(s, shelf("character")),
    ),
    Key("a", "attack", "Attack", "Action: attack a player; in a battle, one strike", reads=_attack),
    Key(
        "r",
        "rescue",
        "Rescue",
        "Action: storm the Dungeon with your Light Companions",
        reads=lambda s, shelf: prompts.rescue_prompt(s, shelf("dungeon").get("Dark Dungeon")),
    ),
    Key("t", "thief", "Thief", "Action: steal a gem or free a Holy Knight (one die)", prompts.thief_prompt),
    Key("e", "reinforce", "Reinforce", "Battle: a player adds characters to a side", reads=_reinforce),
    Key("s", "spell", "Spell", "Battle: a player lays a face-down spell (noted)", prompts.spell_prompt),
    Key("i", "initiative", "Initiative", "Battle: each side rolls a die, the higher strikes first", prompts.initiative),
    Key("b", "begin", "Begin", "The deal is placed: the first player starts", prompts.begin_prompt, show=False),
    Key("h", "hand", "Hand count", "Set a player's hand count (for the hand limit)", prompts.hand_prompt, show=False),
    Key("x", "discard", "Discard to 5", "Only spells left: reveal and discard to 5", Discard(), show=False),
    Key("k", "remove", "Remove character", "A spell's effect or a correction", prompts.remove_prompt, show=False),
    Key(
        "o",
        "odds",
        "Win chance",
        "The attacker's exact chance to win the battle, and the best strike",
        screen="screens.mm5_screen:show_odds",
    ),
    Key(
        "D",
        "dice_tray",
        "Dice",
        "The dice tray: roll, or enter physical dice",
        key_display="D",
        screen="screens.mm5_screen:dice_tray",
    ),
    Key(
        "c",
        "catalogue",
        "Catalogue",
        "Every remembered card: filter, edit, delete",
        show=False,
        screen="screens.catalogue_screen:show_catalogue",
    ),
)
