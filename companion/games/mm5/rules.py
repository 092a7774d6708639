"""The rules of Monster Maker 5: `apply` dispatches each event, and the turn outside battle
lives here (the deal, draws, faction declarations, playing characters, the thief, the hand
limit and the end countdown); the battle is battle.py's. Each function takes the state and one
event and returns the next state or raises Rejected, leaving the state untouched.

The turn's steps are enforced in order (draw, declare, one action, hand check) because the
checklist is what the app is for: a forgotten draw or declaration is exactly the slip a table
makes, and the message says which step is missing.
"""

from __future__ import annotations

from dataclasses import replace

from companion.core import Event, Rejected, next_seat, refuse_when_over
from companion.games.mm5 import battle
from companion.games.mm5.cards import GEMS, make_card
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
from companion.games.mm5.odds import thief_chance
from companion.games.mm5.state import State
from companion.games.mm5.table import HAND_LIMIT, adjust_hand, leave_field, need_step, play


def apply(state: State, event: Event) -> State:
    refuse_when_over(state.finished)
    match event:
        case Draw():
            return draw(state, event)
        case Begin(first=first):
            return begin(state, first)
        case HandCount():
            return hand_count(state, event)
        case Declare():
            return declare(state, event)
        case Enter():
            return enter(state, event)
        case Thief():
            return thief(state, event)
        case Discard():
            return discard(state)
        case EndTurn():
            return end_turn(state, event)
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


def start_countdown(state: State) -> State:
    """All 7 gems and 7 knights out: every player takes two turns, this one counting."""
    if state.end_turn is None and len(state.gems_appeared()) == 7 and len(state.knights_appeared()) == 7:
        return replace(state, end_turn=state.turn_no + 2 * len(state.players) - 1)
    return state


def draw(state: State, e: Draw) -> State:
    if state.phase == "deal":
        if e.seat is None:
            raise Rejected("During the deal, say whose gem or Holy Knight it is.")
        if e.what not in {"gem", "knight"}:
            raise Rejected("During the deal only gems and Holy Knights are placed; the rest stay in hand.")
        seat = e.seat
        state.seat(seat)
    else:
        if state.phase != "draw":
            raise Rejected(f"{state.players[state.active].name} has already drawn this turn.")
        if e.seat is not None and e.seat != state.active:
            raise Rejected(f"It is {state.players[state.active].name}'s turn to draw.")
        seat = state.active
    if e.card and e.what != "knight":
        raise Rejected("Only a Holy Knight is placed with its values; a card drawn to hand stays face down.")
    s = state.players[seat]
    if e.what == "empty":
        return replace(state, phase="over", ended_by="deck", drawn=True)
    if e.what == "card":
        state = state.with_seat(seat, adjust_hand(s, +1))
    elif e.what == "gem":
        if e.number not in GEMS:
            raise Rejected(f"The gems are numbered 1–7; there is no gem {e.number}.")
        holder = state.gem_holder(e.number)
        if holder is not None:
            raise Rejected(f"Gem {e.number} is already in front of {state.players[holder].name}.")
        state = state.with_seat(seat, replace(s, gems=tuple(sorted((*s.gems, e.number)))))
    elif e.what == "knight":
        state = _place_knight(state, seat, e)
    else:
        raise Rejected(f"A draw is a card, a gem, a knight or an empty deck, not {e.what!r}.")
    state = start_countdown(state)
    if state.phase == "deal":  # placed at once: one card fewer in the dealt hand
        return state.with_seat(seat, adjust_hand(state.players[seat], -1))
    return replace(state, drawn=True, phase="faction")


def check_knight(state: State, number: int) -> None:
    """Refuse a Holy Knight that cannot be drawn now, before anyone types its values."""
    if number not in GEMS:
        raise Rejected(f"There are 7 Holy Knights, numbered 1–7; there is no knight {number}.")
    if len(state.knights_appeared()) >= 7:
        raise Rejected("All 7 Holy Knights are already on the table; there is no other.")
    if number in state.knights_appeared():
        raise Rejected(f"Holy Knight {number} is already on the table.")


def _place_knight(state: State, seat: int, e: Draw) -> State:
    check_knight(state, e.number)
    if not e.card:
        raise Rejected(f"Type Holy Knight {e.number}'s values from the card first.")
    card = make_card(e.card, state.next_uid)
    if card.kind != "knight" or card.knight != e.number:
        raise Rejected(f"That card is not Holy Knight {e.number}.")
    state = replace(state, next_uid=state.next_uid + 1)
    s = state.players[seat]
    if s.faction == "dark":
        return replace(state, dungeon=(*state.dungeon, card))
    return state.with_seat(seat, replace(s, field=(*s.field, card)))


def begin(state: State, first: int) -> State:
    if state.phase != "deal":
        raise Rejected("The game has already begun.")
    state.seat(first)
    return replace(state, phase="draw", active=first, first=first, turn_no=0)


