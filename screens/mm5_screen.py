"""Monster Maker 5 Rev. at the table: fields, factions, the Dungeon, battles, thieves, the end.

Every key opens the question the core builds (companion.games.mm5.prompts), the entry line or the dice tray, for one table event; the typed text is
turned into an event and handed to the core, which accepts it or says why not. Card values
come from the per-game catalogue in the database; a name the catalogue does not know is asked
for once ("orc P 2/1 M 0/1") and saved for later sessions. The attacker's exact chance to win
a battle under best play, and the best strike, are solved in a worker thread so the table never
freezes; a solve that takes over half a second shows its progress.
"""

from __future__ import annotations

import time
from typing import Any

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.widgets import Static

from companion.games.mm5 import prompts
from companion.games.mm5.advice import Advice, battle_advice
from companion.games.mm5.view import battle_lines, mage_note, next_step
from companion.games.mm5.whatif import WhatIf, panel, what_ifs
from companion.numbers import whole
from companion.text import literal, markup
from screens.commands import Command
from screens.dice_tray_modal import DiceRequest, DiceResult, DiceTrayModal
from screens.store_access import store
from screens.table_screen import TableScreen

# Keys of this screen's panels (the game's own are companion.games.mm5.keys).
MM5_OWN = (
    Command("o", "odds", "Win chance", "The attacker's exact chance to win the battle, and the best strike"),
    Command("D", "dice_tray", "Dice", "The dice tray: roll, or enter physical dice", key_display="D"),
    Command("c", "catalogue", "Catalogue", "Every remembered card: filter, edit, delete", show=False),
)


class MM5Screen(TableScreen):
    CSS_PATH = "mm5_screen.tcss"
    OWN_ACTIONS = MM5_OWN

    def __init__(self, session_id: int) -> None:
        super().__init__(session_id)
        self.advice: tuple[object, Advice] | None = None  # (the state it is for, the advice)
        self.whatifs: tuple[object, list[WhatIf]] = (None, [])  # the reinforcement what-ifs, likewise

    def compose_panel(self) -> ComposeResult:
        yield Static("", id="checklist")
        yield Static("", id="mm5-battle")
        yield Static("", id="mm5-roll")
        yield Static("", id="mm5-odds")
        yield Static("", id="mm5-hint")

    def paint_panel(self, view) -> None:  # type: ignore[no-untyped-def]
        super().paint_panel(view)
        state = self.shown_state
        # Names and card names are player text.
        self.query_one("#mm5-battle", Static).update(literal("\n".join(battle_lines(state)), lines=True))
        self.query_one("#mm5-roll", Static).update(literal(f"Last roll: {state.last_roll}" if state.last_roll else ""))
        hint: Text | str = literal("\n".join(x for x in (next_step(state), mage_note(state)) if x), lines=True)
        result = self.timeline.game.result(state) if self.timeline else None
        if result is not None:
            won = ", ".join(result.winners) or "nobody (a draw)"
            hint = f"[b]Winner: {markup(won)}[/b] — {markup(result.reasoning)}"
        self.query_one("#mm5-hint", Static).update(hint)
        if state.battle is not None:
            self.estimate()
        else:
            self.query_one("#mm5-odds", Static).update("")

    def catalogue(self, kind: str = "character") -> dict[str, dict[str, Any]]:
        return store(self.app).cards("mm5", kind)

    # -- the turn ----------------------------------------------------------------------------

    def action_draw(self) -> None:
        self.act(lambda state: prompts.draw_prompt(state, self.catalogue()))

    def action_declare(self) -> None:
        self.act(lambda state: prompts.declare(state, self.catalogue()))

    def action_enter(self) -> None:
        self.act(lambda state: prompts.enter_prompt(state, self.catalogue()))

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

    # -- battle ------------------------------------------------------------------------------

    def action_reinforce(self) -> None:
        self.act(lambda state: prompts.reinforce_prompt(state, self.catalogue(), self.reinforce_whatifs()))

    # -- the win chance ----------------------------------------------------------------------

    def action_odds(self) -> None:
        state = self.shown_state
        if state.battle is None:
            self.notify("The win chance is shown during a battle; start one with a (attack) or r (rescue).")
            return
        self.estimate()

    @work(thread=True, exclusive=True, group="mm5-odds")
    def estimate(self) -> None:
        state = self.shown_state
        started = last = time.monotonic()

        def progress(done: int, total: int) -> None:
            nonlocal last
            now = time.monotonic()
            if now - started > 0.5 and now - last > 0.2:
                last = now
                self.app.call_from_thread(
                    self._odds, state, f"Win chance: solving exactly… {done:,} of up to {total:,} lineups"
                )

        advice = battle_advice(state, progress=progress)
        found = what_ifs(state, self.app.call_from_thread(self.catalogue))
        self.whatifs = (state, found)
        self.app.call_from_thread(self._odds, state, "\n".join(panel(state, advice, found)), advice)

    def _odds(self, state, text: str, advice: Advice | None = None) -> None:  # type: ignore[no-untyped-def]
        if state is not self.shown_state:
            return  # a worker for an older lineup finished late: its answer is stale
        if advice is not None:
            self.advice = (state, advice)
        self.query_one("#mm5-odds", Static).update(literal(text, lines=True))

    def shown_game(self) -> Any:
        from companion.games.mm5 import GAME

        return self.timeline.game if self.timeline is not None else GAME

    def reinforce_whatifs(self) -> list[WhatIf]:
        return self.whatifs[1] if self.whatifs[0] is self.shown_state else []

    def strike_advice(self) -> Advice | None:
        """The advice for the table shown, once solved (the strike prompt lists its strikes)."""
        return self.advice[1] if self.advice is not None and self.advice[0] is self.shown_state else None

    # -- the dice tray -----------------------------------------------------------------------

    def roll(self, request: DiceRequest, then) -> None:  # type: ignore[no-untyped-def]
        """Open the tray; `then(result)` records the event built from the faces."""

        def done(result: DiceResult | None) -> None:
            if result is not None:
                then(result)

        self.app.push_screen(DiceTrayModal(request, self.rng), done)

    def action_dice_tray(self) -> None:
        from companion.games.mm5.odds import check_roll, likelihood

        def submit(text: str) -> str | None:
            n = whole(text, "The number of dice", 1, 12)

            def check(r: DiceResult) -> str:
                return likelihood(n, check_roll(n, r.faces, r.total))

            self.roll(DiceRequest("Dice tray", n, "", check, records=False), lambda r: None)  # keys wait for it
            return None

        self.ask("Dice tray: how many six-sided dice?", "2", submit)
