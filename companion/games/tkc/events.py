"""The King Commands' typed events, one per action recorded at the table.

Events carry everything they decide, including the outcome of an attack and whether a gold bag
changed hands, so replay and undo never have to ask the table again.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.core import Event


@dataclass(frozen=True)
class StartDraw(Event):
    """The corner values of the cards the contenders drew, in seat order of `contenders`."""

    kind = "tkc-start-draw"
    values: tuple[int, ...] = ()


@dataclass(frozen=True)
class Draw(Event):
    """Step 1: the active player draws 2 (or what is left of the pile)."""

    kind = "tkc-draw"


@dataclass(frozen=True)
class Attack(Event):
    """One attack, resolved: outcome is hit, block or parry; `defence` the blocking or parrying
    cards; `gold` whether a gold bag changed hands on a hit."""

    kind = "tkc-attack"
    attacker: int = 0
    defender: int = 0
    cards: tuple[str, ...] = ()
    outcome: str = "hit"
    defence: tuple[str, ...] = ()
    gold: bool = False


@dataclass(frozen=True)
class Discard(Event):
    """Discard for cards: `card` sword, shield or relic, `count` cards of it; `relic` which
    relic (crown, crystal ball, excalibur) when the table named it, else ""."""

    kind = "tkc-discard"
    card: str = "sword"
    count: int = 1
    relic: str = ""


@dataclass(frozen=True)
class Crown(Event):
    """A crown command. `target` for Fear and Aid; `counts` swords each seat laid down (Lay
    down your swords!) or cards given (Aid, one number); `gold` for Fear's hit."""

    kind = "tkc-crown"
    command: str = "attention"
    target: int | None = None
    counts: tuple[int, ...] = ()
    gold: bool = False


@dataclass(frozen=True)
class CrystalBall(Event):
    """A crystal ball: option draw (4, keep 2), take (1 from the discard) or look (at a hand).
    `card` the kind a take brought back (sword, shield, crown, crystal ball, excalibur); ""
    in logs recorded before the take named it."""

    kind = "tkc-crystal-ball"
    option: str = "draw"
    target: int | None = None
    card: str = ""


@dataclass(frozen=True)
class NextTurn(Event):
    """End the turn. `passed`: the player could neither attack nor discard."""

    kind = "tkc-next-turn"
    passed: bool = False


@dataclass(frozen=True)
class CountPile(Event):
    """At the end: a player's score pile as counted at the table, by CARD_TYPES."""

    kind = "tkc-count-pile"
    seat: int = 0
    counts: tuple[int, ...] = ()


CROWN_COMMANDS = {
    "lay-down": "Lay down your swords!",
    "attention": "Attention!",
    "fear": "Fear my mighty sword!",
    "aid": "Give me your aid!",
    "abdication": "Abdication",
}
BALL_OPTIONS = {
    "draw": "draw 4, keep 2, put 2 back on top",
    "take": "take 1 card back from the discard pile",
    "look": "look at a player's hand",
}
