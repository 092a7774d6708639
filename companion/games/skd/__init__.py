"""Seirei Kairo Drive (精霊回路ドライヴ): a cooperative UNO-like card game with an RPG party.

A small package: cards (notation, legality, attacks), specs (typed card values), state,
events, stages (draft, first enemy, boss setup), play (resolution, kills, bonuses), turn
(draw, actions, enemy phase, end), forecast, and game (the Game the registry loads).
"""

from companion.games.skd.game import GAME

__all__ = ["GAME"]
