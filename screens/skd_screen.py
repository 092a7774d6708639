"""Seirei Kairo Drive at the table: the draft, plays typed as `g4 r4 +r2`, the enemy in one key.

Each key opens the entry line for one event and hands it to the core, which accepts it or says
why not. A play that defeats an enemy comes back from the core as "needs the next enemy"; the
screen then asks for that card and records the whole play as one action. Characters, enemies
and bosses are typed once and kept in the card catalogue; later their name is enough.
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.widgets import Static

from companion.core import Rejected
from companion.games.skd import events as ev
from companion.games.skd.cards import parse_play, show
from companion.games.skd.notation import (
    from_catalogue,
    known,
    parse_keep,
    parse_mana,
    parse_move,
    parse_skill,
)
from companion.games.skd.play import NeedsReveal
from companion.games.skd.rules import offered
from companion.games.skd.specs import character_data, enemy_data
from companion.text import literal
from screens.commands import Command, bindings
from screens.table_screen import BASE_ACTIONS, TableScreen

SKD_ACTIONS = (
    Command("d", "draw", "Draw", "Draw phase: the active player draws 1 (nothing if the deck is empty)"),
    Command("p", "play", "Play", "Type the cards played, e.g. g4 r4 b4 +b2; the app checks and resolves it"),
    Command("l", "level_up", "Level up", "Actions: 3 mana for +1 LV, its bonus resolved at once"),
    Command("k", "skill", "Skill", "Actions: pay a character's skill (once per character per turn)"),
    Command("e", "enemy", "Enemy phase", "The enemy attacks the deck, gains 1 mana, strong attack at its threshold"),
    Command("c", "pick", "Pick", "Draft: pick a character (catalogue name or its values)"),
    Command("x", "swap", "Swap", "Draft: swap one of yours for one still on the table (under the cap)"),
    Command("o", "pass_draft", "Pass", "Draft: take no more characters"),
    Command("v", "reveal", "Reveal enemy", "Reveal the first enemy of the normal battle"),
    Command("b", "boss_step", "Boss setup", "The next step of the boss setup"),
    Command("m", "move", "Move cards", "Cards moved by a skill: from, to, how many", show=False),
    Command("a", "mana", "Mana", "Mana given or taken by a skill: +2, or player and change", show=False),
)

# The event kind behind each key; the core says which kinds the table's stage offers, and the
# others are hidden from the footer (the hint line says why).
ACTION_EVENTS = {
    "draw": "draw", "play": "play", "level_up": "level-up", "skill": "skill", "enemy": "enemy-phase",
    "pick": "draft-pick", "swap": "draft-swap", "pass_draft": "draft-pass", "reveal": "reveal-enemy",
    "boss_step": "reveal-boss", "move": "move-cards", "mana": "adjust-mana",
}

CARD_HELP = "g r b y + number · b23 dual number · rg dual colour · * star · ^ LV · +b2 extra card after a 4"


class SkdScreen(TableScreen):
    CSS_PATH = ["table_screen.tcss", "skd_screen.tcss"]
    ACTIONS = (*SKD_ACTIONS, *BASE_ACTIONS)
    BINDINGS = bindings(*SKD_ACTIONS, *BASE_ACTIONS)

    def compose_panel(self) -> ComposeResult:
        yield Static("", id="checklist")
        yield Static("", id="skd-panel", markup=False)

    def paint_panel(self, view: Any) -> None:
        super().paint_panel(view)
        tl = self.timeline
        assert tl is not None
        # the turn checklist means nothing during the draft, the boss setup or after the end
        self.query_one("#checklist", Static).display = self.shown_state.stage in ("normal", "boss")
        self.query_one("#skd-panel", Static).update(literal("\n".join(tl.game.panel(self.shown_state)), lines=True))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        kind = ACTION_EVENTS.get(action)
        if kind is None:
            return super().check_action(action, parameters)
        tl = self.timeline
        if tl is None or self.viewing is not None:
            return None
        return offered(tl.state, kind)

    # -- helpers ------------------------------------------------------------------------------

    @property
    def state(self) -> Any:
        return self.shown_state

    def catalogue(self, kind: str) -> dict[str, dict[str, Any]]:
        return self.app.repo.cards("skd", kind)  # type: ignore[attr-defined]

    def remember(self, kind: str, spec: tuple) -> None:
        data = character_data(spec) if kind == "character" else enemy_data(spec)  # type: ignore[arg-type]
        self.app.repo.save_card("skd", kind, spec[0], data)  # type: ignore[attr-defined]

    def submit(self, event: Any) -> str | None:
        """Record `event`; if the rules refuse it, the reason stays on the entry line to fix."""
        tl = self.timeline
        assert tl is not None
        try:
            tl.game.apply(tl.state, event)
        except Rejected as exc:
            return exc.reason
        return None if self.record(event) else "Not recorded (see the message)."

    def record_card(self, event: Any, kind: str, spec: tuple, typed: bool) -> str | None:
        """Record an event carrying a card; a newly typed card goes into the catalogue."""
        error = self.submit(event)
        if error is None and typed:
            self.remember(kind, spec)
        return error

    def ask_card(self, kind: str, label: str, make: Any) -> None:
        """Ask for a card by catalogue name or values; `make(spec)` builds the event."""
        if not self._writable():
            return
        shelf = self.catalogue(kind)

        def submit(text: str) -> str | None:
            try:
                spec, typed = from_catalogue(text, shelf, kind)
            except Rejected as exc:
                return exc.reason
            return self.record_card(make(spec), kind, spec, typed)

        self.ask(f"{label} · known: {known(shelf)}", "", submit)

    # -- the draft and the first enemy ---------------------------------------------------------

    def action_pick(self) -> None:
        self.ask_card("character", "Pick: a name, or name, element, stars, Atk per LV, bonuses, cost, skill",
                      lambda spec: ev.DraftPick(spec))

    def action_swap(self) -> None:
        if not self._writable():
            return
        shelf = self.catalogue("character")

        def submit(text: str) -> str | None:
            out, sep, new = text.partition(">")
            if not sep:
                return "Type the one you give back, >, then the new one, e.g. Kai > Sol."
            try:
                spec, typed = from_catalogue(new, shelf, "character")
            except Rejected as exc:
                return exc.reason
            return self.record_card(ev.DraftSwap(out.strip(), spec), "character", spec, typed)

        self.ask(f"Swap: yours > the new one (e.g. Kai > Sol) · known: {known(shelf)}", "", submit)

    def action_pass_draft(self) -> None:
        self.record(ev.DraftPass())

    def action_reveal(self) -> None:
        self.ask_card("enemy", "First enemy: a name, or name, stars, HP, Atk, strong mana, strong damage",
                      lambda spec: ev.RevealEnemy(spec))

    # -- the turn -----------------------------------------------------------------------------

    def action_draw(self) -> None:
        self.record(ev.Draw())

    def action_play(self) -> None:
        if not self._writable():
            return
        top = self.state.top
        easy = self.state.easy

        def submit(text: str) -> str | None:
            try:
                cards = parse_play(text, easy)
            except Rejected as exc:
                return exc.reason
            return self.try_play(cards, ())

        self.ask(f"Play on {show(top) if top else 'an empty pile'}: {CARD_HELP}", "", submit)

    def try_play(self, cards: tuple, reveals: tuple) -> str | None:
        """Record the play, or first ask for each enemy its kills reveal."""
        tl = self.timeline
        assert tl is not None
        event = ev.Play(cards, reveals)
        try:
            tl.game.apply(tl.state, event)
        except NeedsReveal as exc:
            self.call_after_refresh(self.ask_reveal, cards, reveals, exc.beaten)
            return None
        except Rejected as exc:
            return exc.reason
        return self.submit(event)

    def ask_reveal(self, cards: tuple, reveals: tuple, beaten: str) -> None:
        shelf = self.catalogue("enemy")

        def submit(text: str) -> str | None:
            try:
                spec, typed = from_catalogue(text, shelf, "enemy")
            except Rejected as exc:
                return exc.reason
            if typed:
                self.remember("enemy", spec)
            return self.try_play(cards, (*reveals, spec))

        self.ask(f"{beaten} is defeated: reveal the next enemy (name, or its values) · known: {known(shelf)}",
                 "", submit)

    def action_level_up(self) -> None:
        if not self._writable():
            return
        seat = self.state.seats[self.state.active]
        options = " · ".join(
            f"{i} {c.name} LV{c.lv}→{c.lv + 1} {c.bonus_at(c.lv + 1) or ''}".rstrip()
            for i, c in enumerate(seat.party, 1) if c.lv < c.cap
        ) or "everyone is at the top LV"

        def submit(text: str) -> str | None:
            return self.submit(ev.LevelUp(text.strip()))

        self.ask(f"Level up ({seat.mana} mana, 3 per LV): {options}", "", submit)

    def action_skill(self) -> None:
        if not self._writable():
            return
        seat = self.state.seats[self.state.active]
        options = " · ".join(f"{i} {c.name} [{c.cost or '—'}] {c.skill}" for i, c in enumerate(seat.party, 1))

        def submit(text: str) -> str | None:
            try:
                name, x = parse_skill(text)
            except Rejected as exc:
                return exc.reason
            return self.submit(ev.Skill(name, x))

        self.ask(f"Skill ({seat.mana} mana; X★: add the mana, e.g. 2 3): {options}", "", submit)

    def action_enemy(self) -> None:
        self.record(ev.EnemyPhase())

    def action_move(self) -> None:
        if not self._writable():
            return

        def submit(text: str) -> str | None:
            try:
                event = ev.MoveCards(*parse_move(text))
            except Rejected as exc:
                return exc.reason
            return self.submit(event)

        self.ask("Move cards: from to count [player], e.g. discard hand 1 · discard deck 2", "", submit)

    def action_mana(self) -> None:
        if not self._writable():
            return

        def submit(text: str) -> str | None:
            try:
                seat, delta = parse_mana(text, self.state.active)
            except Rejected as exc:
                return exc.reason
            return self.submit(ev.AdjustMana(seat, delta))

        self.ask("Mana: +2 for the active player, or a player number and the change, e.g. 2 -1", "", submit)

    # -- the boss setup -------------------------------------------------------------------------

    def action_boss_step(self) -> None:
        if not self._writable():
            return
        stage = self.state.stage
        if stage == "boss-reveal":
            self.ask_card("boss", "Boss setup 1/3, the boss: a name, or name, stars, HP, Atk, strong mana, damage",
                          lambda spec: ev.RevealBoss(spec))
        elif stage == "boss-keep":
            hands = ", ".join(f"{s.name} {s.hand}" for s in self.state.seats)

            def submit(text: str) -> str | None:
                try:
                    kept = parse_keep(text, len(self.state.seats))
                except Rejected as exc:
                    return exc.reason
                return self.submit(ev.BossKeep(kept))

            self.ask(f"Boss setup 2/3: cards each player keeps (0–2), in seat order · hands now: {hands}", "", submit)
        elif stage == "boss-deal":
            if self.record(ev.BossDeal()):
                self.notify("Shuffle the play pile, deal each hand up to 4; the rest is the new deck.")
        else:
            self.notify("The boss setup starts when the normal battle ends.")
