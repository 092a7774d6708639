"""Monster Maker 5 actions for the fuzzer: mostly the step the turn expects, mixed with anything.

The likely events are read off the state (the unseen gems and knights for the deal and the
draw, the side to declare or switch to, the targets a player may attack, the gems a thief can
reach, the strikers and targets of a battle with faces that hit, miss or cannot come up), so
short sequences reach battles, rescues and thieves; arbitrary events keep the refusals honest.
Sequences are short (15 steps, undo and redo among them), so at the suite's settings about one
in five reaches an attack and one in ten a strike; the deep profile plays whole countdowns.

Building strategies costs far more than drawing from them, so every strategy is cached on
small hashable facts: the table size for the arbitrary events, and for the likely ones the
tuple of candidate events itself (a handful of frozen events, repeated across sequences).
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache, lru_cache
from typing import Any

from hypothesis import strategies as st

from companion.core import Event, Game, Rejected
from companion.games.mm5.battle import legal_targets, members, roll_for
from companion.games.mm5.cards import GEMS, LIGHT_KINDS, RANKS
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
from companion.games.mm5.state import DUNGEON, Battle, State
from companion.games.mm5.table import HAND_LIMIT
from companion.games.mm5.view import battle_lines

Events = tuple[Event, ...]
Groups = tuple[Events, ...]  # groups of candidate events, a group repeated to make it likelier
Spec = tuple[str, str, int, int, int, int, int]  # a card as Draw and Declare take it


def knight(n: int) -> Spec:
    return (f"Holy Knight {n}", "knight", 2 + n % 3, 3 + n % 2, 1 + n % 2, 3, n)


KNIGHTS = {n: knight(n) for n in GEMS}
WARRIOR = ("Warrior", "companion", 3, 4, 1, 2, 0)
SQUIRE = ("Squire", "companion", 1, 2, 0, 1, 0)
SAGE = ("Sage", "companion", 0, 2, 4, 5, 0)
PIXIE = ("Pixie", "companion", 0, 1, 0, 1, 0)  # attack 0: against any defence, the 1/36 fallback
ORC = ("Orc", "orc", 2, 3, 0, 2, 0)
SLIME = ("Slime", "monster", 1, 2, 1, 1, 0)
MAGE = ("Dark Mage", "dark-mage", 1, 3, 3, 4, 0)
DARK_KNIGHT = ("Dark Knight", "dark-knight", 3, 4, 1, 3, 0)
GRAND = ("Grand Knight", "grand-knight", 4, 5, 2, 4, 0)
QUEEN = ("Dark Queen", "queen", 4, 6, 4, 6, 0)
GOLEM = ("Golem", "monster", 0, 30, 0, 30, 0)  # out of reach of a few dice: the fallback again
BAD = (
    ("", "orc", 1, 1, 1, 1, 0),
    ("Drake", "dragon", 1, 1, 1, 1, 0),
    ("Pit", "dungeon", 0, 8, 0, 8, 0),
    ("Orc", "orc", -1, 1, 1, 1, 0),
    ("Orc", "orc", 1, 31, 1, 1, 0),
    ("Orc", "orc", 1, 1, 1, 1, 3),
    ("Orc", "orc", 1, 1),
    ("Holy Knight 9", "knight", 1, 1, 1, 1, 9),
)
LIGHT_PLAYS = ((WARRIOR,), (SQUIRE, PIXIE), (SAGE,), (WARRIOR, SQUIRE))
DARK_PLAYS = ((ORC,), (ORC, ORC), (MAGE, ORC), (SLIME, DARK_KNIGHT), (GRAND,), (QUEEN,), (GOLEM,))
PLAYS = {"light": LIGHT_PLAYS, "dark": DARK_PLAYS}
OTHER = {"light": "dark", "dark": "light"}
SPECS = (WARRIOR, SQUIRE, SAGE, PIXIE, ORC, SLIME, MAGE, DARK_KNIGHT, GRAND, QUEEN, GOLEM, *BAD, KNIGHTS[1], KNIGHTS[7])
DUNGEONS = ((0, 8, 0, 8), (2, 3, 1, 2), (0, 30, 0, 30), (0, 0, 0, 0))


@cache
def options() -> st.SearchStrategy[dict[str, Any]]:
    return st.fixed_dictionaries({"variant_1d6": st.booleans(), "light_spares_neutral": st.booleans()})


def events(state: State) -> st.SearchStrategy[Event]:
    # Early in a turn arbitrary events are rarer: most would be refused for the same reason
    # (nobody has drawn), and sequences are short, so the steps go to reaching the battles.
    early = state.phase in ("deal", "draw", "faction")
    return _mix(_likely(state), len(state.players), 12 if early else 6)


# -- the strategies, built once per key --------------------------------------------------------


@lru_cache(maxsize=4096)  # bounded: the deep profile meets tens of thousands of candidate tuples
def _mix(groups: Groups, n: int, share: int) -> st.SearchStrategy[Event]:
    """Each group of likely events as likely as any other; arbitrary events one draw in `share`.

    one_of drops a branch it has already seen (by identity) and splices in the branches of a
    nested one_of, so weights come from distinct objects: a fresh sampled_from per repeated
    group, and the likely events wrapped (in a tuple) share - 1 times beside one `_anything`.
    """
    likely = st.one_of(*[st.sampled_from(g) for g in groups if g])
    return st.one_of(*[_opaque(likely) for _ in range(share - 1)], _anything(n))


def _opaque(strategy: st.SearchStrategy[Event]) -> st.SearchStrategy[Event]:
    return st.tuples(strategy).map(_first)


def _first(pair: tuple[Event]) -> Event:
    return pair[0]


@cache
def _anything(n: int) -> st.SearchStrategy[Event]:
    seat = st.integers(-1, n)
    uid = st.integers(-1, 24)
    cards = st.lists(st.sampled_from(SPECS), max_size=3).map(tuple)
    faces = st.lists(st.integers(-1, 13), max_size=5).map(tuple)
    return _opaque(
        st.one_of(
            st.builds(
                Draw,
                st.sampled_from(["card", "gem", "knight", "empty", "x"]),
                st.integers(-1, 8),
                st.sampled_from([(), *KNIGHTS.values(), ORC, *BAD[-2:]]),
                st.none() | seat,
            ),
            st.builds(Begin, seat),
            st.builds(HandCount, seat, st.integers(-1, 31)),
            st.builds(Declare, st.sampled_from(["light", "dark", "neutral", "x"]), cards, st.booleans()),
            st.builds(Enter, cards),
            st.builds(Attack, seat),
            st.builds(Rescue, st.tuples(*[st.integers(-1, 31)] * 4)),
            st.builds(Reinforce, seat, st.sampled_from(["attacker", "defender", "x"]), cards),
            st.builds(Spell, seat, st.sampled_from(["", "Holy Light", "fog", "  HOLY LIGHT "])),
            st.builds(Initiative, st.integers(0, 7), st.integers(0, 7)),
            st.builds(Strike, uid, uid, st.booleans(), faces, st.booleans(), st.booleans()),
            st.builds(Remove, uid, st.sampled_from(["", "Fireball"])),
            st.builds(Thief, st.booleans(), st.integers(-1, 8), st.integers(-1, 7), st.integers(-1, 7), st.booleans()),
            st.just(Discard()),
            st.just(EndTurn()),
        )
    )


# -- the likely events, read off the state -----------------------------------------------------


def _likely(state: State) -> Groups:
    """Groups of candidate events for this state, a group repeated to make it likelier."""
    n = len(state.players)
    if state.phase == "deal":
        return _deal(state, n)
    if state.phase == "over":
        return ((HandCount(state.active, 3), EndTurn(), Draw("card")),)
    me = state.players[state.active]
    hand = (HandCount(state.active, 2), HandCount(state.active, 7), HandCount((state.active + 1) % n, 0))
    if state.phase == "draw":
        gems, knights = _unseen(state)
        draws = (Draw("card"), Draw("card", seat=state.active))
        finds = tuple(Draw("gem", g) for g in gems[:1]) + tuple(Draw("knight", k, KNIGHTS[k]) for k in knights[:1])
        more = (14 - len(gems) - len(knights)) // 3  # the more have appeared, the likelier the rest
        odd: Events = (Draw("card", seat=(state.active + 1) % n), EndTurn(), hand[1])
        if state.end_turn is not None:  # the deck may run out during the countdown too
            odd += (Draw("empty"),)
        return (draws, draws, draws, *[finds or draws] * (1 + more), odd)
    if state.phase == "faction":
        return (*_declarations(state, me.faction), hand)
    if state.phase == "battle":
        return _battle(state, n)
    groups: list[Events] = [(EndTurn(),)]
    if me.hand is not None and me.hand > HAND_LIMIT:
        groups += [(Discard(), HandCount(state.active, HAND_LIMIT))] * 2
    if state.phase == "action":
        legal, illegal = _targets(state)
        groups += [legal] * 6 + [illegal, _rescues(state), _rescues(state), _thieves(state)]
        if me.faction != "neutral":
            groups.append((*(Enter(c) for c in PLAYS[me.faction][:3]), Enter(PLAYS[OTHER[me.faction]][0])))
    else:
        groups += [(EndTurn(),)] * 4
    groups.append(hand + _removals(state))
    return tuple(g for g in groups if g)


def _deal(state: State, n: int) -> Groups:
    """Mostly one gem or knight (a knight most often: a defender with a field) then begin; a few
    deals go on placing, and once two are placed most of those place all 14 (the countdown)."""
    gems, knights = _unseen(state)
    empty = [i for i, s in enumerate(state.players) if not s.field and not s.gems] or range(n)
    begins = (*(Begin(i) for i in empty), Begin(0))
    gem_places = tuple(Draw("gem", g, seat=s) for g in gems[:1] + gems[-1:] for s in range(n))
    knight_places = tuple(Draw("knight", k, KNIGHTS[k], seat=s) for k in knights[:1] for s in range(n))
    places = (knight_places or gem_places, knight_places or gem_places, gem_places or knight_places)
    placed = 14 - len(gems) - len(knights)
    if placed == 0:
        return (begins, *places)
    if placed == 1 or placed == 14:
        # A dealt knight taken back (a correction) goes to the Dungeon: rescues from turn one.
        jail = tuple(Remove(c.uid, "misdealt") for s in state.players for c in s.knights[:1])
        return (begins,) * 15 + places + (jail,) * 3
    return (begins, *places * 4)


def _unseen(state: State) -> tuple[list[int], list[int]]:
    seen_gems, seen_knights = set(state.gems_appeared()), set(state.knights_appeared())
    return [g for g in GEMS if g not in seen_gems], [k for k in GEMS if k not in seen_knights]


def _declarations(state: State, faction: str) -> Groups:
    """Keep the side most turns; a Neutral picks the side that has someone to attack."""
    if faction == "neutral":
        light = tuple(Declare("light", c) for c in LIGHT_PLAYS)
        dark = tuple(Declare("dark", c) for c in DARK_PLAYS)
        light_can = state.dungeon or any(
            i != state.active and (s.faction == "dark" or (s.gems and not state.light_spares_neutral))
            for i, s in enumerate(state.players)
        )
        odd: Events = (
            Declare("light"),
            Declare("dark", (WARRIOR,)),
            Declare("light", whisper=True),
            Declare("dark", (KNIGHTS[2],)),
            Declare("neutral"),
        )
        return (*([light] * (3 if light_can else 1)), dark, dark, dark, odd)
    other = OTHER[faction]
    keep = (
        Declare(faction),
        Declare(faction),
        Declare(faction, PLAYS[faction][0]),
        Declare(faction, PLAYS[faction][2]),
    )
    switch = (
        Declare(other, PLAYS[other][0]),
        Declare(other, (), whisper=True),
        Declare(other, PLAYS[other][1], whisper=True),
    )
    odd = (Declare(faction, whisper=True), Declare(faction, PLAYS[other][0]))
    return (keep, keep, keep, keep, switch, odd)


def _targets(state: State) -> tuple[Events, Events]:
    """The seats the active player may attack by the rules, and a few it may not."""
    me = state.players[state.active]
    legal: list[Event] = []
    illegal: list[Event] = [Attack(state.active), Attack(len(state.players))]
    for t, s in enumerate(state.players):
        if t == state.active:
            continue
        ok = me.faction != "neutral" and (s.faction != "neutral" or bool(s.gems))
        if me.faction == "light" and (s.faction == "light" or (s.faction == "neutral" and state.light_spares_neutral)):
            ok = False
        (legal if ok else illegal).append(Attack(t))
    return tuple(legal[:4]), tuple(illegal[:4])


def _rescues(state: State) -> Events:
    me = state.players[state.active]
    if me.faction != "light" or not state.dungeon:
        return ()
    return tuple(Rescue(d) for d in DUNGEONS)


def _thieves(state: State) -> Events:
    me = state.players[state.active]
    out = []
    for i, s in enumerate(state.players):
        if i != state.active:
            out += [Thief(False, g, 3, 5) for g in s.gems[:1]] + [Thief(False, g, 5, 2) for g in s.gems[-1:]]
    out += [Thief(True, c.knight, 2, 6) for c in state.dungeon[:1]] + [
        Thief(True, c.knight, 6, 1) for c in state.dungeon[-1:]
    ]
    if me.faction == "dark":
        return tuple(out[:2])
    return tuple(out[:6]) or (Thief(False, 1, 3, 5),)


def _removals(state: State) -> Events:
    uids = [c.uid for s in state.players for c in s.field[:1]] + [c.uid for c in state.garrison[:1]]
    if state.dungeon_card is not None:
        uids.append(state.dungeon_card.uid)
    return tuple(Remove(u, "Fireball") for u in uids[:3])


def _battle(state: State, n: int) -> Groups:
    b = state.battle
    assert b is not None  # the battle phase has its battle
    attacker, defender = b.attacker, b.defender
    others = [i for i in range(n) if i not in (attacker, defender)]
    removals = tuple(Remove(c.uid) for side in (0, 1) for c in members(state, side)[:1] if c.kind != "dungeon")
    if b.stage == "strike":
        hits, misses, wrong = _strikes(state, b)
        return tuple(g for g in (hits, hits, misses, misses, wrong, removals) if g)
    rounds = (Initiative(6, 1), Initiative(1, 6), Initiative(2, 5), Initiative(5, 4))
    own = []
    for side, seat in ((0, attacker), (1, defender)):
        if seat == DUNGEON:
            continue
        faction = state.players[seat].faction
        plays = PLAYS[faction] if faction != "neutral" else (*DARK_PLAYS[:2], *LIGHT_PLAYS[:1])
        to = ("attacker", "defender")[side]
        own += [Reinforce(seat, to, c) for c in plays[:2]] + [
            Reinforce(seat, to, PLAYS["dark"][0] if faction == "light" else PLAYS["light"][0])
        ]
    helpers = []
    for seat in others[:2]:
        for to in ("attacker", "defender"):
            helpers += [Reinforce(seat, to, PLAYS[f][0]) for f in ("light", "dark")]
    spells = tuple(Spell(s, note) for s in (attacker, max(defender, 0), *others[:1]) for note in ("", "Holy Light"))
    return tuple(g for g in (*[rounds] * 5, tuple(own), tuple(helpers), spells, removals) if g)


def _strikes(state: State, b: Battle) -> tuple[Events, Events, Events]:
    """Strikes by the side to move against legal targets, with faces that hit, miss or are wrong."""
    side = b.to_move
    strikers = [c for c in members(state, side) if c.uid not in b.acted][:2]
    targets = list(legal_targets(state, side)[0][:2])
    hits: list[Event] = []
    misses: list[Event] = []
    wrong: list[Event] = []
    for me in strikers:
        for foe in targets:
            for magic in (False, True):
                try:
                    _, roll = roll_for(state, me.uid, foe.uid, magic)
                except Rejected:
                    continue
                for group, strike in zip(
                    (hits, misses, wrong), _rolls(me.uid, foe.uid, magic, roll.dice, roll.need), strict=True
                ):
                    group += strike
    for foe in members(state, side):  # friendly fire, and (when there is a choice) the rank order
        if targets and strikers:
            wrong.append(Strike(strikers[0].uid, foe.uid, False, (6,)))
            break
    for foe in members(state, 1 - side):
        if foe not in targets and strikers:
            wrong.append(Strike(strikers[0].uid, foe.uid, False, (6,) * 3))
            break
    other = [c for c in members(state, 1 - side)][:1]
    if other and targets:  # the side not to move
        wrong.append(Strike(other[0].uid, targets[0].uid, False, (6,)))
    return tuple(hits), tuple(misses), tuple(wrong)


def _rolls(
    striker: int, target: int, magic: bool, k: int, need: int
) -> tuple[list[Strike], list[Strike], list[Strike]]:
    """Strikes of k dice needing `need`: faces that hit, faces that miss, faces that cannot be."""

    def strike(faces: tuple[int, ...], total: bool = False, rolled: bool = False) -> Strike:
        return Strike(striker, target, magic, faces, total, rolled)

    if k == 0:  # an attack of 0 rolls nothing
        nothing = [strike(())]
        return (nothing, [], [strike((3,))]) if need <= 0 else ([], nothing, [strike((3,))])
    if k > 12:  # a long row of orcs: enter the total
        return (
            [strike((max(need, k),), True)],
            [strike((need - 1,), True)] if need > k else [],
            [strike((6 * k + 1,), True)],
        )
    hits = [strike(_faces(k, max(need, k)), rolled=magic), strike((max(need, k),), True)] if need <= 6 * k else []
    misses = [strike(_faces(k, need - 1))] if need > k else []
    return hits, misses, [strike((6,) * (k + 1)), strike((7,) * k), strike((6 * k + 1,), True)]


def _faces(k: int, total: int) -> tuple[int, ...]:
    """k faces of a six-sided die summing to `total` (k <= total <= 6k)."""
    faces, left = [], total
    for i in range(k, 0, -1):
        f = max(1, min(6, left - (i - 1)))
        faces.append(f)
        left -= f
    return tuple(faces)


# -- the conservation laws ---------------------------------------------------------------------

PHASES = {"deal", "draw", "faction", "action", "battle", "hand-check", "over"}

# What `invariants` has seen in this sequence. The machine checks the invariants after every
# step (the fresh setup first), and a step either records one event or moves to a state already
# seen (a refusal stays, an undo goes back, a redo returns to where the sequence has been); so a
# state not seen before in the sequence came from the last one by exactly one event, and the
# laws that need the state before (nothing once on the table leaves it) can be checked too.
_seen: set[State] = set()
_last: list[State] = []


def invariants(game: Game[State], state: State) -> None:
    _one_event_laws(game, state)
    _state_laws(game, state)


def _one_event_laws(game: Game[State], state: State) -> None:
    options = {"variant_1d6": state.variant_1d6, "light_spares_neutral": state.light_spares_neutral}
    if state.phase == "deal" and state == game.setup(tuple(s.name for s in state.players), options):
        _seen.clear()  # a new sequence (or back at its start, where every path begins anyway)
    elif state not in _seen and _last:
        before = _last[0]
        for appeared in (State.gems_appeared, State.knights_appeared):
            was, now = set(appeared(before)), set(appeared(state))
            assert was <= now, f"{sorted(was - now)} left the table"
            assert len(now - was) <= 1, "one event places at most one gem or knight"
        assert state.next_uid >= before.next_uid, "a uid handed out twice"
        assert before.turn_no <= state.turn_no <= before.turn_no + 1
        if state.turn_no > before.turn_no:
            assert state.active == (before.active + 1) % len(state.players) and state.phase == "draw"
        assert before.end_turn is None or state.end_turn == before.end_turn, "the countdown is never reset"
        if before.phase == "over":
            assert [replace(s, hand=None) for s in state.players] == [replace(s, hand=None) for s in before.players]
            assert replace(state, players=before.players) == before, "only hand counts change after the end"
    _seen.add(state)
    _last[:] = [state]


def _state_laws(game: Game[State], state: State) -> None:
    n = len(state.players)
    assert 2 <= n <= 8 and 0 <= state.active < n and 0 <= state.first < n
    assert state.phase in PHASES, state.phase

    # The 7 gems: each in front of exactly one player or still unseen; never in two places.
    held = [g for s in state.players for g in s.gems]
    assert len(held) == len(set(held)), f"a gem held twice: {held}"
    assert set(held) <= set(GEMS), held
    assert all(list(s.gems) == sorted(s.gems) for s in state.players)
    assert state.gems_appeared() == tuple(sorted(held))

    # The 7 Holy Knights: each in one field, in the Dungeon, or unseen; never in hand, the garrison,
    # or two places.
    in_fields = [c.knight for s in state.players for c in s.field if c.kind == "knight"]
    jailed = [c.knight for c in state.dungeon]
    knights = in_fields + jailed
    assert len(knights) == len(set(knights)), f"a Holy Knight in two places: fields {in_fields}, Dungeon {jailed}"
    assert set(knights) <= set(GEMS), knights
    assert all(c.kind == "knight" for c in state.dungeon), "only Holy Knights are imprisoned"
    assert all(c.side == "dark" and c.kind != "dungeon" for c in state.garrison), "the garrison is Dark"
    assert state.dungeon_card is None or state.dungeon_card.kind == "dungeon"

    # Every card in play is one card: distinct uids, all handed out already.
    cards = [c for s in state.players for c in s.field] + list(state.garrison) + list(state.dungeon)
    if state.dungeon_card is not None:
        cards.append(state.dungeon_card)
    uids = [c.uid for c in cards]
    assert len(uids) == len(set(uids)), f"a uid twice: {uids}"
    assert all(0 < u < state.next_uid for u in uids), (uids, state.next_uid)
    for c in cards:
        assert c.kind in RANKS and min(c.patk, c.pdef, c.matk, c.mdef) >= 0
        assert (c.kind == "knight") == (c.knight in GEMS) and (c.kind == "knight" or c.knight == 0)

    # Factions are the field's: never Light and Dark together; hands never negative.
    for s in state.players:
        sides = {c.kind in LIGHT_KINDS for c in s.field}
        assert len(sides) <= 1, f"{s.name} has Light and Dark characters: {s.field}"
        assert s.faction == ("neutral" if not s.field else "light" if sides == {True} else "dark")
        assert all(c.kind != "dungeon" for c in s.field)
        assert s.hand is None or s.hand >= 0, s.hand

    # The turn and the countdown.
    assert state.turn_no >= 0 and state.round >= 1
    all_out = len(held) == 7 and len(knights) == 7
    assert (state.end_turn is not None) == all_out, "the countdown runs exactly when all 14 have appeared"
    if state.end_turn is not None:
        # turns left = end_turn - turn_no + 1: at least this one, at most two rounds
        assert state.turn_no <= state.end_turn <= state.turn_no + 2 * n - 1, "the countdown is never negative"
    flags = (state.drawn, state.declared, state.acted)
    expected = {
        "deal": (False, False, False),
        "draw": (False, False, False),
        "faction": (True, False, False),
        "action": (True, True, False),
        "battle": (True, True, False),
        "hand-check": (True, True, True),
    }
    if state.phase in expected:
        assert flags == expected[state.phase], (state.phase, flags)
    if state.phase == "deal":
        assert state.turn_no == 0
    assert (state.battle is not None) == (state.phase == "battle")
    assert (state.phase == "over") == bool(state.ended_by) and state.ended_by in {"", "deck", "countdown"}

    b = state.battle
    if b is not None:
        assert b.attacker == state.active and b.defender != b.attacker
        assert b.defender == DUNGEON or 0 <= b.defender < n
        assert b.round >= 1 and b.stage in {"reinforce", "strike"} and b.to_move in (0, 1)
        if b.defender == DUNGEON:
            assert state.dungeon_card is not None and not b.dungeon_down
        spells = [(r, seat) for r, seat, _ in b.spells]
        assert len(spells) == len(set(spells)), "one spell per player per combat round"
        if b.stage == "strike":
            assert members(state, 0) and members(state, 1), "a side wiped out ends the battle"
            assert any(c.uid not in b.acted for c in members(state, b.to_move)), (
                "the side to move has someone to strike"
            )
            assert legal_targets(state, b.to_move)[0]
        battle_lines(state)

    game.view(state)
    result = game.result(state)
    assert (result is not None) == state.finished
    if result is not None:
        names = [s.name for s in state.players]
        assert set(result.winners) <= set(names)
        totals = {f: sum(len(s.gems) for s in state.players if s.faction == f) for f in ("light", "dark")}
        won = {state.players[names.index(w)].faction for w in result.winners}
        if totals["light"] == totals["dark"]:
            assert result.winners == (), "a Light–Dark tie on gems is a draw"
        else:
            side = max(totals, key=lambda f: totals[f])
            assert result.winners and won == {side}, "the side with more gems wins"
            best = max(len(s.gems) for s in state.players if s.faction == side)
            assert all(len(state.players[names.index(w)].gems) == best for w in result.winners)


# Not written as typed text (`Game.write` gives None): the rescue's line starts from the
# Dungeon values the catalogue remembers, so the keys that record one depend on the store.
UNTYPED = frozenset({"rescue"})
