"""Monster Maker 5's buttons on a seat's phone: each opens what its table key opens
(companion.seat_openers), named as the table's footer names the key."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from companion.games.mm5.advice import Advice, battle_advice
from companion.games.mm5.whatif import what_ifs
from companion.seat_openers import Built, Opener, Shelf


@lru_cache(maxsize=8)
def _advice(state: Any) -> Advice:
    """The best strikes for the battle as it stands, solved once for every phone that asks."""
    return battle_advice(state)


def openers() -> tuple[Opener, ...]:
    from companion.games.mm5 import events as mm5
    from companion.games.mm5 import prompts as p

    def attack(state: Any, shelf: Shelf) -> Built:
        return p.target_prompt(state) if state.battle is None else p.strike_prompt(state, _advice(state))

    def reinforce(state: Any, shelf: Shelf) -> Built:
        cards = shelf("character")
        return p.reinforce_prompt(state, cards, what_ifs(state, dict(cards)))

    return (
        Opener("draw", "d", "Draw", lambda s, shelf: p.draw_prompt(s, shelf("character"))),
        Opener("begin", "b", "Begin", lambda s, shelf: p.begin_prompt(s)),
        Opener("declare", "f", "Faction", lambda s, shelf: p.declare(s, shelf("character"))),
        Opener("enter", "p", "Play", lambda s, shelf: p.enter_prompt(s, shelf("character"))),
        Opener("attack", "a", "Attack", attack),
        Opener("rescue", "r", "Rescue", lambda s, shelf: p.rescue_prompt(s, shelf("dungeon").get("Dark Dungeon"))),
        Opener("thief", "t", "Thief", lambda s, shelf: p.thief_prompt(s)),
        Opener("reinforce", "e", "Reinforce", reinforce),
        Opener("spell", "s", "Spell", lambda s, shelf: p.spell_prompt(s)),
        Opener("initiative", "i", "Initiative", lambda s, shelf: p.initiative(s)),
        Opener("hand", "h", "Hand count", lambda s, shelf: p.hand_prompt(s)),
        Opener("discard", "x", "Discard to 5", lambda s, shelf: mm5.Discard(), asks=False),
        Opener("remove", "k", "Remove character", lambda s, shelf: p.remove_prompt(s)),
    )
