"""Free play (free): named counters for any game, rounds and a countdown.

Laid out by the game package template: state and events (frozen data), rules (apply),
notation (what players type, and the prompts asking for it) and game (the registered Game
object, with its log lines and table view).
"""

from companion.games.free.events import (
    AddCounter,
    Adjust,
    Finish,
    NextTurn,
    RemoveCounter,
    SetCountdown,
    SetValue,
)
from companion.games.free.game import GAME
from companion.games.free.notation import parse_counters
from companion.games.free.state import Counter, FreeState

__all__ = [
    "GAME",
    "AddCounter",
    "Adjust",
    "Counter",
    "Finish",
    "FreeState",
    "NextTurn",
    "RemoveCounter",
    "SetCountdown",
    "SetValue",
    "parse_counters",
]
