"""Seirei Kairo Drive (精霊回路ドライヴ): a cooperative UNO-like card game with an RPG party.

A small package: cards (card notation, legality, attacks), specs (typed card values), state,
events, rules (the dispatch) with stages (draft, first enemy, boss setup), play (resolution,
kills, bonuses) and turn (draw, actions, enemy phase, end), forecast, words (the log lines),
effect_words (effects in words, as typed and as stored on cards), notation (what players
type), view (the table), catalogue (the remembered cards as players list and edit them), and
game (the Game the registry loads).
"""

from companion.games.skd.game import GAME

__all__ = ["GAME"]
