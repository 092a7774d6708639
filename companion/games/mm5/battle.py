"""A battle as a sub-state of the table, advanced one event at a time so undo steps through it.

Sides are read off the table on every step (the attacker's field, the defender's field, or
for a rescue the rescuer's Light Companions against the garrison and the Dungeon card), so a
reinforcement or a defeat changes the lineup without any copy to keep in step. Who strikes
next follows the slot rule: alternate while both sides have characters that have not yet
attacked this combat round, then the larger side finishes in a row.
"""

from __future__ import annotations

from dataclasses import replace

from companion.core import Rejected
from companion.games.mm5.cards import Card
from companion.games.mm5.events import Attack, Initiative, Reinforce, Remove, Rescue, Spell, Strike
from companion.games.mm5.odds import AttackRoll, attack_roll, check_roll
from companion.games.mm5.state import DUNGEON, SIDE_WORDS, Battle, State
from companion.games.mm5.strike import Fighter, fighter, kind_of, targets
from companion.games.mm5.strike import attack_value as strike_attack
from companion.games.mm5.table import leave_field, need_step, play

SIDE_NAMES = ("attacker", "defender")


def members(state: State, side: int) -> tuple[Card, ...]:
    b = state.battle
    assert b is not None
    if side == 0:
        field = state.players[b.attacker].field
        return tuple(c for c in field if c.kind == "companion") if b.defender == DUNGEON else field
    if b.defender == DUNGEON:
        keep = () if b.dungeon_down or state.dungeon_card is None else (state.dungeon_card,)
        return state.garrison + keep
    return state.players[b.defender].field


def owner(state: State, side: int) -> int:
    b = state.battle
    assert b is not None
    return b.attacker if side == 0 else b.defender


def side_faction(state: State, side: int) -> str:
    seat = owner(state, side)
    return "dark" if seat == DUNGEON else state.players[seat].faction


def bonus(state: State, side: int, card: Card) -> int:
    seat = owner(state, side)
    return 0 if seat == DUNGEON else state.players[seat].bonus(card)


def fighters(state: State, side: int) -> tuple[Fighter, ...]:
    """The side's characters as the strike model sees them (the gem bonus added)."""
    return tuple(fighter(c, bonus(state, side, c)) for c in members(state, side))


def attack_value(state: State, side: int, card: Card, magic: bool) -> int:
    """Orcs strike with the sum over every orc still on their side; others with their own."""
    own = [f.kind for f in fighters(state, side)]
    return strike_attack(kind_of(card, bonus(state, side, card)), own, magic)


def defence_value(state: State, side: int, card: Card, magic: bool) -> int:
    return kind_of(card, bonus(state, side, card)).defence(magic)


def legal_targets(state: State, side: int) -> tuple[tuple[Card, ...], str]:
    """The characters `side` may strike, and why the others are out of reach (Dark order)."""
    foes = members(state, 1 - side)
    first = targets(foes, lambda c: c.rank)
    why = ""
    if len(first) < len(foes):
        why = "against a Dark side the lowest rank falls first: " + ", ".join(f"#{c.uid} {c.name}" for c in first)
    return first, why


def dungeon_roller(state: State) -> int:
    """Who rolls the Dungeon's dice in a rescue: the next Dark player in seat order after the
    rescuer, else the next player (the shared rulings)."""
    b = state.battle
    me = b.attacker if b is not None else state.active
    n = len(state.players)
    after = [(me + i) % n for i in range(1, n)] or [me]
    return next((s for s in after if state.players[s].faction == "dark"), after[0])


def roll_for(state: State, striker: int, target: int, magic: bool) -> tuple[int, AttackRoll]:
    """The side of the striker and how its attack is rolled (checks nothing about turn order)."""
    b = state.battle
    assert b is not None
    side = next((s for s in (0, 1) if any(c.uid == striker for c in members(state, s))), None)
    if side is None:
        raise Rejected(f"#{striker} is not fighting in this battle.")
    me = next(c for c in members(state, side) if c.uid == striker)
    foe = next((c for c in members(state, 1 - side) if c.uid == target), None)
    if foe is None:
        raise Rejected(f"#{target} is not on the other side of this battle.")
    n = attack_value(state, side, me, magic)
    d = defence_value(state, 1 - side, foe, magic)
    return side, attack_roll(n, d, state.variant_1d6)


