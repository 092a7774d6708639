"""The King Commands' frozen state.

The app cannot see hands, so the state counts cards instead: the draw pile, the discard pile,
each hand, and each score pile by card type. Every recorded action moves cards between these
counts, so two invariants hold throughout: all counts add up to the 108 cards, and the 12 gold
bags are either unseen (hands, draw pile) or in somebody's score pile. Gold held in hands is
never known; it is simply "unseen".
"""

from __future__ import annotations

from dataclasses import dataclass

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
    terse_log: bool = False  # the log says who attacked whom and how it ended, not with what
    step: str = START
    contenders: tuple[int, ...] = ()  # seats still drawing for the start player
    start: int = 0
    active: int = 0
    round: int = 1
    draw_pile: int = 0
    discard: int = 0
    discarded: Pile = EMPTY_PILE  # the discard pile by kind, where the kind is known
    relics_discarded: int = 0  # relics discarded without a name (a crown, crystal ball or Excalibur)
    taken_unnamed: int = 0  # cards a crystal ball took back without a name (older logs)
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
