"""Seirei Kairo Drive events as a player types them: the key, then each line it asks.

The notation's other half (notation.py and prompts.py read, this writes): `write(state, event)`
gives what the same questions read back to exactly `event`. Written: draw, a play (its cards
as the play line types them, the constant skills it offers answered), level up, the enemy
phase, the draft's pick, swap and pass, the first enemy and the boss (cards typed out whole,
so the line reads the same whatever the catalogue remembers), mana, the enemy correction,
moved cards and the boss's keep and deal, and a skill (`Rin 2: damage 3`). A skill or a play
that asks more (whom, X, an enemy revealed) gives None, as does an event no line records.
"""

from __future__ import annotations

from typing import Any

from companion.core import Event, Prompt, Rejected, Typed, read_typed
from companion.games.skd import events as ev
from companion.games.skd.cards import Card, parse_play, show_all
from companion.games.skd.effect_words import AREA_WORDS, parse_effects
from companion.games.skd.prompts import (
    Shelves,
    boss_step,
    correct_prompt,
    level_up_prompt,
    mana_prompt,
    move_prompt,
    pick_prompt,
    play_prompt,
    reveal_prompt,
    skill_line_prompt,
    swap_prompt,
)
from companion.games.skd.specs import parse_character, parse_enemy, show_character, show_enemy
from companion.games.skd.state import SkdState

# The keys alone: each opens its event.
BARE = {ev.Draw(): "draw", ev.EnemyPhase(): "enemy", ev.DraftPass(): "pass_draft"}


def write(state: SkdState, event: Event) -> Typed | None:
    """The keys that record `event` at `state`, or None when no line of the table does. A
    text is given only if the table's own prompts read it back to exactly `event` (an event
    the prompts never make, such as a constant skill no card of the play offers, is None)."""
    try:
        typed = _write(state, event)
        return typed if typed is not None and read_typed(typed) == (event,) else None
    except Rejected:  # a question the state does not ask now (no enemy to correct, ...)
        return None


def _write(state: SkdState, event: Event) -> Typed | None:
    if event in BARE:
        return Typed(BARE[event], event)
    if isinstance(event, ev.Play):
        return _play(state, event)
    if isinstance(event, ev.LevelUp):
        name = event.character
        return Typed("level_up", level_up_prompt(state), (name,)) if name and name == name.strip() else None
    if isinstance(event, ev.AdjustMana):
        change = f"{event.delta:+d}"
        line = change if event.seat == state.active else f"{event.seat + 1} {change}"
        return Typed("mana", mana_prompt(state), (line,)) if event.seat >= 0 else None
    if isinstance(event, ev.CorrectEnemy):
        return _correct(state, event)
    if isinstance(event, ev.MoveCards):
        return _move(state, event)
    if isinstance(event, (ev.BossKeep, ev.BossDeal)):
        return _boss(state, event)
    if isinstance(event, ev.Skill):
        return _skill(state, event)
    return _cards(state, event)


def _skill(state: SkdState, e: ev.Skill) -> Typed | None:
    """`Rin 2: damage 3, heal 1`: the character (a name or its number), X when paid, and the
    effects in words (none: the card's own words apply). One that asks more (whom the mana goes to, the mana for X, the enemy a kill reveals) is None."""
    words = [effect_text(effect) for effect in e.effects]
    name = e.character
    if None in words or e.reveals or not name or name != " ".join(name.split()) or ":" in name:
        return None
    if not e.x and len(name.split()) > 1 and name.split()[-1][:1].isdigit():
        return None  # its last word would read as X
    said = ", ".join(w for w in words if w)
    if parse_effects(said, state.active) != e.effects:
        return None
    line = f"{name}{f' {e.x}' if e.x else ''}{f': {said}' if said else ''}"
    opens = skill_line_prompt(state, NO_CARDS)
    return Typed("skill", opens, (line,)) if not isinstance(opens.read(line), Prompt) else None


