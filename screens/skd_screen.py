"""Seirei Kairo Drive at the table: the draft, plays typed as `g4 r4 +r2`, the enemy in one key.

Each key opens the entry line for one event and hands it to the core, which accepts it or says
why not. A play that defeats an enemy comes back from the core as "needs the next enemy"; the
screen then asks for that card and records the whole play as one action (screens/skd_prompts.py
holds the card catalogue and reveal prompts).
"""

from __future__ import annotations

from typing import Any

from textual import events
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

from companion.core import Rejected
from companion.games.skd import events as ev
from companion.games.skd.cards import show
from companion.games.skd.forecast import hits_per_card
from companion.games.skd.notation import (
    EFFECT_WORDS,
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
)
from companion.games.skd.notation import (
    shelf as names,
)
from companion.games.skd.play import offered_constants
from companion.games.skd.rules import playing_now
from companion.games.skd.turn import x_question
from companion.games.skd.view import banner, panel, skill_prompt, skill_words
from companion.text import literal
from screens.commands import Command, bindings
from screens.skd_prompts import SkdPrompts
from screens.table_screen import BASE_ACTIONS

SKD_ACTIONS = (
    Command("d", "draw", "Draw", "Draw phase: the active player draws 1 (nothing if the deck is empty)"),
    Command(
        "p",
        "play",
        "Play",
        "The cards played, e.g. g4 r4 b4 +b2 (in the play step, just type them); checked and resolved",
    ),
    Command("l", "level_up", "Level up", "Actions: 3 mana for +1 LV, its bonus resolved at once"),
    Command(
        "k",
        "skill",
        "Skill",
        "Actions: a skill by its number (the card's effect applies) or Rin: damage 3 (once per character per turn)",
    ),
    Command("e", "enemy", "Enemy phase", "The enemy attacks the deck, gains 1 mana, strong attack at its threshold"),
    Command("c", "pick", "Pick", "Draft: pick a character (catalogue name or its values)"),
    Command("C", "catalogue", "Catalogue", "Every remembered character, enemy and boss: filter, edit, delete"),
    Command("x", "swap", "Swap", "Draft: swap one of yours for one still on the table (under the cap)"),
    Command("o", "pass_draft", "Pass", "Draft: take no more characters"),
    Command("v", "reveal", "Reveal enemy", "Reveal the first enemy of the normal battle"),
    Command("b", "boss_step", "Boss setup", "The next step of the boss setup"),
    Command("m", "move", "Move cards", "Cards moved by a skill: from, to, how many", show=False),
    Command("a", "mana", "Mana", "Mana given or taken by a skill: +2, or player and change", show=False),
    Command(
        "h", "correct", "Correct enemy", "Set the enemy's HP or mana to what the table shows (a correction)", show=False
    ),
)

PLAY_STARTS = frozenset("grby+")  # what a play's first card starts with
CARD_HELP = "g r b y + number · b23 dual number · rg dual colour · * star · ^ LV · +b2 extra card after a 4"


