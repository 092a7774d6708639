"""The King Commands on the table: state -> TableView, the turn checklist and the panel lines.

Score piles are secret during play unless the table chose open scoring: until the game is over
the table shows hand sizes, the draw and discard piles and the gold bags still unseen, never what
a score pile holds or is worth. The screen, the big table view and the exports all read it here.
"""

from __future__ import annotations

from companion.core import Row, TableView
from companion.games.tkc.cards import GOLD, GOLD_BAGS, points
from companion.games.tkc.state import DONE, DRAW, START, TkcState
from companion.games.tkc.words import active, pile_words, still_to_play

PHASES = {"start": "setup", "draw": "draw", "relic": "relic", "act": "attack", "done": "end of turn", "over": "end"}


def _scores_shown(state: TkcState) -> bool:
    return state.open_scoring or state.over


def _checklist(state: TkcState) -> tuple[tuple[str, bool], ...]:
    if state.step == START:
        return (("Find the start player", False),)
    if state.over:
        return (("Count every score pile", all(state.confirmed)),)
    act = "Attack or discard" if state.draw_pile else "Attack (no discard: the draw pile is empty)"
    if state.abdicated:
        act = "Attack or discard: skipped (Abdication)"
    elif state.actions_done + state.actions_left == 2:
        act += f" ({state.actions_done} of 2, Attention!)"
    skipped = state.final_left is not None and state.final_left < state.n
    draw = "Draw 2 (pile empty: no draw)" if skipped else "Draw 2"
    return (
        (draw, state.step != DRAW),
        ("Crown or crystal ball (optional)", state.relic_used),
        (act, state.actions_left == 0),
    )


def counts_line(state: TkcState) -> str:
    if state.step == START:
        who = ", ".join(state.players[s] for s in state.contenders)
        return f"Start player: {who} each draw a card"
    unseen = GOLD_BAGS - state.gold_scored
    return f"Draw pile {state.draw_pile} · discard {state.discard} · gold unseen {unseen}/{GOLD_BAGS}"


def final_line(state: TkcState) -> str:
    """Who still has a turn once the pile is empty, the current player marked."""
    if not state.final_round or state.over:
        return ""
    now, *rest = still_to_play(state)
    return "FINAL ROUND, still to play: " + ", ".join([f"{now} (now)", *rest])


def status(state: TkcState) -> str:
    final = final_line(state)
    return counts_line(state) + (f" · {final}" if final else "")


def turn(state: TkcState) -> str:
    """Whose turn it is; at the end, the final count (its actions are nobody's turn)."""
    if state.step == START:
        return ""
    return "final count" if state.over else active(state)


def view(state: TkcState) -> TableView:
    """Hand sizes always; what the score piles hold only with open scoring or at the end."""
    shown = _scores_shown(state)
    columns = ("Hand", "Scored", "Gold", "Points") if shown else ("Hand",)
    rows = []
    for seat, name in enumerate(state.players):
        cells: tuple[str, ...]
        if state.step == START:
            cells = ("",) * len(columns)
        else:
            pile = state.piles[seat]
            cells = (str(state.hands[seat]),)
            if shown:
                cells += (str(sum(pile)), str(pile[GOLD]), str(points(pile)))
        rows.append(Row(name, cells, active=seat == state.active and state.step != START and not state.over))
    return TableView(
        round=state.round,
        turn=turn(state),
        phase=PHASES[state.step],
        columns=columns,
        rows=tuple(rows),
        status=status(state),
        finished=state.over,
        checklist=_checklist(state),
    )


def panel(state: TkcState) -> tuple[str, ...]:
    """Each score pile in words, with open scoring or once the game is over; else nothing."""
    if not _scores_shown(state) or not state.piles:
        return ()
    lines = []
    for seat, name in enumerate(state.players):
        mark = " ✓" if state.confirmed[seat] else ""
        lines.append(f"{name}: {pile_words(state.piles[seat])} = {points(state.piles[seat])}{mark}")
    return tuple(lines)


def rules_phase(state: TkcState) -> str:
    """The rules section for now: the crown's after an Abdication, the attack's after it."""
    if state.step == DONE:
        return "relic" if state.abdicated else "attack"
    return PHASES[state.step]
