"""Rules: search as you type, read a section as Markdown, follow its cross-references.

The index is built in a worker the first time (about a tenth of a second), so the screen
opens at once. Opened from a table (F1) it lists that game's sections for the current phase
first; an empty query is the table of contents. ctrl+o shows the original paragraph (the
seed lines a section translates) under the English, for players who read it.
"""

from __future__ import annotations

import re
from typing import Any

from textual import on, work
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Footer, Input, Markdown, OptionList, Static
from textual.widgets.option_list import Option

from companion.text import fit, markup
from rulesdb.index import NO_RULE, line_hit, one_line
from rulesdb.passages import RULING_LABEL, unlabelled
from rulesdb.settled import beside_label
from screens.commands import Command, bindings
from screens.rules_tables import fitted
from screens.widgets.entry_line import Words

ACTIONS = (
    Command("escape", "close", "Close", "Back to where you were", key_display="esc"),
    Command("ctrl+g", "cycle_game", "Game filter", "Search one game or all", priority=True),
    Command("ctrl+f", "focus_search", "Search", "Type a word to search the rules", priority=True),
    Command(
        "ctrl+o",
        "toggle_original",
        "Original",
        "Show the original paragraph under the English",
        priority=True,
    ),
)
LIMIT = 40
PLACEHOLDER = "Search the rules: a word you half remember"
SHOW_AFTER = 0.15  # seconds: the highlighted section is shown once typing or scrolling pauses
_MARKDOWN_PUNCTUATION = re.compile(r"[!-/:-@[-`{-~]")


def section_markdown(
    section: Any, index: Any, original: bool = False, passage: str = "", width: int = 0, beside: Any = None
) -> str:
    """The section as Markdown: its title and at once its text, whole (the kind and id come
    after it). ``passage`` (the words that answer a question) goes first, as a quote above
    the title, when the text does not begin with it: then it shows without scrolling. A table
    wider than ``width`` (the reader's, when known) is read as a list. ``beside`` (a hit: the
    ruling on it, or the rule it settles, shown in its place) follows it, labelled, before
    "see also"."""
    label = (
        RULING_LABEL
        if section.kind == "ruling"
        else ("Quick reference" if section.kind == "quickref" else "From the rulebook summary")
    )
    text, passage = unlabelled(section.text).strip(), unlabelled(passage)
    first_words = " ".join(text.split()).startswith(" ".join(passage.split()))
    text = fitted(text, width) if width else text
    answer = _MARKDOWN_PUNCTUATION.sub(r"\\\g<0>", one_line(passage))  # a table's rows as words
    first = [f"> **{answer}**", ""] if answer and not first_words else []
    lines = [*first, f"# {section.title}", "", text, "", f"*{label} · `{section.id}`*"]
    if original:
        lines += ["", *original_markdown(section)]
    if beside is not None:
        label = f"*{beside_label(beside.section.kind)}:*"
        lines += ["", "---", "", label, "", section_markdown(beside.section, index, original, beside.passage, width)]
    related = [index.section(s) for s in section.see if beside is None or s != beside.section.id]
    if related:
        lines += ["", "## See also", ""]
        lines += [f"- [{r.title}](#{r.id})" for r in related if r is not None]
    return "\n".join(lines)


def original_markdown(section: Any) -> list[str]:
    """The original paragraph as printed, line by line in a quote, or why there is none.

    Every ASCII punctuation mark is backslash-escaped, so nothing in it reads as Markdown.
    """
    if not section.original:
        kind = "the app's ruling" if section.kind == "ruling" else "a summary"
        return ["## Original", "", f"None: this section is {kind}, not a translation."]
    spans = ", ".join(f"{a}-{b}" if b > a else f"{a}" for a, b in section.lines)
    lines = [_MARKDOWN_PUNCTUATION.sub(r"\\\g<0>", line) for line in section.original.splitlines()]
    return [f"## Original (seed lines {spans})", "", "> " + "\\\n> ".join(lines)]


