"""A fifth game, registered only through the registry by the `fifth_game` fixture: a coin race.

Each turn the player up flips a real coin and the table records it: heads moves them one
step; the first to reach the goal wins. "Next turn" without a flip passes. It is small on
purpose: one file with the state, the events, the rules, the words and the view, so the
contract tests can show a game needs nothing outside its own rooms but one registry line.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cache
from typing import Any

from companion.core import (
    Action,
    Event,
    GameBase,
    Key,
    Option,
    Rejected,
    Result,
    Row,
    TableView,
    Typed,
    check_players,
    event_types,
    resolve_options,
)
from companion.seat_openers import Opener

PATH = "tests.contract.coin_race:GAME"


@dataclass(frozen=True)
class CoinState:
    players: tuple[str, ...]
    goal: int
    steps: tuple[int, ...]
    active: int = 0
    round: int = 1
    winner: int | None = None


@dataclass(frozen=True)
class Flip(Event):
    kind = "flip"
    heads: bool = False


@dataclass(frozen=True)
class Pass(Event):
    kind = "pass"


def _after_turn(state: CoinState) -> CoinState:
    active = (state.active + 1) % len(state.players)
    return replace(state, active=active, round=state.round + (active == 0))


def chances(steps: tuple[int, ...], active: int, goal: int) -> tuple[Fraction, ...]:
    """Each seat's exact chance to win from here. Seat `active + m` (mod n) is the first to
    throw heads with chance 2**-(m+1) / (1 - 2**-n); every throw of heads moves the race on.
    The race looks the same from whoever is up: worked out with the seats turned so the one up
    is first, then turned back."""
    turned = _chances_first_up((*steps[active:], *steps[:active]), goal)
    back = len(steps) - active
    return (*turned[back:], *turned[:back])


@cache
def _chances_first_up(steps: tuple[int, ...], goal: int) -> tuple[Fraction, ...]:
    n = len(steps)
    if goal in steps:
        return tuple(Fraction(int(s == goal)) for s in steps)
    total = [Fraction(0)] * n
    for seat, first in enumerate(_first_heads(n)):
        moved = (*steps[:seat], steps[seat] + 1, *steps[seat + 1 :])
        for i, p in enumerate(chances(moved, (seat + 1) % n, goal)):
            total[i] += first * p
    return tuple(total)


@cache
def _first_heads(n: int) -> tuple[Fraction, ...]:
    """The chance that seat m after the one up is the first of n to throw heads."""
    return tuple(Fraction(1, 2 ** (m + 1)) / (1 - Fraction(1, 2**n)) for m in range(n))


class CoinRace(GameBase[CoinState]):
    id = "coin"
    name = "Coin race"
    min_players = 2
    max_players = 6
    options = (Option("goal", "Steps to win", 3, "int"),)
    events = event_types(Flip, Pass)
    # No screen of its own: the frame binds these and shows the `panel` lines.
    keys = (
        Key("h", "flip(True)", "Heads", "The player up threw heads", Flip(True)),
        Key("t", "flip(False)", "Tails", "The player up threw tails", Flip(False)),
    )
    rules_phases = ("flip", "end")
    commands = ("tests.contract.coin_race_command",)

    # Its buttons on a seat's phone, as its screen binds h and t (companion.seat_openers).
    seat_openers = (
        Opener("flip", "h", "Heads", lambda state, shelf: Flip(True), asks=False),
        Opener("flip", "t", "Tails", lambda state, shelf: Flip(False), asks=False),
    )

    def setup(self, players: tuple[str, ...], options: Mapping[str, Any]) -> CoinState:
        players = check_players(players, self.min_players, self.max_players)
        goal = resolve_options(self.options, options)["goal"]
        if not 1 <= goal <= 20:
            raise Rejected("The goal is 1 to 20 steps.")
        return CoinState(players, goal, (0,) * len(players))

    def apply(self, state: CoinState, event: Event) -> CoinState:
        if state.winner is not None:
            raise Rejected("The race is over; undo to go back, or start a new session.")
        match event:
            case Flip(heads=heads):
                seat = state.active
                steps = (*state.steps[:seat], state.steps[seat] + heads, *state.steps[seat + 1 :])
                if steps[seat] == state.goal:
                    return replace(state, steps=steps, winner=seat)
                return _after_turn(replace(state, steps=steps))
            case Pass():
                return _after_turn(state)
        raise Rejected(f"The coin race has no action {event.kind!r}.")

    def describe(self, before: CoinState, event: Event, after: CoinState) -> str:
        who = before.players[before.active]
        if after.winner is not None:
            return f"{who} throws heads and wins the race"
        if isinstance(event, Flip):
            return f"{who} throws {'heads: step ' + str(after.steps[before.active]) if event.heads else 'tails'}"
        return f"{who} passes"

    def view(self, state: CoinState) -> TableView:
        rows = tuple(
            Row(name, (f"{state.steps[i]}/{state.goal}",), active=i == state.active and state.winner is None)
            for i, name in enumerate(state.players)
        )
        return TableView(
            round=state.round,
            turn=state.players[state.active],
            phase=self.rules_phase(state),
            columns=("Steps",),
            rows=rows,
            finished=state.winner is not None,
            status=f"first to {state.goal} wins",
        )

    def actions(self, state: CoinState) -> tuple[Action, ...]:
        over = "The race is over; undo to go back, or start a new session." if state.winner is not None else None
        return (Action("flip", (Flip.kind,), over), Action("next_turn", (Pass.kind,), over))

    def next_turn(self, state: CoinState) -> Event:
        return Pass()

    def actor(self, state: CoinState, event: Event) -> int | None:
        return state.active  # every throw (and every pass) is the player up's

    def write(self, state: CoinState, event: Event) -> Typed | None:
        """A flip is its key alone: h for heads, t for tails."""
        if isinstance(event, Flip):
            return Typed(f"flip({event.heads})", event)
        return super().write(state, event)

    def result(self, state: CoinState) -> Result | None:
        if state.winner is None:
            return None
        scores = tuple(zip(state.players, state.steps, strict=True))
        return Result((state.players[state.winner],), scores, state.players[0], f"First to {state.goal} steps.")

    def rules_phase(self, state: CoinState) -> str:
        return "end" if state.winner is not None else "flip"

    def headline(self, state: CoinState) -> tuple[tuple[str, str], ...]:
        lead = max(range(len(state.players)), key=lambda i: state.steps[i])
        return (("Leader", state.players[lead]), ("Goal", str(state.goal)))

    def panel(self, state: CoinState) -> tuple[str, ...]:
        odds = chances(state.steps, state.active, state.goal)
        return tuple(
            f"{name}: {'●' * state.steps[i]}{'○' * (state.goal - state.steps[i])} {float(odds[i]):.0%} to win"
            for i, name in enumerate(state.players)
        )


GAME = CoinRace()
