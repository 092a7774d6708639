"""The event dispatch of Seirei Kairo Drive, and which actions each stage of the game allows.

The rules themselves live in the sibling modules named for their job: `stages` (the draft,
the first enemy, the boss setup), `play` (a play's resolution, kills and bonuses) and `turn`
(draw, actions, the enemy phase, the end of the turn).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from companion.core import Event, Rejected, refuse_when_over
from companion.games.skd import events as ev
from companion.games.skd import stages, turn
from companion.games.skd.effects import Reveals, appear
from companion.games.skd.play import resolve_play
from companion.games.skd.state import SkdState

_TURN = frozenset({"draw", "play", "level-up", "skill", "enemy-phase", "move-cards", "adjust-mana", "correct-enemy"})
_BOSS_SETUP = frozenset({"reveal-boss", "boss-keep", "boss-deal", "move-cards", "correct-enemy"})

# The event kinds each stage offers (end-turn is the framework's next-turn key, always offered).
STAGE_EVENTS: dict[str, frozenset[str]] = {
    "draft": frozenset({"draft-pick", "draft-swap", "draft-pass"}),
    "first-enemy": frozenset({"reveal-enemy"}),
    "normal": _TURN,
    "boss": _TURN,
    "boss-reveal": _BOSS_SETUP,
    "boss-keep": _BOSS_SETUP,
    "boss-deal": _BOSS_SETUP,
}


def offered(state: SkdState, kind: str) -> bool:
    """Whether the stage the table is in has the action `kind` at all."""
    return kind in STAGE_EVENTS.get(state.stage, ())


def playing_now(state: SkdState) -> bool:
    """Whether the turn is at its play step: drawn, nothing played, no enemy attack yet."""
    return (
        state.stage in ("normal", "boss")
        and state.drew
        and not state.played
        and not state.attacked
        and not state.acted
        and not state.normal_over
        and state.enemy is not None
    )


def first_enemy(state: SkdState, spec: tuple[Any, ...]) -> SkdState:
    """The first enemy revealed, its ability on appearance used at once."""

    return appeared(stages.reveal_first(state, spec))


def appeared(state: SkdState) -> SkdState:
    """The enemy or boss just revealed uses its ability on appearance; its words are the notes."""
    state, words = appear(state, Reveals(()))
    return replace(state, notes=(f"on appearance: {words}",) if words else ())


def apply(state: SkdState, event: Event) -> SkdState:
    refuse_when_over(state.finished)
    match event:
        case ev.DraftPick(spec=spec):
            return stages.pick(state, spec)
        case ev.DraftSwap(out=out, spec=spec):
            return stages.swap(state, out, spec)
        case ev.DraftPass():
            return stages.pass_draft(state)
        case ev.RevealEnemy(spec=spec):
            return turn.auto_draw(first_enemy(state, spec))
        case ev.Draw():
            return turn.draw(state)
        case ev.Play(cards=cards, reveals=reveals, constant=constant):
            return resolve_play(state, cards, reveals, constant)
        case ev.LevelUp(character=name):
            return turn.level_up(state, name)
        case ev.Skill(character=name, x=x, effects=effects, reveals=reveals):
            return turn.skill(state, name, x, effects, reveals)
        case ev.EnemyPhase():
            return turn.enemy_phase(state)
        case ev.EndTurn():
            return turn.auto_draw(turn.end_turn(state))
        case ev.RevealBoss(spec=spec):
            return appeared(stages.reveal_boss(state, spec))
        case ev.BossKeep(kept=kept):
            return stages.keep(state, tuple(kept))
        case ev.BossDeal():
            return turn.auto_draw(stages.deal(state))
        case ev.MoveCards(source=src, target=dst, count=n, seat=seat):
            return turn.move_cards(state, src, dst, n, seat)
        case ev.AdjustMana(seat=seat, delta=delta):
            return turn.adjust_mana(state, seat, delta)
        case ev.CorrectEnemy(hp=hp, mana=mana):
            return turn.correct_enemy(state, hp, mana)
    raise Rejected(f"Seirei Kairo Drive has no action {event.kind!r}.")
