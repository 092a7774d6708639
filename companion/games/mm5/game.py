"""Monster Maker 5 Rev.: the Game object tying the turn rules, the battle and the views together.

The rules live in rules.py (the dispatch and the turn), battle.py (battle) and winner.py.
`describe` reads the change off the before and after states, so the log says what a switch
cost (who was discarded, which knights went to the Dungeon) without the events carrying it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.core import Event, GameBase, Option, Result, check_players, resolve_options
from companion.games.mm5.events import EVENTS, EndTurn
from companion.games.mm5.rules import apply
from companion.games.mm5.state import Seat, State
from companion.games.mm5.table import DEALT
from companion.games.mm5.view import headline, view
from companion.games.mm5.winner import decide
from companion.games.mm5.words import describe


class MonsterMaker5(GameBase[State]):
    id = "mm5"
    name = "Monster Maker 5 Rev."
    min_players = 2
    max_players = 8
    screen = "screens.mm5_screen:MM5Screen"
    rules_phases = ("setup", "draw", "faction", "action", "hand-check", "combat", "end")
    options = (
        Option("variant_1d6", "Variant: attack is 1d6 + attack value ≥ defence", False),
        Option("light_spares_neutral", "Variant: Light may not attack Neutral", False),
    )
    events = EVENTS
    commands = ("companion.games.mm5.command",)  # companion battle
    state_version = 2  # 2: hands counted from the deal

    def setup(self, players: tuple[str, ...], options: Mapping[str, Any]) -> State:
        players = check_players(players, self.min_players, self.max_players)
        opts = resolve_options(self.options, options)
        hands = tuple(Seat(p, hand=DEALT) for p in players)
        return State(hands, opts["variant_1d6"], opts["light_spares_neutral"])

    def apply(self, state: State, event: Event) -> State:
        return apply(state, event)

    def describe(self, before: State, event: Event, after: State) -> str:
        return describe(before, event, after)

    def view(self, state: State) -> Any:
        return view(state)

    def headline(self, state: State) -> tuple[tuple[str, str], ...]:
        return headline(state)

    def next_turn(self, state: State) -> Event:
        return EndTurn()

    def rules_phase(self, state: State) -> str:
        """The rules texts' name for the phase shown (F1 lists that phase's sections first)."""
        return {"deal": "setup", "battle": "combat", "over": "end"}.get(state.phase, state.phase)

    def result(self, state: State) -> Result | None:
        return decide(state) if state.finished else None


GAME = MonsterMaker5()
