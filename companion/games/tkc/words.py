"""The King Commands in words: log lines and the final result.

Score piles are secret during play unless the table chose open scoring (the rules forbid counting
or looking at them), so until the game is over the log says what happened at the table (an
attack, how it was stopped, a gold bag handed over) and never what went into whose pile, nor
what a pile is worth. With open scoring it says both. The terse public log (a table option, on
by default) goes further where the table reads the log (`public_text`): an attack says only who
attacked whom and how it ended, since its swords would let anyone add the scores up.
"""

from __future__ import annotations

from companion.core import Event, Result
from companion.games.tkc import cards as deck
from companion.games.tkc.cards import plural, points
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
from companion.text import listed


def active(state: TkcState) -> str:
    return state.players[state.active]


def cards(n: int) -> str:
    return plural(n, "card")


def pile_words(counts: tuple[int, ...]) -> str:
    parts = [deck.kind_count(n, kind) for kind, n in enumerate(counts) if n]
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


def shields(defence: tuple[str, ...]) -> str:
    """Blocking cards in words: "Excalibur", "a red shield", "2 red shields"."""
    if defence == (deck.EXCALIBUR,):
        return "Excalibur"
    if len(defence) == 1:
        return f"a {defence[0]} shield"
    if len(set(defence)) == 1:
        return f"{len(defence)} {defence[0]} shields"
    return " and ".join(f"a {c}" for c in defence) + " shield"


def attack_name(row: deck.AttackType, attack: tuple[str, ...]) -> str:
    return "Excalibur" if row.key == "excalibur" else f"{row.name} ({' '.join(attack)})"


def _attack(before: TkcState, e: Attack, after: TkcState) -> str:
    row = deck.classify(e.cards, before.poke_unblockable)
    att, dfd = before.players[e.attacker], before.players[e.defender]
    text = f"{att}'s {attack_name(row, e.cards)}"
    scored = "Excalibur" if row.key == "excalibur" else plural(len(e.cards), "sword")
    if e.outcome == "hit":
        text += f" hits {dfd}"
        if not row.takes_gold:
            text += f" (a {row.name} takes no gold)"
        else:
            text += f"; {dfd} gives a gold bag" if e.gold else f"; {dfd} gives no gold bag"
        gained = f"{scored} and the gold bag" if e.gold else scored
        opened = f"; {att} scores {gained}"
    elif e.outcome == "block":
        text += f" on {dfd}: blocked with {shields(e.defence)}"
        opened = f"; {dfd} scores the {scored} and {shields(e.defence)}"
    else:
        parried = "Excalibur" if e.defence == (deck.EXCALIBUR,) else " ".join(e.defence)
        text += f" on {dfd}: parried with {parried}"
        opened = "; each scores its own cards"
    if not after.open_scoring:
        return text
    return text + opened + _points_note(after, (e.attacker, e.defender))


def _crown(before: TkcState, e: Crown, after: TkcState) -> str:
    who = active(before)
    text = f"{who} uses a crown: {CROWN_COMMANDS[e.command]}"
    if e.command == "attention":
        return text + " — two attack/discard phases this turn"
    if e.command == "abdication":
        if not after.open_scoring:
            return text + " — no attack or discard this turn"
        return (
            text
            + f" — the crown goes to {who}'s score pile; no attack or discard this turn"
            + _points_note(after, (before.active,))
        )
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


def _ball(before: TkcState, e: CrystalBall, after: TkcState) -> str:
    text = f"{active(before)} uses a crystal ball: "
    if e.option == "look" and e.target is not None:
        return text + f"looks at {before.players[e.target]}'s hand"
    if e.option == "take" and e.card:
        return text + f"takes {_a_card(e.card)} back from the discard pile"
    if e.option != "draw":
        return text + BALL_OPTIONS[e.option]
    seen = min(4, before.draw_pile)
    kept = before.draw_pile - after.draw_pile
    text += f"draws {seen}, keeps {kept}" if seen > 1 else "draws the last card and keeps it"
    if seen > kept:
        text += f", puts {seen - kept} back on top"
    return text + f" (draw pile {after.draw_pile})" + _final_note(before, after)


def _a_card(kind: str) -> str:
    return {"excalibur": "Excalibur", "crystal ball": "a crystal ball"}.get(kind, f"a {kind}")


