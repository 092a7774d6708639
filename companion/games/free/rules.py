"""Free play's rules: counters move within their bounds (a push past one is refused with the
bound named, never clamped), a change must change something, turns go round the table and the
countdown ends the game. Once it is over, only counters still move (a final tally)."""

from __future__ import annotations

from dataclasses import replace

from companion.core import Event, Rejected, next_seat, refuse_when_over
from companion.games.free.events import (
    AddCounter,
    Adjust,
    Finish,
    NextTurn,
    RemoveCounter,
    SetCountdown,
    SetValue,
)
from companion.games.free.state import Counter, FreeState
from companion.numbers import LIMIT

_LIMITS = f"Counters stay between {-LIMIT:,} and {LIMIT:,}"


def apply(state: FreeState, event: Event) -> FreeState:
    refuse_when_over(state.finished and not isinstance(event, (Adjust, SetValue)))
    match event:
        case AddCounter():
            return add(state, event)
        case RemoveCounter(name=name, owner=owner):
            find(state, name, owner)
            kept = tuple(c for c in state.counters if not same(c, name, owner))
            return replace(state, counters=kept)
        case Adjust(name=name, owner=owner, delta=delta):
            if delta == 0:
                raise Rejected(f"{whose(state, owner)} {name}: +0 changes nothing; type the amount to add or take.")
            return set_value(state, name, owner, find(state, name, owner).value + delta)
        case SetValue(name=name, owner=owner, value=value):
            if find(state, name, owner).value == value:
                raise Rejected(f"{whose(state, owner)} {name} is already {value}.")
            return set_value(state, name, owner, value)
        case NextTurn():
            return next_turn(state)
        case SetCountdown():
            return countdown(state, event)
        case Finish():
            return replace(state, finished=True)
    raise Rejected(f"Free play has no action {event.kind!r}.")


def check_bounds(c: Counter, value: int, who: str) -> None:
    if not -LIMIT <= value <= LIMIT:
        raise Rejected(f"{_LIMITS}: {who} {c.name} would be {value:,}.")
    if c.low is not None and value < c.low:
        raise Rejected(f"{who} {c.name} cannot go below {c.low} (it would be {value}).")
    if c.high is not None and value > c.high:
        raise Rejected(f"{who} {c.name} cannot go above {c.high} (it would be {value}).")


def whose(state: FreeState, owner: int | None) -> str:
    if owner is None:
        return "The table's"
    if not 0 <= owner < len(state.players):
        raise Rejected(f"There is no player {owner + 1}.")
    return f"{state.players[owner]}'s"


def same(c: Counter, name: str, owner: int | None) -> bool:
    return c.owner == owner and c.name.casefold() == name.strip().casefold()


def find(state: FreeState, name: str, owner: int | None) -> Counter:
    who = whose(state, owner)
    for c in state.counters:
        if same(c, name, owner):
            return c
    raise Rejected(f"{who} counters have no {name!r}.")


def set_value(state: FreeState, name: str, owner: int | None, value: int) -> FreeState:
    c = find(state, name, owner)
    check_bounds(c, value, whose(state, owner))
    new = replace(c, value=value)
    return replace(state, counters=tuple(new if x is c else x for x in state.counters))


def add(state: FreeState, e: AddCounter) -> FreeState:
    name = e.name.strip()
    if not name:
        raise Rejected("A counter needs a name.")
    if e.low is not None and e.high is not None and e.low > e.high:
        raise Rejected(f"The minimum {e.low} is above the maximum {e.high}.")
    owners = list(range(len(state.players))) if e.each else [e.owner]
    added = []
    for owner in owners:
        who = whose(state, owner)
        if any(same(c, name, owner) for c in state.counters):
            raise Rejected(f"{who} counters already have {name!r}.")
        c = Counter(owner, name, e.value, e.low, e.high)
        check_bounds(c, e.value, "Starting")
        added.append(c)
    return replace(state, counters=state.counters + tuple(added))


def next_turn(state: FreeState) -> FreeState:
    active, new_round = next_seat(state.active, len(state.players))
    rnd = state.round + new_round
    turns = state.turns + 1
    over = (state.end_round is not None and rnd > state.end_round) or (
        state.end_turn is not None and turns >= state.end_turn
    )
    return replace(state, active=active, round=rnd, turns=turns, finished=over)


def countdown(state: FreeState, e: SetCountdown) -> FreeState:
    if e.end_round is not None and e.more_turns is not None:
        raise Rejected("Choose a last round or a number of turns, not both.")
    if e.end_round is not None and e.end_round < state.round:
        raise Rejected(f"Round {state.round} is already under way; the last round must be later.")
    if e.more_turns is not None and e.more_turns < 1:
        raise Rejected("The number of turns left must be at least 1.")
    end_turn = state.turns + e.more_turns if e.more_turns is not None else None
    return replace(state, end_round=e.end_round, end_turn=end_turn)
