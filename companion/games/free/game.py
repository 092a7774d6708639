"""Free play as a Game: named counters for any game, a round counter and an optional countdown.

Counters belong to a seat or to the table (owner None). The rules (bounds, the countdown) are
in rules.py, what players type in notation.py; this module wires them to the framework and
words the log and the table view.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.core import (
    Action,
    Event,
    GameBase,
    Option,
    Rejected,
    Result,
    Row,
    TableView,
    Typed,
    check_players,
    open_when,
    refuse_when_over,
    resolve_options,
)
from companion.games.free import actors, rules
from companion.games.free.events import (
    EVENTS,
    AddCounter,
    Adjust,
    Finish,
    NextTurn,
    RemoveCounter,
    SetCountdown,
    SetValue,
)
from companion.games.free.keys import KEYS, SEAT_EXTRAS
from companion.games.free.notation import columns, parse_counters
from companion.games.free.state import SCORE_NAMES, Counter, FreeState


class FreePlay(GameBase[FreeState]):
    id = "free"
    name = "Free play"
    titled = True  # whatever game the table plays: the session's title names it
    min_players = 2
    max_players = 12
    seat_extras = SEAT_EXTRAS  # a seat's phone's own buttons (companion.seat_openers)
    keys = KEYS  # beside `actions` below: each family's key, title, help and what it opens
    options = (
        Option(
            "played",
            "Game played",
            "",
            "text",
            help="its name, for the statistics and BG Stats; blank: the title without its date",
        ),
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
    events = EVENTS

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
            rules.check_bounds(c, c.value, "Starting")
        end_round = opts["end_round"]
        if end_round < 0:
            raise Rejected("The last round cannot be negative.")
        return FreeState(players, tuple(counters), end_round=end_round or None)

    def apply(self, state: FreeState, event: Event) -> FreeState:
        return rules.apply(state, event)

    def actions(self, state: FreeState) -> tuple[Action, ...]:
        def counters() -> None:
            if not state.counters:
                raise Rejected("There is no counter yet: press a to add one.")

        def playing(need_counter: bool = False) -> None:
            refuse_when_over(state.finished)
            if need_counter:
                counters()

        return (
            open_when("change", (Adjust.kind, SetValue.kind), counters),
            open_when("add_counter", AddCounter.kind, playing),
            open_when("remove_counter", RemoveCounter.kind, playing, True),
            open_when("countdown", SetCountdown.kind, playing),
            # Open until the game is over, as the rules say (no trial apply: an action costs one).
            open_when("finish", Finish.kind, playing),
            open_when("next_turn", NextTurn.kind, playing),
        )

    # -- words and views ---------------------------------------------------------------------

    def describe(self, before: FreeState, event: Event, after: FreeState) -> str:
        match event:
            case Adjust(name=name, owner=owner, delta=delta):
                old = rules.find(before, name, owner).value
                who = "Table" if owner is None else before.players[owner]
                return f"{who}: {name} {delta:+d} ({old} → {old + delta})"
            case SetValue(name=name, owner=owner, value=value):
                old = rules.find(before, name, owner).value
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
        """The status line: the countdown; once over, who won and why (as the web page says it)."""
        if state.finished:
            result = self.result(state)
            if result is None or not result.winners:
                return f"Game over · {result.reasoning if result else ''}".rstrip(" ·")
            who = "Winner" if len(result.winners) == 1 else "Winners"
            return f"Game over · {who}: {', '.join(result.winners)} · {result.reasoning}"
        if state.end_turn is not None:
            left = state.end_turn - state.turns
            seat = state.active + left - 1
            last = state.players[seat % len(state.players)]
            later = seat // len(state.players)  # rounds after this one (a round starts at seat 1)
            when = f" in round {state.round + later}" if later else ""
            return f"{left} turn{'s' if left != 1 else ''} left (ends after {last}'s turn{when})"
        if state.end_round is not None:
            left = state.end_round - state.round
            return f"Last round: {state.end_round} ({left} more after this)" if left else "Final round"
        return ""

    def headline(self, state: FreeState) -> tuple[tuple[str, str], ...]:
        """The countdown as a figure the table reads from across the room (none when unset)."""
        if state.finished:
            return ()
        if state.end_turn is not None:
            return (("Turns left", str(state.end_turn - state.turns)),)
        if state.end_round is not None:
            return (("Last round", str(state.end_round)),)
        return ()

    def columns(self, state: FreeState) -> tuple[str, ...]:
        return columns(state)

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

    def actor(self, state: FreeState, event: Event) -> int | None:
        return actors.actor(state, event)

    def write(self, state: FreeState, event: Event) -> Typed | None:
        from companion.games.free.typed import write  # the notation imports this module's neighbours

        return write(state, event) or super().write(state, event)

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
