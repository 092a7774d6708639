"""Each King Commands event as a player types it: the key, then the line its question reads.

The notation's other half (notation.py reads, this writes): `write(state, event)` gives the
text that the same prompts read back to exactly `event` in `state`, so every action can be
typed from a generated script, and the README's examples have a law behind them. Seats are
typed as `#2` (a player may be called `2`); an event no key of the table records is None.
"""

from __future__ import annotations

from companion.core import Event, Typed
from companion.games.tkc.cards import DISCARDS
from companion.games.tkc.events import (
    Attack,
    CountPile,
    Crown,
    CrystalBall,
    Discard,
    Draw,
    NextTurn,
    StartDraw,
)
from companion.games.tkc.notation import ball_prompt, crown_prompt, letters
from companion.games.tkc.prompts import attack_prompt, count_prompt, discard_prompt, pass_turn, start_prompt
from companion.games.tkc.state import TkcState

MENU = [(card, count) for card, count, _ in DISCARDS]
# The one word each kind of card is typed as (a crystal ball's take, a relic discarded by name).
KIND_TYPED = {"sword": "sword", "shield": "shield", "crown": "crown", "crystal ball": "ball", "excalibur": "x"}


def seat(n: int) -> str:
    return f"#{n + 1}"


def numbers(values: tuple[int, ...]) -> str:
    return " ".join(str(v) for v in values)


def write(state: TkcState, event: Event) -> Typed | None:
    """The keys that record `event` at `state`, or None when no key of the table does."""
    if isinstance(event, StartDraw):
        return Typed("start_player", start_prompt(state), (numbers(event.values),))
    if isinstance(event, Draw):
        return Typed("draw", event)
    if isinstance(event, NextTurn):
        if not event.passed:
            return Typed("next_turn", event)
        asked = pass_turn(state)
        return Typed("pass_turn", asked, ("",) if not isinstance(asked, Event) else ())
    if isinstance(event, Attack):
        return _attack(state, event)
    if isinstance(event, Discard):
        return _discard(state, event)
    if isinstance(event, Crown):
        return _crown(state, event)
    if isinstance(event, CrystalBall):
        return _ball(state, event)
    if isinstance(event, CountPile):  # the question asks for the first pile not yet confirmed
        todo = [i for i in range(state.n) if not state.confirmed[i]] or list(range(state.n))
        return Typed("count", count_prompt(state), (numbers(event.counts),)) if event.seat == todo[0] else None
    return None


def _attack(state: TkcState, e: Attack) -> Typed | None:
    if e.attacker != state.active or not e.cards:
        return None
    defence = f" {letters(e.defence)}" if e.defence else ""
    line = f"{seat(e.defender)} {letters(e.cards)} {e.outcome}{defence}{' gold' if e.gold else ''}"
    return Typed("attack", attack_prompt(state), (line,))


def _discard(state: TkcState, e: Discard) -> Typed | None:
    if e.card == "relic":
        line = KIND_TYPED.get(e.relic, "") if e.relic else "relic"
    elif (e.card, e.count) in MENU:  # the discard menu's number
        line = str(MENU.index((e.card, e.count)) + 1)
    elif e.card in ("sword", "shield"):
        line = f"{e.count} {e.card}"
    else:
        line = ""
    return Typed("discard", discard_prompt(state), (line,)) if line else None


def _crown(state: TkcState, e: Crown) -> Typed | None:
    """A command with fields it does not use (a target for Attention, gold for Aid) is no
    line any question writes: None."""
    words = [e.command]
    if e.command in ("attention", "abdication"):
        used = e.target is None and not e.counts and not e.gold
    elif e.command == "lay-down":
        used = e.target is None and not e.gold
        words.append(numbers(tuple(k for i, k in enumerate(e.counts) if i != state.active)))
    elif e.command == "fear":
        used = e.target is not None and not e.counts
        words.extend((seat(e.target or 0), "g" if e.gold else ""))
    elif e.command == "aid":
        used = e.target is not None and not e.gold
        words.extend((seat(e.target or 0), numbers(e.counts)))
    else:
        used = False
    return Typed("crown", crown_prompt(state), (" ".join(w for w in words if w),)) if used else None


def _ball(state: TkcState, e: CrystalBall) -> Typed | None:
    if e.option == "take":
        word = KIND_TYPED.get(e.card)
        line = f"take {word}" if word and e.target is None else ""
    elif e.option == "look":
        line = f"look {seat(e.target)}" if e.target is not None and not e.card else ""
    else:
        line = e.option if e.target is None and not e.card else ""
    return Typed("ball", ball_prompt(state), (line,)) if line else None
