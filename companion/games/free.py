"""Free play: named counters for any game, a round counter and an optional countdown.

Counters belong to a seat or to the table (owner None). Bounds are checked when a counter
moves, so a push past a bound is refused with the bound named, never clamped silently.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from companion.core import (
    Event,
    GameBase,
    Option,
    Rejected,
    Result,
    Row,
    TableView,
    check_players,
    event_types,
    next_seat,
    refuse_when_over,
    resolve_options,
)
from companion.numbers import LIMIT, quoted, whole

SCORE_NAMES = ("score", "points", "vp")


@dataclass(frozen=True)
class Counter:
    owner: int | None
    name: str
    value: int
    low: int | None = None
    high: int | None = None

    def shown(self) -> str:
        return f"{self.value}/{self.high}" if self.high is not None else str(self.value)


@dataclass(frozen=True)
class FreeState:
    players: tuple[str, ...]
    counters: tuple[Counter, ...] = ()
    round: int = 1
    active: int = 0
    turns: int = 0
    end_round: int | None = None
    end_turn: int | None = None
    finished: bool = False


@dataclass(frozen=True)
class AddCounter(Event):
    kind = "add-counter"
    name: str = ""
    owner: int | None = None
    value: int = 0
    low: int | None = None
    high: int | None = None
    each: bool = False


@dataclass(frozen=True)
class RemoveCounter(Event):
    kind = "remove-counter"
    name: str = ""
    owner: int | None = None


@dataclass(frozen=True)
class Adjust(Event):
    kind = "adjust"
    name: str = ""
    owner: int | None = None
    delta: int = 0


@dataclass(frozen=True)
class SetValue(Event):
    kind = "set-value"
    name: str = ""
    owner: int | None = None
    value: int = 0


@dataclass(frozen=True)
class NextTurn(Event):
    kind = "next-turn"


@dataclass(frozen=True)
class SetCountdown(Event):
    """End after round `end_round`, or after `more_turns` more turns; both None clears it."""

    kind = "set-countdown"
    end_round: int | None = None
    more_turns: int | None = None


@dataclass(frozen=True)
class Finish(Event):
    kind = "finish"


_SPEC = re.compile(r"^\s*([^=\d\s][^=]*?)\s*(?:=\s*(-?\d+))?\s*(?:(-?\d*)\s*\.\.\s*(-?\d*))?\s*$")
_LIMITS = f"Counters stay between {-LIMIT:,} and {LIMIT:,}"


def parse_counters(spec: str) -> tuple[tuple[str, int, int | None, int | None], ...]:
    """`HP=20 0..40, mana=0 ..6, score` into (name, start, low, high) rows."""
    rows = []
    for part in (p for p in spec.split(",") if p.strip()):
        m = _SPEC.match(part)
        if not m:
            raise Rejected(f"{quoted(part.strip())} is not a counter; write it like HP=20 0..40 or score.")
        name, start, low, high = m.groups()
        low_v = whole(low, "A counter's minimum") if low else None
        high_v = whole(high, "A counter's maximum") if high else None
        value = whole(start, "A counter's value") if start else (low_v if low_v is not None else 0)
        rows.append((name.strip(), value, low_v, high_v))
    names = [r[0].casefold() for r in rows]
    if len(set(names)) != len(names):
        raise Rejected("Two counters share a name; give each its own.")
    return tuple(rows)


def _check_bounds(c: Counter, value: int, who: str) -> None:
    if not -LIMIT <= value <= LIMIT:
        raise Rejected(f"{_LIMITS}: {who} {c.name} would be {value:,}.")
    if c.low is not None and value < c.low:
        raise Rejected(f"{who} {c.name} cannot go below {c.low} (it would be {value}).")
    if c.high is not None and value > c.high:
        raise Rejected(f"{who} {c.name} cannot go above {c.high} (it would be {value}).")


class FreePlay(GameBase[FreeState]):
    id = "free"
    name = "Free play"
    titled = True  # whatever game the table plays: the session's title names it
    min_players = 2
    max_players = 12
    screen = "screens.free_screen:FreeScreen"
    options = (
        Option(
            "counters",
            "Counters per player",
            "score=0",
            "text",
            help="comma-separated, e.g. HP=20 0..40, mana=0 0..6, score",
        ),
        Option("shared", "Shared counters", "", "text", help="same form, e.g. deck=54 0.."),
        Option("end_round", "Game ends after round (0 = no limit)", 0, "int"),
    )
    events = event_types(AddCounter, RemoveCounter, Adjust, SetValue, NextTurn, SetCountdown, Finish)

    def setup(self, players: tuple[str, ...], options: Mapping[str, Any]) -> FreeState:
        players = check_players(players, self.min_players, self.max_players)
        opts = resolve_options(self.options, options)
        counters = [
            Counter(seat, name, value, low, high)
            for seat in range(len(players))
            for name, value, low, high in parse_counters(opts["counters"])
        ]
        counters += [Counter(None, *row) for row in parse_counters(opts["shared"])]
        for c in counters:
            _check_bounds(c, c.value, "Starting")
        end_round = opts["end_round"]
        if end_round < 0:
            raise Rejected("The last round cannot be negative.")
        return FreeState(players, tuple(counters), end_round=end_round or None)

    # -- apply -----------------------------------------------------------------------------

    def apply(self, state: FreeState, event: Event) -> FreeState:
        refuse_when_over(state.finished and not isinstance(event, (Adjust, SetValue)))
        match event:
            case AddCounter():
                return self._add(state, event)
            case RemoveCounter(name=name, owner=owner):
                self._find(state, name, owner)
                kept = tuple(c for c in state.counters if not self._is(c, name, owner))
                return replace(state, counters=kept)
            case Adjust(name=name, owner=owner, delta=delta):
                return self._set(state, name, owner, self._find(state, name, owner).value + delta)
            case SetValue(name=name, owner=owner, value=value):
                return self._set(state, name, owner, value)
            case NextTurn():
                return self._next_turn(state)
            case SetCountdown():
                return self._countdown(state, event)
            case Finish():
                return replace(state, finished=True)
        raise Rejected(f"Free play has no action {event.kind!r}.")

    def _who(self, state: FreeState, owner: int | None) -> str:
        if owner is None:
            return "The table's"
        if not 0 <= owner < len(state.players):
            raise Rejected(f"There is no player {owner + 1}.")
        return f"{state.players[owner]}'s"

    @staticmethod
    def _is(c: Counter, name: str, owner: int | None) -> bool:
        return c.owner == owner and c.name.casefold() == name.strip().casefold()

    def _find(self, state: FreeState, name: str, owner: int | None) -> Counter:
        who = self._who(state, owner)
        for c in state.counters:
            if self._is(c, name, owner):
                return c
        raise Rejected(f"{who} counters have no {name!r}.")

    def _set(self, state: FreeState, name: str, owner: int | None, value: int) -> FreeState:
        c = self._find(state, name, owner)
        _check_bounds(c, value, self._who(state, owner))
        new = replace(c, value=value)
        return replace(state, counters=tuple(new if x is c else x for x in state.counters))

    def _add(self, state: FreeState, e: AddCounter) -> FreeState:
        name = e.name.strip()
        if not name:
            raise Rejected("A counter needs a name.")
        if e.low is not None and e.high is not None and e.low > e.high:
            raise Rejected(f"The minimum {e.low} is above the maximum {e.high}.")
        owners = list(range(len(state.players))) if e.each else [e.owner]
        added = []
        for owner in owners:
            who = self._who(state, owner)
            if any(self._is(c, name, owner) for c in state.counters):
                raise Rejected(f"{who} counters already have {name!r}.")
            c = Counter(owner, name, e.value, e.low, e.high)
            _check_bounds(c, e.value, "Starting")
            added.append(c)
        return replace(state, counters=state.counters + tuple(added))

    def _next_turn(self, state: FreeState) -> FreeState:
        active, new_round = next_seat(state.active, len(state.players))
        rnd = state.round + new_round
        turns = state.turns + 1
        over = (state.end_round is not None and rnd > state.end_round) or (
            state.end_turn is not None and turns >= state.end_turn
        )
        return replace(state, active=active, round=rnd, turns=turns, finished=over)

    def _countdown(self, state: FreeState, e: SetCountdown) -> FreeState:
        if e.end_round is not None and e.more_turns is not None:
            raise Rejected("Choose a last round or a number of turns, not both.")
        if e.end_round is not None and e.end_round < state.round:
            raise Rejected(f"Round {state.round} is already under way; the last round must be later.")
        if e.more_turns is not None and e.more_turns < 1:
            raise Rejected("The number of turns left must be at least 1.")
        end_turn = state.turns + e.more_turns if e.more_turns is not None else None
        return replace(state, end_round=e.end_round, end_turn=end_turn)

    # -- words and views ---------------------------------------------------------------------

    def describe(self, before: FreeState, event: Event, after: FreeState) -> str:
        match event:
            case Adjust(name=name, owner=owner, delta=delta):
                old = self._find(before, name, owner).value
                who = "Table" if owner is None else before.players[owner]
                return f"{who}: {name} {delta:+d} ({old} → {old + delta})"
            case SetValue(name=name, owner=owner, value=value):
                old = self._find(before, name, owner).value
                who = "Table" if owner is None else before.players[owner]
                return f"{who}: {name} set to {value} (was {old})"
            case AddCounter(name=name, owner=owner, value=value, each=each):
                who = "every player" if each else ("the table" if owner is None else before.players[owner])
                return f"New counter {name} = {value} for {who}"
            case RemoveCounter(name=name, owner=owner):
                who = "the table" if owner is None else before.players[owner]
                return f"Counter {name} removed from {who}"
            case NextTurn():
                text = f"{before.players[before.active]} ends the turn; {after.players[after.active]} is next"
                if after.round != before.round:
                    text += f" (round {after.round})"
                return text + (" — the game is over" if after.finished else "")
            case SetCountdown(end_round=r, more_turns=t):
                if r is not None:
                    return f"The game will end after round {r}"
                if t is not None:
                    return f"The game will end after {t} more turn{'s' if t != 1 else ''}"
                return "Countdown cleared"
            case Finish():
                return "The table ends the game"
        return event.kind

    def countdown(self, state: FreeState) -> str:
        if state.finished:
            return "Game over"
        if state.end_turn is not None:
            left = state.end_turn - state.turns
            last = state.players[(state.active + left - 1) % len(state.players)]
            return f"{left} turn{'s' if left != 1 else ''} left (ends after {last}'s turn)"
        if state.end_round is not None:
            left = state.end_round - state.round
            return f"Last round: {state.end_round} ({left} more after this)" if left else "Final round"
        return ""

    def columns(self, state: FreeState) -> tuple[str, ...]:
        names: dict[str, None] = {}
        for c in state.counters:
            names.setdefault(c.name, None)
        return tuple(names)

    def view(self, state: FreeState) -> TableView:
        columns = self.columns(state)
        owners: list[int | None] = list(range(len(state.players)))
        if any(c.owner is None for c in state.counters):
            owners.append(None)
        rows = []
        for owner in owners:
            mine = {c.name: c.shown() for c in state.counters if c.owner == owner}
            label = "Table" if owner is None else state.players[owner]
            cells = tuple(mine.get(col, "") for col in columns)
            rows.append(Row(label, cells, active=owner == state.active and not state.finished))
        return TableView(
            round=state.round,
            turn=state.players[state.active],
            phase="over" if state.finished else "play",
            columns=columns,
            rows=tuple(rows),
            status=self.countdown(state),
            finished=state.finished,
        )

    def next_turn(self, state: FreeState) -> Event:
        return NextTurn()

    def result(self, state: FreeState) -> Result | None:
        if not state.finished:
            return None
        scores = {c.owner: c.value for c in state.counters if c.owner is not None and c.name.casefold() in SCORE_NAMES}
        table = tuple((p, scores.get(i)) for i, p in enumerate(state.players))
        if not scores:
            return Result((), table, state.players[0], "No score counter: no winner recorded.")
        best = max(scores.values())
        winners = tuple(state.players[i] for i, v in scores.items() if v == best)
        return Result(winners, table, state.players[0], f"Highest score: {best}.")


GAME = FreePlay()
