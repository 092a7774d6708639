"""The game protocol every game implements, and the checks every game's setup and `apply` share.

A game is a small object with pure functions: `setup` builds the first frozen state, `apply`
folds one typed event (`companion.core.events`) into a new state or raises `Rejected` with a
sentence a player understands, and `view` flattens a state into what the table screen shows
(`companion.core.views`). `Game` states the whole contract in one place; `GameBase` gives each
optional hook its default and refuses half a game at import. Table options, player names, a
finished game and the next seat round the table are handled here once, so every game words them alike.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from companion.core.actions import Action, Key
from companion.core.events import Event
from companion.core.prompts import Typed
from companion.core.views import Figure, Result, TableView
from companion.numbers import whole
from companion.rejected import Rejected


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