def terse(state: TkcState) -> bool:
    """Whether the log is terse now: the table chose it, scores are secret, the game is on."""
    return state.terse_log and not state.open_scoring and not state.over


def public_text(state: TkcState, event: Event, text: str) -> str:
    """An event's log line as the table reads it at `state`: with the terse public log an
    attack says who attacked whom and how it ended ("Cleo attacks Dan: hit, a gold bag"), not
    the cards that went to score piles; the final count reveals the whole log."""
    if not terse(state) or not isinstance(event, Attack):
        return text
    if event.outcome == "hit":
        ended = "hit, a gold bag" if event.gold else "hit"
    else:
        ended = "blocked" if event.outcome == "block" else "parried"
    return f"{state.players[event.attacker]} attacks {state.players[event.defender]}: {ended}"


def pass_question(state: TkcState) -> str:
    """What passing gives up, asked before it is recorded."""
    could = "attack or discard" if state.draw_pile else "attack"
    can = "attack or be discarded" if state.draw_pile else "attack"
    return (
        f"Pass? {active(state)} holds {cards(state.hands[state.active])} and gives up this turn's {could}: "
        f"pass only if none of them can {can}. Enter passes; esc goes back."
    )


def lay_down_question(state: TkcState) -> str:
    others = ", ".join(p for i, p in enumerate(state.players) if i != state.active)
    return f"Lay down your swords! Swords each opponent laid down (2 each, or all they hold): {others}"


def describe(before: TkcState, event: Event, after: TkcState) -> str:
    match event:
        case StartDraw(values=values):
            drawn = ", ".join(f"{before.players[s]} {v}" for s, v in zip(before.contenders, values, strict=True))
            if after.step == START:
                tied = listed([after.players[s] for s in after.contenders])
                return f"Start player draw: {drawn} — {tied} tie and draw again"
            return (
                f"Start player draw: {drawn} — {active(after)} starts; reshuffle and deal "
                f"{deck.HAND_SIZE} each, draw pile {after.draw_pile}"
            )
        case Draw():
            got = before.draw_pile - after.draw_pile
            return f"{active(before)} draws {got} (draw pile {after.draw_pile})" + _final_note(before, after)
        case Attack():
            return _attack(before, event, after)
        case Discard(card=card, count=count):
            got = before.draw_pile - after.draw_pile
            return (
                f"{active(before)} discards {deck.discard_label(card, count)} and draws {got} "
                f"(draw pile {after.draw_pile})" + _final_note(before, after)
            )
        case Crown():
            return _crown(before, event, after)
        case CrystalBall():
            return _ball(before, event, after)
        case NextTurn(passed=passed):
            text = f"{active(before)} {'passes and ' if passed else ''}ends the turn"
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


def names(people: list[str] | tuple[str, ...]) -> str:
    """ "Ann", "Ann and Bob", "Ann, Bob and Cleo"."""
    return " and ".join(people) if len(people) < 3 else ", ".join(people[:-1]) + " and " + people[-1]


def winner_line(state: TkcState) -> str:
    """Who won, once the game is over: "Ann wins with 23", "Ann and Bob share the win with 19"."""
    if not state.over:
        return ""
    scores = [points(p) for p in state.piles]
    best = max(scores)
    winners = [p for p, v in zip(state.players, scores, strict=True) if v == best]
    if len(winners) == 1:
        return f"{winners[0]} wins with {best}"
    return f"{names(winners)} share the win with {best}"


def result(state: TkcState) -> Result | None:
    if not state.over:
        return None
    scores = tuple((p, points(state.piles[s])) for s, p in enumerate(state.players))
    best = max(v for _, v in scores)
    winners = tuple(p for p, v in scores if v == best)
    counted = [p for s, p in enumerate(state.players) if state.confirmed[s]]
    tallied = [p for s, p in enumerate(state.players) if not state.confirmed[s]]
    reasoning = f"{winner_line(state)}."
    if counted:
        reasoning += f" Score piles counted at the table: {names(counted)}."
    if tallied:
        reasoning += f" Not yet counted (the app's tally of what was recorded): {names(tallied)}."
    return Result(winners, scores, state.players[state.start], reasoning)
