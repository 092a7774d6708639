"""The King Commands in words: log lines and the final result.

Score piles are secret during play unless the table chose open scoring, so nothing here puts a
point total on screen or in the log before the game is over: the log says which cards moved
(which the whole table saw), never what a pile is worth. Gold is the exception the table sees
anyway, a bag changing hands, so scored gold is always shown.
"""

from __future__ import annotations

from companion.core import Event, Result
from companion.games.tkc import cards as deck
from companion.games.tkc.cards import CARD_TYPES, plural, points
from companion.games.tkc.events import (
    BALL_OPTIONS,
    CROWN_COMMANDS,
    Attack,
    CountPile,
    Crown,
    CrystalBall,
    Discard,
    Draw,
    NextTurn,
    StartDraw,
)
from companion.games.tkc.state import START, TkcState


def active(state: TkcState) -> str:
    return state.players[state.active]


def cards(n: int) -> str:
    return plural(n, "card")


def pile_words(counts: tuple[int, ...]) -> str:
    parts = [plural(n, name) for n, name in zip(counts, CARD_TYPES, strict=True) if n]
    return ", ".join(parts) or "nothing"


def still_to_play(state: TkcState) -> tuple[str, ...]:
    """In the final round: who still has a turn, in order, the current player first."""
    if state.final_left is None or state.over:
        return ()
    seats = [(state.active + i) % state.n for i in range(state.final_left + 1)]
    return tuple(state.players[s] for s in seats)


def _points_note(state: TkcState, seats: tuple[int, ...]) -> str:
    if not state.open_scoring:
        return ""
    return " · points: " + ", ".join(f"{state.players[s]} {points(state.piles[s])}" for s in seats)


def _final_note(before: TkcState, after: TkcState) -> str:
    if before.final_left is None and after.final_left is not None:
        nxt = after.players[(after.active + 1) % after.n]
        return f" — the last card is drawn: final round, everyone takes one more turn, starting with {nxt}"
    return ""


def _attack(before: TkcState, e: Attack, after: TkcState) -> str:
    row = deck.classify(e.cards, before.poke_unblockable)
    att, dfd = before.players[e.attacker], before.players[e.defender]
    shown = "Excalibur" if row.key == "excalibur" else f"{row.name} ({' '.join(e.cards)})"
    text = f"{att} attacks {dfd}: {shown} — "
    if e.outcome == "hit":
        scored = "Excalibur" if row.key == "excalibur" else plural(len(e.cards), "sword")
        if e.gold:
            text += f"hit, {dfd} gives a gold bag; {att} scores {scored} and the gold"
        else:
            text += f"hit, no gold; {att} scores {scored}"
    elif e.outcome == "block":
        by = "Excalibur" if e.defence == (deck.EXCALIBUR,) else " ".join(e.defence) + " " + (
            "shield" if len(e.defence) == 1 else "shields")
        text += f"{dfd} blocks with {by} and scores the swords and the {by}"
    else:
        text += f"{dfd} parries ({' '.join(e.defence)}); each scores its own cards"
    return text + _points_note(after, (e.attacker, e.defender))


def _crown(before: TkcState, e: Crown, after: TkcState) -> str:
    who = active(before)
    text = f"{who} uses a crown: {CROWN_COMMANDS[e.command]}"
    if e.command == "attention":
        return text + " — two attack/discard phases this turn"
    if e.command == "abdication":
        return text + " — the crown goes to the score pile; no attack or discard this turn" + _points_note(
            after, (before.active,))
    if e.command == "lay-down":
        laid = ", ".join(f"{before.players[s]} {k}" for s, k in enumerate(e.counts) if s != before.active)
        return text + f" — swords laid down: {laid}"
    target = before.players[e.target or 0]
    if e.command == "fear":
        took = f"{target} gives a gold bag" if e.gold else f"{target} has no gold to give"
        return text + f" at {target}, unstoppable — {took}" + _points_note(after, (before.active,))
    given = e.counts[0]
    if given == 0:
        return text + f" — {target} shows a hand of only gold and gives nothing"
    return text + f" — {target} gives {who} {cards(given)}"


def describe(before: TkcState, event: Event, after: TkcState) -> str:
    match event:
        case StartDraw(values=values):
            drawn = ", ".join(f"{before.players[s]} {v}" for s, v in zip(before.contenders, values, strict=True))
            if after.step == START:
                tied = " and ".join(after.players[s] for s in after.contenders)
                return f"Start player draw: {drawn} — {tied} tie and draw again"
            return (f"Start player draw: {drawn} — {active(after)} starts; reshuffle and deal "
                    f"{deck.HAND_SIZE} each, draw pile {after.draw_pile}")
        case Draw():
            got = before.draw_pile - after.draw_pile
            return f"{active(before)} draws {got} (draw pile {after.draw_pile})" + _final_note(before, after)
        case Attack():
            return _attack(before, event, after)
        case Discard(card=card, count=count):
            got = before.draw_pile - after.draw_pile
            return (f"{active(before)} discards {deck.discard_label(card, count)} and draws {got} "
                    f"(draw pile {after.draw_pile})" + _final_note(before, after))
        case Crown():
            return _crown(before, event, after)
        case CrystalBall(option=option, target=target):
            text = f"{active(before)} uses a crystal ball: {BALL_OPTIONS[option]}"
            if option == "look" and target is not None:
                text = f"{active(before)} uses a crystal ball: looks at {before.players[target]}'s hand"
            if option == "draw":
                text += f" (draw pile {after.draw_pile})"
            return text + _final_note(before, after)
        case NextTurn(passed=passed):
            text = f"{active(before)} {'passes (cannot attack or discard) and ' if passed else ''}ends the turn"
            if after.over:
                return text + " — the game is over: count the score piles"
            text += f"; {active(after)} is next"
            if after.round != before.round:
                text += f" (round {after.round})"
            if after.final_left is not None:
                text += " — final round, still to play: " + ", ".join(still_to_play(after))
            return text
        case CountPile(seat=seat, counts=counts):
            name = before.players[seat]
            same = tuple(counts) == before.piles[seat]
            verb = "confirms the app's tally" if same else "corrects the score pile to"
            return f"{name} {verb}: {pile_words(counts)} = {points(counts)} points"
    return event.kind


def result(state: TkcState) -> Result | None:
    if not state.over:
        return None
    scores = tuple((p, points(state.piles[s])) for s, p in enumerate(state.players))
    best = max(v for _, v in scores)
    winners = tuple(p for p, v in scores if v == best)
    counted = [p for s, p in enumerate(state.players) if state.confirmed[s]]
    tallied = [p for s, p in enumerate(state.players) if not state.confirmed[s]]
    share = " (shared win)" if len(winners) > 1 else ""
    reasoning = f"Highest score {best}{share}."
    if counted:
        reasoning += " Counted at the table: " + ", ".join(counted) + "."
    if tallied:
        reasoning += " The app's tally: " + ", ".join(tallied) + "."
    return Result(winners, scores, state.players[state.start], reasoning)
