"""The log line of each Seirei Kairo Drive event, and the other sentences players read."""

from __future__ import annotations

from companion.core import Event
from companion.games.skd import events as ev
from companion.games.skd import stages
from companion.games.skd.state import HAND, SkdState


def describe(before: SkdState, event: Event, after: SkdState) -> str:
    who = before.seats[before.active].name
    notes = "; ".join(after.notes)
    match event:
        case ev.DraftPick(spec=spec) | ev.DraftSwap(spec=spec):
            _, drafter = stages.drafter(before) or (0, before.active)
            s = after.seats[drafter]
            verb = f"swaps {after.notes[0]} for" if isinstance(event, ev.DraftSwap) else "picks"
            return f"{s.name} {verb} {spec[0]} ({spec[2]}★ {spec[1]}); party {s.stars}/{after.cap}★"
        case ev.DraftPass():
            _, drafter = stages.drafter(before) or (0, 0)
            return f"{before.seats[drafter].name} takes no more characters"
        case ev.RevealEnemy(spec=spec):
            first = f"First enemy: {spec[0]} ({spec[1]}★, {spec[2]} HP, Atk {spec[3]})"
            return "; ".join((first, *after.notes))
        case ev.Draw():
            return f"{who} draws" + (f": {notes}" if notes else f" (deck {after.deck})")
        case ev.Play():
            return f"{who} plays {notes}"
        case ev.LevelUp() | ev.Skill():
            return f"{who}: {notes}"
        case ev.EnemyPhase():
            return f"Enemy phase: {notes}"
        case ev.EndTurn():
            return notes
        case ev.RevealBoss(spec=spec):
            return "; ".join((f"Boss revealed: {spec[0]} ({spec[2]} HP, Atk {spec[3]})", *after.notes))
        case ev.BossKeep(kept=kept):
            moved = f"{notes} card{'' if notes == '1' else 's'}"
            return f"Boss setup: hands keep {', '.join(map(str, kept))}; {moved} to the play pile"
        case ev.BossDeal():
            return "; ".join((f"Boss setup: play pile shuffled, hands refilled to {HAND}", *after.notes))
        case ev.MoveCards(source=src, target=dst, count=n):
            return f"{n} card{'s' if n != 1 else ''} moved from the {src} to the {dst}"
        case ev.CorrectEnemy():
            return f"Correction: {notes}"
        case ev.AdjustMana(seat=seat, delta=delta):
            return f"{before.seats[seat].name}: mana {delta:+d} ({after.seats[seat].mana})"
    return event.kind
