"""The seats' side of `companion serve --seats`: each phone's question and every write it makes.

A phone sends what its player pressed or typed, with the log version its page was painted
from; the desk answers as the table's screen does (`screens/recorder.py`): the core first
(Rejected: the reason, the typed text kept, nothing changes), then the file, and the page shows
an action as recorded only once it is committed. One desk serves every seat and runs on one
thread, so two phones answering at once are taken one after the other: the first lands, the
second was painted from an older version and is told what changed, then sees the table now.
A write the terminal made in between is caught the same way (the repository's version check).

A seat's answers carry only its own part (its buttons, its open question and the text it typed)
and the public frame; another seat's typed text (a face-down spell's note) is never in them.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field, replace
from itertools import pairwise
from pathlib import Path
from typing import Any

from companion.core import Action, Card, Dice, Event, Prompt, Rejected, Roll, Shelf
from companion.seat_links import new_token, this_process
from companion.seat_openers import Built, Opener, openers
from companion.seats import may_record, whose
from companion.store.files import StaleSession, StoreError
from companion.timeline import Timeline

MAX_TEXT = 300  # longer than any line a table types
SOMEONE_ELSE = "The table changed before this reached it"


@dataclass
class Asked:
    """The question open on one seat's page, and the log version it was built at."""

    version: int
    action: int  # the log's cursor then: what changed since is told if the table closes it
    prompt: Prompt | None = None
    dice: Dice | None = None
    text: str = ""  # the typed text, kept after a refusal
    reason: str = ""


@dataclass
class Seat:
    name: str
    token: str
    asked: Asked | None = None


