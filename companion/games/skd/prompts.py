"""Seirei Kairo Drive's questions at the table, each built from the state and the card catalogue.

Characters, enemies and bosses are typed once and kept in the catalogue (`shelves`: each kind's
cards by name, as the store keeps them); later their number in the list the label shows, their
name or its start is enough. An action whose damage defeats an enemy is refused by the core with
`NeedsReveal`; its prompt then asks for the next enemy and records the whole action as one, and
esc there goes back to the action's own line, its text still typed. A card typed anew is kept
once the action that brings it is recorded (a refused card is not remembered).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from companion.core import Card, Event, Prompt, Rejected, parse_seat
from companion.games.skd import events as ev
from companion.games.skd.cards import show
from companion.games.skd.effect_words import gives_mana, stored_effects_for
from companion.games.skd.forecast import hits_per_card
from companion.games.skd.notation import (
    EFFECT_WORDS,
    from_catalogue,
    known,
    mana_label,
    offer_label,
    parse_correction,
    parse_keep,
    parse_mana,
    parse_move,
    parse_offer,
    parse_play_line,
    parse_skill_line,
    parse_swap,
    parse_x,
    shelf,
)
from companion.games.skd.play import NeedsReveal, offered_constants
from companion.games.skd.rules import apply
from companion.games.skd.specs import character_data, enemy_data
from companion.games.skd.stages import cannot_come_up, drafter, not_the_boss
from companion.games.skd.state import SkdState
from companion.games.skd.turn import x_question
from companion.games.skd.view import skill_prompt, skill_words

Shelves = Mapping[str, dict[str, dict[str, Any]]]  # each kind's catalogue: name -> values
Make = Callable[[tuple[Any, ...]], Event]  # an action, given the enemies its kills reveal
CARD_HELP = "g r b y + number · b23 dual number · rg dual colour · * star · ^ LV · +b2 extra card after a 4"
OTHER_DECK = {"enemy": "boss", "boss": "enemy"}


def card(kind: str, spec: tuple[Any, ...]) -> Card:
    """A typed card as the catalogue keeps it."""
    return Card(kind, spec[0], character_data(spec) if kind == "character" else enemy_data(spec))


def taken(
    state: SkdState, shelves: Shelves, kind: str, reveals: tuple[Any, ...] = (), after_kill: bool = False
) -> tuple[str, ...]:
    """Names of `kind` that cannot come up now: drafted characters, enemies the core rules out."""
    if kind == "character":
        return tuple(c.name for s in state.seats for c in s.party)
    if kind == "enemy":
        return cannot_come_up(state, shelves["enemy"], reveals, after_kill)
    return not_the_boss(state, shelves[kind])


def _read(text: str, shelves: Shelves, kind: str, gone: tuple[str, ...]) -> tuple[tuple[Any, ...], bool]:
    other = OTHER_DECK.get(kind)
    return from_catalogue(text, shelves[kind], kind, shelves[other] if other else None, gone)


def card_prompt(state: SkdState, shelves: Shelves, kind: str, label: str, make: Callable[[Any], Event]) -> Prompt:
    """A card by catalogue number, name or values; `make(spec)` builds the event."""
    gone = taken(state, shelves, kind)

    def remember(text: str) -> tuple[Card, ...]:
        spec, typed = _read(text, shelves, kind, gone)
        return (card(kind, spec),) if typed else ()

    return Prompt(
        f"{label} · known: {known(shelves[kind], gone, kind)}",
        lambda text: make(_read(text, shelves, kind, gone)[0]),
        suggest=tuple(shelf(shelves[kind], gone)),
        remember=remember,
    )


def pick_prompt(state: SkdState, shelves: Shelves) -> Prompt:
    label = "Pick: a name, or name, element, stars, Atk per LV, bonuses, cost, skill"
    return card_prompt(state, shelves, "character", label, ev.DraftPick)


def reveal_prompt(state: SkdState, shelves: Shelves) -> Prompt:
    label = "First enemy: a name, or name, stars, HP, Atk, strong mana, strong damage"
    return card_prompt(state, shelves, "enemy", label, ev.RevealEnemy)


def swap_prompt(state: SkdState, shelves: Shelves) -> Prompt:
    """`Kai > Sol`: one of the drafter's characters for one still on the table; the example is theirs."""
    on_clock = drafter(state)
    party = tuple(c.name for c in state.seats[on_clock[1] if on_clock else state.active].party)
    gone = taken(state, shelves, "character")
    names = shelf(shelves["character"], gone)

    def remember(text: str) -> tuple[Card, ...]:
        _, spec, typed = parse_swap(text, shelves["character"], gone, party)
        return (card("character", spec),) if typed else ()

    def parse(text: str) -> Event:
        out, spec, _ = parse_swap(text, shelves["character"], gone, party)
        return ev.DraftSwap(out, spec)

    mine = party[0] if party else "Kai"
    other = next(iter(names), "Sol")
    return Prompt(
        f"Swap: yours > the new one (e.g. {mine} > {other}) · known: {known(shelves['character'], gone, 'character')}",
        parse,
        suggest=(*party, *names),
        remember=remember,
    )


