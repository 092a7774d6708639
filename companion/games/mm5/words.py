"""The log line of each event in plain words, read off the states before and after it.

Because the cost of a switch or a defeat is derived by comparing the fields, the log can
never disagree with the table: what it says was discarded is exactly what left.
"""

from __future__ import annotations

from companion.core import Event
from companion.games.mm5.battle import dungeon_roller, members
from companion.games.mm5.events import (
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
from companion.games.mm5.state import DUNGEON, SIDE_WORDS, State
from companion.games.mm5.view import appeared, countdown, spells_of_round


def _names(cards: tuple[object, ...]) -> str:
    return ", ".join(str(c[0]) for c in cards)  # type: ignore[index]


def _left(before: State, after: State, seat: int) -> tuple[list[str], list[str]]:
    """Who left the seat's field: (discarded, sent to the Dungeon)."""
    now = {c.uid for c in after.players[seat].field}
    gone = [c for c in before.players[seat].field if c.uid not in now]
    jailed = {c.uid for c in after.dungeon}
    return ([c.name for c in gone if c.uid not in jailed], [c.name for c in gone if c.uid in jailed])


def _battle_end(before: State, after: State) -> str:
    b = before.battle
    if b is None or after.battle is not None:
        return ""
    me = before.players[b.attacker].name
    if b.defender == DUNGEON:
        if after.dungeon:
            return f" — the rescue fails; {len(after.garrison)} guard(s) stay in the Dungeon"
        return f" — the Dungeon falls: {me} frees " + ", ".join(f"Holy Knight {c.knight}" for c in before.dungeon)
    foe = before.players[b.defender]
    if not after.players[b.defender].field:
        taken = " ".join(str(g) for g in foe.gems) or "none"
        return f" — {foe.name}'s side is wiped out: {me} takes all their gems ({taken})"
    return f" — {me}'s attack is wiped out; nothing changes hands"


def _revealed(before: State) -> str:
    """The round's face-down spells, turned over together before initiative."""
    spells = spells_of_round(before)
    if not spells:
        return ""
    return "Spells revealed: " + "; ".join(f"{name}: {note or '(no note)'}" for name, note in spells) + " — "


def _end_note(before: State, after: State) -> str:
    if before.end_turn is None and after.end_turn is not None:
        return f" — all 14 have appeared: {countdown(after)}"
    return ""


def describe(before: State, event: Event, after: State) -> str:
    """The log line of `event`, played on `before` and giving `after`."""
    who = before.players[before.active].name
    match event:
        case Draw():
            return _drawn(before, event, after)
        case Begin(first=first):
            return f"The deal is placed; {before.players[first].name} goes first (die roll), then clockwise"
        case HandCount(seat=seat, count=count):
            return f"{before.players[seat].name} holds {count} card{'s' if count != 1 else ''}"
        case Declare():
            return _declared(before, event, after)
        case Enter(cards=cards):
            return f"{who} plays {_names(cards)}"
        case Attack(target=t):
            me, foe = before.players[before.active], before.players[t]
            return f"{who} ({SIDE_WORDS[me.faction]}) attacks {foe.name} ({SIDE_WORDS[foe.faction]}): battle"
        case Rescue():
            knights = ", ".join(f"K{c.knight}" for c in before.dungeon)
            values = after.dungeon_card.values() if after.dungeon_card else ""
            roller = after.players[dungeon_roller(after)].name
            return f"{who} storms the Dungeon to free {knights} (Dungeon {values}); {roller} rolls for the Dungeon"
        case Reinforce():
            return _reinforced(before, event)
        case Spell(seat=seat):
            return f"{before.players[seat].name} lays a face-down spell (revealed with the others before initiative)"
        case Initiative():
            return _initiative(before, event, after)
        case Strike(striker=s, target=t, faces=faces, rolled=rolled):
            _, hitter = before.find(s)
            _, struck = before.find(t)
            dice = " ".join(str(f) for f in faces)
            how = f"{'app roll' if rolled else 'rolled'} {dice}: " if faces else ""
            return f"#{s} {hitter.name} → #{t} {struck.name}: {how}{after.last_roll}" + _battle_end(before, after)
        case Remove(uid=uid, why=why):
            _, card = before.find(uid)
            where = "to the Dungeon" if card.kind == "knight" else "discarded"
            return (
                f"#{uid} {card.name} leaves play ({where})" + (f": {why}" if why else "") + _battle_end(before, after)
            )
        case Thief():
            return f"{who}'s thief {_thief(before, event)}: {after.last_roll}"
        case Discard():
            return f"{who} shows a hand of spells only and discards down to 5"
        case EndTurn():
            if after.finished:
                return f"{who} ends the turn — the countdown is over: game over"
            return f"{who} ends the turn; {after.players[after.active].name} is next"
    return event.kind


def _drawn(before: State, e: Draw, after: State) -> str:
    who = before.players[before.active].name
    if e.what == "empty":
        return f"{who} must draw from an empty deck: the game ends"
    if e.what == "card":
        return f"{who} draws a card"
    s = e.seat if e.seat is not None else before.active
    name = before.players[s].name
    if e.what == "gem":
        text = f"{name} places gem {e.number}"
    elif any(c.knight == e.number for c in after.dungeon):
        text = f"{name} is Dark: Holy Knight {e.number} goes to the Dungeon"
    else:
        was = before.players[s].faction
        text = f"{name} places Holy Knight {e.number}" + (" and becomes Light" if was == "neutral" else "")
    return f"{text} ({appeared(after)})" + _end_note(before, after)


def _declared(before: State, e: Declare, after: State) -> str:
    who = before.players[before.active].name
    old = before.players[before.active].faction
    new = after.players[before.active].faction
    if old in {e.side, "neutral"}:
        text = f"{who} declares {SIDE_WORDS[e.side]}" + (" (keeps)" if old == e.side else "")
        text += f", playing {_names(e.cards)}" if e.cards else ""
        text += " (the turn's action)" if e.cards and old == e.side else ""
        return text + (" — still Neutral, no characters" if new == "neutral" else "")
    text = f"{who} switches {SIDE_WORDS[old]} → {SIDE_WORDS[e.side]}"
    if e.whisper:
        text += " (the whisper: forced by the hand limit)"
    text += f", playing {_names(e.cards)}" if e.cards else ", playing no one"
    thrown, jailed = _left(before, after, before.active)
    text += f"; discarded: {', '.join(thrown) or 'none'}"
    return text + (f"; to the Dungeon: {', '.join(jailed)}" if jailed else "")


def _reinforced(before: State, e: Reinforce) -> str:
    b = before.battle
    assert b is not None
    receiver = before.who(b.attacker if e.to == "attacker" else b.defender)
    giver = before.players[e.seat].name
    if giver == receiver:
        return f"{giver} reinforces with {_names(e.cards) or 'no one'}"
    return f"{giver} reinforces {receiver} with {_names(e.cards)} (they stay with {receiver})"


def _initiative(before: State, e: Initiative, after: State) -> str:
    shown = _revealed(before)
    if after.battle is None:
        empty = 0 if before.battle and not members(before, 0) else 1
        why = (
            "The attacking side has no one left: the attack fails"
            if empty == 0
            else "No defenders were committed: the battle is lost at once"
        )
        return shown + why + _battle_end(before, after)
    first = after.battle.attacker if after.battle.to_move == 0 else after.battle.defender
    return shown + f"Initiative: attacker {e.attacker}, defender {e.defender}: {before.who(first)}'s side strikes first"


def _thief(before: State, e: Thief) -> str:
    """What the thief did: freed or stole, or failed to."""
    ok = e.face >= e.value
    if e.rescue:
        return f"{'frees' if ok else 'fails to free'} Holy Knight {e.number}"
    holder = before.gem_holder(e.number)
    name = before.players[holder].name if holder is not None else "?"
    return f"{'steals' if ok else 'fails to steal'} gem {e.number} from {name}"
