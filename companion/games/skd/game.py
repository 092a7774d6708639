"""Seirei Kairo Drive as a Game: the object the registry loads, wiring the package's modules.

`rules` applies events, `words` describes them for the log, `view` turns a state into the
rows and panel lines the screen shows, `notation` parses what players type; this module only
sets the game up and connects those to the framework.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from companion.core import (
    Event,
    Figure,
    GameBase,
    Option,
    Rejected,
    Result,
    TableView,
    check_players,
    resolve_options,
)
from companion.games.skd import events as ev
from companion.games.skd import rules, view, words
from companion.games.skd.catalogue import CATALOGUE
from companion.games.skd.specs import DEFAULT_PAIRING, parse_pairing
from companion.games.skd.state import (
    EASY_REMOVED_SINGLES,
    FULL_DECK,
    HAND,
    Seat,
    SkdState,
)


class SeireiKairoDrive(GameBase[SkdState]):
    id = "skd"
    name = "Seirei Kairo Drive"
    min_players = 2
    max_players = 4
    cooperative = True
    state_version = 2  # 2: Atk boosts, the enemies revealed, the cards known on the play pile
    screen = "screens.skd_screen:SkdScreen"
    rules_phases = (
        "setup",
        "draft",
        "draw",
        "play",
        "resolve",
        "actions",
        "enemy",
        "end-phase",
        "boss",
        "end",
    )
    options = (
        Option("easy", "Easy mode (no 0 or 4 cards, one-star enemies first, boss Faust)", False),
        Option("easy_duals", "Easy mode: dual-number cards showing 0 or 4 (count them in the box)", 4, "int"),
        Option("pairing", "Element and colour pairing", DEFAULT_PAIRING, "text"),
        Option("per_colour", "Variant: attacks per distinct colour (not per card)", False),
        Option("auto_draw", "Auto-draw as each turn starts", False),
    )
    events = ev.EVENTS
    catalogue = CATALOGUE

    def setup(self, players: tuple[str, ...], options: Mapping[str, Any]) -> SkdState:
        players = check_players(players, self.min_players, self.max_players)
        opts = resolve_options(self.options, options)
        if not 0 <= opts["easy_duals"] <= 8:
            raise Rejected("There are 8 dual-number cards; Easy mode removes 0 to 8 of them.")
        total = FULL_DECK - (EASY_REMOVED_SINGLES + opts["easy_duals"] if opts["easy"] else 0)
        return SkdState(
            seats=tuple(Seat(p) for p in players),
            pairing=parse_pairing(opts["pairing"]),
            easy=opts["easy"],
            per_colour=opts["per_colour"],
            auto_draw=opts["auto_draw"],
            total=total,
            deck=total - HAND * len(players),
            passed=(False,) * len(players),
        )

    def apply(self, state: SkdState, event: Event) -> SkdState:
        return rules.apply(state, event)

    def describe(self, before: SkdState, event: Event, after: SkdState) -> str:
        return words.describe(before, event, after)

    def phase(self, state: SkdState) -> str:
        return view.phase(state)

    def view(self, state: SkdState) -> TableView:
        return view.view(state)

    def panel(self, state: SkdState) -> tuple[str, ...]:
        return view.panel(state)

    def hint(self, state: SkdState) -> str:
        return view.hint(state)

    def banner(self, state: SkdState) -> str:
        return view.banner(state)

    def headline(self, state: SkdState) -> tuple[tuple[str, str], ...]:
        return view.headline(state)

    def next_turn(self, state: SkdState) -> Event:
        return ev.EndTurn()

    def result(self, state: SkdState) -> Result | None:
        if not state.finished:
            return None
        scores = tuple((p, None) for p in state.players)
        boss = state.enemy.name if state.enemy else "the boss"
        if state.stage == "won":
            return Result(state.players, scores, state.players[0], f"The party defeated {boss}.")
        return Result((), scores, state.players[0], f"The deck ran out against {boss}.")

    def figures(self, final: SkdState, steps: Iterable[tuple[SkdState, Event, SkdState]]) -> tuple[Figure, ...]:
        return figures(final)


def figures(final: SkdState) -> tuple[Figure, ...]:
    """Won or lost by mode, the boss defeated (or not), the enemies beaten and the deck left."""
    mode = "Easy mode" if final.easy else "Normal mode"
    won = final.stage == "won"
    return (
        (None, mode, "won" if won else "lost"),
        (None, "bosses defeated", int(won)),
        (None, "enemies beaten", final.beaten),
        (None, "deck left at the end", final.deck),
    )


GAME = SeireiKairoDrive()