def with_reveals(
    state: SkdState,
    shelves: Shelves,
    make: Make,
    back: Prompt,
    reveals: tuple[Any, ...] = (),
    new: tuple[Card, ...] = (),
) -> Event | Prompt:
    """`make(reveals)`, or first the question for the enemy its kills reveal next."""
    event = make(reveals)
    try:
        apply(state, event)
    except NeedsReveal as exc:
        return _next_enemy(state, shelves, make, back, reveals, new, exc.beaten)
    return event


def _next_enemy(
    state: SkdState,
    shelves: Shelves,
    make: Make,
    back: Prompt,
    reveals: tuple[Any, ...],
    new: tuple[Card, ...],
    beaten: str,
) -> Prompt:
    """The enemy after `beaten`; the enemies typed anew on the way are kept once all is recorded."""
    gone = taken(state, shelves, "enemy", reveals, after_kill=True)

    def learned(text: str) -> tuple[Card, ...]:
        spec, typed = _read(text, shelves, "enemy", gone)
        return (*new, card("enemy", spec)) if typed else new

    def parse(text: str) -> Event | Prompt:
        spec, _ = _read(text, shelves, "enemy", gone)
        return with_reveals(state, shelves, make, back, (*reveals, spec), learned(text))

    return Prompt(
        f"{beaten} is defeated: the next enemy (number, name, or its values) · {known(shelves['enemy'], gone, 'enemy')}",
        parse,
        suggest=tuple(shelf(shelves["enemy"], gone)),
        back=back,
        remember=learned,
    )


def play_prompt(state: SkdState, shelves: Shelves, typed: str = "") -> Prompt:
    """The cards played (`g4 r4 +r2`), with the constant skills the play triggers asked next."""
    top = state.top

    def parse(text: str) -> Event | Prompt:
        cards, constant = parse_play_line(text, state.easy, state.active)
        offers = offered_constants(state, cards, constant)
        back = play_prompt(state, shelves, text)

        def play(chosen: tuple[Any, ...] = ()) -> Event | Prompt:
            return with_reveals(state, shelves, lambda r: ev.Play(cards, r, (*constant, *chosen)), back)

        if not offers:
            return play()
        return Prompt(offer_label(offers, skill_words(state)), lambda a: play(parse_offer(a, offers)), back=back)

    return Prompt(
        f"Play on {show(top) if top else 'an empty pile'}: {CARD_HELP} · ; Name: effects for a constant skill",
        parse,
        typed,
        advice=hits_per_card(state),
    )


