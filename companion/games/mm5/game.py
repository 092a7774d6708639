"""Monster Maker 5 Rev.: the Game object tying the turn rules, the battle and the views together.

`apply` only dispatches; the rules live in rules.py (turn), battle.py (battle) and winner.py.
`describe` reads the change off the before and after states, so the log says what a switch
cost (who was discarded, which knights went to the Dungeon) without the events carrying it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.core import Event, GameBase, Option, Rejected, Result, check_players, resolve_options
from companion.games.mm5 import battle, rules
from companion.games.mm5.describe import describe
from companion.games.mm5.events import (
    EVENTS,
    Attack,
    Begin,
    Declare,
    Discard,
    Draw,
    EndTurn,
    Enter,
    HandCount,
    Initiative,
    Reinforce,
    Remove,
    Rescue,
    Spell,
    Strike,
    Thief,
)
from companion.games.mm5.state import Seat, State
from companion.games.mm5.view import view
from companion.games.mm5.winner import decide


class MonsterMaker5(GameBase):
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

    def setup(self, players: tuple[str, ...], options: Mapping[str, Any]) -> State:
        players = check_players(players, self.min_players, self.max_players)
        opts = resolve_options(self.options, options)
        return State(tuple(Seat(p) for p in players), opts["variant_1d6"], opts["light_spares_neutral"])

    def apply(self, state: State, event: Event) -> State:
        if state.finished and not isinstance(event, HandCount):
            raise Rejected("The game is over; undo to go back, or start a new session.")
        match event:
            case Draw():
                return rules.draw(state, event)
            case Begin(first=first):
                return rules.begin(state, first)
            case HandCount():
                return rules.hand_count(state, event)
            case Declare():
                return rules.declare(state, event)
            case Enter():
                return rules.enter(state, event)
            case Thief():
                return rules.thief(state, event)
            case Discard():
                return rules.discard(state)
            case EndTurn():
                return rules.end_turn(state, event)
            case Attack():
                return battle.attack(state, event)
            case Rescue():
                return battle.rescue(state, event)
            case Reinforce():
                return battle.reinforce(state, event)
            case Spell():
                return battle.spell(state, event)
            case Initiative():
                return battle.initiative(state, event)
            case Strike():
                return battle.strike(state, event)
            case Remove():
                return battle.remove(state, event)
        raise Rejected(f"Monster Maker 5 has no action {event.kind!r}.")

    def describe(self, before: State, event: Event, after: State) -> str:
        return describe(before, event, after)

    def view(self, state: State) -> Any:
        return view(state)

    def next_turn(self, state: State) -> Event:
        return EndTurn()

    def rules_phase(self, state: State) -> str:
        """The rules texts' name for the phase shown (F1 lists that phase's sections first)."""
        return {"deal": "setup", "battle": "combat", "over": "end"}.get(state.phase, state.phase)

    def result(self, state: State) -> Result | None:
        return decide(state) if state.finished else None


GAME = MonsterMaker5()
