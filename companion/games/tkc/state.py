"""The King Commands' frozen state and its events.

The app cannot see hands, so the state counts cards instead: the draw pile, the discard pile,
each hand, and each score pile by card type. Every recorded action moves cards between these
counts, so two invariants hold throughout: all counts add up to the 108 cards, and the 12 gold
bags are either unseen (hands, draw pile) or in somebody's score pile. Gold held in hands is
never known; it is simply "unseen".

Events carry everything they decide, including the outcome of an attack and whether a gold bag
changed hands, so replay and undo never have to ask the table again.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.core import Event

# Turn steps, in order. "start" is the draw for the start player; "over" is final scoring.
START, DRAW, RELIC, ACT, DONE, OVER = "start", "draw", "relic", "act", "done", "over"

Pile = tuple[int, int, int, int, int, int]  # by CARD_TYPES: sword, shield, crown, gold, ball, Excalibur
EMPTY_PILE: Pile = (0, 0, 0, 0, 0, 0)


@dataclass(frozen=True)
class TkcState:
    players: tuple[str, ...]
    colours: tuple[str, ...]
    open_scoring: bool = False
    poke_unblockable: bool = False
    step: str = START
    contenders: tuple[int, ...] = ()  # seats still drawing for the start player
    start: int = 0
    active: int = 0
    round: int = 1
    draw_pile: int = 0
    discard: int = 0
    hands: tuple[int, ...] = ()
    piles: tuple[Pile, ...] = ()
    relic_used: bool = False
    actions_left: int = 1  # attack/discard phases still owed this turn (2 after Attention!)
    actions_done: int = 0
    abdicated: bool = False
    final_left: int | None = None  # turns still to start after this one, once the pile ran out
    confirmed: tuple[bool, ...] = ()

    @property
    def n(self) -> int:
        return len(self.players)

    @property
    def gold_scored(self) -> int:
        return sum(p[3] for p in self.piles)

    @property
    def final_round(self) -> bool:
        return self.final_left is not None

    @property
    def over(self) -> bool:
        return self.step == OVER

    def can(self, action: str) -> bool:
        """Whether a family of actions is open now, so screens can dim the others."""
        playing = self.step in (RELIC, ACT)
        return {
            "start": self.step == START,
            "draw": self.step == DRAW,
            "relic": playing and not self.relic_used and not self.actions_done,
            "act": playing and self.actions_left > 0,
            "discard": playing and self.actions_left > 0 and self.draw_pile > 0,
            "pass": playing and not self.actions_done and not self.abdicated,
            "next": self.step in (RELIC, ACT, DONE) and (self.actions_done > 0 or self.abdicated),
            "count": self.step == OVER,
        }[action]


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
    """Discard for cards: `kind` sword, shield or relic, `count` cards of it."""

    kind = "tkc-discard"
    card: str = "sword"
    count: int = 1


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
    """A crystal ball: option draw (4, keep 2), take (1 from the discard) or look (at a hand)."""

    kind = "tkc-crystal-ball"
    option: str = "draw"
    target: int | None = None


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
