"""The King Commands on the table: state -> TableView, the turn checklist and the panel lines.

Score piles are secret during play unless the table chose open scoring: points appear only
with open scoring or once the game is over.
"""

from __future__ import annotations

from companion.core import Row, TableView
from companion.games.tkc.cards import GOLD, GOLD_BAGS, points
from companion.games.tkc.state import DRAW, START, TkcState
from companion.games.tkc.words import active, still_to_play

PHASES = {"start": "setup", "draw": "draw", "relic": "relic", "act": "attack", "done": "attack", "over": "end"}


def _scores_shown(state: TkcState) -> bool:
    return state.open_scoring or state.over


def _checklist(state: TkcState) -> tuple[tuple[str, bool], ...]:
    if state.step == START:
        return (("Find the start player", False),)
    if state.over:
        return (("Count every score pile", all(state.confirmed)),)
    if state.abdicated:
        act = "Attack or discard: skipped (Abdication)"
    elif state.actions_done + state.actions_left == 2:
        act = f"Attack or discard ({state.actions_done} of 2, Attention!)"
    else:
        act = "Attack or discard"
    skipped = state.final_left is not None and state.final_left < state.n
    draw = "Draw 2 (pile empty: no draw)" if skipped else "Draw 2"
    return (
        (draw, state.step != DRAW),
        ("Crown or crystal ball (optional)", state.relic_used),
        (act, state.actions_done > 0 or state.abdicated),
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


def view(state: TkcState) -> TableView:
    columns = ("Hand", "Scored", "Gold")
    if _scores_shown(state):
        columns += ("Points",)
    rows = []
    for seat, name in enumerate(state.players):
        if state.step == START:
            cells = ("", "", "")
        else:
            pile = state.piles[seat]
            cells = (str(state.hands[seat]), str(sum(pile)), str(pile[GOLD]))
            if _scores_shown(state):
                cells += (str(points(pile)),)
        rows.append(Row(name, cells, active=seat == state.active and state.step != START and not state.over))
    return TableView(
        round=state.round,
        turn=active(state) if state.step != START else "setup",
        phase=PHASES[state.step],
        columns=columns,
        rows=tuple(rows),
        status=status(state),
        finished=state.over,
        checklist=_checklist(state),
    )
