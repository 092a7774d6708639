"""Seirei Kairo Drive as a Game: the object the registry loads, wiring the package's modules.

`rules` applies events, `words` describes them for the log, `view` turns a state into the
rows and panel lines the screen shows, `notation` parses what players type; this module only
sets the game up and connects those to the framework.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from companion.core import (
    Action,
    Event,
    Figure,
    GameBase,
    Option,
    Rejected,
    Result,
    TableView,
    Typed,
    check_players,
    open_when,
    probed,
    refuse_when_over,
    resolve_options,
)
from companion.games.skd import actors, rules, turn, view, words
from companion.games.skd import events as ev
from companion.games.skd.catalogue import CATALOGUE
from companion.games.skd.keys import KEYS
from companion.games.skd.play import play_open
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
    keys = KEYS  # beside `actions` below: each family's key, title, help and what it opens
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

    def actions(self, state: SkdState) -> tuple[Action, ...]:
        def stage(kind: str) -> None:
            if not rules.offered(state, kind):
                refuse_when_over(state.finished)
                raise Rejected(f"not open now: {view.stage_words(state)}.")

        def in_turn(kind: str) -> None:
            stage(kind)
            turn.in_turn(state, setup_too=kind in rules.STAGE_EVENTS["boss-reveal"])

        def enemy_here() -> None:
            in_turn("correct-enemy")
            if state.enemy is None:
                raise Rejected("There is no enemy on the table to correct.")

        def boss_step() -> None:
            if state.stage not in ("boss-reveal", "boss-keep", "boss-deal"):
                refuse_when_over(state.finished)
                raise Rejected("The boss setup starts when the normal battle ends.")

        return (
            probed("draw", self.apply, state, ev.Draw()),
            open_when("play", ev.Play.kind, play_open, state),
            open_when("level_up", ev.LevelUp.kind, turn.can_level_up, state),
            open_when("skill", ev.Skill.kind, turn.skill_open, state),
            probed("enemy", self.apply, state, ev.EnemyPhase()),
            open_when("pick", ev.DraftPick.kind, stage, ev.DraftPick.kind),
            open_when("swap", ev.DraftSwap.kind, stage, ev.DraftSwap.kind),
            probed("pass_draft", self.apply, state, ev.DraftPass()),
            open_when("reveal", ev.RevealEnemy.kind, stage, ev.RevealEnemy.kind),
            open_when("boss_step", (ev.RevealBoss.kind, ev.BossKeep.kind, ev.BossDeal.kind), boss_step),
            open_when("move", ev.MoveCards.kind, in_turn, ev.MoveCards.kind),
            open_when("mana", ev.AdjustMana.kind, in_turn, ev.AdjustMana.kind),
            open_when("correct", ev.CorrectEnemy.kind, enemy_here),
            probed("next_turn", self.apply, state, ev.EndTurn()),
        )

    def next_turn(self, state: SkdState) -> Event:
        return ev.EndTurn()

    def write(self, state: SkdState, event: Event) -> Typed | None:
        from companion.games.skd.typed import write  # the prompts import this module's neighbours

        return write(state, event) or super().write(state, event)

    def actor(self, state: SkdState, event: Event) -> int | None:
        return actors.actor(state, event)

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
