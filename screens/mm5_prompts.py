"""The Monster Maker 5 questions still asked by the screen: the draw, the strike, the thief, the initiative.

Every other question is a Prompt the core builds (companion.games.mm5.prompts) and the shared
driver opens (`act`). These four still need what the core Prompt cannot say yet: the dice tray,
the empty deck's confirmation, and a new Holy Knight asked in the middle of a deal line. What
the text means is the core's (companion.games.mm5.notation), and every event is checked by the
core before the dice tray opens or anything is saved.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from companion.core import Rejected
from companion.games.mm5 import notation, prompts
from companion.games.mm5.cards import (
    Spec,
    catalogue_entry,
    from_catalogue,
    knight_name,
)
from companion.games.mm5.events import (
    Discard,
    Draw,
)
from companion.games.mm5.rules import check_knight
from screens.confirm_modal import ConfirmModal
from screens.store_access import store


class MM5Prompts:
    """Mixed into MM5Screen (a TableScreen): ask, record, notify, roll and probe come from there."""

    ask: Callable[..., None]
    record: Callable[[Any], bool]
    attempt: Callable[[Any], str | None]
    notify: Callable[..., None]
    roll: Callable[..., None]
    probe: Callable[[Any], str]
    act: Callable[..., None]
    call_after_refresh: Callable[..., Any]
    app: Any
    shown_state: Any
    _writable: Callable[[], bool]
    strike_advice: Callable[[], Any]
    shown_game: Callable[[], Any]
    reinforce_whatifs: Callable[[], Any]

    # -- helpers -----------------------------------------------------------------------------

    def players(self) -> tuple[str, ...]:
        return tuple(seat.name for seat in self.shown_state.players)

    def catalogue(self, kind: str = "character") -> dict[str, dict[str, Any]]:
        return store(self.app).cards("mm5", kind)

    def save(self, spec: Spec) -> None:
        store(self.app).save_card("mm5", "character", spec[0], catalogue_entry(spec))

    def rejected(self, fn: Callable[[str], str | None]) -> Callable[[str], str | None]:
        def run(text: str) -> str | None:
            try:
                return fn(text)
            except Rejected as exc:
                return exc.reason

        return run

    def _go(
        self,
        label: str,
        fn: Callable[[str], str | None],
        value: str = "",
        suggest: Iterable[str] = (),
        select: bool = False,
        advice: str = "",
    ) -> None:
        """Open the line; with `select` the value is a filled-in default that typing replaces."""
        if self._writable():
            self.ask(label, value, self.rejected(fn), suggest, select, advice)

    # -- the turn ----------------------------------------------------------------------------

    def action_draw(self) -> None:
        deal = self.shown_state.phase == "deal"

        def submit(text: str) -> str | None:
            seat, items = notation.parse_draw(text, deal, self.players())
            if items == [("empty", 0)]:
                self.call_after_refresh(self.confirm_empty)
                return None
            return self.place(seat, items)

        label = (
            "Dealt: player then what was placed, e.g. 2 g3 k5 (gem 3, Holy Knight 5)"
            if deal
            else "Drew: c = a card (filled in: enter) · g3 = gem 3 · k3 = Holy Knight 3 · empty = the deck is empty"
        )
        # Most draws are a card: filled in, so `d enter` records one and any other key replaces it.
        self._go(label, submit, "" if deal else "c", select=not deal)

    def place(self, seat: int | None, items: list[notation.Item]) -> str | None:
        """Record what was drawn or dealt, in order; each new Holy Knight's values are asked for
        on the way (the core first checks that the knight can be drawn at all)."""
        items = list(items)
        while items:
            what, number = items.pop(0)
            if what != "knight":
                if reason := self.attempt(Draw(what, number, seat=seat)):
                    return reason
                continue
            check_knight(self.shown_state, number)
            name = knight_name(number)
            known = self.catalogue().get(name)
            if known is None:
                self.call_after_refresh(self.ask_knight, number, seat, items)
                return None
            if reason := self.attempt(Draw("knight", number, from_catalogue(name, known), seat)):
                return reason
        return None

    def ask_knight(self, number: int, seat: int | None, rest: list[notation.Item]) -> None:
        name = knight_name(number)

        def values(text: str) -> str | None:
            spec: Spec = (name, "knight", *notation.parse_values(text), number)
            if reason := self.attempt(Draw("knight", number, spec, seat)):
                return reason
            self.save(spec)
            if rest:  # the rest of a deal line, after this knight
                self.call_after_refresh(self.place_rest, seat, rest)
            return None

        self.ask(f"{name}'s values from the card (P 4/5 M 3/4)", "", self.rejected(values))

    def place_rest(self, seat: int | None, rest: list[notation.Item]) -> None:
        error = self.rejected(lambda _text: self.place(seat, rest))("")
        if error:
            self.notify(error, severity="error")

    def confirm_empty(self) -> None:
        def done(yes: bool | None) -> None:
            if yes:
                self.record(Draw("empty"))

        question = "The deck is empty: drawing from it ends the game now. End the game? (undo reopens it)"
        self.app.push_screen(ConfirmModal(question), done)

    def action_begin(self) -> None:
        self.act(prompts.begin_prompt)

    def action_declare(self) -> None:
        self.act(lambda state: prompts.declare(state, self.catalogue()))

    def action_enter(self) -> None:
        self.act(lambda state: prompts.enter_prompt(state, self.catalogue()))

    def action_hand(self) -> None:
        self.act(prompts.hand_prompt)

    def action_discard(self) -> None:
        if self._writable():
            self.record(Discard())

    def action_catalogue(self) -> None:
        from screens.catalogue_screen import CatalogueScreen

        self.app.push_screen(CatalogueScreen(self.shown_game()))

    # -- actions -----------------------------------------------------------------------------

    def action_attack(self) -> None:
        if self.shown_state.battle is None:
            self.act(prompts.target_prompt)
            return
        self.act(lambda state: prompts.strike_prompt(state, self.strike_advice()))

    def action_rescue(self) -> None:
        self.act(lambda state: prompts.rescue_prompt(state, self.catalogue("dungeon").get("Dark Dungeon")))

    def action_thief(self) -> None:
        self.act(prompts.thief_prompt)

    # -- battle ------------------------------------------------------------------------------

    def action_reinforce(self) -> None:
        self.act(lambda state: prompts.reinforce_prompt(state, self.catalogue(), self.reinforce_whatifs()))

    def action_spell(self) -> None:
        self.act(prompts.spell_prompt)

    def action_initiative(self) -> None:
        self.act(prompts.initiative)

    def action_remove(self) -> None:
        self.act(prompts.remove_prompt)