@dataclass
class Desk:
    path: Path
    session_id: int
    everyone: bool = False  # every seat may record every action
    seats: list[Seat] = field(default_factory=list)
    recorded: dict[tuple[int, str], int] = field(default_factory=dict)  # (event row, its line) -> the seat
    owner: tuple[int, str] | None = None  # this process (pid, start mark), once its record is in the file
    _repo: Any = None
    _links: Any = None  # a reader of the record, on the server's event loop (`seat_of`)
    _version: int | None = None  # the file's data_version when the tokens were last read

    @classmethod
    def start(cls, path: Path, session_id: int, everyone: bool = False) -> Desk:
        """A desk with a new token for each player of the session."""
        desk = cls(path, session_id, everyone)
        players = desk.repo.info(session_id).players  # opened now, before the display's reader (see `repo`)
        desk.seats = [Seat(name, new_token()) for name in players]
        return desk

    @property
    def repo(self) -> Any:
        """The desk's own writer. It is opened before the display's reader: a process whose first
        connection to a WAL file is read-only keeps that file's shared index read-only, and then its
        writer's commits never reach the other programs on the file (SQLite's WAL index is per
        process and file)."""
        if self._repo is None:
            from companion.store.repo import Repository

            self._repo = Repository.open(self.path)
        return self._repo

    def close(self) -> None:
        if self._repo is not None:
            self.repo.close()
            self._repo = None
        if self._links is not None:
            self._links.close()
            self._links = None

    # -- the links, kept in the file (the table's screen shows and renews them) ----------------

    def publish(self, address: str) -> None:
        """Keep this server's record in the file: its address, each seat's token, this process."""
        from companion.store.repo import Serving

        pid, started = self.owner = this_process()
        seats = tuple((s.name, s.token) for s in self.seats)
        self.repo.publish_seats(self.session_id, Serving(address, self.everyone, pid, started, seats))

    def withdraw(self) -> None:
        """A clean stop: the record leaves the file (a later server's is left alone)."""
        if self.owner is not None:
            self.repo.withdraw_seats(self.session_id, *self.owner)
            self.owner = None

    def follow(self) -> None:
        """The tokens as the file has them now, read again only when the file changed: a link
        renewed at the table's screen is refused from the next request on, and that seat's open
        question is dropped. A record gone, not this process's or unreadable opens no seat."""
        if self.owner is None:
            return
        if self._links is None:
            from companion.store.repo import Repository

            self._links = Repository.reader(self.path)
        version = self._links.data_version()
        if version == self._version:
            return
        self._version = version
        try:
            record = self._links.serving(self.session_id)
        except StoreError:
            record = None
        ours = record is not None and (record.pid, record.started) == self.owner
        tokens = [t for _, t in record.seats] if record is not None and ours else []
        for i, seat in enumerate(self.seats):
            token = tokens[i] if i < len(tokens) else ""
            if token != seat.token:
                seat.token, seat.asked = token, None

    def renew(self) -> None:
        """New links for every seat: the old ones stop working at once."""
        tokens = [new_token() for _ in self.seats]
        if self.owner is not None:
            self.repo.renew_seats(self.session_id, tokens)
        for seat, token in zip(self.seats, tokens, strict=True):
            seat.token, seat.asked = token, None

    def seat_of(self, token: str) -> int | None:
        """The seat a token opens, or None (compared in constant time, every seat tried)."""
        self.follow()
        found = None
        for i, seat in enumerate(self.seats):
            if secrets.compare_digest(token.encode(), seat.token.encode()) and seat.token:
                found = i
        return found

    # -- what a seat's page shows ---------------------------------------------------------------

    def me(self, seat: int) -> dict[str, Any]:
        loaded = self.repo.load(self.session_id)
        return self._me(seat, loaded.timeline, loaded.info.version)

    def _me(self, seat: int, tl: Timeline, version: int) -> dict[str, Any]:
        """The seat's part now. A question the table closed (built at an older version) is
        said once, with what changed, and dropped."""
        me = self.seats[seat]
        asked = me.asked if me.asked is not None and me.asked.version == version else None
        closed = ""
        if me.asked is not None and asked is None:
            said = _changes(tl, me.asked.action)
            closed = f"The table changed before you answered{': ' + said if said else ''}. Press the action again."
            me.asked = None
        return {
            "closed": closed,
            "seat": seat,
            "name": me.name,
            "version": version,
            "action": tl.cursor,
            "buttons": [{"key": o.key, "title": o.title} for o in self._open(seat, tl)],
            "question": _question(asked),
            "undo": self._may_undo(seat, tl),
            "everyone": self.everyone,
        }

    def _open(self, seat: int, tl: Timeline) -> list[Opener]:
        """The buttons open to this player now: the family open, and (when the core knows an
        example of it) the example this player's to record; each under its word now."""
        families: dict[str, Action] = {a.name: a for a in tl.game.actions(tl.state)}
        shown = []
        for opener in openers(tl.game):
            family = families.get(opener.name)
            if family is None or family.closed is not None:
                continue
            if self.everyone or self._theirs(seat, tl, family.example or self._event_of(opener, tl)):
                shown.append(replace(opener, title=family.title) if family.title else opener)
        return shown

    def _theirs(self, seat: int, tl: Timeline, event: Event | None) -> bool:
        """Whether `event` (None: not known before the question is answered) is this seat's or the table's."""
        actor = whose(tl.game, tl.state, event, self._names()) if event is not None else None
        return actor is None or actor == seat

    def _event_of(self, opener: Opener, tl: Timeline) -> Event | None:
        """The event a button records at once (next turn, a draw), None when it asks first."""
        if opener.asks:
            return None
        try:
            built = opener.build(tl.state, self._shelf(tl))
        except Rejected:
            return None
        return built if isinstance(built, Event) else None

    def _names(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.seats)

    def _may_undo(self, seat: int, tl: Timeline) -> bool:
        if not tl.can_undo:
            return False
        row = self.repo.event_id(self.session_id, tl.cursor)
        return self.recorded.get((row, tl.entries[tl.cursor - 1].text)) == seat

    # -- what a seat sends ----------------------------------------------------------------------

    def act(self, seat: int, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        """(HTTP status, answer) for one press or typed line from `seat`'s page."""
        loaded = self.repo.load(self.session_id)
        tl, version = loaded.timeline, loaded.info.version
        if loaded.damage:
            return 409, {"reason": "This session is open read-only (part of it cannot be read): nothing is saved."}
        seen_version, seen_action = body.get("version"), body.get("action")
        if seen_version != version:
            self.seats[seat].asked = None
            return 409, {"reason": _what_changed(tl, seen_action), "me": self._me(seat, tl, version)}
        try:
            reason = self._do(seat, tl, version, body)
        except StaleSession:
            loaded = self.repo.load(self.session_id)
            self.seats[seat].asked = None
            me = self._me(seat, loaded.timeline, loaded.info.version)
            return 409, {"reason": _what_changed(loaded.timeline, tl.cursor), "me": me}
        except StoreError as exc:
            reason = f"Not saved: {exc}"
        loaded = self.repo.load(self.session_id)
        return 200, {"reason": reason or "", "me": self._me(seat, loaded.timeline, loaded.info.version)}

    def _do(self, seat: int, tl: Timeline, version: int, body: dict[str, Any]) -> str | None:
        me, what = self.seats[seat], body.get("do")
        if what == "open":
            opener = next((o for o in self._open(seat, tl) if o.key == body.get("key")), None)
            if opener is None:
                return "That is not open to you now."
            me.asked = None
            try:
                built = opener.build(tl.state, self._shelf(tl))
            except Rejected as exc:
                return exc.reason
            return self._take(seat, tl, version, built, None)
        if what == "close":
            me.asked = None
            return None
        if what == "undo":
            if not self._may_undo(seat, tl):
                return "Only the last action, by the seat that recorded it, can be undone here; the table's screen undoes any."
            self.repo.move(self.session_id, tl, tl.undo())
            me.asked = None
            return None
        asked = me.asked
        if asked is None or asked.version != version:
            return "That question is closed: press the action again."
        if what == "answer" and asked.prompt is not None:
            return self._answer(seat, tl, version, asked, asked.prompt, _text(body.get("text")))
        if what == "roll" and asked.dice is not None:
            return self._roll(seat, tl, version, asked.dice, body)
        return "Answer the question open on your page."

    def _answer(self, seat: int, tl: Timeline, version: int, asked: Asked, prompt: Prompt, text: str) -> str | None:
        try:
            outcome = prompt.read(text)
            cards = prompt.remember(text) if prompt.remember is not None else ()
        except Rejected as exc:
            asked.text, asked.reason = text, exc.reason
            return exc.reason
        try:
            reason = self._take(seat, tl, version, outcome, prompt)
        except Rejected as exc:
            reason = exc.reason
        recorded = reason is None and not isinstance(outcome, (Prompt, Dice))
        self._keep(tl, [c for c in cards if recorded or c.kept_if_refused])
        if reason is not None:
            asked.text, asked.reason = text, reason
            self.seats[seat].asked = asked
        return reason

    def _roll(self, seat: int, tl: Timeline, version: int, dice: Dice, body: dict[str, Any]) -> str | None:
        faces, total = body.get("faces"), body.get("total") is True
        if not isinstance(faces, list) or not all(type(f) is int for f in faces):
            return "Press the dice's faces."
        if total and (len(faces) != 1 or not dice.total or not dice.count <= faces[0] <= 6 * dice.count):
            return f"The total of {dice.count} dice is {dice.count}–{6 * dice.count}."
        if not total and (len(faces) != dice.count or not all(1 <= f <= 6 for f in faces)):
            return f"Press {dice.count} dice, each 1–6."
        try:
            return self._take(seat, tl, version, dice.event(Roll(tuple(faces), total)), None)
        except Rejected as exc:
            return exc.reason

    def _take(self, seat: int, tl: Timeline, version: int, built: Built, asked_by: Prompt | None) -> str | None:
        """Open what was built (a question, the dice tray) or record it; the reason if refused."""
        me = self.seats[seat]
        if isinstance(built, Prompt):
            me.asked = Asked(version, tl.cursor, prompt=built)
            return None
        if isinstance(built, Dice):
            me.asked = Asked(version, tl.cursor, dice=built)
            return None
        events: tuple[Event, ...] = (built,) if isinstance(built, Event) else tuple(built or ())
        if not events:
            me.asked = None
            return None
        why = may_record(tl.game, tl.state, events, seat, self._names(), self.everyone)
        if why is not None:
            return why
        steps = [tl]
        for event in events:  # all or nothing: the core folds every event before the first is saved
            steps.append(steps[-1].record(event))
        self._commit(seat, steps)
        after = steps[-1]
        follow = asked_by.then(after.state) if asked_by is not None and asked_by.then is not None else None
        me.asked = Asked(version + len(events), after.cursor, prompt=follow) if follow is not None else None
        return None

    def _commit(self, seat: int, steps: list[Timeline]) -> None:
        for before, after in pairwise(steps):
            self.repo.record(self.session_id, before, after)
        after = steps[-1]
        row = self.repo.event_id(self.session_id, after.cursor)
        self.recorded[(row, after.entries[after.cursor - 1].text)] = seat

    def _shelf(self, tl: Timeline) -> Shelf:
        """The remembered cards, read when a builder asks; no cell picked, nothing solved ahead."""
        return Shelf(lambda kind: self.repo.cards(tl.game.id, kind))

    def _keep(self, tl: Timeline, cards: list[Card]) -> None:
        for card in cards:
            try:
                self.repo.save_card(tl.game.id, card.kind, card.name, card.data)
            except StoreError:  # the action stands; only the catalogue missed the card
                continue


def _text(value: Any) -> str:
    return value[:MAX_TEXT] if isinstance(value, str) else ""


def _question(asked: Asked | None) -> dict[str, Any] | None:
    """The open question as the page shows it: the Prompt's own fields, or the dice tray."""
    if asked is None:
        return None
    if asked.dice is not None:
        d = asked.dice
        return {
            "tray": {"title": d.title, "count": d.count, "chance": d.chance, "total": d.total},
            "reason": asked.reason,
        }
    p = asked.prompt
    if p is None:
        return None
    return {
        "label": p.label,
        "value": asked.text if asked.reason else (p.default or p.value),
        "selected": bool(p.default) and not asked.reason,
        "suggest": list(p.suggest),
        "choices": list(p.choices),
        "advice": p.advice,
        "secret": p.secret,
        "confirm": p.confirm,
        "reason": asked.reason,
    }


def _what_changed(tl: Timeline, seen_action: Any) -> str:
    """What happened since the page was painted, as the table reads it: "Bob attacks Ann: here
    is the table now"."""
    said = _changes(tl, seen_action)
    if not said:
        return f"{SOMEONE_ELSE} (an undo, or a change at the table's screen): here is the table now."
    return f"{SOMEONE_ELSE}: {said}. Here is the table now."


def _changes(tl: Timeline, seen_action: Any) -> str:
    """The last three actions after `seen_action` (a cursor), as the table reads them, or ""."""
    start = seen_action if type(seen_action) is int and 0 <= seen_action <= tl.cursor else tl.cursor
    lines = [tl.game.public_text(tl.state, e.event, e.text) for e in tl.entries[start : tl.cursor] if e is not None]
    return "; ".join(lines[-3:])
