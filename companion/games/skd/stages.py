"""The steps outside the turn: the snake draft, the first enemy, the boss-battle setup.

The draft runs in snake order (A B C C B A A B C …) and skips players who are done: those who
passed, and those at the star cap, who can neither pick nor swap. A swap takes the player's
draft turn like a pick. The boss setup is three guided steps, each its own action so each can
be undone: reveal the boss, say how many cards each player keeps, then deal.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any

from companion.core import Rejected
from companion.games.skd.specs import check_character, check_enemy, enemy_from_data
from companion.games.skd.state import (
    BOSS_KEEP,
    ENEMY_CARDS,
    HAND,
    LV_TOKENS,
    PER_ELEMENT,
    Character,
    Enemy,
    SkdState,
)

BOSSES = 5
EASY_BOSS = ("faust", "ファウスト", "浮士德")


def snake_seat(pick: int, players: int) -> int:
    lap, place = divmod(pick, players)
    return place if lap % 2 == 0 else players - 1 - place


def snake_order(players: int, picks: int, labels: tuple[str, ...] = ("A", "B", "C", "D")) -> str:
    return " ".join(labels[snake_seat(k, players)] for k in range(picks))


def initials(names: tuple[str, ...]) -> tuple[str, ...]:
    """Each player's initial, or the whole names when two share one."""
    firsts = tuple(n[:1].upper() for n in names)
    return firsts if len(set(firsts)) == len(firsts) else names


def is_done(state: SkdState, seat: int) -> bool:
    return state.passed[seat] or state.seats[seat].stars >= state.cap


def drafter(state: SkdState) -> tuple[int, int] | None:
    """(pick number, seat) of the player on the clock, or None when everyone is done."""
    n = len(state.seats)
    for k in range(state.picks, state.picks + 2 * n):
        seat = snake_seat(k, n)
        if not is_done(state, seat):
            return k, seat
    return None


def _on_clock(state: SkdState) -> tuple[int, int]:
    if state.stage != "draft":
        raise Rejected("The draft is over.")
    turn = drafter(state)
    if turn is None:  # cannot happen: the draft closes when nobody is left
        raise Rejected("Everyone is done drafting.")
    return turn


def _fresh(state: SkdState, spec: tuple[Any, ...], leaving: Character | None = None) -> Character:
    spec = check_character(spec)
    name, element = spec[0], spec[1]
    party = [c for s in state.seats for c in s.party if c is not leaving]
    for c in party:
        if c.name.casefold() == name.casefold():
            owner = next(s.name for s in state.seats if c in s.party)
            raise Rejected(f"{name} is already in {owner}'s party.")
    if leaving is None and len(party) >= LV_TOKENS:
        raise Rejected(f"The box has {LV_TOKENS} LV tokens: at most {LV_TOKENS} characters in all parties.")
    if sum(c.element == element for c in party) >= PER_ELEMENT:
        raise Rejected(f"There are only {PER_ELEMENT} {element} characters, and all are taken.")
    return Character.from_spec(spec, state.colour_of(element))


def _close_if_done(state: SkdState) -> SkdState:
    if drafter(state) is None:
        return replace(state, stage="first-enemy")
    return state


def pick(state: SkdState, spec: tuple[Any, ...]) -> SkdState:
    k, seat = _on_clock(state)
    new = _fresh(state, spec)
    s = state.seats[seat]
    if s.stars + new.stars > state.cap:
        raise Rejected(
            f"{s.name}'s party would have {s.stars + new.stars} stars; the cap with "
            f"{len(state.seats)} players is {state.cap} (they have {s.stars})."
        )
    seats = state.with_seat(seat, replace(s, party=(*s.party, new)))
    return _close_if_done(replace(state, seats=seats, picks=k + 1, notes=(f"{new.stars}★",)))


def swap(state: SkdState, out: str, spec: tuple[Any, ...]) -> SkdState:
    k, seat = _on_clock(state)
    s = state.seats[seat]
    leaving = s.find(out)
    new = _fresh(state, spec, leaving)
    stars = s.stars - leaving.stars + new.stars
    if stars > state.cap:
        raise Rejected(f"{s.name}'s party would have {stars} stars; the cap is {state.cap}.")
    party = tuple(new if c is leaving else c for c in s.party)
    seats = state.with_seat(seat, replace(s, party=party))
    return _close_if_done(replace(state, seats=seats, picks=k + 1, notes=(leaving.name,)))


def pass_draft(state: SkdState) -> SkdState:
    k, seat = _on_clock(state)
    if not state.seats[seat].party:
        raise Rejected(f"{state.seats[seat].name} has no character yet; pick at least one.")
    passed = tuple(True if i == seat else p for i, p in enumerate(state.passed))
    return _close_if_done(replace(state, passed=passed, picks=k + 1, notes=()))


