"""Monster Maker 5 Rev. at the table: its panels, the battle, the last roll, the win chance.

Every key is the game's (companion.games.mm5.keys): it opens the question the core builds, for
one table event, with the remembered cards the frame reads from the store. This screen adds
the panels: the attacker's exact chance to win a battle under best play, and the best strike,
are solved in a worker thread so the table never freezes (a solve over half a second shows its
progress); the strike's and the reinforcements' questions read that solution (`solved`). Two
of the game's keys work on this screen alone, named by `Key.screen`: `o` solves the panel's
win chance again (`show_odds`), `D` opens the dice tray to roll dice that record nothing
(`dice_tray`).
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.widgets import Static

from companion.games.mm5.advice import Advice, battle_advice
from companion.games.mm5.view import battle_lines, mage_note, next_step
from companion.games.mm5.whatif import WhatIf, panel, what_ifs
from companion.numbers import whole
from companion.text import literal, markup
from screens.dice_tray_modal import DiceRequest, DiceResult, DiceTrayModal
from screens.store_access import store
from screens.table_screen import TableScreen


class MM5Screen(TableScreen):
    CSS_PATH = "mm5_screen.tcss"

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

    def solved(self) -> Mapping[str, Any]:
        """The panel's solution for the state now, for the strike's and reinforcements' questions
        (None, or no what-ifs, while the worker solves)."""
        return {"advice": self.strike_advice(), "whatifs": self.reinforce_whatifs()}

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

    def reinforce_whatifs(self) -> list[WhatIf]:
        return self.whatifs[1] if self.whatifs[0] is self.shown_state else []

    def strike_advice(self) -> Advice | None:
        """The advice for the table shown, once solved (the strike prompt lists its strikes)."""
        return self.advice[1] if self.advice is not None and self.advice[0] is self.shown_state else None


def show_odds(screen: MM5Screen) -> None:
    """`o`: solve the battle's win chance again (the panel shows it); outside a battle, say so."""
    if screen.shown_state.battle is None:
        screen.notify("The win chance is shown during a battle; start one with a (attack) or r (rescue).")
        return
    screen.estimate()


def dice_tray(screen: MM5Screen) -> None:
    """`D`: the dice tray for dice the table rolls for itself, with how likely the roll was;
    it records nothing."""
    from companion.games.mm5.odds import check_roll, likelihood

    def submit(text: str) -> str | None:
        n = whole(text, "The number of dice", 1, 12)

        def check(r: DiceResult) -> str:
            return likelihood(n, check_roll(n, r.faces, r.total))

        request = DiceRequest("Dice tray", n, "", check, records=False)
        screen.app.push_screen(DiceTrayModal(request, screen.rng))  # keys wait for it
        return None

    screen.ask("Dice tray: how many six-sided dice?", "2", submit)
