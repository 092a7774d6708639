"""The card prompts of the Seirei Kairo Drive screen: the catalogue, and actions that reveal.

Characters, enemies and bosses are typed once and kept in the card catalogue; later their
number in the list the prompt shows, their name or its start is enough. An action whose
damage defeats an enemy comes back from the core as `NeedsReveal`; the screen then asks for
the next enemy and records the whole action as one. Kept apart from skd_screen.py so each
file stays small; every event is checked by the core before anything is saved.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual import events

from companion.core import Rejected
from companion.games.skd.notation import from_catalogue, known
from companion.games.skd.notation import shelf as names
from companion.games.skd.play import NeedsReveal
from companion.games.skd.specs import character_data, enemy_data
from companion.games.skd.stages import cannot_come_up, drafter
from screens.store_access import store
from screens.table_screen import TableScreen


class SkdPrompts(TableScreen):
    """The base of `SkdScreen`: its catalogue and reveal prompts."""

    back: Callable[[], None] | None = None  # what esc at the open reveal question goes back to

    @property
    def state(self) -> Any:
        return self.shown_state

    def catalogue(self, kind: str) -> dict[str, dict[str, Any]]:
        return store(self.app).cards("skd", kind)

    def taken(self, kind: str, reveals: tuple[Any, ...] = (), after_kill: bool = False) -> tuple[str, ...]:
        """Names of `kind` that cannot come up now: drafted characters, enemies the core rules out."""
        if kind == "character":
            return tuple(c.name for s in self.state.seats for c in s.party)
        if kind == "enemy":
            return cannot_come_up(self.state, self.catalogue("enemy"), reveals, after_kill)
        return ()

    def drafting(self) -> int:
        """The seat on the clock in the draft."""
        on_clock = drafter(self.state)
        return on_clock[1] if on_clock else self.state.active

    def remember(self, kind: str, spec: tuple[Any, ...]) -> None:
        data = character_data(spec) if kind == "character" else enemy_data(spec)
        store(self.app).save_card("skd", kind, spec[0], data)

    def submit(self, event: Any) -> str | None:
        """Record `event`; if the rules refuse it, the reason stays on the entry line to fix."""
        return self.attempt(event)

    def record_card(self, event: Any, kind: str, spec: tuple[Any, ...], typed: bool) -> str | None:
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
        other = {"enemy": "boss", "boss": "enemy"}.get(kind)
        others = self.catalogue(other) if other else None

        taken = self.taken(kind)

        def submit(text: str) -> str | None:
            try:
                spec, typed = from_catalogue(text, shelf, kind, others, taken)
            except Rejected as exc:
                return exc.reason
            return self.record_card(make(spec), kind, spec, typed)

        self.ask(f"{label} · known: {known(shelf, taken, kind)}", "", submit, suggest=names(shelf, taken))

    def try_with_reveals(
        self,
        make: Callable[[tuple[Any, ...]], Any],
        reveals: tuple[Any, ...],
        back: Callable[[], None] | None = None,
        new: tuple[Any, ...] = (),
    ) -> str | None:
        """Record `make(reveals)`, or first ask for each enemy its kills reveal; the enemies
        typed anew (`new`) are remembered once the whole action is recorded. `back` reopens the
        line the action was typed on (esc at a reveal question)."""
        tl = self.timeline
        assert tl is not None
        event = make(reveals)
        try:
            tl.game.apply(tl.state, event)
        except NeedsReveal as exc:
            self.call_after_refresh(self.ask_reveal, make, reveals, exc.beaten, back, new)
            return None
        except Rejected as exc:
            return exc.reason
        error = self.submit(event)
        for spec in new if error is None else ():
            self.remember("enemy", spec)
        return error

    def ask_reveal(
        self,
        make: Callable[[tuple[Any, ...]], Any],
        reveals: tuple[Any, ...],
        beaten: str,
        back: Callable[[], None] | None,
        new: tuple[Any, ...],
    ) -> None:
        shelf = self.catalogue("enemy")
        taken = self.taken("enemy", reveals, after_kill=True)

        def submit(text: str) -> str | None:
            try:
                spec, typed = from_catalogue(text, shelf, "enemy", self.catalogue("boss"), taken)
            except Rejected as exc:
                return exc.reason
            return self.try_with_reveals(make, (*reveals, spec), back, (*new, spec) if typed else new)

        self.ask(
            f"{beaten} is defeated: the next enemy (number, name, or its values) · {known(shelf, taken, 'enemy')}",
            "",
            submit,
            suggest=names(shelf, taken),
        )
        self.back = back

    def ask(self, *args: Any, **kwargs: Any) -> None:
        self.back = None
        super().ask(*args, **kwargs)

    async def _handle_key(self, event: events.Key) -> bool:
        """Esc at a reveal question goes back to the action's own line, its text still typed."""
        back = self.back if self.entry_open and event.key == "escape" else None
        if back is None:
            return await super()._handle_key(event)
        self.close_entry()
        back()
        return True

    def ask_then(self, question: str, answer: Callable[[str], str | None], back: Callable[[], None]) -> None:
        """A follow-up question the core asks (an X★ skill's mana, the constant skills a play
        triggers), after the first line closes; esc goes back to that line."""

        def open_it() -> None:
            self.ask(question, "", answer)
            self.back = back

        self.call_after_refresh(open_it)
