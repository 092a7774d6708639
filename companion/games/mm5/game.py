"""Monster Maker 5 Rev.: the Game object tying the turn rules, the battle and the views together.

The rules live in rules.py (the dispatch and the turn), battle.py (battle) and winner.py.
`describe` reads the change off the before and after states, so the log says what a switch
cost (who was discarded, which knights went to the Dungeon) without the events carrying it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from companion.core import Event, Figure, GameBase, Option, Result, check_players, resolve_options
from companion.games.mm5.battle import members
from companion.games.mm5.catalogue import CATALOGUE
from companion.games.mm5.events import EVENTS, EndTurn, Initiative, Spell
from companion.games.mm5.rules import apply
from companion.games.mm5.state import SIDE_WORDS, Seat, State
from companion.games.mm5.table import DEALT
from companion.games.mm5.view import headline, view
from companion.games.mm5.winner import decide
from companion.games.mm5.words import describe

# The note of a spell still face down when the session was exported: what the table sees on import.
FACE_DOWN = "(face down when exported)"


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
    catalogue = CATALOGUE  # the remembered cards, listed and edited on the catalogue screen (c)
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

    def conceal(self, events: Sequence[Event], cursor: int) -> tuple[Event, ...]:
        """A spell's note stays face down until an initiative at the table (before `cursor`) reveals it."""
        shown = list(events)
        revealed = False  # an initiative at the table after the event being looked at
        for i in range(len(events) - 1, -1, -1):
            event = events[i]
            if isinstance(event, Initiative) and i < cursor:
                revealed = True
            elif isinstance(event, Spell) and event.note and not revealed:
                shown[i] = replace(event, note=FACE_DOWN)
        return tuple(shown)

    def figures(self, final: State, steps: Iterable[tuple[State, Event, State]]) -> tuple[Figure, ...]:
        return figures(final, steps)


def figures(final: State, steps: Iterable[tuple[State, Event, State]]) -> tuple[Figure, ...]:
    """Each player's side at the end, the side that won, and the battles the attackers won
    (a battle is over when a step clears it; the side with characters left in it won)."""
    battles = won = 0
    for before, _, after in steps:
        if before.battle is not None and after.battle is None:
            battles += 1
            won += bool(members(replace(after, battle=before.battle), 0))
    result = decide(final)
    winner = next((s for s in final.players if s.name in result.winners), None)
    side = SIDE_WORDS[winner.faction] if winner is not None else "draw"
    sides: tuple[Figure, ...] = tuple((s.name, "side at the end", SIDE_WORDS[s.faction]) for s in final.players)
    return (None, "winning side", side), (None, "battles", battles), (None, "battles won by attackers", won), *sides


GAME = MonsterMaker5()
