"""The game registry: one line per game, in the order the new-session screen offers them.

Registering a game is the only edit outside its own module, screen and rules file.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from companion.core import Game, Rejected

REGISTERED = (
    "companion.games.free:GAME",
    "companion.games.mm5:GAME",
    "companion.games.skd:GAME",
    "companion.games.tkc:GAME",
)


def all_games() -> tuple[Game[Any], ...]:
    games = []
    for path in REGISTERED:
        module, _, name = path.partition(":")
        games.append(getattr(import_module(module), name))
    return tuple(games)


def get_game(game_id: str) -> Game[Any]:
    for game in all_games():
        if game.id == game_id:
            return game
    known = ", ".join(g.id for g in all_games())
    raise Rejected(f"Unknown game {game_id!r}. Known games: {known}.")
