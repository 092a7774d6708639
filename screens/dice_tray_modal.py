"""The dice tray: roll six-sided dice in the app, or type the faces of physical dice.

Any game screen can open it with a `DiceRequest`. The tray holds no rules: the request's
`check` (from the game's core) refuses a roll that cannot happen and says what the roll
means and how likely it was. Typed faces that pass the check are returned on that enter (the
log shows what they did, and undo takes them back); an app roll is shown first and returned
on the next enter. A request that records nothing (the stand-alone tray) only shows the words.
An app roll uses the RNG it is given, and the faces travel in the event, so undo never re-rolls.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from companion.core import Rejected, read_roll
from companion.text import literal, markup, markup_lines


@dataclass(frozen=True)
class DiceResult:
    faces: tuple[int, ...]
    total: bool = False  # one number standing for the sum of all the dice
    rolled: bool = False  # the app rolled them


@dataclass(frozen=True)
class DiceRequest:
    title: str
    dice: int
    chance: str = ""
    # Validates the result and returns it in words (what it does, how likely it was).
    check: Callable[[DiceResult], str] | None = None
    records: bool = True  # False: a look at the dice only; enter never closes the tray
    total: bool = True  # whether the dice's total is asked for too (False: each face)


class DiceTrayModal(ModalScreen[DiceResult | None]):
    CSS_PATH = "dice_tray_modal.tcss"
    BINDINGS = [
        Binding("escape", "cancel", "Cancel"),
        Binding("ctrl+r", "roll", "Roll for me", priority=True),
    ]

    def __init__(self, request: DiceRequest, rng: random.Random | None = None) -> None:
        super().__init__()
        self.request = request
        self.rng = rng or random.Random()
        self.ready: DiceResult | None = None

    def compose(self) -> ComposeResult:
        r = self.request
        with Vertical(id="box"):
            yield Static(f"[b]{markup(r.title)}[/b] · {r.dice} × d6", id="title")
            yield Static(literal(r.chance, lines=True), id="chance")
            faces = f"{r.dice} face{'s' if r.dice != 1 else ''} like 3 5"
            yield Input(placeholder=f"{faces}, or their total" if r.total else faces, id="faces")
            yield Static("", id="outcome")
            enter = "records the roll" if r.records else "shows what the roll means"
            close = "cancel" if r.records else "close"
            yield Static(f"[b]enter[/b] {enter} · [b]ctrl+r[/b] roll for me · [b]esc[/b] {close}", id="keys")

    def _show(self, result: DiceResult) -> bool:
        outcome = self.query_one("#outcome", Static)
        try:
            words = self.request.check(result) if self.request.check else ""
        except Rejected as exc:
            self.ready = None
            outcome.update(literal(exc.reason, style="b red", lines=True))
            return False
        self.ready = result if self.request.records else None
        shown = " ".join(str(f) for f in result.faces)
        who = "the app rolled" if result.rolled else "entered"
        then = "\n[b]enter[/b] records it" if self.ready is not None else ""
        outcome.update(f"{who} [b]{shown}[/b]: {markup_lines(words)}{then}")
        return True

    def on_mount(self) -> None:
        self.set_focus(self.query_one("#faces", Input))

    @on(Input.Changed, "#faces")
    def changed(self) -> None:
        self.ready = None
        self.query_one("#outcome", Static).update("")

    @on(Input.Submitted, "#faces")
    def submitted(self, event: Input.Submitted) -> None:
        if self.ready is not None:
            self.dismiss(self.ready)
            return
        try:
            roll = read_roll(event.value, self.request.dice)
        except Rejected as exc:
            self.query_one("#outcome", Static).update(literal(exc.reason, style="b red"))
            return
        result = DiceResult(roll.faces, total=roll.total)
        if self._show(result) and self.request.records:
            self.dismiss(result)  # typed faces that pass the check: one enter records them

    def action_roll(self) -> None:
        faces = tuple(self.rng.randint(1, 6) for _ in range(self.request.dice))
        entry = self.query_one("#faces", Input)
        with entry.prevent(Input.Changed):
            entry.value = " ".join(str(f) for f in faces)
        self._show(DiceResult(faces, rolled=True))

    def action_cancel(self) -> None:
        self.dismiss(None)
