"""The game protocol every game implements, and the typed events it folds.

A game is a small object with pure functions: `setup` builds the first frozen state, `apply`
folds one typed event into a new state or raises `Rejected` with a sentence a player
understands, and `view` flattens a state into what the table screen shows. Events are frozen
dataclasses whose fields are plain values (str, int, bool, None, and tuples of those), so one
codec stores every game's events as JSON and replay rebuilds the same state.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from companion.numbers import is_seat_number, whole
from companion.rejected import Rejected

__all__ = ["Rejected"]  # defined beside the number parsing the core uses, shown here as the core's


@dataclass(frozen=True)
class Event:
    """Base of every typed event. Subclasses are frozen dataclasses with a unique `kind`."""

    kind: ClassVar[str] = "event"


def event_types(*classes: type[Event]) -> dict[str, type[Event]]:
    """Index event classes by kind, refusing two classes with one kind."""
    table: dict[str, type[Event]] = {}
    for cls in classes:
        if cls.kind in table:
            raise ValueError(f"two event classes share the kind {cls.kind!r}")
        table[cls.kind] = cls
    return table


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


# The event codec: bump it when the stored form of events changes. A payload without the key is
# codec 1; a payload from a newer Companion carries its number and is refused by name.
EVENT_CODEC = 1
CODEC_KEY = "codec"


class Undecodable(ValueError):
    """A stored event that does not fit its class (a newer Companion, a bad disk, a hand edit)."""


def encode(event: Event) -> dict[str, Any]:
    """The event as a JSON-ready dict: its kind under "type" and its fields."""
    data: dict[str, Any] = {"type": event.kind}
    for f in fields(event):
        data[f.name] = _plain(getattr(event, f.name))
    return data


def decode(data: Any, types: Mapping[str, type[Event]]) -> Event:
    """Rebuild an event, every field checked against its class's type hints (see
    `companion/shapes.py`); fields missing from old records take their defaults. Undecodable
    says what does not fit."""
    if type(data) is not dict:
        raise Undecodable(f"a stored event is an object, not {type(data).__name__}")
    codec = data.get(CODEC_KEY, EVENT_CODEC)
    if codec != EVENT_CODEC or type(codec) is not int:
        raise Undecodable(f"written by a newer Companion (event codec {codec!r:.20}; this one reads {EVENT_CODEC})")
    kind = data.get("type")
    cls = types.get(kind) if type(kind) is str else None
    if cls is None:
        raise Undecodable(f"unknown event type {kind!r:.40} (perhaps from a newer Companion)")
    from companion.shapes import ShapeError

    values: dict[str, Any] = {}
    name = ""
    try:
        for name, read, required in _event_fields(cls):
            if name in data:
                values[name] = read(data[name], 0)
            elif required:
                raise ShapeError("missing")
    except ShapeError as exc:
        raise Undecodable(f"{kind} {name}: {exc}") from None
    return cls(**values)


_EVENT_FIELDS: dict[type[Event], tuple[tuple[str, Any, bool], ...]] = {}


def _event_fields(cls: type[Event]) -> tuple[tuple[str, Any, bool], ...]:
    """(name, reader, required) for each field of an event class, worked out once."""
    found = _EVENT_FIELDS.get(cls)
    if found is None:
        from dataclasses import MISSING

        from companion.shapes import hints, reader

        typed = hints(cls)
        found = _EVENT_FIELDS[cls] = tuple(
            (f.name, reader(typed[f.name], allow_any=True), f.default is MISSING and f.default_factory is MISSING)
            for f in fields(cls)
        )
    return found


def decode_payload(payload: Any, types: Mapping[str, type[Event]]) -> Event:
    """An event from its stored JSON text; Undecodable for anything else (not JSON, nested
    past any event, a number of thousands of digits, bytes that are not UTF-8)."""
    if not isinstance(payload, (str, bytes)):
        raise Undecodable(f"a stored event is JSON text, not {type(payload).__name__}")
    try:
        data = json.loads(payload)
    except (ValueError, RecursionError) as exc:  # JSONDecodeError and UnicodeDecodeError are ValueErrors
        raise Undecodable(f"not JSON ({str(exc)[:60]})") from None
    return decode(data, types)


@dataclass(frozen=True)
class Option:
    """A table option chosen at session setup (variants, colour names, ...)."""

    key: str
    label: str
    default: Any
    kind: str = "bool"  # bool | int | text | choice
    choices: tuple[str, ...] = ()
    help: str = ""

    def coerce(self, raw: Any) -> Any:
        """The option's value from what a player typed, or Rejected with the reason."""
        if self.kind == "bool":
            if isinstance(raw, bool):
                return raw
            text = str(raw).strip().lower()
            if text in {"1", "yes", "y", "on", "true"}:
                return True
            if text in {"0", "no", "n", "off", "false", ""}:
                return False
            raise Rejected(f"{self.label}: answer yes or no, not {raw!r}.")
        if self.kind == "int":
            if isinstance(raw, int):
                return raw
            return whole(str(raw).strip() or str(self.default), self.label)
        if self.kind == "choice":
            if raw not in self.choices:
                raise Rejected(f"{self.label}: choose one of {', '.join(self.choices)}.")
            return raw
        return str(raw)