def next_up(state: State, b: Battle, after: int) -> Battle:
    """Who strikes next after `after`'s side struck: alternate, then the rest in a row."""
    left = [any(c.uid not in b.acted for c in members(state, s)) for s in (0, 1)]
    other = 1 - after
    if left[other]:
        return replace(b, to_move=other)
    if left[after]:
        return replace(b, to_move=after)
    return replace(b, round=b.round + 1, stage="reinforce", acted=())


def finish(state: State, winner: int) -> State:
    b = state.battle
    assert b is not None
    if winner == 0 and b.defender == DUNGEON:
        me = state.players[b.attacker]
        state = state.with_seat(b.attacker, replace(me, field=me.field + state.dungeon))
        state = replace(state, dungeon=(), garrison=())
    elif winner == 0:
        loser, me = state.players[b.defender], state.players[b.attacker]
        state = state.with_seat(b.attacker, replace(me, gems=tuple(sorted(me.gems + loser.gems))))
        state = state.with_seat(b.defender, replace(loser, gems=()))
    return replace(state, battle=None, acted=True, phase="hand-check")


def attack(state: State, e: Attack) -> State:
    need_step(state, "action")
    me, target = state.players[state.active], state.seat(e.target)
    if e.target == state.active:
        raise Rejected("A player cannot attack themselves.")
    if me.faction == "neutral":
        raise Rejected(f"{me.name} is Neutral: with no characters in the field there is no one to attack with.")
    if target.faction == "neutral" and not target.gems:
        raise Rejected(f"{target.name} is Neutral with nothing in front of them and cannot be attacked.")
    if me.faction == "light" and target.faction == "light":
        raise Rejected("Light attacks only Dark (or a Neutral holding gems); Light never attacks Light.")
    if me.faction == "light" and target.faction == "neutral" and state.light_spares_neutral:
        raise Rejected("Table option: Light may not attack a Neutral player.")
    return replace(state, battle=Battle(state.active, e.target), phase="battle")


def rescue(state: State, e: Rescue) -> State:
    need_step(state, "action")
    me = state.players[state.active]
    if me.faction != "light":
        raise Rejected("Only a Light player can storm the Dungeon.")
    if not any(c.kind == "companion" for c in me.field):
        raise Rejected(f"Only Light Companions fight a rescue (Holy Knights sit out); {me.name} has none.")
    if not state.dungeon:
        raise Rejected("The Dungeon holds no Holy Knights to free.")
    if any(not 0 <= v <= 30 for v in e.dungeon):
        raise Rejected("Type the Dungeon card's values, like P 0/8 M 0/8.")
    uid = state.dungeon_card.uid if state.dungeon_card else state.next_uid
    card = Card(uid, "Dark Dungeon", "dungeon", *e.dungeon)
    state = replace(state, dungeon_card=card, next_uid=max(state.next_uid, uid + 1))
    return replace(state, battle=Battle(state.active, DUNGEON), phase="battle")


def _battle(state: State, stage: str | None = None) -> Battle:
    b = state.battle
    if b is None:
        raise Rejected("There is no battle under way.")
    if stage == "reinforce" and b.stage != "reinforce":
        raise Rejected("This combat round is under way: reinforcements, spells and initiative wait for the next one.")
    if stage == "strike" and b.stage != "strike":
        raise Rejected("Roll initiative first (i): each side rolls a die, the higher strikes first.")
    return b


def reinforce(state: State, e: Reinforce) -> State:
    b = _battle(state, "reinforce")
    if e.to not in SIDE_NAMES:
        raise Rejected("Reinforce the attacker or the defender.")
    side = SIDE_NAMES.index(e.to)
    receiver, giver = owner(state, side), state.seat(e.seat)
    faction = side_faction(state, side)
    if e.seat in (b.attacker, b.defender) and e.seat != receiver:
        raise Rejected(f"{giver.name} is fighting on the other side.")
    if e.seat == receiver:
        want = None if faction == "neutral" else faction
        if faction == "neutral" and side_faction(state, 0) == "light":
            want = "dark"  # attacked by Light, a Neutral may defend only with Dark characters
        return play(state, receiver, e.cards, want)
    if faction == "neutral":
        raise Rejected(f"{state.who(receiver)} is Neutral and chooses a side first by committing defenders.")
    if giver.faction not in {faction, "neutral"}:
        raise Rejected(
            f"{SIDE_WORDS[faction]} takes reinforcements only from {SIDE_WORDS[faction]} or Neutral players; {giver.name} is {SIDE_WORDS[giver.faction]}."
        )
    state = play(state, e.seat, e.cards, faction)
    given = state.players[e.seat].field[-len(e.cards) :] if e.cards else ()
    gs = state.players[e.seat]
    state = state.with_seat(e.seat, replace(gs, field=gs.field[: len(gs.field) - len(given)]))
    if receiver == DUNGEON:
        return replace(state, garrison=state.garrison + given)
    rs = state.players[receiver]
    return state.with_seat(receiver, replace(rs, field=rs.field + given))


