"""The King Commands (tkc): card counts, the attack table and the turn, for a physical game.

Laid out by the game package template: cards (the card tables), notation (what players type),
attack_line (an attack line read against the rules), state and events (frozen data), rules
(apply: the turn), counts (card movements, checked against the copies), relics (the crown and the
crystal ball), words (log lines, result), view (the table view) and game (the registered Game
object).
"""

from companion.games.tkc.game import GAME

__all__ = ["GAME"]