def resolve_options(specs: Iterable[Option], given: Mapping[str, Any]) -> dict[str, Any]:
    """Every option's value: the given one coerced, else the default; unknown keys refused."""
    specs = tuple(specs)
    known = {o.key for o in specs}
    unknown = sorted(set(given) - known)
    if unknown:
        raise Rejected(f"Unknown table option: {', '.join(unknown)}.")
    return {o.key: o.coerce(given[o.key]) if o.key in given else o.default for o in specs}


def check_players(names: Iterable[str], low: int, high: int) -> tuple[str, ...]:
    """Player names in seat order, trimmed; refuses empty, duplicate or too few/many."""
    players = tuple(n.strip() for n in names)
    if any(not n for n in players):
        raise Rejected("Every player needs a name.")
    seen: set[str] = set()
    for n in players:
        if n.casefold() in seen:
            raise Rejected(f"Two players are called {n!r}; give each a different name.")
        seen.add(n.casefold())
    if not low <= len(players) <= high:
        raise Rejected(f"This game takes {low}–{high} players, not {len(players)}.")
    return players


GAME_OVER = "The game is over; undo to go back, or start a new session."


def refuse_when_over(over: bool, reason: str = GAME_OVER) -> None:
    """The one check every game's `apply` makes first: nothing more is played once it is over."""
    if over:
        raise Rejected(reason)


def next_seat(active: int, seats: int, first: int = 0) -> tuple[int, bool]:
    """The seat after `active` round the table, and whether it starts a new round (it is `first`)."""
    seat = (active + 1) % seats
    return seat, seat == first


def parse_seat(text: str, players: Iterable[str]) -> int:
    """The seat (0-based) a player typed: an exact name first, then the unique start of a name,
    then a seat number (1 = first, "#2" too). With Ann and Anna at the table "Ann" is Ann,
    "An" is refused as either, and "2" is the second seat unless a player is called "2"."""
    names = tuple(players)
    typed = text.strip()
    folded = typed.casefold()
    exact = [i for i, name in enumerate(names) if name.casefold() == folded]
    if exact:
        return exact[0]
    starts = [i for i, name in enumerate(names) if folded and name.casefold().startswith(folded)]
    if len(starts) == 1:
        return starts[0]
    if starts:
        raise Rejected(f"{typed!r} could be {' or '.join(names[i] for i in starts)}: type more of the name.")
    number = typed.removeprefix("#").strip()
    if is_seat_number(number, len(names)):
        return int(number) - 1
    raise Rejected(f"There is no player {typed!r}: type a name ({', '.join(names)}) or a seat number 1–{len(names)}.")


@dataclass(frozen=True)
class Action:
    """One family of actions a player may take: the name the table's key runs (its action),
    the event kinds it records, and why it is closed now (None: open).

    The table screen's footer, palette and dead-key messages read these; the fuzz law holds
    the core to them: an event whose every family is closed is refused, and an open family's
    example is accepted.
    """

    name: str
    kinds: tuple[str, ...]
    closed: str | None = None
    example: Event | None = None  # an event of the family the core accepts now, when it knows one


def probed(name: str, apply: Any, state: Any, event: Event) -> Action:
    """The family `name` of `event`'s kind: open, with `event` as its example, when the core
    accepts it now; else closed with the core's reason."""
    try:
        apply(state, event)
    except Rejected as exc:
        return Action(name, (event.kind,), exc.reason)
    return Action(name, (event.kind,), example=event)


