"""The session's log pane: every action of a timeline, numbered, kept in line with it.

It draws only what changed: entries are only ever appended or cut off at the cursor, so the
lines shown and the new ones share their prefix up to the older cursor, unless the last entry
of that prefix is a different object (a reload) or the columns widen: then every line is drawn
again. The end of a game redraws it too, since the end may reveal what the log kept secret.
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text

from companion.text import shown
from companion.timeline import Entry, Timeline
from screens.widgets.log_pane import LogPane


def log_words(entry: Entry, undone: bool, said: str | None = None) -> str:
    """An entry's words (`said`: as the game lets the table read them now, see `Game.public_text`)."""
    text = shown(entry.text if said is None else said)
    if entry.dropped:
        text += f" (replaced {entry.dropped} undone action{'s' if entry.dropped > 1 else ''})"
    return text + " (undone)" if undone else text


def log_line(index: int, entry: Entry, undone: bool, widths: tuple[int, int], said: str | None = None) -> Text:
    """One log line: number, turn, words in columns; an undone action is struck through."""
    number, turn = widths
    who = shown(entry.turn)
    line = f" {index + 1:>{number}}  {who}{' ' * (turn - cell_len(who))}  {log_words(entry, undone, said)}"
    return Text(line, style="dim strike" if undone else "")


def log_title(tl: Timeline) -> str:
    """The numbers count the actions; the title changes only with undo and redo, so a new
    action repaints no more than its own line and the scroll."""
    undone = len(tl.entries) - tl.cursor
    return f"Log · {undone} undone (ctrl+y redoes)" if undone else "Log"


class SessionLog(LogPane):
    """A LogPane that follows a timeline (`follow`), drawing from the first line that differs."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.forget()

    def forget(self) -> None:
        """Draw every line again at the next `follow` (the session was loaded anew)."""
        self._shown: tuple[tuple[Entry, ...], int] = ((), 0)
        self._widths = (0, 0)
        self._finished = False

    def follow(self, tl: Timeline, viewing: int | None) -> None:
        """Show `tl`'s entries; the cursor on the newest unless an earlier action is viewed."""
        old, old_cursor = self._shown
        keep = min(old_cursor, tl.cursor, len(old), len(tl.entries))
        if keep and old[keep - 1] is not tl.entries[keep - 1]:
            keep = 0
        if self._finished != tl.view_of().finished:  # the end may reveal what the log kept secret
            self._finished, keep = not self._finished, 0
        number, turn = self._widths if keep else (0, 0)
        fresh = tl.entries[keep:]
        widths = (
            max(number, len(str(len(tl.entries)))),
            max([turn, *(cell_len(shown(e.turn)) for e in fresh)]),
        )
        if widths != self._widths:
            keep = 0
        self._shown, self._widths = (tl.entries, tl.cursor), widths
        entries, cursor = tl.entries, tl.cursor
        said = tl.game.public_text
        self.show(
            len(entries),
            keep,
            lambda i: log_line(i, entries[i], i >= cursor, widths, said(tl.state, entries[i].event, entries[i].text)),
        )
        if viewing is None and entries:
            self.move_to(cursor - 1)

    def selected(self, tl: Timeline, index: int) -> Text | None:
        """Line `index` (the cursor's), whole, saying why it is shown: the newest action still
        standing gets the arrow (after an undo too), an undone or picked one says so."""
        if not tl.entries:
            return None
        index = min(index, len(tl.entries) - 1)
        entry = tl.entries[index]
        head = "▸" if index == tl.cursor - 1 else "Undone:" if index >= tl.cursor else "Picked:"
        # An undone typed line was undone whole: name every action of it, not only its first.
        last = index
        while head == "Undone:" and last + 1 < len(tl.entries) and tl.entries[last + 1].joined:
            last += 1
        numbers = f"{index + 1}" if last == index else f"{index + 1}–{last + 1}"
        words = "; ".join(
            log_words(e, index >= tl.cursor, tl.game.public_text(tl.state, e.event, e.text))
            for e in tl.entries[index : last + 1]
        )
        return Text.assemble((f"{head} {numbers} · {shown(entry.turn)} · ", "dim"), words)