def spell(state: State, e: Spell) -> State:
    b = _battle(state, "reinforce")
    s = state.seat(e.seat)
    if any(r == b.round and seat == e.seat for r, seat, _ in b.spells):
        raise Rejected(f"{s.name} has already laid a spell this combat round (one per player).")
    if "holy light" in e.note.lower() and s.faction != "light":
        raise Rejected("Holy Light can be used only by the Light side.")
    if s.hand is not None:
        state = state.with_seat(e.seat, replace(s, hand=max(0, s.hand - 1)))
    return replace(state, battle=replace(b, spells=(*b.spells, (b.round, e.seat, e.note.strip()))))


def walkover(state: State) -> int | None:
    """The side left with nobody (it loses without a roll), defender first: e.g. a Neutral who
    committed no defenders. None while both sides have someone."""
    for s in (1, 0):
        if not members(state, s):
            return s
    return None


def initiative(state: State, e: Initiative) -> State:
    _battle(state, "reinforce")
    empty = walkover(state)
    if empty is not None:
        return finish(state, 1 - empty)
    b = _battle(state)
    for f in (e.attacker, e.defender):
        if not 1 <= f <= 6:
            raise Rejected(f"A six-sided die shows 1–6; {f} cannot come up.")
    if e.attacker == e.defender:
        raise Rejected(f"Both rolled {e.attacker}: a tie is rolled again.")
    first = 0 if e.attacker > e.defender else 1
    return replace(state, battle=replace(b, stage="strike", to_move=first, acted=()))


def prepare_strike(state: State, striker: int, target: int, magic: bool) -> tuple[int, AttackRoll]:
    """Everything about a strike except its dice: whose turn, who may be hit, how it is rolled."""
    b = _battle(state, "strike")
    side, roll = roll_for(state, striker, target, magic)
    if side != b.to_move:
        raise Rejected(f"It is the {SIDE_NAMES[b.to_move]}'s turn to strike.")
    if striker in b.acted:
        raise Rejected(f"#{striker} has already attacked this combat round.")
    targets, why = legal_targets(state, side)
    if all(c.uid != target for c in targets):
        raise Rejected(f"#{target} cannot be targeted yet: {why}.")
    return side, roll


def strike(state: State, e: Strike) -> State:
    b = _battle(state, "strike")
    side, roll = prepare_strike(state, e.striker, e.target, e.magic)
    total = check_roll(roll.dice, e.faces, e.total)
    hit = roll.succeeds(total)
    kind = "magic" if e.magic else "physical"
    text = f"{kind} {total} vs {roll.need}+ ({roll.words()}): {'defeated' if hit else 'missed'}"
    state = replace(state, last_roll=text)
    b = replace(b, acted=(*b.acted, e.striker))
    if hit:
        seat, card = state.find(e.target)
        if card.kind == "dungeon":
            b = replace(b, dungeon_down=True)
        else:
            state = leave_field(state, seat, e.target)
    state = replace(state, battle=b)
    if not members(state, 1 - side):
        return finish(state, side)
    return replace(state, battle=next_up(state, b, side))


def remove(state: State, e: Remove) -> State:
    seat, card = state.find(e.uid)
    if card.kind == "dungeon":
        raise Rejected("The Dark Dungeon is never discarded.")
    defended = state.battle is not None and bool(members(state, 1))
    state = leave_field(state, seat, e.uid)
    b = state.battle
    if b is None:
        return state
    if b.stage != "strike":  # a spell between strikes: a side it empties has lost
        if not members(state, 0):
            return finish(state, 1)
        return finish(state, 0) if defended and not members(state, 1) else state
    for s in (1, 0):
        if not members(state, s):
            return finish(state, 1 - s)
    b = replace(b, acted=tuple(u for u in b.acted if u != e.uid))
    left = any(c.uid not in b.acted for c in members(state, b.to_move))
    return replace(state, battle=b if left else next_up(state, b, b.to_move))


def attack_targets(state: State) -> list[int]:
    """The seats the active player may attack now, as the rules decide (in seat order)."""
    seats = []
    for seat in range(len(state.players)):
        try:
            attack(state, Attack(seat))
        except Rejected:
            continue
        seats.append(seat)
    return seats