STARS_IN_DECK = {1: ENEMY_CARDS // 2, 2: ENEMY_CARDS // 2}  # 6 one-star, 6 two-star enemies


def enter_enemy(state: SkdState, spec: tuple[Any, ...]) -> tuple[SkdState, Enemy]:
    """The next enemy card turned up, refused if it cannot be the next card of the enemy deck."""
    name, stars, *_ = spec = check_enemy(spec)
    if stars not in STARS_IN_DECK:
        raise Rejected(f"{name}: enemies have 1 or 2 stars, not {stars}.")
    for i, (seen, _) in enumerate(state.revealed, 1):
        if seen.casefold() == name.casefold():
            raise Rejected(f"{name} was enemy {i} already; each enemy card comes up once.")
    out = sum(s == stars for _, s in state.revealed)
    if out >= STARS_IN_DECK[stars]:
        raise Rejected(
            f"The enemy deck has {STARS_IN_DECK[stars]} {'one' if stars == 1 else 'two'}-star enemies "
            f"and all of them are out already; {name} cannot have {stars} star{'s' if stars > 1 else ''}."
        )
    if state.easy:
        want = 1 if state.beaten < STARS_IN_DECK[1] else 2
        if stars != want:
            raise Rejected(
                f"Easy mode stacks the one-star enemies above the two-star ones: enemy "
                f"{state.beaten + 1} has {want} star{'s' if want > 1 else ''}, not {stars}."
            )
    return replace(state, revealed=(*state.revealed, (name, stars))), Enemy.from_spec(spec)


def cannot_come_up(
    state: SkdState, catalogue: Mapping[str, Mapping[str, Any]], pending: tuple[Any, ...], after_kill: bool
) -> tuple[str, ...]:
    """The catalogue's enemies that cannot be the next card now: already out (`pending`: those
    the action being typed revealed), their star count used up, or Easy mode's order."""
    seen = (*state.revealed, *((str(p[0]), int(p[1])) for p in pending))
    then = replace(state, revealed=seen, beaten=state.beaten + len(pending) + (1 if after_kill else 0))
    out = []
    for name, data in catalogue.items():
        try:
            enter_enemy(then, enemy_from_data(name, dict(data)))
        except Rejected:
            out.append(name)
    return tuple(out)


def reveal_first(state: SkdState, spec: tuple[Any, ...]) -> SkdState:
    if state.stage == "draft":
        raise Rejected("Finish the draft first (pick, swap or pass).")
    if state.stage != "first-enemy":
        raise Rejected("The first enemy is already out; the next ones are revealed by the play that beats them.")
    state, enemy = enter_enemy(state, spec)
    return replace(state, stage="normal", enemy=enemy, history=(state.deck,), notes=())


def not_the_boss(state: SkdState, names: Iterable[str]) -> tuple[str, ...]:
    """The boss cards among `names` the boss reveal would refuse: in Easy mode every boss but
    the Easy one, and any name already seen as an enemy."""
    seen = {n.casefold() for n, _ in state.revealed}
    return tuple(n for n in names if n.casefold() in seen or (state.easy and n.casefold() not in EASY_BOSS))


def reveal_boss(state: SkdState, spec: tuple[Any, ...]) -> SkdState:
    if state.stage != "boss-reveal":
        raise Rejected("The boss is revealed when the normal battle ends.")
    name, *_ = spec = check_enemy(spec)
    if any(seen.casefold() == name.casefold() for seen, _ in state.revealed):
        raise Rejected(f"{name} is one of the enemy cards; the boss comes from the {BOSSES} boss cards.")
    if state.easy and name.casefold() not in EASY_BOSS:
        raise Rejected(f"Easy mode uses the Easy boss Faust (ファウスト), not {name}.")
    return replace(state, stage="boss-keep", enemy=Enemy.from_spec(spec, boss=True), notes=())


def keep(state: SkdState, kept: tuple[int, ...]) -> SkdState:
    if state.stage != "boss-keep":
        raise Rejected("Keeping cards is step 2 of the boss setup.")
    if len(kept) != len(state.seats):
        raise Rejected(f"Give a number for each of the {len(state.seats)} players.")
    seats = []
    for s, k in zip(state.seats, kept, strict=True):
        if k < 0 or k > BOSS_KEEP:
            raise Rejected(f"{s.name} keeps 0 to {BOSS_KEEP} cards, not {k}.")
        if k > s.hand:
            raise Rejected(f"{s.name} has only {s.hand} card{'s' if s.hand != 1 else ''} in hand.")
        seats.append(replace(s, hand=k))
    to_pile = sum(s.hand for s in state.seats) - sum(kept)
    return replace(state, seats=tuple(seats), pile=state.pile + to_pile, stage="boss-deal", notes=(str(to_pile),))


def deal(state: SkdState) -> SkdState:
    """Shuffle the play pile (with any deck left), refill hands to 4 from the active player on."""
    if state.stage != "boss-deal":
        raise Rejected("Dealing is step 3 of the boss setup, after keeping cards.")
    pool = state.pile + state.deck
    seats = list(state.seats)
    n = len(seats)
    for i in range(n):
        seat = (state.active + i) % n
        give = min(HAND - seats[seat].hand, pool)
        pool -= give
        seats[seat] = replace(seats[seat], hand=seats[seat].hand + give)
    return replace(
        state,
        seats=tuple(seats),
        deck=pool,
        pile=0,
        top=None,
        on_pile=(),
        stage="boss",
        history=(*state.history, pool),
        notes=(f"new deck {pool}",),
    )