class RulesScreen(Screen[None]):
    CSS_PATH = "rules_screen.tcss"
    ACTIONS = ACTIONS
    BINDINGS = bindings(*ACTIONS)

    def __init__(self, game: str | None = None, phase: str = "", section_id: str | None = None) -> None:
        super().__init__()
        self.game = game
        self.phase = phase
        self.section_id = section_id
        self.index: Any = None
        self.hits: list[Any] = []
        self.show_original = False
        self._showing: Timer | None = None  # the highlighted section, shown once the keys pause
        self._laid_out = 0  # the reader's width the section shown was laid out for

    def compose(self) -> ComposeResult:
        yield Static("", id="rules-title")
        yield Input(placeholder=PLACEHOLDER, id="query")
        with Horizontal(id="rules-body"):
            yield OptionList(id="results")
            # "see also" scrolls under the section, never over it
            with Vertical(id="reader"), VerticalScroll(id="page"):
                yield Markdown("Loading the rules…", id="section")
                yield OptionList(id="see")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#see", OptionList).display = False
        self.build_index()

    @work(thread=True, exclusive=True, group="rules-index")
    def build_index(self) -> None:
        from rulesdb.index import get_index

        index = get_index()
        self.app.call_from_thread(self._ready, index)

    def _ready(self, index: Any) -> None:
        self.index = index
        games = {g.game for g in index.games()}
        if self.game not in games:
            self.game = None
        self.update_title()
        self.suggest_words()
        self.run_search(self.query_one("#query", Input).value, highlight=not self.section_id)
        if self.section_id:
            self.open_section(self.section_id)
        self.query_one("#query", Input).focus()

    def suggest_words(self) -> None:
        """The search box completes the words of the chosen game's rules (every game's for
        all); its example is made of them."""
        query = self.query_one("#query", Input)
        query.suggester = Words(self.index.words(self.game))
        query.placeholder = f"{PLACEHOLDER} ({self.index.example(self.game)} …)"

    def update_title(self) -> None:
        scope = "all games" if self.game is None else markup(self.game)
        phase = f" · phase {markup(self.phase)} first" if self.phase and self.game else ""
        original = "hide" if self.show_original else "show"
        self.query_one("#rules-title", Static).update(
            f"[b]Rules[/b] · {scope}{phase} · ctrl+g changes the game · ctrl+o {original}s the original"
        )

    @on(Input.Changed, "#query")
    def query_changed(self, event: Input.Changed) -> None:
        if self.index is not None:
            self.run_search(event.value)

    @on(Input.Submitted, "#query")
    def query_submitted(self) -> None:
        if self.hits:
            self.open_section(self.hits[0].section.id)
            self.query_one("#results", OptionList).focus()

    def run_search(self, text: str, highlight: bool = True) -> None:
        index = self.index
        if not text.strip() and self.game and self.phase:
            sections = index.for_phase(self.game, self.phase)
            self.hits = [line_hit(s) for s in sections]
            covered, reason = True, ""
        else:
            answer = index.ask(text, self.game, limit=LIMIT)
            self.hits, covered, reason = list(answer.hits), answer.covered, answer.reason
        results = self.query_one("#results", OptionList)
        results.clear_options()
        if self.hits and not covered:  # the closest passages, never shown as answers
            results.add_option(Option(f"[b]{NO_RULE}[/b] Closest:", disabled=True))
        if not self.hits:
            echo = markup(fit(text.strip(), 40))  # the query as typed, never read as markup
            said = (
                f"[b]{NO_RULE}[/b] No rule holds a word of “{echo}”. Other words, or ctrl+g for all games, may find one."
                if reason == NO_RULE
                else f"No rule matches “{echo}”. Try a shorter word, or ctrl+g for all games."
            )
            results.add_option(Option(said, disabled=True))
            self.clear_section()
            return
        results.add_options(
            Option(
                f"[b]{markup(h.section.title)}[/b]  [dim]{markup(h.section.game)}[/dim]\n  {h.snippet}"
                + (f"\n  [dim]+[/dim] {markup(h.beside.section.title)}" if h.beside else ""),
                id=h.section.id,
            )
            for h in self.hits
        )
        self.query_one("#page", VerticalScroll).scroll_home(animate=False)
        if highlight:
            results.highlighted = 0 if covered else 1

    @on(OptionList.OptionHighlighted, "#results")
    def result_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        """The section under the highlight, shown when the keys pause: a burst of typing
        searches at every key but lays out one section, not one a key."""
        if self._showing is not None:
            self._showing.stop()
        if section_id := event.option.id:
            self._showing = self.set_timer(SHOW_AFTER, lambda: self._show_waiting(section_id))

    def _show_waiting(self, section_id: str) -> None:
        queue = getattr(self.app, "key_queue", None)
        if queue is not None and queue.typing_ahead:  # keys still waiting their turn: no pause yet
            self._showing = self.set_timer(SHOW_AFTER, lambda: self._show_waiting(section_id))
            return
        self._showing = None
        self.open_section(section_id)

    @on(OptionList.OptionSelected, "#results")
    def result_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id:
            self.open_section(event.option.id)
            self.query_one("#page").focus()

    @on(OptionList.OptionSelected, "#see")
    def see_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id:
            self.open_section(event.option.id)

    @on(Markdown.LinkClicked)
    def link_clicked(self, event: Markdown.LinkClicked) -> None:
        event.prevent_default()
        self.open_section(event.href.lstrip("#"))

    def open_section(self, section_id: str, new_question: bool = False) -> None:
        """Show the section, at its top for another section or a new question."""
        if self._showing is not None:  # a section asked for now replaces one waiting to be shown
            self._showing.stop()
            self._showing = None
        section = self.index.section(section_id) if self.index else None
        if section is None:
            return
        if section_id != self.section_id or new_question:
            self.query_one("#page", VerticalScroll).scroll_home(animate=False)
        self.section_id = section_id
        self.lay_out(section)
        see = self.query_one("#see", OptionList)
        see.clear_options()
        place = self.place(section_id)
        shown = place.beside.section.id if place and place.beside else None  # already on the page
        related = [s for s in (self.index.section(i) for i in section.see if i != shown) if s is not None]
        see.add_options(Option(f"→ {r.title}", id=r.id) for r in related)
        see.display = bool(related)

    def place(self, section_id: str) -> Any:
        """The hit of this question whose place is that section's (a search's, not a list's), or None."""
        return next((h for h in self.hits if h.section.id == section_id and h.score), None)

    def lay_out(self, section: Any) -> None:
        """The section's Markdown for the reader's width (a table too wide for it as a list);
        laid out again once the reader has a width, if it has none yet."""
        width = self.query_one("#page", VerticalScroll).scrollable_content_region.width
        self._laid_out = width
        place = self.place(section.id)
        passage, beside = (place.passage, place.beside) if place else ("", None)
        self.query_one("#section", Markdown).update(
            section_markdown(section, self.index, self.show_original, passage, width, beside)
        )
        if not width:
            self.call_after_refresh(self.refit)

    def on_resize(self) -> None:
        self.refit()

    def refit(self) -> None:
        """The section shown, laid out again if the reader's width changed, where it was
        scrolled to."""
        width = self.query_one("#page", VerticalScroll).scrollable_content_region.width
        section = self.index.section(self.section_id) if self.section_id and self.index is not None else None
        if section is not None and width and width != self._laid_out:
            self.lay_out(section)

    def clear_section(self) -> None:
        """No section beside a question no passage holds a word of: not the one shown, nor one waiting to be shown."""
        if self._showing is not None:
            self._showing.stop()
            self._showing = None
        self.section_id = None
        self.query_one("#section", Markdown).update("")
        self.query_one("#see", OptionList).display = False

    def action_cycle_game(self) -> None:
        if self.index is None:
            return
        order = [None, *(g.game for g in self.index.games())]
        self.game = order[(order.index(self.game) + 1) % len(order)]
        self.update_title()
        self.suggest_words()
        self.run_search(self.query_one("#query", Input).value)

    def action_toggle_original(self) -> None:
        self.show_original = not self.show_original
        self.update_title()
        if self.section_id:
            self.open_section(self.section_id)

    def action_focus_search(self) -> None:
        self.query_one("#query", Input).focus()

    def action_close(self) -> None:
        self.app.pop_screen()