def hand_count(state: State, e: HandCount) -> State:
    s = state.seat(e.seat)
    if not 0 <= e.count <= 30:
        raise Rejected(f"A hand of {e.count} cards cannot be right.")
    return state.with_seat(e.seat, replace(s, hand=e.count))


def declare(state: State, e: Declare) -> State:
    need_step(state, "faction")
    if e.side not in {"light", "dark"}:
        raise Rejected("Declare Light or Dark.")
    seat = state.active
    old = state.players[seat].faction
    switch = old not in {"neutral", e.side}
    if e.whisper and not switch:
        raise Rejected("The whisper is a forced switch of sides; this declaration switches nothing.")
    state = play(state, seat, e.cards, e.side)
    if switch:
        for c in [c for c in state.players[seat].field if c.side == old]:
            state = leave_field(state, seat, c.uid)
    if old == e.side and e.cards:  # keeping the side: playing characters is the turn's action
        return replace(state, declared=True, acted=True, phase="hand-check")
    return replace(state, declared=True, phase="action")


def enter(state: State, e: Enter) -> State:
    need_step(state, "action")
    if not e.cards:
        raise Rejected("Name the characters to play.")
    side = state.players[state.active].faction
    if side == "neutral":
        raise Rejected("A Neutral player takes a side by declaring it (f), not by entering play.")
    state = play(state, state.active, e.cards, side)
    return replace(state, acted=True, phase="hand-check")


def check_thief(state: State, rescue: bool, number: int, value: int) -> None:
    """Everything about a thief except its die: who may send one, at what, with which number."""
    need_step(state, "action")
    if state.players[state.active].faction == "dark":
        raise Rejected("A thief is a Light Companion: a Dark player cannot use one.")
    if not 1 <= value <= 6:
        raise Rejected(f"The thief's number is 1–6 (one die must reach it), not {value}.")
    if rescue:
        if all(c.knight != number for c in state.dungeon):
            raise Rejected(f"Holy Knight {number} is not in the Dungeon.")
        return
    holder = state.gem_holder(number)
    if holder is None:
        raise Rejected(f"Gem {number} is not in front of anyone.")
    if holder == state.active:
        raise Rejected(f"Gem {number} is already yours.")


def thief(state: State, e: Thief) -> State:
    check_thief(state, e.rescue, e.number, e.value)
    if not 1 <= e.face <= 6:
        raise Rejected(f"A six-sided die shows 1–6; {e.face} cannot come up.")
    me = state.players[state.active]
    chance = thief_chance(e.value)
    ok = e.face >= e.value
    state = state.with_seat(state.active, adjust_hand(me, -1))
    if ok and e.rescue:
        knight = next(c for c in state.dungeon if c.knight == e.number)
        me = state.players[state.active]
        state = replace(state, dungeon=tuple(c for c in state.dungeon if c is not knight))
        state = state.with_seat(state.active, replace(me, field=(*me.field, knight)))
    elif ok:
        holder = state.gem_holder(e.number)
        assert holder is not None
        giver = state.players[holder]
        state = state.with_seat(holder, replace(giver, gems=tuple(g for g in giver.gems if g != e.number)))
        me = state.players[state.active]
        state = state.with_seat(state.active, replace(me, gems=tuple(sorted((*me.gems, e.number)))))
    text = f"thief {e.face} vs {e.value}+ ({float(chance):.0%}): {'success' if ok else 'failed'}"
    return replace(state, acted=True, phase="hand-check", last_roll=text)


def discard(state: State) -> State:
    need_step(state, "end")
    me = state.players[state.active]
    if me.hand is None or me.hand <= HAND_LIMIT:
        raise Rejected("Discarding is only for a hand still over 5 that no legal play can reduce.")
    return state.with_seat(state.active, replace(me, hand=HAND_LIMIT))


def over_limit(state: State) -> str:
    """What a player over the hand limit can still do this turn (the faction is declared by now)."""
    me = state.players[state.active]
    head = f"{me.name} holds {me.hand} cards; the limit is 5."
    spells = "with only spells left, reveal the hand and discard down to 5 (x)"
    if state.acted:
        return f"{head} This turn's action is taken: {spells}."
    ways = "use a thief (t)" if me.faction == "neutral" else "play characters (p) or use a thief (t)"
    return f"{head} {ways[0].upper() + ways[1:]} to get down to 5; {spells}."


def end_turn(state: State, e: EndTurn) -> State:
    refuse_when_over(state.finished)
    need_step(state, "end")
    me = state.players[state.active]
    if me.hand is not None and me.hand > HAND_LIMIT:
        raise Rejected(over_limit(state))
    if state.end_turn is not None and state.turn_no >= state.end_turn:
        return replace(state, phase="over", ended_by="countdown")
    return replace(
        state,
        active=next_seat(state.active, len(state.players))[0],
        turn_no=state.turn_no + 1,
        drawn=False,
        declared=False,
        acted=False,
        phase="draw",
        last_roll="",
    )
