"""Monster Maker 5 Rev.: the Game object tying the turn rules, the battle and the views together.

The rules live in rules.py (the dispatch and the turn), battle.py (battle) and winner.py.
`describe` reads the change off the before and after states, so the log says what a switch
cost (who was discarded, which knights went to the Dungeon) without the events carrying it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from companion.core import (
    GAME_OVER,
    Action,
    Event,
    Figure,
    GameBase,
    Option,
    Rejected,
    Result,
    Typed,
    check_players,
    open_when,
    probe,
    probed,
    refuse_when_over,
    resolve_options,
)
from companion.games.mm5 import actors, battle
from companion.games.mm5.advice import Advice, battle_advice
from companion.games.mm5.battle import attack_targets, members
from companion.games.mm5.catalogue import CATALOGUE
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
from companion.games.mm5.keys import KEYS
from companion.games.mm5.rules import apply
from companion.games.mm5.state import SIDE_WORDS, Seat, State
from companion.games.mm5.table import DEALT, need_step
from companion.games.mm5.view import battle_lines, countdown, headline, view
from companion.games.mm5.winner import decide
from companion.games.mm5.words import describe

PANEL_BUDGET = 0.25  # seconds of solving for the display's chance (the table screen solves in a worker)
_SOLVED: list[tuple[State, Advice]] = []  # the last state solved: its headline and panel share one solve


def display_chance(state: State) -> Advice | None:
    """The battle's advice for the headline and the panel (solved once per state), or None."""
    if state.battle is None or state.finished:
        return None
    if _SOLVED and _SOLVED[0][0] is state:
        return _SOLVED[0][1]
    advice = battle_advice(state, budget=PANEL_BUDGET, keep=False)
    _SOLVED[:] = [(state, advice)]
    return advice


# The note of a spell still face down when the session was exported: what the table sees on import.
FACE_DOWN = "(face down when exported)"


class MonsterMaker5(GameBase[State]):
    id = "mm5"
    name = "Monster Maker 5 Rev."
    min_players = 2
    max_players = 8
    screen = "screens.mm5_screen:MM5Screen"
    keys = KEYS  # beside `actions` below: each family's key, title, help and what it opens
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
        """The view's pairs, and in a battle the attacker's chance (the panel says how it was found)."""
        advice = display_chance(state)
        if advice is None:
            return headline(state)
        odds = f"{advice.attacker_wins:.1%}" if advice.exact else f"roughly {advice.attacker_wins:.0%}"
        return (*headline(state), ("Attacker's chance", odds))

    def panel(self, state: State) -> tuple[str, ...]:
        """What the table display shows under the players: the battle's lineups and the
        attacker's chance (solved within a quarter second, else the rough guess), the countdown."""
        lines = [line.strip() for line in battle_lines(state)]
        advice = display_chance(state)
        if advice is not None:
            lines += advice.words()[:1]
        if countdown(state):
            lines.append(countdown(state))
        return tuple(lines)

    def actions(self, state: State) -> tuple[Action, ...]:
        """Each key's family. A family that needs a choice (whom, which cards) is open when
        the turn is at its step; an attack when some player can be attacked, a rescue when
        the Dungeon can be stormed. Once the game is over every family is closed."""
        apply_ = self.apply
        neutral = "A Neutral player takes a side by declaring it (f), not by entering play."
        return (
            replace(open_when("draw", Draw.kind, _draw_open, state, apply_), title=_draw_title(state)),
            open_when("declare", Declare.kind, _at, state, "faction"),
            open_when("enter", Enter.kind, _at, state, "action", neutral),
            _attack_action(state, apply_),
            probed("rescue", apply_, state, Rescue((0, 0, 0, 0))),
            open_when("thief", Thief.kind, _thief_open, state),
            open_when("reinforce", Reinforce.kind, _in_battle, state, "reinforce"),
            open_when("spell", Spell.kind, _in_battle, state, "reinforce"),
            open_when("initiative", Initiative.kind, _in_battle, state, "reinforce"),
            open_when("begin", Begin.kind, _begin_open, state),
            open_when("hand", HandCount.kind, refuse_when_over, state.finished),
            probed("discard", apply_, state, Discard()),
            open_when("remove", Remove.kind, refuse_when_over, state.finished),
            probed("next_turn", apply_, state, EndTurn()),
        )

    def next_turn(self, state: State) -> Event:
        return EndTurn()

    def write(self, state: State, event: Event) -> Typed | None:
        from companion.games.mm5.typed import write  # the prompts import this module's neighbours

        return write(state, event) or super().write(state, event)

    def rules_phase(self, state: State) -> str:
        """The rules texts' name for the phase shown (F1 lists that phase's sections first)."""
        return {"deal": "setup", "battle": "combat", "over": "end"}.get(state.phase, state.phase)

    def actor(self, state: State, event: Event) -> int | None:
        return actors.actor(state, event)

    def result(self, state: State) -> Result | None:
        return decide(state) if state.finished else None

    def conceal(self, state: State, events: Sequence[Event], cursor: int) -> tuple[Event, ...]:
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


# -- the checks behind `actions`: each raises Rejected with the reason a family is closed -------


def _at(state: State, step: str, neutral: str = "") -> None:
    refuse_when_over(state.finished)
    need_step(state, step)
    if neutral and state.players[state.active].faction == "neutral":
        raise Rejected(neutral)


def _draw_open(state: State, apply_: Any) -> None:
    refuse_when_over(state.finished)
    if state.phase != "deal":
        probe(apply_, state, Draw("card"))


def _draw_title(state: State) -> str | None:
    """In the deal the draw key places what was dealt: the footer and the phones say so."""
    return "Deal" if state.phase == "deal" else None


def _begin_open(state: State) -> None:
    refuse_when_over(state.finished)
    if state.phase != "deal":
        raise Rejected("The game has already begun.")


def _thief_open(state: State) -> None:
    _at(state, "action")
    if state.players[state.active].faction == "dark":
        raise Rejected("A thief is a Light Companion: a Dark player cannot use one.")


def _in_battle(state: State, stage: str) -> None:
    refuse_when_over(state.finished)
    battle._battle(state, stage)


def _attack_action(state: State, apply_: Any) -> Action:
    """A strike in a battle (open once initiative is rolled), else an attack on a player."""
    kinds = (Attack.kind, Strike.kind)
    if state.finished:
        return Action("attack", kinds, GAME_OVER)
    if state.battle is not None:
        return open_when("attack", kinds, _in_battle, state, "strike")
    targets = attack_targets(state)
    if not targets:  # the reason is the rules' own, for the next seat
        return Action(
            "attack", kinds, probed("", apply_, state, Attack((state.active + 1) % len(state.players))).closed
        )
    return Action("attack", kinds, example=Attack(targets[0]))
