"""The card catalogue of any game that keeps one (`game.catalogue`): every remembered card of
each kind, filtered as you type, edited in the game's own notation or deleted.

The screen knows no game: the list lines, the edit line's text and what an edited line means
all come from the game's Catalogue; the cards come from the store. A refused edit shows the
game's reason under the line and keeps what was typed; nothing is saved until it stands.
"""

from __future__ import annotations

from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Footer, Input, OptionList, Static
from textual.widgets.option_list import Option

from companion.core import Rejected
from companion.store.repo import Repository
from companion.text import literal
from screens.commands import Command, bindings
from screens.confirm_modal import ConfirmModal
from screens.store_access import store

ACTIONS = (
    Command("enter", "edit", "Edit", "Edit the card under the cursor", key_display="⏎"),
    Command(
        "delete", "delete", "Delete", "Forget the card under the cursor (asks first)", key_display="del", priority=True
    ),
    Command("escape", "close", "Back", "Close the edit line, or go back", key_display="esc"),
    Command("down", "move(1)", "Next", "The next card", show=False),
    Command("up", "move(-1)", "Previous", "The previous card", show=False),
)


def entries(repo: Any, game: Any, words: str) -> list[tuple[str, str, str]]:
    """(kind, name, the line shown) for every card whose line holds every typed word, by kind."""
    want = words.casefold().split()
    out = []
    for kind, _label in game.catalogue.kinds:
        for name, data in repo.cards(game.id, kind).items():
            shown = game.catalogue.line(kind, name, data)
            if all(w in shown.casefold() for w in want):
                out.append((kind, name, shown))
    return out


class CatalogueScreen(Screen[None]):
    CSS_PATH = "catalogue_screen.tcss"
    ACTIONS = ACTIONS
    BINDINGS = bindings(*ACTIONS)

    def __init__(self, game: Any) -> None:
        super().__init__()
        self.game = game
        self.shown: list[tuple[str, str, str]] = []
        self.editing: tuple[str, str] | None = None  # (kind, name) of the card on the edit line

    @property
    def repo(self) -> Repository:
        return store(self.app)

    def compose(self) -> ComposeResult:
        yield Static(literal(f"Card catalogue · {self.game.name}"), id="cat-title")
        yield Static("", id="cat-bad", classes="error")
        yield Input(placeholder="type to filter", id="cat-filter")
        yield OptionList(id="cat-list")
        yield Static("", id="cat-help")
        yield Input(id="cat-edit")
        yield Static("", id="cat-reason")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#cat-edit", Input).display = False
        self.refill()
        self.query_one("#cat-filter", Input).focus()

    # -- the list -----------------------------------------------------------------------------

    def refill(self, keep: tuple[str, str] | None = None) -> None:
        listing = self.query_one("#cat-list", OptionList)
        self.shown = entries(self.repo, self.game, self.query_one("#cat-filter", Input).value)
        labels = dict(self.game.catalogue.kinds)
        options: list[Option] = []
        kind = None
        for i, (k, _name, line) in enumerate(self.shown):
            if k != kind:
                kind = k
                options.append(Option(literal(labels.get(k, k), style="bold"), disabled=True))
            options.append(Option(literal("  " + line), id=str(i)))
        listing.clear_options()
        listing.add_options(options)
        at = next((i for i, (k, n, _l) in enumerate(self.shown) if (k, n) == keep), 0)
        if self.shown:
            listing.highlighted = listing.get_option_index(str(at))
        count = len(self.shown)
        bad = [why for (game, _kind, _row), why in self.repo.bad_cards.items() if game == self.game.id]
        self.query_one("#cat-bad", Static).display = bool(bad)
        self.query_one("#cat-bad", Static).update(
            literal("\n".join(f"Left out, it does not read: {why}. Enter the card again to replace it." for why in bad))
        )
        self.query_one("#cat-help", Static).update(
            literal(
                (f"{count} card{'s' if count != 1 else ''}" if count else "No remembered card matches.")
                + " · ↑↓ choose · enter edits · del forgets · esc back"
            )
        )

    @on(Input.Changed, "#cat-filter")
    def filter_changed(self) -> None:
        self.refill()

    def current(self) -> tuple[str, str] | None:
        listing = self.query_one("#cat-list", OptionList)
        if listing.highlighted is None or not self.shown:
            return None
        option = listing.get_option_at_index(listing.highlighted)
        if option.id is None:
            return None
        kind, name, _line = self.shown[int(option.id)]
        return kind, name

    def action_move(self, step: int) -> None:
        listing = self.query_one("#cat-list", OptionList)
        if step > 0:
            listing.action_cursor_down()
        else:
            listing.action_cursor_up()

    # -- edit and delete ------------------------------------------------------------------------

    def action_edit(self) -> None:
        if self.editing is not None:
            self.save(self.query_one("#cat-edit", Input).value)
            return
        picked = self.current()
        if picked is None:
            self.say("No card here to edit.")
            return
        kind, name = picked
        data = self.repo.cards(self.game.id, kind).get(name, {})
        self.editing = picked
        edit = self.query_one("#cat-edit", Input)
        edit.value = self.game.catalogue.text(kind, name, data)
        edit.display = True
        edit.cursor_position = len(edit.value)
        edit.focus()
        self.say("Edit the card, enter saves it, esc leaves it as it was.")

    @on(Input.Submitted, "#cat-edit")
    def edit_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.save(event.value)

    @on(Input.Submitted, "#cat-filter")
    def filter_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_edit()

    def save(self, text: str) -> None:
        assert self.editing is not None
        kind, old = self.editing
        try:
            name, data = self.game.catalogue.parse(kind, text)
        except Rejected as exc:
            self.say(exc.reason, error=True)
            return
        repo = self.repo
        repo.save_card(self.game.id, kind, name, data)
        if name != old:
            repo.delete_card(self.game.id, kind, old)
        self.close_edit()
        self.refill(keep=(kind, name))
        self.say(f"Saved: {self.game.catalogue.line(kind, name, data)}")

    def close_edit(self) -> None:
        self.editing = None
        edit = self.query_one("#cat-edit", Input)
        edit.display = False
        self.query_one("#cat-filter", Input).focus()

    def action_delete(self) -> None:
        if self.editing is not None:  # on the edit line del deletes a character, as everywhere
            self.query_one("#cat-edit", Input).action_delete_right()
            return
        picked = self.current()
        if picked is None:
            self.say("No card here to delete.")
            return
        kind, name = picked

        def done(yes: bool | None) -> None:
            if yes:
                self.repo.delete_card(self.game.id, kind, name)
                self.refill()
                self.say(f"Forgotten: {name}")

        self.app.push_screen(ConfirmModal(f"Forget {name}? Later sessions will ask for its values again."), done)

    def action_close(self) -> None:
        if self.editing is not None:
            self.close_edit()
            self.say("Left as it was.")
            return
        self.dismiss(None)

    def say(self, text: str, error: bool = False) -> None:
        self.query_one("#cat-reason", Static).update(literal(text, style="bold red" if error else ""))


def show_catalogue(table: Any) -> None:
    """A game's catalogue key (`Key.screen`): the catalogue of the table's game, over the table."""
    if table.timeline is not None:
        table.app.push_screen(CatalogueScreen(table.timeline.game))
