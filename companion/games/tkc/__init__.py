"""The King Commands (tkc): card counts, the attack table and the turn, for a physical game.

Split into rules (the card tables, pure data and checks), notation (what players type), state
(frozen state and events), game (apply: the turn and the card movements) and words (log lines,
view, result). `GAME` is what the registry loads.
"""

from companion.games.tkc.game import GAME, KingCommands

__all__ = ["GAME", "KingCommands"]
