"""Monster Maker 5's typed questions at the table, each built from the state and the card catalogue.

`catalogue` is the mm5 character catalogue (name -> values, as the store keeps it). A card the
catalogue does not know is asked for once ("orc P 2/1 M 0/1") and kept at once, whether or not
the action that uses it then stands, so it is never typed twice. A strike, a thief and the
initiative end in the dice tray (a `Dice`); drawing from the empty deck asks to confirm.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from companion.core import Card, Dice, Event, Prompt, Rejected, Roll, parse_seat
from companion.games.mm5 import notation, whatif
from companion.games.mm5.advice import Advice, best_strike_line, strike_choice, strike_help
from companion.games.mm5.battle import attack_targets, prepare_strike, walkover
from companion.games.mm5.cards import PLAYABLE_KINDS, Spec, catalogue_entry, from_catalogue, knight_name
from companion.games.mm5.events import (
    Attack,
    Begin,
    Declare,
    Draw,
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
from companion.games.mm5.notation import KINDS_HELP
from companion.games.mm5.odds import likelihood, thief_chance
from companion.games.mm5.rules import apply, check_knight, check_thief
from companion.games.mm5.view import declare_prompt, initiative_title

Catalogue = Mapping[str, Mapping[str, Any]]


def players(state: Any) -> tuple[str, ...]:
    return tuple(seat.name for seat in state.players)


def kept(specs: Mapping[str, Spec]) -> tuple[Card, ...]:
    """Cards typed out whole: kept at once, even if the action that brings them is refused."""
    return tuple(Card("character", s[0], catalogue_entry(s), kept_if_refused=True) for s in specs.values())


# A new card's example, of a kind the side may play (a Light declaration takes no orc).
NEW_CARD_EXAMPLE = {"light": "companion P 3/4 M 1/2", "dark": "orc P 2/1 M 0/1"}


def with_cards(
    text: str, catalogue: Catalogue, make: Callable[[tuple[Spec, ...]], Event], side: str = "dark"
) -> Event | Prompt:
    """`make(specs)` for the typed card list, or first the question for each card nobody has typed yet."""
    return _resolve(notation.card_list(text, catalogue), make, NEW_CARD_EXAMPLE.get(side, NEW_CARD_EXAMPLE["dark"]))


def _typed_cards(text: str, catalogue: Catalogue) -> tuple[Card, ...]:
    return kept(notation.card_list(text, catalogue).new)


def _resolve(cards: notation.CardList, make: Callable[[tuple[Spec, ...]], Event], example: str) -> Event | Prompt:
    name = cards.missing()
    if name is None:
        return make(cards.ready())

    def parse(answer: str) -> Event | Prompt:
        cards.learn(notation.parse_card(name, answer))
        return _resolve(cards, make, example)

    return Prompt(
        f"{name} is new: its kind and values from the card, e.g. {example} ({KINDS_HELP})",
        parse,
        suggest=PLAYABLE_KINDS,
        remember=lambda answer: kept({name: notation.parse_card(name, answer)}),
    )


def begin_prompt(state: Any) -> Prompt:
    return Prompt(
        "The deal is placed. Who goes first (die roll)? Seat number or name",
        lambda t: Begin(parse_seat(t, players(state))),
        suggest=players(state),
    )


def declare(state: Any, catalogue: Catalogue) -> Prompt:
    """The declaration; keeping the side is the usual one: filled in, so `f enter` keeps it."""

    def parse(text: str) -> Event | Prompt:
        side, whisper, rest = notation.parse_declare(text)
        return with_cards(rest, catalogue, lambda specs: Declare(side, specs, whisper), side)

    label, words = declare_prompt(state)
    me = state.players[state.active]
    side = me.faction if me.faction != "neutral" else ""
    return Prompt(
        label,
        parse,
        suggest=(*words, *sorted(catalogue)),
        default=side,
        remember=lambda text: _typed_cards(notation.parse_declare(text)[2], catalogue),
    )


def enter_prompt(state: Any, catalogue: Catalogue) -> Prompt:
    return Prompt(
        "Play characters of your faction: Orc, Dark Mage (new: Goblin = orc P 2/1 M 0/1)",
        lambda t: with_cards(t, catalogue, Enter),
        suggest=tuple(sorted(catalogue)),
        remember=lambda t: _typed_cards(t, catalogue),
    )


def hand_prompt(state: Any) -> Prompt:
    return Prompt(
        "Hand count (a correction; the app counts hands itself): player and number of cards (Bob 6)",
        lambda text: HandCount(*notation.parse_hand(text, players(state))),
        suggest=players(state),
    )


def remove_prompt(state: Any) -> Prompt:
    return Prompt(
        "Remove a character (spell effect, correction): id and why — 7 Fireball",
        lambda text: Remove(*notation.parse_remove(text)),
    )


def target_prompt(state: Any) -> Prompt:
    """Whom to attack; the only player who can be attacked is filled in: `a enter` attacks them."""
    targets = [state.players[seat].name for seat in attack_targets(state)]
    return Prompt(
        "Attack whom? Seat number or name",
        lambda t: Attack(parse_seat(t, players(state))),
        suggest=tuple(n for i, n in enumerate(players(state)) if i != state.active),
        default=targets[0] if len(targets) == 1 else "",
    )


def rescue_prompt(state: Any, dungeon: Mapping[str, Any] | None) -> Prompt:
    """The Dark Dungeon card's values (the catalogue's, filled in); kept once the rescue stands."""

    def remember(text: str) -> tuple[Card, ...]:
        values = notation.parse_values(text)
        return (Card("dungeon", "Dark Dungeon", {"p": list(values[:2]), "m": list(values[2:])}),)

    shown = f"P {dungeon['p'][0]}/{dungeon['p'][1]} M {dungeon['m'][0]}/{dungeon['m'][1]}" if dungeon else ""
    return Prompt(
        "Rescue: the Dark Dungeon card's values (P atk/def M atk/def), enter to storm it",
        lambda text: Rescue(notation.parse_values(text)),
        shown,
        remember=remember,
    )


def reinforce_prompt(state: Any, catalogue: Catalogue, found: list[whatif.WhatIf]) -> Prompt:
    """A what-if's number (`found`, the list the panel shows), or player, side and characters."""

    def parse(text: str) -> Event | Prompt:
        picked = whatif.choice(found, text)
        if picked is not None:
            return picked
        seat, to, rest = notation.parse_reinforce(text, players(state))
        return with_cards(rest, catalogue, lambda specs: Reinforce(seat, to, specs), state.players[seat].faction)

    def remember(text: str) -> tuple[Card, ...]:
        if text.strip().isdigit():
            return ()
        return _typed_cards(notation.parse_reinforce(text, players(state))[2], catalogue)

    example = notation.reinforce_example(state, catalogue)
    return Prompt(
        f"Reinforce: a what-if's number (1), or player, a|d (the side), characters: {example}",
        parse,
        suggest=(*players(state), *sorted(catalogue)),
        remember=remember,
    )


