"""The typed prompts of the Monster Maker 5 screen: each turns one line of text into an event.

Kept apart from mm5_screen.py so each file stays small; what the text means is the core's
(companion.games.mm5.notation), and every event is checked by the core before the dice tray
opens or anything is saved. New card values reach the catalogue only when the event
that used them is accepted, so a refused action leaves no half-typed card behind.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.core import Rejected
from companion.games.mm5 import notation
from companion.games.mm5.battle import prepare_strike, walkover
from companion.games.mm5.cards import Spec, catalogue_entry, from_catalogue, knight_name
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
    Rescue,
    Spell,
    Strike,
    Thief,
)
from companion.games.mm5.notation import KINDS_HELP
from companion.games.mm5.odds import likelihood, thief_chance
from companion.games.mm5.rules import check_thief
from screens.dice_tray_modal import DiceRequest, DiceResult


class MM5Prompts:
    """Mixed into MM5Screen (a TableScreen): ask, record, notify, roll and probe come from there."""

    ask: Callable[..., None]
    record: Callable[[Any], bool]
    notify: Callable[..., None]
    roll: Callable[..., None]
    probe: Callable[[Any], str]
    call_after_refresh: Callable[..., Any]
    app: Any
    shown_state: Any
    _writable: Callable[[], bool]

    # -- helpers -----------------------------------------------------------------------------

    def players(self) -> tuple[str, ...]:
        return tuple(seat.name for seat in self.shown_state.players)

    def catalogue(self, kind: str = "character") -> dict[str, dict[str, Any]]:
        return self.app.repo.cards("mm5", kind)

    def save(self, spec: Spec) -> None:
        self.app.repo.save_card("mm5", "character", spec[0], catalogue_entry(spec))

    def with_cards(self, text: str, then: Callable[[tuple[Spec, ...]], bool]) -> str | None:
        """Resolve card names (asking for unknown ones), then record; save new cards if accepted."""
        try:
            cards = notation.card_list(text, self.catalogue())
        except Rejected as exc:
            return exc.reason

        def finish() -> None:
            if then(cards.ready()):
                for spec in cards.new.values():
                    self.save(spec)

        def ask_next() -> None:
            name = cards.missing()
            if name is None:
                finish()
                return

            def submit(answer: str) -> str | None:
                try:
                    cards.learn(notation.parse_card(name, answer))
                except Rejected as exc:
                    return exc.reason
                self.call_after_refresh(ask_next)
                return None

            self.ask(f"{name} is new: its kind and values from the card, e.g. orc P 2/1 M 0/1 ({KINDS_HELP})", "", submit)

        self.call_after_refresh(ask_next)
        return None

    def rejected(self, fn: Callable[[str], str | None]) -> Callable[[str], str | None]:
        def run(text: str) -> str | None:
            try:
                return fn(text)
            except Rejected as exc:
                return exc.reason
        return run

    def _go(self, label: str, fn: Callable[[str], str | None], value: str = "") -> None:
        if self._writable():
            self.ask(label, value, self.rejected(fn))

    def _done(self, ok: bool) -> str | None:
        return None if ok else "Not recorded (see the message); esc cancels."

    # -- the turn ----------------------------------------------------------------------------

    def action_draw(self) -> None:
        deal = self.shown_state.phase == "deal"

        def submit(text: str) -> str | None:
            seat, items = notation.parse_draw(text, deal, self.players())
            for item in items:  # a dealt hand may hold several gems and knights
                error = self.draw_one(item, seat)
                if error:
                    return error
            return None

        label = "Dealt: player then what was placed, e.g. 2 g3 k5 (gem 3, Holy Knight 5)" if deal else \
            "Drew: c = a card · g3 = gem 3 · k3 = Holy Knight 3 · empty = the deck is empty"
        self._go(label, submit)

    def draw_one(self, item: notation.Item, seat: int | None) -> str | None:
        what, number = item
        if what == "knight":
            return self.knight(number, seat)
        return self._done(self.record(Draw(what, number, seat=seat)))

    def knight(self, number: int, seat: int | None) -> str | None:
        name = knight_name(number)
        known = self.catalogue().get(name)
        if known is not None:
            return self._done(self.record(Draw("knight", number, from_catalogue(name, known), seat)))

        def values(text: str) -> str | None:
            spec: Spec = (name, "knight", *notation.parse_values(text), number)
            if self.record(Draw("knight", number, spec, seat)):
                self.save(spec)
                return None
            return "Not recorded (see the message)."

        self.call_after_refresh(self.ask, f"{name}'s values from the card (P 4/5 M 3/4)", "", self.rejected(values))
        return None

    def action_begin(self) -> None:
        self._go("The deal is placed. Who goes first (die roll)? Seat number or name",
                 lambda t: self._done(self.record(Begin(notation.parse_seat(t, self.players())))))

    def action_declare(self) -> None:
        def submit(text: str) -> str | None:
            side, whisper, rest = notation.parse_declare(text)
            return self.with_cards(rest, lambda specs: self.record(Declare(side, specs, whisper)))

        self._go("Declare: light or dark, then any characters played: dark Orc, Dark Mage · ! marks the whisper", submit)

    def action_enter(self) -> None:
        self._go("Play characters of your faction: Orc, Dark Mage (new: Goblin = orc P 2/1 M 0/1)",
                 lambda t: self.with_cards(t, lambda specs: self.record(Enter(specs))))

    def action_hand(self) -> None:
        def submit(text: str) -> str | None:
            seat, count = notation.parse_hand(text, self.players())
            return self._done(self.record(HandCount(seat, count)))

        self._go("Hand count: player and number of cards (Bob 6)", submit)

    def action_discard(self) -> None:
        if self._writable():
            self.record(Discard())

    def action_catalogue(self) -> None:
        def submit(text: str) -> str | None:
            spec = notation.parse_catalogue(text)
            self.save(spec)
            self.notify(f"{spec[0]} saved: {text.partition('=')[2].strip()}")
            return None

        self._go(f"Card values: Name = kind P a/d M a/d ({KINDS_HELP})", submit)

    # -- actions -----------------------------------------------------------------------------

    def action_attack(self) -> None:
        state = self.shown_state
        if state.battle is None:
            self._go("Attack whom? Seat number or name",
                     lambda t: self._done(self.record(Attack(notation.parse_seat(t, self.players())))))
            return
        self._go("Strike: striker target p|m (ids from the battle panel): 3 7 p", self.strike)

    def strike(self, text: str) -> str | None:
        striker, target, magic = notation.parse_strike(text)
        state = self.shown_state
        _, roll = prepare_strike(state, striker, target, magic)
        _, me = state.find(striker)
        _, foe = state.find(target)

        def event(r: DiceResult) -> Strike:
            return Strike(striker, target, magic, r.faces, r.total, r.rolled)

        def check(r: DiceResult) -> str:
            line = self.probe(event(r))
            total = sum(r.faces)
            return line.split(": ", 2)[-1] + (f" · {likelihood(roll.dice, total)}" if roll.dice else "")

        title = f"#{striker} {me.name} → #{target} {foe.name} ({'magic' if magic else 'physical'})"
        self.call_after_refresh(self.roll, DiceRequest(title, roll.dice, roll.words(), check),
                                lambda r: self.record(event(r)))
        return None

    def action_rescue(self) -> None:
        known = self.catalogue("dungeon").get("Dark Dungeon")

        def submit(text: str) -> str | None:
            values = notation.parse_values(text)
            if self.record(Rescue(values)):
                self.app.repo.save_card("mm5", "dungeon", "Dark Dungeon", {"p": list(values[:2]), "m": list(values[2:])})
                return None
            return "Not recorded (see the message); esc cancels."

        shown = f"P {known['p'][0]}/{known['p'][1]} M {known['m'][0]}/{known['m'][1]}" if known else ""
        self._go("Rescue: the Dark Dungeon card's values (P atk/def M atk/def), enter to storm it", submit, shown)

    def action_thief(self) -> None:
        def submit(text: str) -> str | None:
            rescue, number, value = notation.parse_thief(text)
            check_thief(self.shown_state, rescue, number, value)
            what = f"free Holy Knight {number}" if rescue else f"steal gem {number}"

            def check(r: DiceResult) -> str:
                return self.probe(Thief(rescue, number, value, r.faces[0])).split(": ", 1)[-1]

            chance = thief_chance(value)
            request = DiceRequest(f"Thief: {what}", 1, f"1d6 ≥ {value} — {chance} = {float(chance):.1%}", check)
            self.call_after_refresh(self.roll, request,
                                    lambda r: self.record(Thief(rescue, number, value, r.faces[0], r.rolled)))
            return None

        self._go("Thief: g3 4 = steal gem 3 with a thief of 4 · k2 5 = free Holy Knight 2 with 5", submit)

    # -- battle ------------------------------------------------------------------------------

    def action_reinforce(self) -> None:
        def submit(text: str) -> str | None:
            seat, to, rest = notation.parse_reinforce(text, self.players())
            return self.with_cards(rest, lambda specs: self.record(Reinforce(seat, to, specs)))

        self._go("Reinforce: player, a|d (attacker or defender side), characters: Cleo d: Orc, Orc", submit)

    def action_spell(self) -> None:
        def submit(text: str) -> str | None:
            seat, note = notation.parse_spell(text, self.players())
            return self._done(self.record(Spell(seat, note)))

        self._go("Face-down spell: player, then a note (Ann: Holy Light)", submit)

    def action_initiative(self) -> None:
        state = self.shown_state
        if state.battle is None or not self._writable():
            self.notify("Initiative is rolled in a battle.")
            return
        if walkover(state) is not None:
            self.record(Initiative())  # the core decides it: a side with nobody loses without a roll
            return

        def check(r: DiceResult) -> str:
            if r.total or len(r.faces) != 2:
                raise Rejected("Enter both dice: the attacker's, then the defender's.")
            return self.probe(Initiative(*r.faces))

        request = DiceRequest("Initiative: the attacker's die, then the defender's", 2,
                              "each side rolls 1d6; the higher strikes first; a tie is rolled again", check)
        self.roll(request, lambda r: self.record(Initiative(*r.faces)))

    def action_remove(self) -> None:
        def submit(text: str) -> str | None:
            uid, why = notation.parse_remove(text)
            return self._done(self.record(Remove(uid, why)))

        self._go("Remove a character (spell effect, correction): id and why — 7 Fireball", submit)
