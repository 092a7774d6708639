"""Statistics: per game (or over every game) and per player, with two plots and a table.

Wins per player as bars; the highlighted player's win rate after each play as a line, or
plays per month (`p`); a table of plays, wins, streaks, h-index, scores, play time and last
played (local time, the zone named); under it the highlighted player's card (records,
head-to-head), the game's own figures and the table's milestones, scrolled by shift+down with
a "more" line while some is below. Every figure comes from `companion.stats_report` in workers
(the players' first, the rest once painted), so the screen only paints. `r` renames, `m`
merges (the one place players are changed); `i` says who "me" is."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, Header, Static
from textual_plotext import PlotextPlot

from companion import stats, stats_report
from companion.games import all_games
from companion.text import literal, markup, shown
from screens import stats_plots
from screens.commands import Command, bindings
from screens.prompt_modal import PromptModal
from screens.store_access import store
from screens.widgets.fitted_footer import FittedFooter

ALL = "all"
MORE = "▼ more below: shift+down"
MORE_PLAYERS = "▼ more players: down"
ACTIONS = (
    Command("g", "next_game", "Game", "Show the next game (or every game)"),
    Command("p", "plot", "Plot", "Show plays per month, or the win % over time"),
    Command("i", "me", "Me", "The highlighted player is you: BG Stats' user in every export"),
    Command("h", "versus", "Versus", "Two players against each other"),
    Command("r", "rename", "Rename", "Rename the highlighted player (every session follows)"),
    Command("m", "merge", "Merge", "The highlighted player is another spelling of someone: merge them"),
    Command("a", "apart", "Apart", "One of the highlighted player's sessions was another person"),
    Command("shift+down", "scroll_details(1)", "More", "Scroll the figures under the table", show=False),
    Command("shift+up", "scroll_details(-1)", "Back up", "Scroll the figures under the table up", show=False),
    Command("escape", "back", "Back", "Back to the home screen", key_display="esc"),
)


class StatsScreen(Screen[None]):
    CSS_PATH = "stats_screen.tcss"
    ACTIONS = ACTIONS
    BINDINGS = bindings(*ACTIONS)

    def __init__(self) -> None:
        super().__init__()
        self.names = {g.id: g.name for g in all_games()}
        self.outcomes: list[stats.Outcome] = []
        self.players: dict[int, str] = {}
        self.seated: list[int] = []  # the players some session names, finished or not
        self.games: list[str] = [ALL]
        self.game = ALL
        self.lines: list[dict[str, Any]] = []
        self.ids: dict[str, int] = {}
        self.data: dict[str, Any] = {"games": [], "players": [], "table": {"months": []}}
        self.me: int | None = None
        self.months = False  # the right plot: plays per month instead of the win % over time
        self.versus = ""

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("Reading the finished sessions…", id="choice")
        with Horizontal(id="plots"):
            yield PlotextPlot(id="wins")
            yield PlotextPlot(id="rate")
        yield DataTable(id="table", cursor_type="row", zebra_stripes=True)
        with VerticalScroll(id="details", can_focus=False):
            yield Static("", id="figures")
        yield Static("", id="more")
        yield FittedFooter()  # the keys that fit whole, then "… ctrl+p"

    def on_mount(self) -> None:
        self.query_one(DataTable).add_columns(
            "Player", "Plays", "Wins", "Win %", "Streak", "h", "Avg", "Best", "Time", "Last"
        )
        for scrolled in (self.query_one("#details"), self.query_one(DataTable)):
            self.watch(scrolled, "scroll_y", lambda _: self.mark_more(), init=False)
        self.load()

    @work(thread=True, exclusive=True, group="stats")
    def load(self) -> None:
        from companion.figures import players
        from companion.store.players import list_players, me, outcomes

        def progress(done: int, total: int) -> None:
            self.app.call_from_thread(self.say, f"Counting old sessions from their logs: {done} of {total}…")

        repo = store(self.app)
        found, names = outcomes(repo, progress)
        seated = [p.id for p in list_players(repo) if p.sessions]
        folded = players(found)
        read = (found, names, seated, me(repo, names))
        if self.game == ALL:  # the table and the player's card first; the games' figures once painted
            everyone = stats_report.players_data(folded, names, self.names)
            first = {"games": [], "players": everyone, "table": stats_report.EMPTY_TABLE}
            self.app.call_from_thread(self.loaded, *read, first, folded)
        else:
            data = stats_report.report(found, names, self.names, folded=folded)
            self.app.call_from_thread(self.loaded, *read, data)

    @work(thread=True, exclusive=True, group="stats-rest")
    def load_rest(
        self, found: list[stats.Outcome], names: dict[int, str], seated: list[int], me: int | None, folded: Any
    ) -> None:
        """Every game's figures and the table's, after the first paint (never competing with it)."""
        data = stats_report.report(found, names, self.names, folded=folded)
        self.app.call_from_thread(self.loaded, found, names, seated, me, data)

    def say(self, text: str) -> None:
        self.query_one("#choice", Static).update(text)

    def loaded(
        self,
        found: list[stats.Outcome],
        names: dict[int, str],
        seated: list[int],
        me: int | None,
        data: Any,
        rest: Any = None,
    ) -> None:
        """The figures read; with `rest` (the players' figures folded) only the players' so far:
        the rest is worked out once this is painted."""
        same = self.game == ALL and found is self.outcomes and data["players"] == self.data["players"]
        self.outcomes, self.players, self.seated, self.data, self.me = found, names, seated, data, me
        self.ids = {name: pid for pid, name in names.items()}
        self.games = [ALL] + [g["key"] for g in data["games"]]
        if rest is None and self.game not in self.games:
            self.game = ALL
        if same:  # the rest of a load: the table and the plots stand, the figures under them grow
            self.show_figures()
            if self.months:
                self.draw_rate()
        else:
            self.show()
        if rest is not None:
            self.call_after_refresh(self.load_rest, found, names, seated, me, rest)
        self.refresh_bindings()  # which keys work follows the players and games just read

    def chosen(self) -> dict[str, Any] | None:
        """The game shown (its figures as `stats --json` gives them), None over every game."""
        return next((g for g in self.data["games"] if g["key"] == self.game), None)

    def in_view(self) -> list[stats.Outcome]:
        return self.outcomes if self.game == ALL else [o for o in self.outcomes if o.key == self.game]

    def show(self) -> None:
        g = self.chosen()
        lines = list(self.data["players"] if g is None else g["players"])
        if g is None:  # players whose games are all under way: a line each, to rename them
            listed = {p["name"] for p in lines}
            lines += [stats_report.no_plays(self.players[p]) for p in self.seated if self.players.get(p) not in listed]
        self.lines = lines
        title = "Every game" if g is None else g["name"]
        plays = len(self.outcomes) if g is None else g["plays"]
        seconds = sum(o.seconds for o in self.outcomes) if g is None else g["play_seconds"]
        me = "" if self.me is None else f" · me: {markup(self.players.get(self.me, ''))}"
        if not self.outcomes:
            self.say("No finished sessions yet: statistics count games played to their end.")
        else:
            self.say(
                f"[b]{markup(title)}[/b]: {plays} play(s), {stats.duration(seconds)} of play · "
                f"times in {stats.zone()}{me} · [b]g[/b] next game"
            )
        table = self.query_one(DataTable)
        row = table.cursor_row
        table.clear()
        for line in lines:
            name, *cells = stats_report.row(line)
            table.add_row(literal(name), *cells, key=line["name"])
        if lines:
            table.move_cursor(row=min(max(row, 0), len(lines) - 1))
            table.focus()
        self.draw_wins(lines)
        self.draw_rate()
        self.show_figures()

    def draw_wins(self, lines: list[dict[str, Any]]) -> None:
        stats_plots.draw_wins(self.query_one("#wins", PlotextPlot), lines)

    def draw_rate(self) -> None:
        """The highlighted player's win rate after each play, or plays per month (`p`)."""
        plot = self.query_one("#rate", PlotextPlot)
        if self.months:
            stats_plots.draw_months(plot, self.data["table"]["months"])
            return
        line = self.highlighted()
        player = None if line is None else self.ids.get(line["name"])
        points = [] if player is None else stats.win_rate_over_time(self.in_view(), player)
        stats_plots.draw_rate(plot, None if line is None else line["name"], points)

    def show_figures(self) -> None:
        """Under the table: the highlighted player's card, the game's figures (or the table's
        milestones over every game); scrolled with shift+down, a "more" line while some is below."""
        line = self.highlighted()
        g = self.chosen()
        words = [self.versus] if self.versus else []
        words += [] if line is None else stats_report.player_card(line)
        words += stats_report.table_card(self.data["table"]) if g is None else stats_report.game_card(g)
        if g is None and self.outcomes:
            words.append("g shows one game, with its own figures")
        self.query_one("#figures", Static).update(Text("\n".join(shown(w) for w in words)))
        self.call_after_refresh(self.mark_more)

    def mark_more(self) -> None:
        """One line saying what lies below the table or the figures, and the key that shows it."""
        table, details = self.query_one(DataTable), self.query_one("#details", VerticalScroll)
        words = [MORE_PLAYERS] if table.scroll_y < table.max_scroll_y else []
        words += [MORE] if details.scroll_y < details.max_scroll_y else []
        self.query_one("#more", Static).update(" · ".join(words))

    def action_scroll_details(self, step: int) -> None:
        details = self.query_one("#details", VerticalScroll)
        details.scroll_to(y=details.scroll_y + step * max(details.size.height - 1, 1), animate=False)

    def action_plot(self) -> None:
        self.months = not self.months
        self.draw_rate()

    def highlighted(self) -> dict[str, Any] | None:
        row = self.query_one(DataTable).cursor_row
        return self.lines[row] if 0 <= row < len(self.lines) else None

    def player_id(self) -> int | None:
        line = self.highlighted()
        return None if line is None else self.ids.get(line["name"])

    @on(DataTable.RowHighlighted)
    def row_moved(self) -> None:
        self.draw_rate()
        self.show_figures()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in {"rename", "merge", "apart", "me"}:
            return True if self.player_id() is not None else None
        if action == "versus":
            return True if len(self.players) >= 2 else None
        if action == "next_game":
            return True if len(self.games) > 1 else None
        return True

    def action_next_game(self) -> None:
        self.game = self.games[(self.games.index(self.game) + 1) % len(self.games)]
        self.show()

    def line(self) -> stats.PlayerLine | None:
        """The highlighted player, by id and name, for the changes to the players."""
        player = self.player_id()
        return None if player is None else stats.player_line(player, self.players[player], ())

    def action_back(self) -> None:
        self.app.pop_screen()

    def action_versus(self) -> None:
        first = self.highlighted()
        example = f"{first['name']}, …" if first else "Ann, Bob"
        self.app.push_screen(PromptModal("Head-to-head: two players, separated by a comma", "", example), self._versus)

    def _versus(self, typed: str | None) -> None:
        if not typed:
            return
        try:
            a, b = (stats.find_player(self.players, n) for n in typed.split(",", 1))
        except ValueError as exc:  # one name, or a name nobody has
            self.notify(str(exc) if "player" in str(exc) else "Type two names separated by a comma.", severity="error")
            return
        h = stats.head_to_head(self.in_view(), a, b)
        an, bn = self.players[a], self.players[b]
        self.versus = (
            f"{an} v {bn}: {h.together} together, {an} won {h.a_won}, {bn} won {h.b_won}, "
            f"both {h.both_won}, neither {h.neither}"
        )
        self.show_figures()

    def action_me(self) -> None:
        from companion.store import players
        from companion.store.files import StoreError

        player = self.player_id()
        if player is None:
            return
        try:
            players.set_me(store(self.app), player)
        except StoreError as exc:
            self.notify(str(exc), severity="error", title="Not changed")
            return
        self.notify(f"{self.players[player]} is me: BG Stats' user in every export.", markup=False)
        self.load()

    def action_rename(self) -> None:
        line = self.line()
        if line is not None:
            self.app.push_screen(PromptModal(f"New name for {line.name}:", line.name), lambda t: self._change(t, line))

    def action_merge(self) -> None:
        line = self.line()
        if line is not None:
            question = f"{line.name} is another spelling of which player? (their sessions become that player's)"
            self.app.push_screen(PromptModal(question), lambda t: self._change(t, line, merge=True))

    def action_apart(self) -> None:
        line = self.line()
        if line is not None:
            question = (
                f"Which session's {line.name} was someone else? Its number (companion sessions list) and their "
                "name, e.g. 12 Ann K. (a new name is a new player)"
            )
            self.app.push_screen(PromptModal(question), lambda t: self._apart(t, line))

    def _apart(self, typed: str | None, line: stats.PlayerLine) -> None:
        from companion.store import players
        from companion.store.files import StoreError

        number, _, name = (typed or "").strip().partition(" ")
        if not typed:
            return
        repo = store(self.app)
        try:
            if not number.isdigit() or not name.strip():
                raise ValueError("Type the session's number, a space, and the other person's name.")
            seated = players.seats(repo, int(number))
            if line.player not in seated:
                raise ValueError(f"{line.name} did not play in session {number}.")
            try:
                other = stats.find_player(self.players, name)
            except ValueError:
                other = players.add_player(repo, name)
            players.set_seat(repo, int(number), seated.index(line.player), other)
        except (ValueError, StoreError) as exc:
            self.notify(str(exc), severity="error", title="Not changed")
            return
        self.load()

    def _change(self, typed: str | None, line: stats.PlayerLine, merge: bool = False) -> None:
        if not typed:
            return
        from companion.store import players
        from companion.store.files import StoreError

        repo = store(self.app)
        try:
            if merge:
                keep = stats.find_player(self.players, typed)
                players.merge_players(repo, keep, line.player)
                self.notify(f"{line.name} merged into {self.players[keep]}.")
            else:
                players.rename_player(repo, line.player, typed)
        except (ValueError, StoreError) as exc:
            self.notify(str(exc), severity="error", title="Not changed")
            return
        self.load()