def open_when(name: str, kinds: tuple[str, ...] | str, check: Any, *args: Any) -> Action:
    """The family `name`, open unless `check(*args)` raises Rejected (its reason closes it)."""
    try:
        check(*args)
    except Rejected as exc:
        return Action(name, (kinds,) if isinstance(kinds, str) else kinds, exc.reason)
    return Action(name, (kinds,) if isinstance(kinds, str) else kinds)


def probe(apply: Any, state: Any, event: Event) -> None:
    """Raise the core's Rejected if `event` is refused in `state`; a check for `open_when`."""
    apply(state, event)


# What a key opens: an event to record, or a builder of what to do from the state shown (an
# event or several, all or nothing; a Prompt for the entry line; Dice for the dice tray).
Opens = Event | Callable[[Any], "Event | tuple[Event, ...] | Prompt | Dice | None"]
# A game's remembered cards of one kind ("character", "enemy"), by name: what a seat's phone
# hands a key whose question needs them (the table's screen asks its store instead).
Shelf = Callable[[str], Mapping[str, Mapping[str, Any]]]
# What a key opens on a seat's phone when its table key opens nothing itself: an event to
# record at once, or a builder from the state and the remembered cards.
SeatOpens = Event | Callable[[Any, Shelf], "Event | tuple[Event, ...] | Prompt | Dice | None"]


@dataclass(frozen=True)
class Key:
    """An action family's key at the table, declared by the game beside its `actions`.

    The table frame builds from it the binding, the footer entry (`help` is its tooltip), the
    command palette's entry and what the key does: `opens`, or, when None, the game screen's
    `action_<name>` method (a key that works on a panel of that screen)."""

    key: str  # Textual's name for it: "d", "D", "ctrl+k", "minus"
    name: str  # the family it runs (an `Action.name`), also its id in the settings' keymap
    title: str  # the footer's and the palette's word for it
    help: str = ""
    opens: Opens | None = None
    show: bool = True  # in the footer; False: in ctrl+p only
    key_display: str | None = None
    # On a seat's phone the key opens `opens`; where that is None (the table's screen asks its
    # store for cards, or for the player's sure), `seat` says what the phone opens instead.
    # A key with neither is not on the phones (it works on a panel of the table's screen).
    seat: SeatOpens | None = None


@dataclass(frozen=True)
class Roll:
    """Dice as the table entered them: each face, or one number standing for the sum of all
    (`total`); `rolled` when the app rolled them."""

    faces: tuple[int, ...]
    total: bool = False
    rolled: bool = False


def as_logged(roll: Roll, line: str) -> str:
    """What the dice tray shows for a roll: the log line its event would make."""
    return line


@dataclass(frozen=True)
class Dice:
    """A question answered from the dice tray, not the entry line: a Prompt's `parse` returns
    one as it returns a follow-up Prompt. `count` six-sided dice under `title`; `chance` says
    what is needed and how likely it is. `event(roll)` is what to record (Rejected: a roll that
    cannot happen); `words(roll, line)` is what the tray shows for it, given the log line the
    event would make."""

    title: str
    count: int
    chance: str
    event: Callable[[Roll], Event]
    words: Callable[[Roll, str], str] = as_logged
    total: bool = True  # whether the dice's total will do (False: each face is needed, as at initiative)


@dataclass(frozen=True)
class Card:
    """A card's values typed at the table, for the game's catalogue (`kind`: character, enemy...).
    `kept_if_refused`: kept even when the entry is refused, so it is never typed twice."""

    kind: str
    name: str
    data: dict[str, Any]
    kept_if_refused: bool = False


