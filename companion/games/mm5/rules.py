"""The turn outside battle: the deal, draws, faction declarations, playing characters, the
thief, the hand limit and the end countdown. Each function takes the state and one event and
returns the next state or raises Rejected, leaving the state untouched.

The turn's steps are enforced in order (draw, declare, one action, hand check) because the
checklist is what the app is for: a forgotten draw or declaration is exactly the slip a table
makes, and the message says which step is missing.
"""

from __future__ import annotations

from dataclasses import replace

from companion.core import Rejected
from companion.games.mm5.cards import GEMS, Card, Spec, make_card
from companion.games.mm5.events import Declare, Draw, EndTurn, Enter, HandCount, Thief
from companion.games.mm5.odds import thief_chance
from companion.games.mm5.state import DUNGEON, SIDE_WORDS, Seat, State

HAND_LIMIT = 5


def _hand(seat: Seat, delta: int) -> Seat:
    if seat.hand is None:
        return seat
    return replace(seat, hand=max(0, seat.hand + delta))


def new_cards(state: State, specs: tuple[Spec, ...]) -> tuple[State, tuple[Card, ...]]:
    cards = tuple(make_card(spec, state.next_uid + i) for i, spec in enumerate(specs))
    for c in cards:
        if c.kind == "knight":
            raise Rejected("Holy Knights are never held in hand: they are placed when drawn (d).")
    return replace(state, next_uid=state.next_uid + len(cards)), cards


def play(state: State, seat: int, specs: tuple[Spec, ...], side: str | None) -> State:
    """Put characters from a hand into a field; all must be of `side` when it is given."""
    state, cards = new_cards(state, specs)
    sides = {c.side for c in cards}
    if len(sides) > 1:
        raise Rejected("Light and Dark characters never share a field; play one side's cards.")
    if side is not None and sides and sides != {side}:
        wrong = next(c for c in cards if c.side != side)
        raise Rejected(f"{wrong.name} is {SIDE_WORDS[wrong.side]}; only {SIDE_WORDS[side]} characters may be played here.")
    s = state.players[seat]
    s = _hand(replace(s, field=s.field + cards), -len(cards))
    return state.with_seat(seat, s)


def leave_field(state: State, seat: int, uid: int) -> State:
    """A character leaves play: a Holy Knight goes to the Dungeon, anyone else is discarded."""
    if seat == DUNGEON:
        return replace(state, garrison=tuple(c for c in state.garrison if c.uid != uid))
    s = state.players[seat]
    gone = next(c for c in s.field if c.uid == uid)
    state = state.with_seat(seat, replace(s, field=tuple(c for c in s.field if c.uid != uid)))
    if gone.kind == "knight":
        state = replace(state, dungeon=(*state.dungeon, gone))
    return state


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
    s = state.players[seat]
    if e.what == "empty":
        return replace(state, phase="over", ended_by="deck", drawn=True)
    if e.what == "card":
        state = state.with_seat(seat, _hand(s, +1))
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
    if state.phase == "deal":
        return state
    return replace(state, drawn=True, phase="faction")


def _place_knight(state: State, seat: int, e: Draw) -> State:
    if len(state.knights_appeared()) >= 7:
        raise Rejected("All 7 Holy Knights are already on the table; there is no other.")
    if e.number in state.knights_appeared():
        raise Rejected(f"Holy Knight {e.number} is already on the table.")
    if not e.card:
        raise Rejected(f"Type Holy Knight {e.number}'s values from the card first.")
    card = make_card(e.card, state.next_uid)  # type: ignore[arg-type]
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


def need_step(state: State, step: str) -> None:
    """Refuse an action out of the turn's order: draw, faction, one action, hand check."""
    name = state.players[state.active].name
    if state.phase == "deal":
        raise Rejected("Place the dealt gems and Holy Knights, then begin (b) with the first player.")
    if state.battle is not None:
        raise Rejected("A battle is under way: finish it first (or undo it).")
    if not state.drawn:
        raise Rejected(f"{name} draws first (d).")
    if step == "faction" and state.declared:
        raise Rejected(f"{name} has already declared a faction this turn.")
    if step in {"action", "end"} and not state.declared:
        raise Rejected(f"{name} declares a faction first (f): Light or Dark, keeping or switching.")
    if step == "action" and state.acted:
        raise Rejected(f"{name} has already taken this turn's one action.")


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


def thief(state: State, e: Thief) -> State:
    need_step(state, "action")
    me = state.players[state.active]
    if me.faction == "dark":
        raise Rejected("A thief is a Light Companion: a Dark player cannot use one.")
    if not 1 <= e.value <= 6:
        raise Rejected(f"The thief's number is 1–6 (one die must reach it), not {e.value}.")
    if not 1 <= e.face <= 6:
        raise Rejected(f"A six-sided die shows 1–6; {e.face} cannot come up.")
    if e.rescue:
        knight = next((c for c in state.dungeon if c.knight == e.number), None)
        if knight is None:
            raise Rejected(f"Holy Knight {e.number} is not in the Dungeon.")
    else:
        holder = state.gem_holder(e.number)
        if holder is None:
            raise Rejected(f"Gem {e.number} is not in front of anyone.")
        if holder == state.active:
            raise Rejected(f"Gem {e.number} is already yours.")
    chance = thief_chance(e.value)
    ok = e.face >= e.value
    state = state.with_seat(state.active, _hand(me, -1))
    if ok and e.rescue:
        me = state.players[state.active]
        state = replace(state, dungeon=tuple(c for c in state.dungeon if c is not knight))
        state = state.with_seat(state.active, replace(me, field=(*me.field, knight)))  # type: ignore[arg-type]
    elif ok:
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


def end_turn(state: State, e: EndTurn) -> State:
    if state.finished:
        raise Rejected("The game is over; undo to go back, or start a new session.")
    need_step(state, "end")
    me = state.players[state.active]
    if me.hand is not None and me.hand > HAND_LIMIT:
        raise Rejected(
            f"{me.name} holds {me.hand} cards; the limit is 5. Play characters, use a thief or "
            "switch sides; with only spells left, reveal and discard down to 5 (x)."
        )
    if state.end_turn is not None and state.turn_no >= state.end_turn:
        return replace(state, phase="over", ended_by="countdown")
    return replace(
        state, active=(state.active + 1) % len(state.players), turn_no=state.turn_no + 1,
        drawn=False, declared=False, acted=False, phase="draw", last_roll="",
    )
