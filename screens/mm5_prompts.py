"""The typed prompts of the Monster Maker 5 screen: each turns one line of text into an event.

Kept apart from mm5_screen.py so each file stays small; the parsing of card lists and values
is the core's (companion.games.mm5.cards), and every event is checked by the core before the
dice tray opens or anything is saved. New card values reach the catalogue only when the event
that used them is accepted, so a refused action leaves no half-typed card behind.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from companion.core import Rejected
from companion.games.mm5.battle import members, prepare_strike
from companion.games.mm5.cards import (
    PLAYABLE_KINDS,
    Spec,
    catalogue_entry,
    from_catalogue,
    knight_name,
    parse_card,
    parse_names,
    parse_values,
)
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
from companion.games.mm5.odds import likelihood, thief_chance
from companion.numbers import LIMIT, is_seat_number, whole
from screens.dice_tray_modal import DiceRequest, DiceResult

KINDS_HELP = "kinds: " + ", ".join(PLAYABLE_KINDS)


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

    def seat_of(self, text: str) -> int:
        text = text.strip().lstrip("#")
        players = self.shown_state.players
        if is_seat_number(text, len(players)):
            return int(text) - 1
        hits = [i for i, s in enumerate(players) if s.name.casefold().startswith(text.casefold())]
        if len(hits) != 1 or not text:
            raise Rejected(f"{text!r} is not a player: type a seat number 1–{len(players)} or a name.")
        return hits[0]

    def catalogue(self, kind: str = "character") -> dict[str, dict[str, Any]]:
        return self.app.repo.cards("mm5", kind)

    def save(self, spec: Spec) -> None:
        self.app.repo.save_card("mm5", "character", spec[0], catalogue_entry(spec))

    def with_cards(self, text: str, then: Callable[[tuple[Spec, ...]], bool]) -> str | None:
        """Resolve card names (asking for unknown ones), then record; save new cards if accepted."""
        try:
            names = parse_names(text)
        except Rejected as exc:
            return exc.reason
        known = {k.casefold(): (k, v) for k, v in self.catalogue().items()}
        new: dict[str, Spec] = {n.casefold(): s for n, s in names if s is not None}
        specs: list[Spec | None] = []
        for name, spec in names:
            if spec is None and name.casefold() in known:
                spec = from_catalogue(*known[name.casefold()])
            specs.append(spec or new.get(name.casefold()))

        def finish() -> None:
            if then(tuple(s for s in specs if s is not None)):
                for spec in new.values():
                    self.save(spec)

        def ask_next() -> None:
            todo = [i for i, s in enumerate(specs) if s is None]
            if not todo:
                finish()
                return
            name = names[todo[0]][0]

            def submit(answer: str) -> str | None:
                try:
                    spec = parse_card(name, answer)
                except Rejected as exc:
                    return exc.reason
                new[name.casefold()] = spec
                for i in todo:
                    if names[i][0].casefold() == name.casefold():
                        specs[i] = spec
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
            words = text.strip().lower().split()
            if deal:
                if len(words) < 2:
                    return "During the deal type the player and what was placed: 2 g3 k5."
                seat = self.seat_of(words[0])
                for what in words[1:]:  # a dealt hand may hold several gems and knights
                    error = self.draw_one(what, seat)
                    if error:
                        return error
                return None
            if len(words) != 1:
                return "One card is drawn: c, g3, k3 or empty."
            return self.draw_one(words[0], None)

        label = "Dealt: player then what was placed, e.g. 2 g3 k5 (gem 3, Holy Knight 5)" if deal else \
            "Drew: c = a card · g3 = gem 3 · k3 = Holy Knight 3 · empty = the deck is empty"
        self._go(label, submit)

    def draw_one(self, what: str, seat: int | None) -> str | None:
        if what in {"c", "card"} and seat is None:
            return self._done(self.record(Draw("card")))
        if what in {"empty", "e"} and seat is None:
            return self._done(self.record(Draw("empty")))
        m = re.fullmatch(r"([gk])(\d+)", what)
        if not m:
            return f"{what!r}: type c (a card), g3 (gem 3), k3 (Holy Knight 3) or empty."
        number = whole(m.group(2), "The gem or knight number", 0, LIMIT)
        if m.group(1) == "g":
            return self._done(self.record(Draw("gem", number, seat=seat)))
        return self.knight(number, seat)

    def knight(self, number: int, seat: int | None) -> str | None:
        name = knight_name(number)
        known = self.catalogue().get(name)
        if known is not None:
            return self._done(self.record(Draw("knight", number, from_catalogue(name, known), seat)))

        def values(text: str) -> str | None:
            spec: Spec = (name, "knight", *parse_values(text), number)
            if self.record(Draw("knight", number, spec, seat)):
                self.save(spec)
                return None
            return "Not recorded (see the message)."

        self.call_after_refresh(self.ask, f"{name}'s values from the card (P 4/5 M 3/4)", "", self.rejected(values))
        return None

    def action_begin(self) -> None:
        self._go("The deal is placed. Who goes first (die roll)? Seat number or name",
                 lambda t: self._done(self.record(Begin(self.seat_of(t)))))

    def action_declare(self) -> None:
        def submit(text: str) -> str | None:
            whisper = "!" in text
            head, _, rest = text.replace("!", " ").strip().partition(" ")
            side = {"l": "light", "light": "light", "d": "dark", "dark": "dark"}.get(head.lower().rstrip(":"))
            if side is None:
                return "Start with light or dark, e.g. dark Orc, Orc (add ! for the whisper)."
            return self.with_cards(rest.lstrip(": "), lambda specs: self.record(Declare(side, specs, whisper)))

        self._go("Declare: light or dark, then any characters played: dark Orc, Dark Mage · ! marks the whisper", submit)

    def action_enter(self) -> None:
        self._go("Play characters of your faction: Orc, Dark Mage (new: Goblin = orc P 2/1 M 0/1)",
                 lambda t: self.with_cards(t, lambda specs: self.record(Enter(specs))))

    def action_hand(self) -> None:
        def submit(text: str) -> str | None:
            who, _, n = text.strip().rpartition(" ")
            if not n[:1].isdigit() or not who:
                return "Type the player and the count: Bob 6."
            return self._done(self.record(HandCount(self.seat_of(who), whole(n, "The count", 0, LIMIT))))

        self._go("Hand count: player and number of cards (Bob 6)", submit)

    def action_discard(self) -> None:
        if self._writable():
            self.record(Discard())

    def action_catalogue(self) -> None:
        def submit(text: str) -> str | None:
            name, eq, values = text.partition("=")
            if not eq:
                return "Type Name = kind P a/d M a/d, e.g. Goblin = orc P 2/1 M 0/1."
            spec = parse_card(name, values)
            self.save(spec)
            self.notify(f"{spec[0]} saved: {values.strip()}")
            return None

        self._go(f"Card values: Name = kind P a/d M a/d ({KINDS_HELP})", submit)

    # -- actions -----------------------------------------------------------------------------

    def action_attack(self) -> None:
        state = self.shown_state
        if state.battle is None:
            self._go("Attack whom? Seat number or name",
                     lambda t: self._done(self.record(Attack(self.seat_of(t)))))
            return
        self._go("Strike: striker target p|m (ids from the battle panel): 3 7 p", self.strike)

    def strike(self, text: str) -> str | None:
        m = re.fullmatch(r"#?(\d+)\s+#?(\d+)\s+([pm])\w*", text.strip().lower())
        if not m:
            return "Type the striker's id, the target's id and p or m: 3 7 p."
        striker, target = (whole(g, "An id", 0, LIMIT) for g in m.group(1, 2))
        magic = m.group(3) == "m"
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
            values = parse_values(text)
            if self.record(Rescue(values)):
                self.app.repo.save_card("mm5", "dungeon", "Dark Dungeon", {"p": list(values[:2]), "m": list(values[2:])})
                return None
            return "Not recorded (see the message); esc cancels."

        shown = f"P {known['p'][0]}/{known['p'][1]} M {known['m'][0]}/{known['m'][1]}" if known else ""
        self._go("Rescue: the Dark Dungeon card's values (P atk/def M atk/def), enter to storm it", submit, shown)

    def action_thief(self) -> None:
        def submit(text: str) -> str | None:
            m = re.fullmatch(r"([gk])\s*(\d+)\s+(\d+)", text.strip().lower())
            if not m:
                return "Type g3 4 (steal gem 3, thief number 4) or k2 5 (free Holy Knight 2, number 5)."
            rescue = m.group(1) == "k"
            number, value = (whole(g, "The number", 0, LIMIT) for g in m.group(2, 3))
            self.probe(Thief(rescue, number, value, max(1, min(value, 6))))  # legal apart from the die?
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
            m = re.fullmatch(r"\s*(\S+)\s+(a|d|attacker|defender)\s*:?\s*(.*)", text, re.I)
            if not m:
                return "Type the player, a or d (the side) and the characters: Cleo d: Orc, Orc."
            seat, to = self.seat_of(m.group(1)), "attacker" if m.group(2).lower().startswith("a") else "defender"
            return self.with_cards(m.group(3), lambda specs: self.record(Reinforce(seat, to, specs)))

        self._go("Reinforce: player, a|d (attacker or defender side), characters: Cleo d: Orc, Orc", submit)

    def action_spell(self) -> None:
        def submit(text: str) -> str | None:
            who, _, note = text.partition(":") if ":" in text else text.partition(" ")
            return self._done(self.record(Spell(self.seat_of(who), note.strip())))

        self._go("Face-down spell: player, then a note (Ann: Holy Light)", submit)

    def action_initiative(self) -> None:
        state = self.shown_state
        if state.battle is None or not self._writable():
            self.notify("Initiative is rolled in a battle.")
            return
        if not members(state, 0) or not members(state, 1):
            self.record(Initiative(0, 0))  # a side with nobody loses without a roll
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
            uid, _, why = text.strip().lstrip("#").partition(" ")
            if not uid[:1].isdigit():
                return "Type the character's id and why: 7 Fireball."
            return self._done(self.record(Remove(whole(uid, "The id", 0, LIMIT), why.strip())))

        self._go("Remove a character (spell effect, correction): id and why — 7 Fireball", submit)