@dataclass(frozen=True)
class Prompt:
    """One question of the table's entry line, built by a game's notation from the state.

    `label` says what is legal now (its examples come from the state, so they are accepted),
    `value` is typed in already, `default` is filled in and selected (a bare enter accepts it,
    the first key typed replaces it), `suggest` the words the app knows here. `parse(text)` returns the event to record (or several, all or nothing), a follow-up
    Prompt, or None when nothing is to be recorded; it raises Rejected with the reason, and the
    line stays open with the text. `choices`, when given, are numbered 1..n in the label and a
    bare number picks one: `parse` receives the choice's text. `then(state)`, when given, is
    the next question once what `parse` returned is recorded, built from the state it made
    (None: the line closes). `advice` is the one line of advice the game offers for this
    question (the best choice, what each card would do): shown with the label while the line
    is open, never scrolled away. `back` is the question esc goes back to (the line the
    action was typed on, its text still typed), instead of closing the line. `remember(text)`
    names the cards the typed text teaches the catalogue (read after `parse` accepts the text):
    each is kept once what `parse` returned is recorded, or at once if the card says so.
    """

    label: str
    parse: Callable[[str], Event | tuple[Event, ...] | Prompt | Dice | None]
    value: str = ""
    suggest: tuple[str, ...] = ()
    choices: tuple[str, ...] = ()
    default: str = ""
    then: Callable[[Any], Prompt | None] | None = None
    advice: str = ""
    back: Prompt | None = None
    remember: Callable[[str], tuple[Card, ...]] | None = None
    secret: bool = False  # what is typed is hidden as it is typed (a face-down spell's note)
    confirm: bool = False  # a yes-or-no question (the label): yes records what `parse("")` returns

    def read(self, text: str) -> Event | tuple[Event, ...] | Prompt | Dice | None:
        """What the typed text means: a bare number picks a numbered choice."""
        typed = text.strip()
        if self.choices and typed.isdigit():
            index = int(typed)
            if not 1 <= index <= len(self.choices):
                raise Rejected(f"Choose 1–{len(self.choices)}, not {typed}.")
            return self.parse(self.choices[index - 1])
        return self.parse(text)

    def shown_label(self) -> str:
        """The label with the numbered choices after it."""
        if not self.choices:
            return self.label
        return self.label + " · " + " · ".join(f"{i} {c}" for i, c in enumerate(self.choices, 1))


@dataclass(frozen=True)
class Typed:
    """An event as a player types it at the table: the action whose key starts it (the
    screen command's action, e.g. `crown` or `flip(True)`), what that key opens (the event
    itself, a Prompt, or the dice tray) and each answer in turn, each ended by enter (a
    question's line, the tray's faces; a yes-or-no question's answer is `y`).
    `Game.write` gives it; `read_typed` reads it back through the game's own prompts."""

    action: str
    opens: Event | Prompt | Dice
    answers: tuple[str, ...] = ()


def read_roll(text: str, count: int) -> Roll:
    """The dice tray's line: each face (`3 5`), or one number standing for the sum of all."""
    typed = text.replace(",", " ").split()
    if not typed:
        raise Rejected("Type the faces as numbers, like 3 5.")
    faces = tuple(whole(t, "A face or a total") for t in typed)
    return Roll(faces, total=len(faces) == 1 and count > 1)


def read_typed(typed: Typed) -> tuple[Event, ...]:
    """What the answers record, read by the prompts alone: the notation's round trip is
    `read_typed(game.write(state, event)) == (event,)`. Rejected as the table would refuse it."""
    outcome: Event | tuple[Event, ...] | Prompt | Dice | None = typed.opens
    for answer in typed.answers:
        if isinstance(outcome, Prompt):  # the line as the table fills it: a default is replaced, a value kept
            line = (answer or outcome.default) if outcome.default else outcome.value + answer
            outcome = outcome.read("" if outcome.confirm else line)
        elif isinstance(outcome, Dice):
            outcome = outcome.event(read_roll(answer, outcome.count))
        else:
            raise Rejected(f"{answer!r} answers no question: the action was already recorded.")
    if isinstance(outcome, Event):
        return (outcome,)
    if isinstance(outcome, tuple):
        return outcome
    raise Rejected("The typing stops at a question.")


@dataclass(frozen=True)
class Row:
    """One line of the table: a player (or the shared area) and its cells by column."""

    label: str
    cells: tuple[str, ...]
    active: bool = False
    note: str = ""


@dataclass(frozen=True)
class TableView:
    """What the shared table frame shows for any game."""

    round: int
    turn: str
    phase: str
    columns: tuple[str, ...]
    rows: tuple[Row, ...]
    status: str = ""
    finished: bool = False
    checklist: tuple[tuple[str, bool], ...] = ()


@dataclass(frozen=True)
class Result:
    """A finished game's outcome, for the log and for statistics exports."""

    winners: tuple[str, ...]
    scores: tuple[tuple[str, int | None], ...] = ()
    start_player: str | None = None
    reasoning: str = ""
    roles: tuple[tuple[str, str], ...] = ()  # (player, the side or role they ended in), where the game has one


