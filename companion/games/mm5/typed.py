"""Monster Maker 5 events as a player types them: the key, its lines, then the dice tray's faces.

The notation's other half (notation.py and prompts.py read, this writes): `write(state, event)`
gives what the same questions read back to exactly `event`. Seats are typed `#2`; characters
are typed whole, inline (`Orc = orc P 2/1 M 0/1`), so the line reads the same whatever the
catalogue remembers; a Holy Knight drawn is typed with its values, as an empty catalogue asks
them. A dice roll the app rolled, a card no line can name (a comma or `=` in its name, a kind
no hand holds) and the Dungeon's rescue (its line starts from the remembered values) give None.
"""

from __future__ import annotations

from companion.core import Dice, Event, Prompt, Rejected, Typed, parse_seat, read_typed
from companion.games.mm5.cards import PLAYABLE_KINDS, Spec, knight_name
from companion.games.mm5.events import (
    Attack,
    Begin,
    Declare,
    Discard,
    Draw,
    Enter,
    HandCount,
    Initiative,
    Reinforce,
    Remove,
    Spell,
    Strike,
    Thief,
)
from companion.games.mm5.prompts import (
    begin_prompt,
    declare,
    draw_prompt,
    enter_prompt,
    hand_prompt,
    initiative,
    players,
    reinforce_prompt,
    remove_prompt,
    spell_prompt,
    strike_prompt,
    target_prompt,
    thief_prompt,
)
from companion.games.mm5.state import State


def write(state: State, event: Event) -> Typed | None:
    """The keys that record `event` at `state`, or None when no line of the table does. A
    text is given only if the table's own prompts read it back to exactly `event` (an event
    the prompts never make, such as a constant skill no card of the play offers, is None)."""
    try:
        typed = _write(state, event)
        return typed if typed is not None and read_typed(typed) == (event,) else None
    except Rejected:  # a question the state does not ask now (no battle to strike in, ...)
        return None


def _write(state: State, event: Event) -> Typed | None:
    if isinstance(event, Initiative):
        opens = initiative(state)
        if isinstance(opens, Dice):
            return Typed("initiative", opens, (f"{event.attacker} {event.defender}",))
        return Typed("initiative", opens) if opens == event else None
    if isinstance(event, Draw):
        return _draw(state, event)
    if isinstance(event, Declare):
        return _declare(state, event)
    if isinstance(event, Enter):
        cards = card_line(event.cards)
        return None if cards is None else Typed("enter", enter_prompt(state, {}), (cards,))
    if isinstance(event, Attack):
        return _attack(state, event)
    if isinstance(event, Reinforce):
        return _reinforce(state, event)
    return _battle_extras(state, event)


def _battle_extras(state: State, event: Event) -> Typed | None:
    if isinstance(event, Strike):
        return strike(state, event)
    if isinstance(event, Spell):
        who = seat(state, event.seat)
        if who is None or event.note != event.note.strip():
            return None
        return Typed("spell", spell_prompt(state), (who, event.note))
    if isinstance(event, Thief):
        if event.rolled:
            return None
        line = f"{'k' if event.rescue else 'g'}{event.number} {event.value}"
        return Typed("thief", thief_prompt(state), (line, str(event.face)))
    if isinstance(event, Discard):
        return Typed("discard", event)
    if isinstance(event, Begin):
        who = seat(state, event.first)
        return None if who is None else Typed("begin", begin_prompt(state), (who,))
    if isinstance(event, HandCount):
        who = seat(state, event.seat)
        return None if who is None else Typed("hand", hand_prompt(state), (f"{who} {event.count}",))
    if isinstance(event, Remove):
        if event.why != event.why.strip():
            return None
        return Typed("remove", remove_prompt(state), (f"{event.uid} {event.why}".strip(),))
    return None


def seat(state: State, n: int) -> str | None:
    """`#2`, or None where that reads as another seat (a player called `#2`)."""
    typed = f"#{n + 1}"
    try:
        return typed if parse_seat(typed, players(state)) == n else None
    except Rejected:
        return None


def card_text(spec: Spec) -> str | None:
    """`Orc = orc P 2/1 M 0/1`: a character typed whole, or None where no line names it."""
    name, kind, *values, number = spec
    if number or kind not in PLAYABLE_KINDS or not name or name != name.strip():
        return None
    if any(mark in name for mark in ",=!:") or any(v < 0 for v in values):
        return None
    pa, pd, ma, md = values
    return f"{name} = {kind} P {pa}/{pd} M {ma}/{md}"


def card_line(cards: tuple[Spec, ...]) -> str | None:
    texts = [card_text(spec) for spec in cards]
    return None if None in texts else ", ".join(t for t in texts if t)


def _draw(state: State, e: Draw) -> Typed | None:
    deal = state.phase == "deal"
    word = {"card": "c", "empty": "empty", "gem": f"g{e.number}", "knight": f"k{e.number}"}.get(e.what)
    if word is None or (e.seat is None) == deal or (deal and e.what in ("card", "empty")):
        return None
    who = seat(state, e.seat) if e.seat is not None else ""
    if who is None:
        return None
    line = f"{who} {word}".strip()
    opens = draw_prompt(state, {})
    if e.what == "empty":
        if e.number or e.card:
            return None
        return Typed("draw", opens, (line, "y"))
    if e.what != "knight":
        return Typed("draw", opens, (line,)) if not e.card and (e.what != "card" or e.number == 0) else None
    spec = e.card
    if len(spec) != 7 or spec[:2] != (knight_name(e.number), "knight") or spec[6] != e.number:
        return None
    pa, pd, ma, md = spec[2:6]
    return Typed("draw", opens, (line, f"P {pa}/{pd} M {ma}/{md}"))


def _declare(state: State, e: Declare) -> Typed | None:
    cards = card_line(e.cards)
    if cards is None or e.side not in ("light", "dark"):
        return None
    line = f"{e.side}{'!' if e.whisper else ''} {cards}".strip()
    return Typed("declare", declare(state, {}), (line,))


def _attack(state: State, e: Attack) -> Typed | None:
    if state.battle is not None:
        return None
    who = seat(state, e.target)
    return None if who is None else Typed("attack", target_prompt(state), (who,))


def _reinforce(state: State, e: Reinforce) -> Typed | None:
    who = seat(state, e.seat)
    cards = card_line(e.cards)
    if who is None or cards is None or e.to not in ("attacker", "defender"):
        return None
    return Typed("reinforce", reinforce_prompt(state, {}, []), (f"{who} {e.to}: {cards}",))


def strike(state: State, e: Strike) -> Typed | None:
    """The strike line (`3 7 p`), then the tray's faces or total; a strike without dice (or
    whose dice cannot miss) is recorded on the line's enter."""
    if e.rolled:
        return None
    opens: Prompt = strike_prompt(state, None)
    line = f"{e.striker} {e.target} {'m' if e.magic else 'p'}"
    tray = opens.read(line)
    if not isinstance(tray, Dice):
        return Typed("attack", opens, (line,)) if tray == e else None
    if not e.faces or e.total != (len(e.faces) == 1 and tray.count > 1):
        return None
    return Typed("attack", opens, (line, " ".join(str(f) for f in e.faces)))