def skill_line_prompt(state: SkdState, shelves: Shelves, typed: str = "") -> Prompt:
    """A skill by its number or `Rin: damage 3`; an X★ skill asks its mana next."""
    seat = state.seats[state.active]

    def parse(text: str) -> Event | Prompt:
        name, x, effects = parse_skill_line(text, state.active)
        back = skill_line_prompt(state, shelves, text)

        def use(x: int, effects: tuple[Any, ...] = effects) -> Event | Prompt:
            if not effects and (whom := mana_target_prompt(state, name, x, lambda e: use(x, e), back)):
                return whom
            return with_reveals(state, shelves, lambda r: ev.Skill(name, x, effects, r), back)

        if question := x_question(state, name, x):
            return Prompt(question, lambda answer: use(parse_x(answer)), back=back)
        return use(x)

    return Prompt(
        skill_prompt(state),
        parse,
        typed,
        suggest=(*(c.name for c in seat.party if c.cost not in ("", "constant")), *EFFECT_WORDS),
    )


def mana_target_prompt(
    state: SkdState, name: str, x: int, then: Callable[[tuple[Any, ...]], Event | Prompt], back: Prompt
) -> Prompt | None:
    """For a stored skill that gives a player mana: whom, asked by name (a card cannot know the
    seats); `then(effects)` with the mana going to that player. None for any other skill."""
    try:
        who = state.seats[state.active].find(name)
    except Rejected:
        return None
    if not gives_mana(who.skill):
        return None
    pay = x if who.cost == "X" else int(who.cost or 0)
    players = tuple(s.name for s in state.seats)

    def parse(text: str) -> Event | Prompt:
        target = parse_seat(text, players)
        effects = stored_effects_for(who.skill, pay, state.active, target)
        if effects is None:
            raise Rejected(f"{who.name}'s skill words ({who.skill}) do not read as effects.")
        return then(effects)

    return Prompt(f"{who.name}'s skill ({who.skill}) gives mana: to which player?", parse, choices=players, back=back)


def level_up_prompt(state: SkdState) -> Prompt:
    seat = state.seats[state.active]
    options = (
        " · ".join(
            f"{i} {c.name} LV{c.lv}→{c.lv + 1} {c.bonus_at(c.lv + 1) or ''}".rstrip()
            for i, c in enumerate(seat.party, 1)
            if c.lv < c.cap
        )
        or "everyone is at the top LV"
    )
    return Prompt(
        f"Level up ({seat.mana} mana, 3 per LV): {options}",
        lambda text: ev.LevelUp(text.strip()),
        suggest=tuple(c.name for c in seat.party if c.lv < c.cap),
    )


def move_prompt(state: SkdState) -> Prompt:
    return Prompt(
        "Move cards: from to count [player], e.g. discard hand 1 · discard deck 2",
        lambda text: ev.MoveCards(*parse_move(text)),
    )


def mana_prompt(state: SkdState) -> Prompt:
    return Prompt(mana_label(state), lambda text: ev.AdjustMana(*parse_mana(text, state.active)))


def correct_prompt(state: SkdState) -> Prompt:
    e = state.enemy
    if e is None:
        raise Rejected("There is no enemy on the table to correct.")
    return Prompt(
        f"Correct {e.name} to the table's tokens (now HP {e.hp}, mana {e.mana}): hp 7 · mana 2",
        lambda text: ev.CorrectEnemy(*parse_correction(text)),
    )


def boss_step(state: SkdState, shelves: Shelves) -> Event | Prompt:
    """The next step of the boss setup: the boss card, the cards each player keeps, the deal."""
    if state.stage == "boss-reveal":
        label = "Boss setup 1/3, the boss: a name, or name, stars, HP, Atk, strong mana, damage"
        return card_prompt(state, shelves, "boss", label, ev.RevealBoss)
    if state.stage == "boss-keep":
        hands = ", ".join(f"{s.name} {s.hand}" for s in state.seats)
        return Prompt(
            f"Boss setup 2/3: cards each player keeps (0–2), in seat order · hands now: {hands}",
            lambda text: ev.BossKeep(parse_keep(text, len(state.seats))),
        )
    if state.stage == "boss-deal":
        return ev.BossDeal()
    raise Rejected("The boss setup starts when the normal battle ends.")
