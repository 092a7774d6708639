"""Text a player typed is data: the one place that makes it safe to show.

Names, titles, counter names and typed entries reach the screen, the log, notifications and
the command line. Two things must never happen to them there: being read as markup (`x[/]`
would crash a Textual or Rich widget, `[b]` would restyle it) and reaching the terminal as
control characters (ESC starts a sequence that can set the window title, move the cursor or
change colours). So control characters are shown as their Python escapes (`\\x1b`), and the
result is either a `rich.text.Text`, which no markup parser reads, or a string escaped for
Textual's content markup when a screen composes a markup line around it.

Textual's content markup and Rich's markup escape differently (in Textual a backslash only
escapes the `[` right after it; in Rich a pair of backslashes is a literal one), so markup
strings built here are for Textual widgets (`Static`, `notify`, option prompts) only; Rich
renderables (a DataTable cell, a rich Table) get `Text`.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # rich is imported when a Text is built: the command line needs none
    from rich.text import Text

# Besides the C0/C1 controls (category Cc), the characters that move or reorder text on
# screen without being visible: line and paragraph separators and the bidirectional
# overrides and isolates (a name written backwards across its neighbours).
_INVISIBLE = frozenset("\u2028\u2029\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def _escape_char(char: str) -> str:
    return repr(char)[1:-1]  # Python's own escape: \n, \x1b, \u202e


def _needs_escape(char: str) -> bool:
    return char in _INVISIBLE or unicodedata.category(char) == "Cc"


def shown(text: str) -> str:
    """`text` with every control character written as its escape: `\\x1b]0;t\\x07`.

    The result is plain text, still to be kept out of markup (see `literal` and `markup`).
    """
    if text.isprintable():  # the common case, and fast
        return text
    return "".join(_escape_char(c) if _needs_escape(c) else c for c in text)


def shown_lines(text: str) -> str:
    """Like `shown`, but line breaks stay line breaks (a multi-line message or error)."""
    return "\n".join(shown(line) for line in text.split("\n"))


def literal(text: str, style: str = "", lines: bool = False) -> Text:
    """A Rich `Text` showing `text` exactly as typed (controls made visible), no markup.
    With `lines`, line breaks stay line breaks."""
    from rich.text import Text

    return Text(shown_lines(text) if lines else shown(text), style=style)


def markup(text: str) -> str:
    """`text` escaped to sit inside a Textual content-markup string: `f"[b]{markup(name)}[/b]"`.

    In Textual's markup a backslash escapes only the `[` right after it and is otherwise
    literal, so escaping every `[` shows any text as typed, backslashes included. Only a
    backslash at the very end would escape the tag that follows the text; a zero-width
    space after it keeps it a backslash.
    """
    return _end_backslash(shown(text).replace("[", "\\["))


def _end_backslash(text: str) -> str:
    return text + "\u200b" if text.endswith("\\") else text


def markup_lines(text: str) -> str:
    """`markup` for multi-line text: line breaks kept."""
    return "\n".join(_end_backslash(line.replace("[", "\\[")) for line in shown_lines(text).split("\n"))


def fit(text: str, width: int, marker: str = "…") -> str:
    """`text` cut to `width` terminal cells, with `marker` at the end when anything was cut."""
    from rich.cells import cell_len, set_cell_size

    if cell_len(text) <= width:
        return text
    if width <= cell_len(marker):
        return marker[: max(width, 0)]
    # set_cell_size pads where a wide character would not fit whole: the marker follows the text
    return set_cell_size(text, width - cell_len(marker)).rstrip(" ") + marker


def heading(game: str, title: str) -> tuple[str, str]:
    """A session's heading as (the game's name, what follows it). The default title starts with
    the game's name ("The King Commands 2026-12-02"), so then the title alone, its start as the
    name; otherwise "game · title". Plain text: the caller escapes or styles both parts."""
    start, rest = title[: len(game)], title[len(game) :]
    if start.casefold() == game.casefold() and not rest[:1].isalnum():
        return start, rest
    return game, f" · {title}"


def listed(names: Sequence[str]) -> str:
    """Names as a sentence says them: "Ann", "Ann and Bob", "Ann, Bob and Cleo"."""
    return " and ".join(filter(None, (", ".join(names[:-1]), *names[-1:])))
