"""The King Commands' keys at the table: one per family of `TkcGame.actions`, as data.

Each opens what the core builds from the state (companion.games.tkc.prompts and notation): the
question, or the event itself. The table frame binds them (screens.table_keys).
"""

from __future__ import annotations

from companion.core import Key
from companion.games.tkc.events import Draw
from companion.games.tkc.notation import ball_prompt, crown_prompt
from companion.games.tkc.prompts import attack_prompt, count_prompt, discard_prompt, pass_turn, start_prompt

KEYS = (
    Key("s", "start_player", "Start player", "Enter the corner value of each player's card", start_prompt),
    Key("d", "draw", "Draw 2", "The active player draws 2 cards", Draw()),
    Key("k", "crown", "Crown", "Use a crown: one of the five commands", crown_prompt),
    Key("b", "ball", "Crystal ball", "Use a crystal ball: one of its three options", ball_prompt),
    Key("a", "attack", "Attack", "Enter defender and cards; the app names the attack", attack_prompt),
    Key("c", "discard", "Discard", "Discard for cards: swords, a shield or a relic", discard_prompt),
    Key("p", "pass_turn", "Pass", "End the turn without attacking or discarding (only if you cannot)", pass_turn),
    Key("f", "count", "Count piles", "At the end: confirm or correct each score pile", count_prompt),
)
