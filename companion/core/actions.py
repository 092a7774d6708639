"""Action families and their keys: what a player may do now, and which key does it.

A game's `actions` hook answers, for a state, every family open or closed with the player's
reason, found by asking the game's own `apply` (`probed`, `open_when`), so the keys never
disagree with the rules. `Key` declares each family's key beside it, as data the table frame
builds its bindings, footer and palette from.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from companion.core.events import Event
from companion.core.prompts import Dice, Prompt
from companion.rejected import Rejected


@dataclass(frozen=True)
class Action:
    """One family of actions a player may take: the name the table's key runs (its action),
    the event kinds it records, and why it is closed now (None: open).

    The table screen's footer, palette and dead-key messages and the phones' buttons read
    these; the fuzz law holds
    the core to them: an event whose every family is closed is refused, and an open family's
    example is accepted.
    """

    name: str
    kinds: tuple[str, ...]
    closed: str | None = None
    example: Event | None = None  # an event of the family the core accepts now, when it knows one
    # The key's word for the family in this state, where the state changes what it does
    # (Monster Maker 5's draw key places the dealt gems in the deal: "Deal"); None: the key's title.
    title: str | None = None


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


# What a key builds: an event or several to record (all or nothing), a Prompt for the entry line,
# Dice for the dice tray, or nothing.
Built = Event | tuple[Event, ...] | Prompt | Dice | None
# What a key opens from the state alone: an event to record, or a builder of what to do.
Opens = Event | Callable[[Any], Built]


@dataclass(frozen=True)
class Shelf:
    """What a key's builder may read besides the state, as plain read-only data.

    `cards(kind)`: the game's remembered cards of one kind ("character", "enemy") by name, the
    table's store read for the table's screen and for a seat's phone alike. `picked`: the cell
    (row, column) picked in the players' table on the table's screen; a phone has no cursor
    (None). `solved`: what the table's screen solves in the background for the state shown
    (Monster Maker 5's battle advice), by name, None while it is solving; on a phone (None)
    the builder solves what it needs itself.
    """

    cards: Callable[[str], Mapping[str, Mapping[str, Any]]] = lambda kind: {}
    picked: tuple[int, int] | None = None
    solved: Mapping[str, Any] | None = None

    def __call__(self, kind: str) -> Mapping[str, Mapping[str, Any]]:
        return self.cards(kind)

    def solution(self, name: str, solve: Callable[[], Any]) -> Any:
        """What the table's screen solved as `name` (None while it solves), or, where nothing
        is solved ahead (a phone), `solve()` now."""
        return solve() if self.solved is None else self.solved.get(name)


# What a key opens from the state and the Shelf (the remembered cards, the cell picked).
Reads = Callable[[Any, Shelf], Built]


@dataclass(frozen=True)
class Key:
    """An action family's key at the table, declared by the game beside its `actions`.

    The table frame builds from it the binding, the footer entry (`help` is its tooltip), the
    command palette's entry and what the key does; a seat's phone offers the same key under
    the same title and opens the same thing (`build`). A key opens `opens` (from the state) or
    `reads` (from the state and the Shelf). A key with `screen` instead runs no family: it
    only moves the table's screen (the catalogue, the dice tray, a player's row), named as
    "module:function" of the screens, called with the table screen and the key's arguments;
    it is not on the phones.
    """

    key: str  # Textual's name for it: "d", "D", "ctrl+k", "minus"
    name: str  # the family it runs (an `Action.name`), also its id in the settings' keymap
    title: str  # the footer's and the palette's word for it
    help: str = ""
    opens: Opens | None = None
    show: bool = True  # in the footer; False: in ctrl+p only
    key_display: str | None = None
    reads: Reads | None = None
    # The table's screen asks this yes-or-no (from the state and the event built) before it
    # records; a tap on a phone records at once.
    sure: Callable[[Any, Event], str] | None = None
    phone: bool = True  # False: not on the phones (it works on the cell picked at the table)
    # The characters that, in a state, start the family's question: typed at the table while
    # the family is open, it opens with the character typed in (Seirei Kairo Drive's `g4 r4`:
    # a card starts the play in the battle); while it is closed, the key says why.
    starts: Callable[[Any], str] | None = None
    done: str = ""  # said in the status line when the key records its event without a question
    screen: str | None = None

    def build(self, state: Any, shelf: Shelf) -> Built:
        """What the key opens now: the one builder the table's screen and the phones share."""
        if self.reads is not None:
            return self.reads(state, shelf)
        if self.opens is None or isinstance(self.opens, Event):
            return self.opens
        return self.opens(state)
