"""What a reinforcement would do: for each card every player who may reinforce could commit now
(the fighting players, their allies and Neutrals, by the rules' side limits; the cards remembered
in the catalogue and those seen in play), the attacker's exact chance with it, ranked by what it
gains that side. The rules decide what may be committed: each candidate is the real Reinforce
event applied to the state, and a refused one is left out.

Only small what-ifs are solved (each is a lineup one character larger than the battle's), within
a time budget of their own, so the list never holds up the table; it is shown in the reinforcement
step with no key pressed, and `e 1` enter commits the first.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from companion.core import Rejected
from companion.dice import format_share
from companion.games.mm5.advice import Advice, Lineups, battle_advice
from companion.games.mm5.battle import SIDE_NAMES, fighters, reinforcers
from companion.games.mm5.cards import Spec, from_catalogue
from companion.games.mm5.events import Reinforce
from companion.games.mm5.rules import apply
from companion.games.mm5.state import State

BUDGET = 1.0  # seconds of solving (the thread's own time) for all the what-ifs of one step
SMALL = 60_000  # positions (an upper bound) a what-if may have: about four against four
SHOWN = 3


@dataclass(frozen=True)
class WhatIf:
    side: int  # the side the card would join
    seat: int  # who commits it: that side's own player
    spec: Spec
    before: float  # the attacker's chance now
    after: float  # with the card committed

    @property
    def gain(self) -> float:
        """What the card is worth to the side it joins."""
        return self.after - self.before if self.side == 0 else self.before - self.after

    def event(self) -> Reinforce:
        return Reinforce(self.seat, SIDE_NAMES[self.side], (self.spec,))

    def short(self, state: State) -> str:
        """The offer as a numbered choice: who, the card, the side, the attacker's chance after."""
        return f"{state.who(self.seat)} {self.spec[0]} → {SIDE_NAMES[self.side]} {format_share(self.after)}"

    def words(self, state: State) -> str:
        return (
            f"with {self.spec[0]} committed by {state.who(self.seat)} ({SIDE_NAMES[self.side]}): "
            f"{format_share(self.before)} → {format_share(self.after)}"
        )


def cards_known(state: State, catalogue: Mapping[str, Mapping[str, Any]]) -> list[Spec]:
    """The catalogue's characters and those in play, one per name (Holy Knights are never played)."""
    seen: dict[str, Spec] = {}
    for name, data in catalogue.items():
        try:
            seen.setdefault(name.casefold(), from_catalogue(name, dict(data)))
        except (KeyError, TypeError, ValueError, AssertionError):
            continue  # a damaged entry: the catalogue screen shows it for fixing
    for card in (c for s in state.players for c in s.field):
        seen.setdefault(card.name.casefold(), card.spec())
    return [s for s in seen.values() if s[1] != "knight"]


def what_ifs(state: State, catalogue: Mapping[str, Mapping[str, Any]], budget: float = BUDGET) -> list[WhatIf]:
    """Every card each side's own player may commit now, best for that side first; empty outside
    the reinforcement step or when the battle is too large to weigh quickly."""
    b = state.battle
    if b is None or b.stage != "reinforce":
        return []
    base = battle_advice(state)
    if not base.exact:
        return []
    out: list[WhatIf] = []
    stop = time.thread_time() + budget
    for side, seat, spec in _candidates(state, cards_known(state, catalogue)):
        if time.thread_time() > stop:
            break
        try:
            after = apply(state, Reinforce(seat, SIDE_NAMES[side], (spec,)))
        except Rejected:
            continue
        if Lineups((fighters(after, 0), fighters(after, 1))).size() > SMALL:
            continue
        advice = battle_advice(after, budget=max(0.0, stop - time.thread_time()), keep=False)
        if advice.exact:
            out.append(WhatIf(side, seat, spec, base.attacker_wins, advice.attacker_wins))
    out.sort(key=lambda w: -w.gain)
    return out


def _candidates(state: State, specs: Iterable[Spec]) -> list[tuple[int, int, Spec]]:
    specs = list(specs)
    return [(SIDE_NAMES.index(to), seat, spec) for seat, to in reinforcers(state) for spec in specs]


def offers(found: list[WhatIf]) -> list[WhatIf]:
    """The best what-if of each player for each side, best first: the list the panel numbers
    and the reinforcement prompt's first choices."""
    best: dict[tuple[int, int], WhatIf] = {}
    for w in found:
        best.setdefault((w.seat, w.side), w)
    return list(best.values())


def lines(state: State, found: list[WhatIf], limit: int = SHOWN) -> list[str]:
    """The what-if list as the panel shows it, numbered for `e 1` enter."""
    best = offers(found)
    if not best:
        return []
    head = "What if (e and its number commits it):"
    return [head] + [f"  {i}  {w.words(state)}" for i, w in enumerate(best[:limit], 1)]


def panel(state: State, advice: Advice, found: list[WhatIf]) -> list[str]:
    """The win-chance panel: the chance, then in the reinforcement step the what-ifs, then the
    first strikes."""
    words = advice.words()
    return words[:1] + lines(state, found) + words[1:]


def choice(found: list[WhatIf], text: str) -> Reinforce | None:
    """`1` at the reinforcement prompt: the first offer's card committed; None for any other text."""
    best = offers(found)
    t = text.strip()
    if not t.isdigit():
        return None
    n = int(t)
    if not 1 <= n <= len(best):
        if not best:
            raise Rejected("There is no what-if list now; type the player, a or d and the characters.")
        raise Rejected(f"There is no what-if {n} in the list (1–{len(best)}).")
    return best[n - 1].event()