# One of a finished game's own figures for the statistics: (a player's name at the table, or
# None for the whole table; a label; a value). Numbers are totalled and averaged over plays,
# words are counted by value ("winning side": "Light" becomes "Light 3, Dark 2").
Figure = tuple[str | None, str, int | float | str]


class Catalogue(Protocol):
    """The cards a game remembers between sessions (the store's card table), as players list and edit them.

    The catalogue screen lists every card of each kind with `line`, opens an edit line on `text`
    and saves what `parse` returns (or shows its Rejected reason and saves nothing).
    """

    kinds: tuple[tuple[str, str], ...]  # (kind as stored, label shown), e.g. ("character", "Characters")

    def line(self, kind: str, name: str, data: Mapping[str, Any]) -> str:
        """One line of the list: the card's name, kind and values as a player reads them."""
        ...

    def text(self, kind: str, name: str, data: Mapping[str, Any]) -> str:
        """The card as the edit line shows it: `parse` reads it back to the same card."""
        ...

    def parse(self, kind: str, text: str) -> tuple[str, dict[str, Any]]:
        """(name, data) from an edited line, or Rejected with the reason."""
        ...


S = TypeVar("S")  # a game's frozen state class


class Game(Protocol[S]):
    """Everything a registered game offers: the whole contract in one place, generic in the
    game's state class (`Game[State]`), so every hook that takes a state is checked.

    A game is an object (its package's `GAME`); `GameBase` gives every optional hook its
    default, so a game writes only what it needs. Everything here is pure; `screen` and
    `commands` are dotted paths, imported only when used.
    """

    id: str  # a short lower-case name: the package, the rules file and the stored sessions
    name: str  # what players read
    min_players: int
    max_players: int
    options: tuple[Option, ...]  # the table options asked at setup
    events: Mapping[str, type[Event]]  # every event kind the game folds (see `event_types`)
    screen: str  # "module:Class" of the game's Textual screen
    cooperative: bool  # the table wins or loses together (exports say so)
    titled: bool  # any game at all (free play): exports name the game played by the session's title
    state_version: int  # bump when the state's layout changes: older snapshots are then replayed
    rules_phases: tuple[str, ...]  # the phase names its rules text may tag sections with
    # Dotted modules adding command-line subcommands: `add_parser(subparsers)` returns the new
    # argparse parser, `run(args)` does the work and returns the exit status.
    commands: tuple[str, ...]
    catalogue: Catalogue | None  # the remembered cards a player can list and edit, if the game keeps any
    keys: tuple[Key, ...]  # each action family's key (see `Key`); the frame adds next turn, undo, ...

    def setup(self, players: tuple[str, ...], options: Mapping[str, Any]) -> S:
        """The first frozen state, or Rejected (bad names, player count or options)."""
        ...

    def apply(self, state: S, event: Event) -> S:
        """The state after `event`, or Rejected with the reason; `state` is never changed."""
        ...

    def describe(self, before: S, event: Event, after: S) -> str:
        """The log line for an event that was applied."""
        ...

    def view(self, state: S) -> TableView:
        """The shared table frame for a state."""
        ...

    def next_turn(self, state: S) -> Event:
        """The event the table's "next turn" key records."""
        ...

    def write(self, state: S, event: Event) -> Typed | None:
        """How a player types `event` at `state` (None: no key of the table records it):
        its prompts read the answers back to exactly `event` (`read_typed`)."""
        ...

    def result(self, state: S) -> Result | None:
        """The outcome of a finished game, None while it is under way."""
        ...

    def rules_phase(self, state: S) -> str:
        """The rules phase (one of `rules_phases`, or "") the rules screen opens on."""
        ...

    def headline(self, state: S) -> tuple[tuple[str, str], ...]:
        """(label, value) pairs the big read-only table view shows above the players."""
        ...

    def panel(self, state: S) -> tuple[str, ...]:
        """Lines of words the game's screen shows under the players."""
        ...

    def conceal(self, state: S, events: Sequence[Event], cursor: int) -> tuple[Event, ...]:
        """A log as an export of an unfinished game may show it, the table now at `state`
        after `cursor` events: whatever is still secret (a note face down, the cards that went
        to a score pile nobody may count) blanked. A blanked log may no longer replay: the
        import then says the file keeps the table's secrets back."""
        ...

    def actions(self, state: S) -> tuple[Action, ...]:
        """Every family of actions, each open (closed None) or closed with the player's reason."""
        ...

    def figures(self, final: S, steps: Iterable[tuple[S, Event, S]]) -> tuple[Figure, ...]:
        """A finished game's own figures, from its last state and its log as (before, event, after)."""
        ...

    def public_text(self, state: S, event: Event, text: str) -> str:
        """An event's recorded log line `text` as the table reads it while the game is at
        `state` (the screen's log, the exports): a game may keep part of it secret until the end."""
        ...

    def actor(self, state: S, event: Event) -> int | None:
        """The seat whose action `event` is in `state` (0-based), or None when it is the table's
        (a correction, the deal): a seat's phone records its own player's actions
        (`companion.seats`)."""
        ...

    def past_view(self, state: S, now: S) -> TableView:
        """The table as it was at an earlier `state`, looked back on while the game is at `now`
        (the read-only rewind): a game may keep back what a trail of past tables would give away."""
        ...


