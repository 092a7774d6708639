"""The King Commands' Game object: setup, and the wiring of apply, words and view.

The turn rules live in rules.py, the card tables in cards.py, what players type in
notation.py, the log lines in words.py and the table view in view.py.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from companion.core import (
    Action,
    Event,
    Figure,
    GameBase,
    Option,
    Result,
    TableView,
    Typed,
    check_players,
    event_types,
    probed,
    resolve_options,
)
from companion.games.tkc import actors, cards, rules, view, words
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
from companion.games.tkc.keys import KEYS
from companion.games.tkc.notation import check_colours
from companion.games.tkc.state import TkcState

# Each family of the table's keys: the key's action, the family `TkcState.can` names, the event kind.
FAMILIES = (
    ("start_player", "start", StartDraw.kind),
    ("draw", "draw", Draw.kind),
    ("crown", "relic", Crown.kind),
    ("ball", "relic", CrystalBall.kind),
    ("attack", "act", Attack.kind),
    ("discard", "discard", Discard.kind),
    ("pass_turn", "pass", NextTurn.kind),
    ("next_turn", "next", NextTurn.kind),
    ("count", "count", CountPile.kind),
)


class KingCommands(GameBase[TkcState]):
    id = "tkc"
    name = "The King Commands"
    min_players = 2
    max_players = 6
    screen = "screens.tkc_screen:TkcScreen"
    keys = KEYS  # beside `actions` below: each family's key, title, help and what it opens
    rules_phases = ("setup", "draw", "relic", "attack", "discard", "end")
    options = (
        *(
            Option(f"colour{i + 1}", f"Sword/shield colour {i + 1}", c, "text")
            for i, c in enumerate(cards.DEFAULT_COLOURS)
        ),
        Option("open_scoring", "Open scoring (show score totals during play)", False),
        Option("terse_log", "Terse public log (each attack's cards shown at the final count)", True),
        Option("poke_unblockable", "Variant: Poke cannot be blocked", False),
    )
    events = event_types(StartDraw, Draw, Attack, Discard, Crown, CrystalBall, NextTurn, CountPile)

    def setup(self, players: tuple[str, ...], options: Mapping[str, Any]) -> TkcState:
        players = check_players(players, self.min_players, self.max_players)
        opts = resolve_options(self.options, options)
        colours = check_colours(tuple(opts[f"colour{i}"] for i in range(1, 5)))
        return TkcState(
            players,
            colours,
            bool(opts["open_scoring"]),
            bool(opts["poke_unblockable"]),
            contenders=tuple(range(len(players))),
            terse_log=bool(opts["terse_log"]),
        )

    def apply(self, state: TkcState, event: Event) -> TkcState:
        return rules.apply(state, event)

    def describe(self, before: TkcState, event: Event, after: TkcState) -> str:
        return words.describe(before, event, after)

    def view(self, state: TkcState) -> TableView:
        return view.view(state)

    def panel(self, state: TkcState) -> tuple[str, ...]:
        return view.panel(state)

    def headline(self, state: TkcState) -> tuple[tuple[str, str], ...]:
        return view.headline(state)

    def public_text(self, state: TkcState, event: Event, text: str) -> str:
        return words.public_text(state, event, text)

    def past_view(self, state: TkcState, now: TkcState) -> TableView:
        return view.past_view(state, now)

    def conceal(self, state: TkcState, events: Sequence[Event], cursor: int) -> tuple[Event, ...]:
        """With the terse public log, an attack's cards (its swords, and the shields or swords
        that stopped it) stay out of the file as they stay out of the log: they went to score
        piles nobody may count. Such a log cannot be replayed, so the file cannot be resumed."""
        if not words.terse(state):
            return tuple(events)
        return tuple(replace(e, cards=(), defence=()) if isinstance(e, Attack) else e for e in events)

    def rules_phase(self, state: TkcState) -> str:
        return view.rules_phase(state)

    def actions(self, state: TkcState) -> tuple[Action, ...]:
        """Each key's family, open when its step is; a crown or a crystal ball also needs a
        copy left to play (the core probes one: every crown or ball used closes its key)."""
        examples: dict[str, Event] = {"draw": Draw(), "pass_turn": NextTurn(passed=True), "next_turn": NextTurn()}
        examples["crown"] = Crown("attention")
        examples["ball"] = CrystalBall("look", target=(state.active + 1) % max(state.n, 1))
        out = []
        for name, family, kind in FAMILIES:
            if not state.can(family):
                out.append(Action(name, (kind,), rules.why_closed(state, family)))
            elif family == "relic":
                out.append(probed(name, self.apply, state, examples[name]))
            else:
                out.append(Action(name, (kind,), example=examples.get(name)))
        return tuple(out)

    def next_turn(self, state: TkcState) -> Event:
        return NextTurn()

    def actor(self, state: TkcState, event: Event) -> int | None:
        return actors.actor(state, event)

    def write(self, state: TkcState, event: Event) -> Typed | None:
        from companion.games.tkc.typed import write  # the prompts import this module's neighbours

        return write(state, event)

    def result(self, state: TkcState) -> Result | None:
        return words.result(state)

    def figures(self, final: TkcState, steps: Iterable[tuple[TkcState, Event, TkcState]]) -> tuple[Figure, ...]:
        return figures(final, steps)


def figures(final: TkcState, steps: Iterable[tuple[TkcState, Event, TkcState]]) -> tuple[Figure, ...]:
    """Each player's points, and the gold bags each took and gave: an attack or a crown that
    puts a gold bag in the active player's score pile took it from the player it targeted."""
    taken = [0] * final.n
    given = [0] * final.n
    for before, event, after in steps:
        if not isinstance(event, Attack | Crown):  # a count at the end corrects a pile: nobody took it
            continue
        if after.piles[before.active][cards.GOLD] > before.piles[before.active][cards.GOLD]:
            taken[before.active] += 1
            victim = event.defender if isinstance(event, Attack) else event.target
            if victim is not None:
                given[victim] += 1
    return tuple(
        figure
        for seat, name in enumerate(final.players)
        for figure in (
            (name, "points", cards.points(final.piles[seat])),
            (name, "gold bags taken", taken[seat]),
            (name, "gold bags given", given[seat]),
        )
    )


GAME = KingCommands()
