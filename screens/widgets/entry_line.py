"""The entry line every table screen shares: the prompt's help, the reason an entry was
refused (under the help, never instead of it), the game's one line of advice for the question,
and the Input with its suggestions. It sits under the scrolling panels, so none of it scrolls away.

Suggestions complete the word being typed from what the app already knows (players, card
names, legal outcomes): the rest of the line shows dim after the cursor, and tab (or right
at the end of the line) takes it. `Words.complete` is synchronous, so a tab typed in a burst
takes the suggestion for exactly the text before it.
"""

from __future__ import annotations

from collections.abc import Iterable

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.content import Content
from textual.suggester import Suggester
from textual.widgets import Input, Static

from companion.text import fit, literal, shown_lines


class Words(Suggester):
    """Completes the end of the line from `words`, first match in the order given.

    The longest typed tail that starts a word wins, so `Holy K` offers `Holy Knight 2` and
    `bob r` offers `bob red` when both are known words. Matching ignores case.
    """

    def __init__(self, words: Iterable[str]) -> None:
        super().__init__(use_cache=False, case_sensitive=True)
        self.words = tuple(dict.fromkeys(w for w in words if w))
        self._folded = tuple(w.casefold() for w in self.words)

    def complete(self, value: str) -> str | None:
        starts = [0] + [i + 1 for i, ch in enumerate(value) if ch == " "]
        for start in starts:
            tail = value[start:].casefold()
            if not tail:
                continue
            if tail in self._folded:  # a word typed whole is never swapped for a longer one
                return None
            for word, folded in zip(self.words, self._folded, strict=True):
                if folded.startswith(tail) and len(word) > len(tail):
                    return value[:start] + word
        return None

    async def get_suggestion(self, value: str) -> str | None:
        return self.complete(value)


def help_with_reason(help: str | Content | Text, reason: str, width: int) -> Content:
    """The prompt's help and, under it, the refusal in red. Both quote names and what was
    typed, so a str is plain text, never markup; a long reason is cut at two lines (with a
    marker) rather than pushed over the table."""
    if isinstance(help, Text):
        content = Content.from_rich_text(help)
    else:
        content = Content.from_rich_text(literal(help, lines=True)) if isinstance(help, str) else help
    if reason:
        content = content.append("\n").append(Content.styled(fit(shown_lines(reason), 2 * width), "bold red"))
    return content


class EntryLine(Vertical):
    """Hidden until a screen asks; `TableScreen.ask` opens it and runs the callback."""

    DEFAULT_CSS = """
    EntryLine {
        height: auto;
        display: none;
        #entry-label { height: auto; padding: 0 1; }
        #entry-advice { height: auto; max-height: 2; padding: 0 1; color: $text-accent; display: none; }
        #entry { margin: 0 1; }
    }
    """

    def __init__(self) -> None:
        super().__init__(id="entry-line")
        self.help: str | Content | Text = ""
        self.words = Words(())

    def compose(self) -> ComposeResult:
        yield Static("", id="entry-label")
        yield Static("", id="entry-advice")
        # enter is the screen's: it records the action (screens/key_burst.py)
        yield Input(id="entry", select_on_focus=False)

    @property
    def input(self) -> Input:
        return self.query_one("#entry", Input)

    def open(self, help: str | Content | Text, value: str, words: Iterable[str], advice: str = "") -> Input:
        self.help = help
        self.words = Words(words)
        self.query_one("#entry-label", Static).update(help_with_reason(help, "", 0))
        self.show_advice(advice)
        entry = self.input
        entry.suggester = self.words if self.words.words else None
        entry.value = value
        entry.cursor_position = len(value)
        self.display = entry.display = True  # the Input's own display: what tests and screens ask
        return entry

    def refuse(self, reason: str) -> None:
        """Keep the typed text; the reason goes under the help."""
        label = self.query_one("#entry-label", Static)
        # The label's own width can still be unset right after the line opens: the screen's is known.
        width = max(label.content_region.width, self.app.size.width - 2, 20)
        label.update(help_with_reason(self.help, reason, width))

    def show_advice(self, advice: str) -> None:
        """The game's advice for this question (plain text, at most two lines), or none."""
        line = self.query_one("#entry-advice", Static)
        width = max(line.content_region.width, self.app.size.width - 2, 20)
        line.update(Content(fit(shown_lines(advice), 2 * width)) if advice else "")
        line.display = bool(advice)

    def close(self) -> None:
        self.display = self.input.display = False
        self.help = ""
        self.show_advice("")
        self.input.value = ""
        self.query_one("#entry-label", Static).update("")

    def take_suggestion(self) -> bool:
        """Tab: complete the line from the known words. False when there is nothing to take."""
        entry = self.input
        completed = self.words.complete(entry.value)
        if completed is None:
            return False
        entry.value = completed
        entry.cursor_position = len(completed)
        return True