def spell_prompt(state: Any) -> Prompt:
    """Who lays a face-down spell; its note is asked next, hidden as it is typed."""

    def parse(text: str) -> Event | Prompt:
        if ":" in text:  # the note typed in the open, as before
            return Spell(*notation.parse_spell(text, players(state)))
        seat = parse_seat(text, players(state))
        apply(state, Spell(seat))  # may this player lay one now? (Rejected says why not)
        name = state.players[seat].name
        return Prompt(
            f"{name}'s spell: a note for the reveal (hidden as you type; enter for none)",
            lambda note: Spell(seat, note.strip()),
            secret=True,
        )

    return Prompt(
        "Face-down spell: who lays it? (seat or name; its note is asked hidden)", parse, suggest=players(state)
    )


def strike_prompt(state: Any, advice: Advice | None) -> Prompt:
    """One strike: the advised ones numbered best first (when solved), then the dice tray for its
    dice; a strike the dice cannot miss records on the enter."""

    def parse(text: str) -> Event | Dice:
        striker, target, magic = strike_choice(advice, text)
        _, roll = prepare_strike(state, striker, target, magic)
        if not roll.dice:
            return Strike(striker, target, magic, ())
        _, me = state.find(striker)
        _, foe = state.find(target)

        def event(r: Roll) -> Event:
            return Strike(striker, target, magic, r.faces, r.total, r.rolled)

        def words(r: Roll, line: str) -> str:
            return line.split(": ", 2)[-1] + f" · {likelihood(roll.dice, sum(r.faces))}"

        title = f"#{striker} {me.name} → #{target} {foe.name} ({'magic' if magic else 'physical'})"
        return Dice(title, roll.dice, roll.words(), event, words)

    return Prompt(strike_help(advice), parse, advice=best_strike_line(advice))


