"""The King Commands on the table: state -> TableView, the turn checklist and the panel lines.

Score piles are secret during play unless the table chose open scoring: until the game is over
the table shows hand sizes, the draw and discard piles and the gold bags still unseen, never what
a score pile holds or is worth. The screen, the big table view and the exports all read it here.
"""

from __future__ import annotations

from dataclasses import replace

from companion.core import Row, TableView
from companion.games.tkc.cards import GOLD, GOLD_BAGS, points
from companion.games.tkc.state import DONE, DRAW, START, TkcState
from companion.games.tkc.words import active, pile_words, still_to_play, terse, winner_line

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


def turns_left(state: TkcState) -> int:
    """The most turns still to play, this one included: the draw pile goes 2 a turn (discards
    and crystal balls draw more, so it may go faster), then everyone takes one more turn."""
    if state.final_left is not None:
        return state.final_left + 1
    drawing = -(-state.draw_pile // 2)  # turns that still draw, the last one taking the last card
    return drawing + state.n + (0 if state.step == DRAW else 1)


def forecast(state: TkcState) -> str:
    """The end forecast: how many turns are left at most."""
    if state.step == START or state.over:
        return ""
    left = turns_left(state)
    if state.final_round:
        return f"Turns left: {left} (final round)"
    return f"Turns left: at most {left} (the draw pile 2 a turn, then one more turn each)"


def warnings(state: TkcState) -> tuple[str, ...]:
    """A defender who holds no cards can neither block nor parry, nor give a gold bag."""
    if state.step == START or state.over:
        return ()
    return tuple(
        f"{name} holds no cards: an attack on {name} can only hit, and takes no gold bag."
        for name in _empty_handed(state)
    )


def status(state: TkcState) -> str:
    if state.over:
        return f"The game is over: {winner_line(state)} · {counts_line(state)}"
    final = final_line(state)
    return counts_line(state) + (f" · {final}" if final else "")


def headline(state: TkcState) -> tuple[tuple[str, str], ...]:
    """The big table view's headline: the piles, the turns left (in the final round, who plays
    them, in order), and the winner at the end."""
    if state.step == START:
        return ()
    if state.over:
        return (("Winner", winner_line(state)),)
    pairs = [("Draw pile", str(state.draw_pile)), ("Turns left", f"≤ {turns_left(state)}")]
    if state.final_round:
        left = turns_left(state)
        pairs[1] = ("Turns left", str(left))
        order = (state.players[(state.active + i) % state.n] for i in range(left))
        pairs.append(("Final round", ", then ".join(order)))
    pairs.append(("Gold unseen", f"{GOLD_BAGS - state.gold_scored}/{GOLD_BAGS}"))
    pairs += [("Holds no cards", name) for name in _empty_handed(state)]
    return tuple(pairs)


def _empty_handed(state: TkcState) -> tuple[str, ...]:
    return tuple(p for s, p in enumerate(state.players) if s != state.active and state.hands[s] == 0)


def turn(state: TkcState) -> str:
    """Whose turn it is; at the end, the final count (its actions are nobody's turn)."""
    if state.step == START:
        return ""
    return "final count" if state.over else active(state)


def view(state: TkcState) -> TableView:
    """Hand sizes always; what the score piles hold only with open scoring or at the end."""
    shown = _scores_shown(state)
    columns = ("Hand", "Scored cards", "Gold", "Points") if shown else ("Hand",)
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


HANDS_KEPT_BACK = "hands not shown looking back: with the terse log, a trail of them would add up the score piles"


def past_view(state: TkcState, now: TkcState) -> TableView:
    """An earlier table while the game is at `now`: with the terse public log its hands are
    not shown (action by action, the hands before and after an attack say what went into a
    score pile, which nobody may count); the final count shows every table whole."""
    shown = view(state)
    if not terse(now) or state.step == START:
        return shown
    rows = tuple(replace(r, cells=("—",) * len(r.cells)) for r in shown.rows)
    return replace(shown, rows=rows, status=f"{shown.status} · {HANDS_KEPT_BACK}")


def panel(state: TkcState) -> tuple[str, ...]:
    """The end forecast and warnings; each score pile in words, with open scoring or once the
    game is over."""
    lines = [line for line in (forecast(state), *warnings(state)) if line]
    if not _scores_shown(state) or not state.piles:
        return tuple(lines)
    for seat, name in enumerate(state.players):
        mark = " ✓" if state.confirmed[seat] else ""
        lines.append(f"{name}: {pile_words(state.piles[seat])} = {points(state.piles[seat])}{mark}")
    return tuple(lines)


def rules_phase(state: TkcState) -> str:
    """The rules section for now: the crown's after an Abdication, the attack's after it."""
    if state.step == DONE:
        return "relic" if state.abdicated else "attack"
    return PHASES[state.step]