class SkdScreen(SkdPrompts):
    CSS_PATH = ["table_screen.tcss", "skd_screen.tcss"]
    ACTIONS = (*SKD_ACTIONS, *BASE_ACTIONS)
    BINDINGS = bindings(*SKD_ACTIONS, *BASE_ACTIONS)

    def compose_panel(self) -> ComposeResult:
        yield Static("", id="checklist")
        with VerticalScroll(id="skd-scroll"):
            yield Static("", id="skd-banner", markup=False)
            yield Static("", id="skd-panel", markup=False)

    def paint_panel(self, view: Any) -> None:
        super().paint_panel(view)
        state = self.shown_state
        # the turn checklist means nothing during the draft, the boss setup or after the end
        self.query_one("#checklist", Static).display = state.stage in ("normal", "boss")
        warning = banner(state)
        self.query_one("#skd-banner", Static).display = bool(warning)
        self.query_one("#skd-banner", Static).update(literal(warning))
        self.query_one("#skd-panel", Static).update(literal("\n".join(panel(state)), lines=True))

    # -- the draft and the first enemy ---------------------------------------------------------

    def action_catalogue(self) -> None:
        from screens.catalogue_screen import CatalogueScreen

        if self.timeline is not None:
            self.app.push_screen(CatalogueScreen(self.timeline.game))

    def action_pick(self) -> None:
        self.ask_card(
            "character",
            "Pick: a name, or name, element, stars, Atk per LV, bonuses, cost, skill",
            lambda spec: ev.DraftPick(spec),
        )

    def action_swap(self) -> None:
        if not self._writable():
            return
        shelf = self.catalogue("character")
        taken = self.taken("character")

        party = tuple(c.name for c in self.state.seats[self.drafting()].party)

        def submit(text: str) -> str | None:
            try:
                out, spec, typed = parse_swap(text, shelf, taken, party)
            except Rejected as exc:
                return exc.reason
            return self.record_card(ev.DraftSwap(out, spec), "character", spec, typed)

        mine = party[0] if party else "Kai"
        other = next(iter(names(shelf, taken)), "Sol")
        self.ask(
            f"Swap: yours > the new one (e.g. {mine} > {other}) · known: {known(shelf, taken, 'character')}",
            "",
            submit,
            suggest=[*party, *names(shelf, taken)],
        )

    def action_pass_draft(self) -> None:
        self.record(ev.DraftPass())

    def action_reveal(self) -> None:
        self.ask_card(
            "enemy",
            "First enemy: a name, or name, stars, HP, Atk, strong mana, strong damage",
            lambda spec: ev.RevealEnemy(spec),
        )

    # -- the turn -----------------------------------------------------------------------------

    def action_draw(self) -> None:
        self.record(ev.Draw())

    async def _handle_key(self, event: events.Key) -> bool:
        """In the play step a colour letter starts the play: `g4 r4 enter` is the whole play."""
        if (
            not self.entry_open
            and event.character in PLAY_STARTS
            and self.viewing is None
            and self.timeline is not None
            and playing_now(self.timeline.state)
        ):
            self.action_play(event.character)
            return True
        return await super()._handle_key(event)

    def action_play(self, typed: str = "") -> None:
        if not self._writable():
            return
        top = self.state.top
        easy, active = self.state.easy, self.state.active

        def submit(text: str) -> str | None:
            try:
                cards, constant = parse_play_line(text, easy, active)
                offers = offered_constants(self.state, cards, constant)
            except Rejected as exc:
                return exc.reason

            def play(chosen: tuple[Any, ...] = ()) -> str | None:
                return self.try_with_reveals(lambda r: ev.Play(cards, r, (*constant, *chosen)), (), back)

            def back() -> None:
                self.action_play(text)

            if not offers:
                return play()
            self.ask_then(offer_label(offers, skill_words(self.state)), lambda a: play(parse_offer(a, offers)), back)
            return None

        self.ask(
            f"Play on {show(top) if top else 'an empty pile'}: {CARD_HELP} · ; Name: effects for a constant skill",
            typed,
            submit,
            advice=hits_per_card(self.state),
        )

    def action_level_up(self) -> None:
        if not self._writable():
            return
        seat = self.state.seats[self.state.active]
        options = (
            " · ".join(
                f"{i} {c.name} LV{c.lv}→{c.lv + 1} {c.bonus_at(c.lv + 1) or ''}".rstrip()
                for i, c in enumerate(seat.party, 1)
                if c.lv < c.cap
            )
            or "everyone is at the top LV"
        )

        def submit(text: str) -> str | None:
            return self.submit(ev.LevelUp(text.strip()))

        self.ask(
            f"Level up ({seat.mana} mana, 3 per LV): {options}",
            "",
            submit,
            suggest=[c.name for c in seat.party if c.lv < c.cap],
        )

    def action_skill(self, typed: str = "") -> None:
        if not self._writable():
            return
        seat = self.state.seats[self.state.active]
        active = self.state.active

        def submit(text: str) -> str | None:
            try:
                name, x, effects = parse_skill_line(text, active)
            except Rejected as exc:
                return exc.reason

            def use(x: int) -> str | None:
                return self.try_with_reveals(
                    lambda r: ev.Skill(name, x, effects, r), (), lambda: self.action_skill(text)
                )

            if question := x_question(self.state, name, x):
                self.ask_then(question, lambda answer: use(parse_x(answer)), lambda: self.action_skill(text))
                return None
            return use(x)

        self.ask(
            skill_prompt(self.state),
            typed,
            submit,
            suggest=[*(c.name for c in seat.party if c.cost not in ("", "constant")), *EFFECT_WORDS],
        )

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

        self.ask(mana_label(self.state), "", submit)

    def action_correct(self) -> None:
        if not self._writable():
            return
        e = self.state.enemy
        if e is None:
            self.explain("There is no enemy on the table to correct.")
            return

        def submit(text: str) -> str | None:
            try:
                hp, mana = parse_correction(text)
            except Rejected as exc:
                return exc.reason
            return self.submit(ev.CorrectEnemy(hp, mana))

        self.ask(f"Correct {e.name} to the table's tokens (now HP {e.hp}, mana {e.mana}): hp 7 · mana 2", "", submit)

    # -- the boss setup -------------------------------------------------------------------------

    def action_boss_step(self) -> None:
        if not self._writable():
            return
        stage = self.state.stage
        if stage == "boss-reveal":
            self.ask_card(
                "boss",
                "Boss setup 1/3, the boss: a name, or name, stars, HP, Atk, strong mana, damage",
                lambda spec: ev.RevealBoss(spec),
            )
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
                self.explain("Shuffle the play pile, deal each hand up to 4; the rest is the new deck.")
        else:
            self.explain("The boss setup starts when the normal battle ends.")