REQUIRED = {"id": str, "name": str, "min_players": int, "max_players": int, "events": Mapping, "screen": str}


class GameBase(ABC, Generic[S]):
    """A game's base class: the required methods of `Game` and a default for every hook.

    Games inherit it (`GameBase[State]`) and set the `Game` attributes; a game missing a
    required method cannot be made (TypeError), and a game class that has every method but
    lacks a required attribute (`REQUIRED`) is refused when the class is created, at import,
    so the registry never holds half a game.
    """

    id: str
    name: str
    min_players: int
    max_players: int
    events: Mapping[str, type[Event]]

    options: tuple[Option, ...] = ()
    cooperative: bool = False
    titled: bool = False
    state_version: int = 1
    rules_phases: tuple[str, ...] = ()
    commands: tuple[str, ...] = ()
    catalogue: Catalogue | None = None
    keys: tuple[Key, ...] = ()
    screen: str = "screens.table_screen:TableScreen"  # the frame alone: a game with no panels of its own

    @abstractmethod
    def setup(self, players: tuple[str, ...], options: Mapping[str, Any]) -> S: ...

    @abstractmethod
    def apply(self, state: S, event: Event) -> S: ...

    @abstractmethod
    def describe(self, before: S, event: Event, after: S) -> str: ...

    @abstractmethod
    def view(self, state: S) -> TableView: ...

    @abstractmethod
    def next_turn(self, state: S) -> Event: ...

    @abstractmethod
    def result(self, state: S) -> Result | None: ...

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        if any(getattr(getattr(cls, n, None), "__isabstractmethod__", False) for n in dir(cls)):
            return  # a partial base (or half a game, which cannot be made anyway)
        wrong = [n for n, kind in REQUIRED.items() if not isinstance(getattr(cls, n, None), kind)]
        if wrong:
            raise TypeError(
                f"{cls.__name__} needs {', '.join(wrong)} ({', '.join(REQUIRED[n].__name__ for n in wrong)})"
            )

    def rules_phase(self, state: S) -> str:
        """By default the phase the table view shows."""
        return self.view(state).phase

    def headline(self, state: S) -> tuple[tuple[str, str], ...]:
        """By default none: the table view shows the players only."""
        return ()

    def panel(self, state: S) -> tuple[str, ...]:
        """By default no lines."""
        return ()

    def conceal(self, state: S, events: Sequence[Event], cursor: int) -> tuple[Event, ...]:
        """By default nothing is secret."""
        return tuple(events)

    def figures(self, final: S, steps: Iterable[tuple[S, Event, S]]) -> tuple[Figure, ...]:
        """By default none: the statistics show plays, wins, scores and play time only."""
        return ()

    def public_text(self, state: S, event: Event, text: str) -> str:
        """By default the recorded line, whole."""
        return text

    def actor(self, state: S, event: Event) -> int | None:
        """By default no seat: any seat may record any event."""
        return None

    def past_view(self, state: S, now: S) -> TableView:
        """By default the table as it was, whole."""
        return self.view(state)

    def write(self, state: S, event: Event) -> Typed | None:
        """By default only the next-turn key's event is typed (the key alone)."""
        return Typed("next_turn", event) if event == self.next_turn(state) else None

    def actions(self, state: S) -> tuple[Action, ...]:
        """By default the next-turn key only, closed once the game is over."""
        over = GAME_OVER if self.view(state).finished else None
        return (Action("next_turn", (self.next_turn(state).kind,), over),)
