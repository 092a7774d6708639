"""What a player types at the table, read into events: prompts, dice and seats.

A game's notation answers each key with a `Prompt` (the entry line) or `Dice` (the dice tray);
their `parse` and `event` give events or the next question, or raise `Rejected` with the
reason. `Typed` is an event as the keys and answers that record it, and `read_typed` reads it
back through the prompts alone: the notation's round trip the contract tests hold every game to.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from companion.core.events import Event
from companion.numbers import is_seat_number, whole
from companion.rejected import Rejected


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
    said = f"There is no player {typed!r}: type" if typed else "Type a player:"  # an empty line names no one
    raise Rejected(f"{said} a name ({', '.join(names)}) or a seat number 1–{len(names)}.")


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
