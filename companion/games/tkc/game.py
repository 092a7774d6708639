"""The King Commands' Game object: setup, and the wiring of apply, words and view.

The turn rules live in rules.py, the card tables in cards.py, what players type in
notation.py, the log lines in words.py and the table view in view.py.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.core import (
    Action,
    Event,
    GameBase,
    Option,
    Result,
    TableView,
    check_players,
    event_types,
    resolve_options,
)
from companion.games.tkc import cards, rules, view, words
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


class KingCommands(GameBase):
    id = "tkc"
    name = "The King Commands"
    min_players = 2
    max_players = 6
    screen = "screens.tkc_screen:TkcScreen"
    rules_phases = ("setup", "draw", "relic", "attack", "discard", "end")
    options = (
        *(
            Option(f"colour{i + 1}", f"Sword/shield colour {i + 1}", c, "text")
            for i, c in enumerate(cards.DEFAULT_COLOURS)
        ),
        Option("open_scoring", "Open scoring (show score totals during play)", False),
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
        )

    def apply(self, state: TkcState, event: Event) -> TkcState:
        return rules.apply(state, event)

    def describe(self, before: TkcState, event: Event, after: TkcState) -> str:
        return words.describe(before, event, after)

    def view(self, state: TkcState) -> TableView:
        return view.view(state)

    def panel(self, state: TkcState) -> tuple[str, ...]:
        return view.panel(state)

    def rules_phase(self, state: TkcState) -> str:
        return view.rules_phase(state)

    def actions(self, state: TkcState) -> tuple[Action, ...]:
        examples = {"draw": Draw(), "pass_turn": NextTurn(passed=True), "next_turn": NextTurn()}
        return tuple(
            Action(name, (kind,), example=examples.get(name))
            if state.can(family)
            else Action(name, (kind,), rules.why_closed(state, family))
            for name, family, kind in FAMILIES
        )

    def next_turn(self, state: TkcState) -> Event:
        return NextTurn()

    def result(self, state: TkcState) -> Result | None:
        return words.result(state)


GAME = KingCommands()