def effect_text(effect: tuple[Any, ...]) -> str | None:
    """One effect as the skill line types it (effect_words.parse_effect reads it)."""
    kind, *rest = effect
    if kind in ("damage", "heal"):
        return f"{kind} {rest[0]}"
    if kind == "enemy-hp":
        return f"hp {rest[0]:+d}"
    if kind == "enemy-mana":
        return f"enemy mana {rest[0]:+d}"
    if kind == "atk" and isinstance(rest[0], str) and "," not in rest[0]:
        return f"atk {rest[0]} {rest[1]:+d}{' lasting' if rest[2] else ''}"
    if kind == "move":
        source, target, count, seat = rest
        return f"move {source} {target} {count}" + (f" {seat + 1}" if seat is not None else "")
    if kind == "mana":
        return f"mana {rest[0] + 1} {rest[1]:+d}"
    return None


def _cards(state: SkdState, event: Event) -> Typed | None:
    """A card typed out whole (`Rin, wind, 2, 3/4/5, c/h2, 2, damage 3`): read the same whatever
    the catalogue remembers. A card whose text reads back otherwise is None."""
    if isinstance(event, ev.DraftPick):
        line = card_text(event.spec, "character")
        return None if line is None else Typed("pick", pick_prompt(state, NO_CARDS), (line,))
    if isinstance(event, ev.DraftSwap):
        line = card_text(event.spec, "character")
        if line is None or not event.out or event.out != event.out.strip() or ">" in event.out:
            return None
        return Typed("swap", swap_prompt(state, NO_CARDS), (f"{event.out} > {line}",))
    if isinstance(event, ev.RevealEnemy):
        line = card_text(event.spec, "enemy")
        return None if line is None else Typed("reveal", reveal_prompt(state, NO_CARDS), (line,))
    if isinstance(event, ev.RevealBoss):
        line = card_text(event.spec, "enemy")
        opens = boss_step(state, NO_CARDS)
        return None if line is None or not isinstance(opens, Prompt) else Typed("boss_step", opens, (line,))
    return None


def card_text(spec: tuple[Any, ...], kind: str) -> str | None:
    try:
        line = show_character(spec) if kind == "character" else show_enemy(spec)
        read = parse_character(line) if kind == "character" else parse_enemy(line)
    except (Rejected, TypeError, ValueError):
        return None
    return line if read == spec and "," in line and line == line.strip() else None


def _play(state: SkdState, e: ev.Play) -> Typed | None:
    """The cards as the play line types them (a card no token names, None), then the constant
    skills' question, where the play offers some: enter applies them all, n none."""
    if e.reveals or not e.cards or any(len(c) != len(Card._fields) for c in e.cards):
        return None
    line = show_all(tuple(Card(*c) for c in e.cards))
    if parse_play(line, state.easy) != e.cards:
        return None
    opens = play_prompt(state, NO_CARDS)
    offers = opens.read(line)
    if not isinstance(offers, Prompt):
        return Typed("play", opens, (line,))
    return Typed("play", opens, (line, "" if e.constant else "n"))


def _correct(state: SkdState, e: ev.CorrectEnemy) -> Typed | None:
    parts = [f"hp {e.hp}" if e.hp is not None else "", f"mana {e.mana}" if e.mana is not None else ""]
    line = " ".join(p for p in parts if p)
    return Typed("correct", correct_prompt(state), (line,)) if line else None


def _move(state: SkdState, e: ev.MoveCards) -> Typed | None:
    if AREA_WORDS.get(e.source) != e.source or AREA_WORDS.get(e.target) != e.target:
        return None
    line = f"{e.source} {e.target} {e.count}" + (f" {e.seat + 1}" if e.seat is not None else "")
    return Typed("move", move_prompt(state), (line,)) if e.seat is None or e.seat >= 0 else None


def _boss(state: SkdState, e: Event) -> Typed | None:
    opens = boss_step(state, NO_CARDS)
    if isinstance(e, ev.BossKeep) and isinstance(opens, Prompt) and state.stage == "boss-keep":
        return Typed("boss_step", opens, (" ".join(str(k) for k in e.kept),))
    return Typed("boss_step", opens) if opens == e else None


# The catalogue as no card remembered: the questions written here name no catalogue card.
NO_CARDS: Shelves = {"character": {}, "enemy": {}, "boss": {}}
