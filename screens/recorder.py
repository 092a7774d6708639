"""How a table screen records: core first, then the store, then the screen.

An action goes to the core first (Rejected: its reason, nothing changes), then to the store
(committed; if another program holds the write lock, a worker waits for it and the screen
stays live), and only then is it shown: nothing is on the screen that is not on disk. A game's
Prompt is answered here too: what it parses is recorded (several events all or nothing), a
follow-up Prompt opens at once, and a refusal keeps the line open with the reason.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import replace
from typing import TYPE_CHECKING

from textual import work

from companion.core import Card, Dice, Event, Key, Prompt, Rejected, Roll
from companion.store.files import SessionGone, StoreBusy, StoreError
from companion.timeline import Timeline
from screens.confirm_modal import ConfirmModal
from screens.dice_tray_modal import DiceRequest, DiceResult, DiceTrayModal
from screens.store_access import store
from screens.table_host import TableHost
from screens.widgets.entry_line import EntryLine

PAST = "You are looking at the past: w rewinds to it, esc comes back to now."


# The screen's members, typed for the checker; at run time the screen itself gives them.
if TYPE_CHECKING:
    _Host = TableHost
else:
    _Host = object


class Recorder(_Host):
    """Mixed into TableScreen, which gives the timeline, the entry line and the status line
    (the members `TableHost` lists)."""

    timeline: Timeline | None
    viewing: int | None
    session_id: int
    _saving: Timeline | None
    _saving_asked: int | None  # the entry line whose action waits for the lock
    _asked: int
    rng: random.Random  # the app's dice, when it rolls them
    _back: Prompt | None  # the question esc at the open line goes back to
    damage: str  # the session could be read only in part: shown read-only, saying why

    def record(self, event: Event) -> bool:
        """Apply, commit, then show. False (with the reason in the status line) if refused."""
        reason = self.attempt(event)
        if reason:
            self.explain(reason)
        return reason is None

    def attempt(self, event: Event | tuple[Event, ...]) -> str | None:
        """Apply, commit, then show; or the reason it was refused, with nothing changed.
        Entry-line callbacks return this, so the reason shows beside the typed text."""
        if self.timeline is None:
            return "The session is still loading."
        if self.viewing is not None:
            return PAST
        try:
            after = self.timeline.record_all(event if isinstance(event, tuple) else (event,))
        except Rejected as exc:
            return exc.reason
        return self._commit(after, new_entry=True)

    def _commit(self, after: Timeline, new_entry: bool) -> str | None:
        """Save, then show; or the reason it is not saved now. The first try never waits: if
        another program holds the write lock, a worker waits for it and the screen stays live."""
        if self._saving is not None:
            return "Still waiting to save the last action; try again in a moment."
        if self.damage:
            return "This session is open read-only (part of it cannot be read): nothing is saved."
        try:
            self._save(after, new_entry, wait=False)
        except StoreBusy:
            self._saving = after
            # The entry line that typed it (if any) says "waiting" until the save is settled.
            self._saving_asked = self._asked if self.entry_open else None
            self._save_when_free(after, new_entry)
            waiting = f"Another program holds the database; saving {self._what(after)} as soon as it lets go…"
            self.notify(waiting, title="Waiting to save")
            return waiting
        except StoreError as exc:
            return self._not_saved(exc)
        self._show(after)
        return None

    def _save(self, after: Timeline, new_entry: bool, wait: bool) -> None:
        repo, before = store(self.app), self.timeline
        assert before is not None  # nothing is recorded before the session has loaded
        (repo.record if new_entry else repo.move)(self.session_id, before, after, wait=wait)

    @work(thread=True, exclusive=True, group="save")
    def _save_when_free(self, after: Timeline, new_entry: bool) -> None:
        try:
            self._save(after, new_entry, wait=True)
        except StoreError as exc:
            self.app.call_from_thread(self._not_saved_late, exc)
        else:
            self.app.call_from_thread(self._saved_late, after)

    def _waiting_entry(self) -> bool:
        """Whether the entry line open now is the one still saying its action is waiting."""
        asked, self._saving_asked = self._saving_asked, None
        return bool(self.entry_open) and asked == self._asked

    def _saved_late(self, after: Timeline) -> None:
        self._saving = None
        if self._waiting_entry():  # saved: the line that typed it clears, so enter cannot record it twice
            self.close_entry()
        what = self._what(after)
        self._show(after)
        self.notify(f"Saved {what}: the other program let go of the database.", title="Saved")

    def _not_saved_late(self, exc: StoreError) -> None:
        waiting = self._waiting_entry()
        what = self._what(self._saving)
        reason = self._not_saved(exc)
        reason = f"{reason} (none of {what[4:]})" if what.startswith("all ") else reason
        if waiting:  # the typed text stays, to try again; the line now says it was not saved
            self.query_one(EntryLine).refuse(reason)
        else:
            self.explain(reason)

    def _not_saved(self, exc: StoreError) -> str:
        self._saving = None
        if isinstance(exc, SessionGone):
            self.session_gone(str(exc))
        else:
            self.notify(str(exc), severity="error", title="Not saved", markup=False)
        return f"Not saved: {exc}"

    def _what(self, after: Timeline | None) -> str:
        """What waits to be saved: this action, or all of a typed line's actions."""
        n = 1 if after is None or self.timeline is None else after.cursor - self.timeline.cursor
        return f"all {n} actions of the line" if n > 1 else "this action"

    def _show(self, after: Timeline) -> None:
        self.viewing = None
        self.timeline = after
        self.explain("")

    def _writable(self) -> bool:
        if self.viewing is not None:
            self.explain(PAST)
            return False
        return True

    def move_to(self, cursor: int) -> None:
        if self.timeline is None:
            return
        try:
            after = self.timeline.move(cursor)
        except Rejected as exc:
            self.explain(exc.reason)
            return
        reason = self._commit(after, new_entry=False)
        if reason:
            self.explain(reason)

    def prompt(self, prompt: Prompt) -> None:
        """Open the entry line on a game's Prompt: what it parses is recorded (several events
        all or nothing), a follow-up Prompt opens at once in its place (or, once recorded, the
        one `then` builds from the new state), a refusal keeps the line."""
        if not self._writable():
            return
        if prompt.confirm:  # the keys typed meanwhile wait in the app's queue until it has mounted
            self.confirm(prompt)
            return

        def submit(text: str) -> str | None:
            try:
                outcome = prompt.read(text)
                cards = prompt.remember(text) if prompt.remember is not None else ()
            except Rejected as exc:
                return exc.reason
            try:
                reason = self.take(outcome)
            except Rejected as exc:
                reason = exc.reason
            recorded = reason is None and not isinstance(outcome, Prompt)
            self.keep_cards(c for c in cards if recorded or c.kept_if_refused)
            if not recorded:
                return reason
            follow = prompt.then(self.timeline.state) if prompt.then is not None and self.timeline else None
            if follow is not None:
                self.prompt(follow)
            return None

        value = prompt.default or prompt.value
        self.ask(
            prompt.shown_label(),
            value,
            submit,
            prompt.suggest,
            bool(prompt.default),
            advice=prompt.advice,
            secret=prompt.secret,
        )
        self._back = prompt.back

    def confirm(self, prompt: Prompt) -> None:
        """Ask a yes-or-no Prompt in a modal; yes records what it parses (a refusal is said)."""

        def done(yes: bool | None) -> None:
            if yes:
                try:
                    reason = self.take(prompt.read(""))
                except Rejected as exc:
                    reason = exc.reason
                if reason:
                    self.explain(reason)

        self.app.push_screen(ConfirmModal(prompt.label), done)

    def roll_for(self, dice: Dice) -> None:
        """Open the dice tray for `dice`: a roll the core refuses is said there; one it accepts
        is recorded as the event it makes."""

        def roll(r: DiceResult) -> Roll:
            return Roll(r.faces, r.total, r.rolled)

        def check(r: DiceResult) -> str:
            return dice.words(roll(r), self.probe(dice.event(roll(r))))

        def done(r: DiceResult | None) -> None:
            if r is not None:
                self.record(dice.event(roll(r)))

        self.app.push_screen(
            DiceTrayModal(DiceRequest(dice.title, dice.count, dice.chance, check, total=dice.total), self.rng), done
        )

    def probe(self, event: Event) -> str:
        """The log line an event would make, or Rejected: the core decides, nothing is recorded."""
        if self.timeline is None:
            raise Rejected("The session is still loading.")
        return self.timeline.entry_for(event).text

    def keep_cards(self, cards: Iterable[Card]) -> None:
        """Keep the cards a prompt's text taught in the game's catalogue."""
        if self.timeline is None:
            return
        for card in cards:
            try:
                store(self.app).save_card(self.timeline.game.id, card.kind, card.name, card.data)
            except StoreError as exc:  # the action stands; only the catalogue missed the card
                self.notify(f"{card.name} is not remembered: {exc}", severity="warning", markup=False)

    def run_key(self, key: Key, typed: str = "") -> None:
        """Run a game's key on the state now, through the builder a seat's phone uses too: a
        Prompt opens the line (with `typed` typed in), an event is recorded (a key that asks
        to be sure asks first; one with `done` then says it), a refusal is said in the status
        line."""
        if self.timeline is None or not self._writable():
            return
        try:
            built = key.build(self.timeline.state, self.shelf())
        except Rejected as exc:
            self.explain(exc.reason)
            return
        if typed and isinstance(built, Prompt):
            built = replace(built, value=typed)
        if key.sure is not None and isinstance(built, Event):
            event = built
            self.confirm(Prompt(key.sure(self.timeline.state, event), lambda _: event, confirm=True))
        elif reason := self.take(built):
            self.explain(reason)
        elif key.done and isinstance(built, (Event, tuple)):
            self.explain(key.done)

    def take(self, outcome: Event | tuple[Event, ...] | Prompt | Dice | None) -> str | None:
        """Record what a prompt parsed, or open its follow-up (a Prompt, or the dice tray); the
        reason if refused."""
        if isinstance(outcome, Prompt):
            self.prompt(outcome)
            return None
        if isinstance(outcome, Dice):  # the keys typed meanwhile wait in the app's queue for the tray
            self.roll_for(outcome)
            return None
        if isinstance(outcome, Event):
            return self.attempt(outcome)
        if outcome:  # a typed line's events: one transaction and one undo step, all or none
            return self.attempt(outcome)
        return None
