"""Monster Maker 5 Rev. (mm5): faction-switching card battles, tracked beside the real cards."""

from companion.games.mm5.game import GAME

__all__ = ["GAME"]
