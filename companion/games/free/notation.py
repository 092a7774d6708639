"""What players type at a free-play table, and the prompts that ask for it.

`-7`, `+3` or `=12` change the selected counter; `HP=20 0..40, mana=0 0..6` adds counters for
every player (`table: deck=54 0..` for the table); `r5` ends the game after round 5, `3` after
three more turns, `0` clears the countdown. Each prompt's label is built from the state, so
its examples are legal now.
"""

from __future__ import annotations

import re

from companion.core import Event, Prompt, Rejected
from companion.games.free.events import AddCounter, Adjust, SetCountdown, SetValue
from companion.games.free.state import Counter, FreeState
from companion.numbers import LIMIT, quoted, whole

_SPEC = re.compile(r"^\s*([^=\d\s][^=]*?)\s*(?:=\s*(-?\d+))?\s*(?:(-?\d*)\s*\.\.\s*(-?\d*))?\s*$")
CHANGE = re.compile(r"^\s*([-+=]?)\s*(\S+)\s*$")
COUNTDOWN = re.compile(r"r(?:ound)?\s*(\S+)")
TABLE = "table:"


def parse_counters(spec: str) -> tuple[tuple[str, int, int | None, int | None], ...]:
    """`HP=20 0..40, mana=0 ..6, score` into (name, start, low, high) rows."""
    rows = []
    for part in (p for p in spec.split(",") if p.strip()):
        m = _SPEC.match(part)
        if not m:
            raise Rejected(f"{quoted(part.strip())} is not a counter; write it like HP=20 0..40 or score.")
        name, start, low, high = m.groups()
        low_v = whole(low, "A counter's minimum") if low else None
        high_v = whole(high, "A counter's maximum") if high else None
        value = whole(start, "A counter's value") if start else (low_v if low_v is not None else 0)
        rows.append((name.strip(), value, low_v, high_v))
    names = [r[0].casefold() for r in rows]
    if len(set(names)) != len(names):
        raise Rejected("Two counters share a name; give each its own.")
    return tuple(rows)


def legal_changes(counter: Counter) -> str:
    """What may be typed for `counter` now, from its bounds: never an example it would refuse."""
    low, high, value = counter.low, counter.high, counter.value
    down = "-N subtracts" if low is None else (f"-1..-{value - low} subtracts" if value > low else "")
    up = "+N adds" if high is None else (f"+1..+{high - value} adds" if value < high else "")
    if low is not None and high is not None:
        to = f"={low}..{high} sets"
    elif low is not None:
        to = f"={low} or more sets"
    elif high is not None:
        to = f"={high} or less sets"
    else:
        to = "=N sets"
    return " · ".join(part for part in (down, up, to) if part)


def parse_change(text: str, counter: Counter) -> Event:
    """`-7`, `+3`, `=12` (a bare number adds) into the event for `counter`."""
    m = CHANGE.match(text)
    if not m:
        raise Rejected(f"{quoted(text)} is not a number: {legal_changes(counter)}.")
    op, number = m.group(1) or "+", whole(m.group(2), "The amount", 0, LIMIT)
    if op == "=":
        return SetValue(counter.name, counter.owner, number)
    return Adjust(counter.name, counter.owner, number if op == "+" else -number)


def columns(state: FreeState) -> tuple[str, ...]:
    """The counters' names, in the order first added: the players' table's columns."""
    return tuple(dict.fromkeys(c.name for c in state.counters))


def picked_counter(state: FreeState, picked: tuple[int, int] | None) -> Counter | None:
    """The counter in the players' table's cell (row, column) picked: a player's row, then
    the table's own; the players' names' column counts as the first counter's."""
    names = columns(state)
    if picked is None or not names:
        return None
    row, col = picked
    owner = row if row < len(state.players) else None
    name = names[max(col, 1) - 1]
    return next((c for c in state.counters if c.owner == owner and c.name == name), None)


def owner_name(state: FreeState, owner: int | None) -> str:
    return "Table" if owner is None else state.players[owner]


def change_prompt(state: FreeState, counter: Counter, sign: str) -> Prompt:
    """The line that changes `counter`, opened with the sign its key typed."""
    label = (
        f"{owner_name(state, counter.owner)} · {counter.name} is {counter.value}: "
        f"{legal_changes(counter)}, then enter (esc cancels)"
    )
    return Prompt(label, lambda text: parse_change(text, counter), sign)


def parse_new_counters(text: str) -> tuple[AddCounter, ...]:
    """`HP=20 0..40, mana=0` for every player, or `table: deck=54 0..` for the table."""
    shared = text.strip().lower().startswith(TABLE)
    spec = text.split(":", 1)[1] if shared else text
    rows = parse_counters(spec)
    if not rows:
        raise Rejected("Type a counter, e.g. HP=20 0..40.")
    return tuple(AddCounter(name, None, value, low, high, each=not shared) for name, value, low, high in rows)


def new_counter_prompt(state: FreeState) -> Prompt:
    taken = {c.name.casefold() for c in state.counters}
    name = next(n for n in ("HP", "mana", "gold", "deck", "counter1", "counter2") if n.casefold() not in taken)
    shared = next(n for n in ("deck", "pool", "bank", "counter3") if n.casefold() not in taken)
    label = f"New counter: {name}=20 0..40 for every player · table: {shared}=54 0.. for the table"
    return Prompt(label, parse_new_counters)


def parse_countdown(text: str) -> SetCountdown:
    """`r5` (ends after round 5), `3` (after three more turns), `0` or nothing (no end)."""
    t = text.strip().lower()
    if t in {"0", "none", "off", ""}:
        return SetCountdown()
    if m := COUNTDOWN.fullmatch(t):
        return SetCountdown(end_round=whole(m.group(1), "The last round", 1, LIMIT))
    if t[:1].isdigit():
        return SetCountdown(more_turns=whole(t, "The number of turns", 1, LIMIT))
    raise Rejected(f"{quoted(text)}: type r5 (ends after round 5), 3 (three more turns) or 0 (no end).")


def countdown_prompt(state: FreeState) -> Prompt:
    last = state.round + 4
    label = f"Countdown: r{last} = the game ends after round {last} · 3 = after 3 more turns · 0 = none"
    return Prompt(label, parse_countdown)
