"""Who won: the side with more gems, then the player with most gems on it, then tie-breaks.

Factions are read off the fields at the end. Neutral players' gems count for no side and a
Neutral cannot win. A Light–Dark tie on gems is a draw (the table decides), not a shared win.
"""

from __future__ import annotations

from companion.core import Result
from companion.games.mm5.state import SIDE_WORDS, State


def gem_tally(state: State) -> str:
    """The gems each side holds now, as the end will count them: `Light 4 · Dark 3`."""
    totals = {side: sum(len(s.gems) for s in state.players if s.faction == side) for side in SIDE_WORDS}
    text = f"Light {totals['light']} · Dark {totals['dark']}"
    return text + (f" · Neutral {totals['neutral']}" if totals["neutral"] else "")


def tie_break(state: State, side: str, seat: int) -> int:
    s = state.players[seat]
    if side == "light":
        return len(s.knights)
    return max((c.rank for c in s.field), default=0)


def decide(state: State) -> Result:
    seats = state.players
    scores = tuple((s.name, len(s.gems)) for s in seats)
    first = seats[state.first].name
    sides = tuple((s.name, SIDE_WORDS[s.faction]) for s in seats)
    totals = {side: sum(len(s.gems) for s in seats if s.faction == side) for side in ("light", "dark")}
    lines = [f"Light holds {totals['light']} gem(s), Dark {totals['dark']}"]
    neutral = [s.name for s in seats if s.faction == "neutral" and s.gems]
    if neutral:
        lines.append(f"Neutral gems count for no side ({', '.join(neutral)})")
    if totals["light"] == totals["dark"]:
        lines.append("a Light–Dark tie: a draw, the table decides")
        return Result((), scores, first, "; ".join(lines) + ".", sides)
    side = "light" if totals["light"] > totals["dark"] else "dark"
    lines.append(f"{SIDE_WORDS[side]} wins")
    mine = [i for i, s in enumerate(seats) if s.faction == side]
    best = max(len(seats[i].gems) for i in mine)
    top = [i for i in mine if len(seats[i].gems) == best]
    lines.append(f"most gems on that side: {best} ({', '.join(seats[i].name for i in top)})")
    if len(top) > 1:
        what = "Holy Knights in the field" if side == "light" else "highest Dark rank in the field"
        marks = {i: tie_break(state, side, i) for i in top}
        high = max(marks.values())
        lines.append(f"tie-break by {what}: " + ", ".join(f"{seats[i].name} {marks[i]}" for i in top))
        top = [i for i in top if marks[i] == high]
        if len(top) > 1:
            lines.append("still tied: a shared win")
    return Result(tuple(seats[i].name for i in top), scores, first, "; ".join(lines) + ".", sides)
