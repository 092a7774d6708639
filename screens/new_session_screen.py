"""New session: a game from the registry, players in seat order, a title, the table options."""

from __future__ import annotations

from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Input, Label, OptionList, Select, Static
from textual.widgets.option_list import Option as ListOption

from companion.clock import local, utc_now
from companion.core import Game, Rejected
from companion.games import all_games
from companion.text import literal
from screens.commands import Command, bindings
from screens.store_access import store
from screens.widgets.entry_line import Words
from screens.widgets.marked_checkbox import MarkedCheckbox

ACTIONS = (
    Command("ctrl+s", "create", "Start", "Start the session with these players", priority=True),
    Command("escape", "cancel", "Cancel", "Back to the home screen", key_display="esc"),
)


def split_names(text: str) -> list[str]:
    """Names between commas; a trailing comma is forgiven, an empty name in between is not."""
    names = [p.strip() for p in text.replace(";", ",").split(",")]
    return names[:-1] if len(names) > 1 and not names[-1] else names


class NamesInput(Input):
    """The players' line: the known name the last one typed starts shows dim; tab takes it (and
    moves to the next field when there is nothing to take), as right does at the end."""

    BINDINGS = [Binding("tab", "complete", "Complete the name", show=False)]

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.words = Words(())

    def action_complete(self) -> None:
        completed = self.words.complete(self.value)
        if completed is None:
            self.screen.focus_next()
            return
        self.value = completed
        self.cursor_position = len(completed)


class NewSessionScreen(Screen[None]):
    CSS_PATH = "new_session_screen.tcss"
    ACTIONS = ACTIONS
    BINDINGS = bindings(*ACTIONS)

    def __init__(self) -> None:
        super().__init__()
        self.games: tuple[Game[Any], ...] = all_games()
        self.game: Game[Any] = self.games[0]
        self._options_for = ""

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="form"):
            yield Static("[b]New session[/b]  ·  tab moves between fields, [b]ctrl+s[/b] starts", id="intro")
            yield Label("Game")
            yield OptionList(
                *(ListOption(f"{g.name}  ({g.min_players}–{g.max_players} players)", id=g.id) for g in self.games),
                id="game",
            )
            yield Label("Players in seat order, separated by commas")
            yield NamesInput(placeholder="Ann, Bob, Cleo", id="players")
            yield Static("", id="known")
            yield Label("Title")
            yield Input(placeholder=self.default_title(), id="title")
            yield Label("Table options", id="options-label")
            yield Vertical(id="options")
        # Outside the scrolling form, above the footer: a refusal is seen at any height.
        yield Static("", id="error")
        yield Footer()

    async def on_mount(self) -> None:
        self.show_known()
        self.query_one("#game", OptionList).highlighted = 0
        await self.show_options()
        self.query_one("#game", OptionList).focus()

    def show_known(self) -> None:
        """The players known from earlier sessions, most recent first: tab completes a name."""
        repo = getattr(self.app, "repo", None)
        if repo is None:
            return
        from companion.store.players import suggested

        known = suggested(repo)
        names = self.query_one("#players", NamesInput)
        names.words = names.suggester = Words(known)
        shown = ", ".join(known[:8]) + (f", and {len(known) - 8} more" if len(known) > 8 else "")
        label = self.query_one("#known", Static)
        label.update(literal(f"Known players (tab completes; a new name is a new player): {shown}"))
        label.display = bool(known)

    def default_title(self) -> str:
        clock = getattr(self.app, "clock", None) or utc_now
        return f"{self.game.name} {local(clock()):%Y-%m-%d}"  # the date here, not in Greenwich

    @on(OptionList.OptionHighlighted, "#game")
    async def game_changed(self, event: OptionList.OptionHighlighted) -> None:
        self.game = self.games[event.option_index]
        self.query_one("#title", Input).placeholder = self.default_title()
        await self.show_options()

    @on(OptionList.OptionSelected, "#game")
    def game_chosen(self) -> None:
        self.query_one("#players", Input).focus()

    async def show_options(self) -> None:
        box = self.query_one("#options", Vertical)
        if self._options_for == self.game.id:
            return
        self._options_for = self.game.id
        await box.remove_children()
        widgets: list[Any] = []
        for opt in self.game.options:
            wid = f"opt-{opt.key}"
            if opt.kind == "bool":
                widgets.append(MarkedCheckbox(opt.label, bool(opt.default), id=wid))
            elif opt.kind == "choice":
                widgets.append(Label(opt.label))
                widgets.append(Select([(c, c) for c in opt.choices], value=opt.default, allow_blank=False, id=wid))
            else:
                widgets.append(Label(f"{opt.label}{'  — ' + opt.help if opt.help else ''}"))
                widgets.append(Input(str(opt.default), id=wid))
        await box.mount_all(widgets)
        self.query_one("#options-label", Label).display = bool(widgets)
        played = self.query("#opt-played")
        if self.game.titled and played:  # the game played: the names earlier sessions gave it
            box_input: Any = played.first()
            box_input.suggester = Words(self.played_before())

    def played_before(self) -> list[str]:
        """The games earlier titled sessions (free play) played, the most recent first."""
        from companion.stats import played_name

        repo = getattr(self.app, "repo", None)
        games = {g.id: g for g in self.games if g.titled}
        sessions = [s for s in (repo.list_sessions() if repo is not None else ()) if s.game in games]
        return [played_name(games[s.game], s.title, s.options) for s in sessions]

    def option_values(self) -> dict[str, Any]:
        values: dict[str, Any] = {}
        for opt in self.game.options:
            widget: Any = self.query_one(f"#opt-{opt.key}")
            values[opt.key] = opt.coerce(widget.value)
        return values

    @on(Input.Submitted)
    def submitted(self) -> None:
        self.action_create()

    def action_create(self) -> None:
        error = self.query_one("#error", Static)
        players = tuple(split_names(self.query_one("#players", Input).value))
        title = self.query_one("#title", Input).value.strip() or self.default_title()
        try:
            if len(players) < self.game.min_players:
                raise Rejected(f"Type at least {self.game.min_players} player names, separated by commas.")
            options = self.option_values()
            self.game.setup(players, options)
        except Rejected as exc:
            error.update(literal(exc.reason, lines=True))
            error.add_class("error")
            error.display = True
            return
        loaded = store(self.app).create(self.game, title, players, options)
        self.app.pop_screen()
        from screens.table_keys import open_table

        open_table(self.app, loaded.info.id)

    def action_cancel(self) -> None:
        self.app.pop_screen()