def thief_prompt(state: Any) -> Prompt:
    """A thief's gem or Holy Knight and its value, then its one die."""

    def parse(text: str) -> Dice:
        rescue, number, value = notation.parse_thief(text)
        check_thief(state, rescue, number, value)
        what = f"free Holy Knight {number}" if rescue else f"steal gem {number}"
        chance = thief_chance(value)
        return Dice(
            f"Thief: {what}",
            1,
            f"1d6 ≥ {value} — {chance} = {float(chance):.1%}",
            lambda r: Thief(rescue, number, value, r.faces[0], r.rolled),
            lambda r, line: line.split(": ", 1)[-1],
        )

    return Prompt("Thief: g3 4 = steal gem 3 with a thief of 4 · k2 5 = free Holy Knight 2 with 5", parse)


def initiative(state: Any) -> Event | Dice:
    """Each side's die, or no roll where the core decides it (a side with nobody loses)."""
    if state.battle is None:
        raise Rejected("Initiative is rolled in a battle.")
    if walkover(state) is not None:
        return Initiative()

    def event(r: Roll) -> Event:
        if r.total or len(r.faces) != 2:
            raise Rejected("Enter both dice: the attacker's, then the defender's.")
        return Initiative(*r.faces)

    return Dice(
        initiative_title(state),
        2,
        "each side rolls 1d6; the higher strikes first; a tie is rolled again",
        event,
        total=False,
    )


EMPTY_DECK = "The deck is empty: drawing from it ends the game now. End the game? (undo reopens it)"


def draw_prompt(state: Any, catalogue: Catalogue) -> Prompt:
    """What was drawn (a card, filled in: `d enter` records one), or in the deal what was placed;
    the empty deck asks to end the game, a new Holy Knight asks its values."""
    deal = state.phase == "deal"

    def parse(text: str) -> Event | tuple[Event, ...] | Prompt:
        seat, items = notation.parse_draw(text, deal, players(state))
        if items == [("empty", 0)]:
            return Prompt(EMPTY_DECK, lambda _: Draw("empty"), confirm=True)
        return _place(state, catalogue, seat, items, (), ())

    label = (
        "Dealt: player then what was placed, e.g. 2 g3 k5 (gem 3, Holy Knight 5)"
        if deal
        else "Drew: c = a card (filled in: enter) · g3 = gem 3 · k3 = Holy Knight 3 · empty = the deck is empty"
    )
    return Prompt(label, parse, default="" if deal else "c")


def _place(
    state: Any,
    catalogue: Catalogue,
    seat: int | None,
    items: list[notation.Item],
    done: tuple[Event, ...],
    new: tuple[Card, ...],
) -> Event | tuple[Event, ...] | Prompt:
    """What was drawn or dealt, in order, recorded together; a Holy Knight the catalogue does not
    know asks its values on the way (the core first checks that it can be drawn at all). `done`:
    the draws before it, `new`: the knights typed anew, kept once all is recorded."""
    after = state
    for earlier in done:
        after = apply(after, earlier)
    for i, (what, number) in enumerate(items):
        if what != "knight":
            event: Event = Draw(what, number, seat=seat)
        else:
            check_knight(after, number)
            name = knight_name(number)
            known = catalogue.get(name)
            if known is None:
                return _knight(state, catalogue, seat, number, items[i + 1 :], done, new)
            event = Draw("knight", number, from_catalogue(name, dict(known)), seat)
        after = apply(after, event)
        done = (*done, event)
    return done[0] if len(done) == 1 else done


def _knight(
    state: Any,
    catalogue: Catalogue,
    seat: int | None,
    number: int,
    rest: list[notation.Item],
    done: tuple[Event, ...],
    new: tuple[Card, ...],
) -> Prompt:
    name = knight_name(number)

    def spec(text: str) -> Spec:
        return (name, "knight", *notation.parse_values(text), number)

    def learned(text: str) -> tuple[Card, ...]:
        return (*new, Card("character", name, catalogue_entry(spec(text))))

    def parse(text: str) -> Event | tuple[Event, ...] | Prompt:
        drawn = (*done, Draw("knight", number, spec(text), seat))
        return _place(state, catalogue, seat, rest, drawn, learned(text))

    return Prompt(f"{name}'s values from the card (P 4/5 M 3/4)", parse, remember=learned)
