"""Statistics: per game (or over every game) and per player, with two plots and a table.

Wins per player as bars, the highlighted player's win rate after each play as a line, and a
table of plays, wins, scores, play time and last played (local time, the zone named). The
numbers come from `companion.stats` over the finished sessions' outcomes, read in a worker
(an old file's outcomes are worked out from the logs once, with progress). `r` renames and
`m` merges the highlighted player: the one place players are changed.
"""

from __future__ import annotations

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Header, Static
from textual_plotext import PlotextPlot

from companion import stats
from companion.games import all_games
from companion.text import fit, literal, markup, shown
from screens.commands import Command, bindings
from screens.prompt_modal import PromptModal
from screens.store_access import store

ALL = "all"
ACTIONS = (
    Command("g", "next_game", "Game", "Show the next game (or every game)"),
    Command("h", "versus", "Head-to-head", "Two players against each other"),
    Command("r", "rename", "Rename", "Rename the highlighted player (every session follows)"),
    Command("m", "merge", "Merge", "The highlighted player is another spelling of someone: merge them"),
    Command("a", "apart", "Set apart", "One of the highlighted player's sessions was another person"),
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
        self.lines: tuple[stats.PlayerLine, ...] = ()
        self.versus = ""

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("Reading the finished sessions…", id="choice")
        with Horizontal(id="plots"):
            yield PlotextPlot(id="wins")
            yield PlotextPlot(id="rate")
        yield DataTable(id="table", cursor_type="row", zebra_stripes=True)
        yield Static("", id="figures")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(DataTable).add_columns("Player", "Plays", "Wins", "Win %", "Avg", "Best", "Time", "Last played")
        self.load()

    @work(thread=True, exclusive=True, group="stats")
    def load(self) -> None:
        from companion.store.players import list_players, outcomes

        def progress(done: int, total: int) -> None:
            self.app.call_from_thread(self.say, f"Counting old sessions from their logs: {done} of {total}…")

        repo = store(self.app)
        found, names = outcomes(repo, progress)
        seated = [p.id for p in list_players(repo) if p.sessions]
        self.app.call_from_thread(self.loaded, found, names, seated)

    def say(self, text: str) -> None:
        self.query_one("#choice", Static).update(text)

    def loaded(self, found: list[stats.Outcome], names: dict[int, str], seated: list[int]) -> None:
        self.outcomes, self.players, self.seated = found, names, seated
        played = {o.game for o in found}
        self.games = [ALL] + [g for g in self.names if g in played]
        if self.game not in self.games:
            self.game = ALL
        self.show()

    def chosen(self) -> stats.GameStats:
        if self.game == ALL:
            return stats.game_stats(ALL, self.outcomes, self.players, also=self.seated)
        return stats.game_stats(self.game, [o for o in self.outcomes if o.game == self.game], self.players)

    def show(self) -> None:
        g = self.chosen()
        self.lines = g.players
        title = "Every game" if self.game == ALL else self.names.get(self.game, self.game)
        if not self.outcomes:
            self.say("No finished sessions yet: statistics count games played to their end.")
        else:
            self.say(
                f"[b]{markup(title)}[/b]: {g.plays} play(s), {stats.duration(g.seconds)} of play · "
                f"times in {stats.zone()} · [b]g[/b] next game"
            )
        table = self.query_one(DataTable)
        row = table.cursor_row
        table.clear()
        for line in g.players:
            table.add_row(
                literal(line.name),
                str(line.plays),
                str(line.wins),
                f"{line.rate:.0%}" if line.plays else "–",
                "–" if line.mean_score is None else stats.number(round(line.mean_score, 1)),
                "–" if line.best_score is None else str(line.best_score),
                stats.duration(line.seconds),
                stats.when(line.last),
                key=str(line.player),
            )
        if g.players:
            table.move_cursor(row=min(max(row, 0), len(g.players) - 1))
            table.focus()
        self.draw_wins(g)
        self.draw_rate()
        self.show_figures(g)

    def draw_wins(self, g: stats.GameStats) -> None:
        plot = self.query_one("#wins", PlotextPlot)
        plt = plot.plt
        plt.clear_data()
        plt.clear_figure()
        top = g.players[:6]
        if top:
            plt.bar([shown(line.name)[:8] for line in top], [line.wins for line in top], width=0.4)
            most = max(line.wins for line in top)
            plt.yticks(_whole_ticks(most))
            plt.ylim(0, max(most, 1))
        plt.title("Wins per player")
        plot.refresh()

    def draw_rate(self) -> None:
        plot = self.query_one("#rate", PlotextPlot)
        plt = plot.plt
        plt.clear_data()
        plt.clear_figure()
        line = self.highlighted()
        chosen = self.outcomes if self.game == ALL else [o for o in self.outcomes if o.game == self.game]
        points = [] if line is None else stats.win_rate_over_time(chosen, line.player)
        if line is not None and not points:  # a player whose games are all under way
            plt.title(f"{shown(line.name)[:16]}: no finished play yet")
        elif line is not None:
            plt.plot(list(range(1, len(points) + 1)), [100 * rate for _, rate in points], marker="hd")
            plt.xticks(_whole_ticks(len(points), low=1))
            plt.yticks([0, 50, 100])
            plt.ylim(0, 100)
            plt.xlabel("plays")
            plt.title(f"{shown(line.name)[:16]}: win % after each play")
        else:
            plt.title("Win % over time")
        plot.refresh()

    def show_figures(self, g: stats.GameStats) -> None:
        # Each game's own figures; over every game they would mix (g shows one game).
        figures = [] if self.game == ALL else stats.figure_lines(g.figures)
        words = [f"{label}: {value}" for label, value in figures]
        line = self.highlighted()
        if line is not None:
            mine = "" if self.game == ALL else "; ".join(f"{k} {v}" for k, v in stats.figure_lines(line.figures))
            if mine:
                words.append(f"{line.name}: {mine}")
        if self.versus:
            words.insert(0, self.versus)
        if self.game == ALL and self.outcomes:
            words.append("g shows one game, with its own figures")
        # Three lines at most under the table: what does not fit ends in a marker, never cut silently.
        room = 3 * max(self.size.width - 4, 20)
        self.query_one("#figures", Static).update(Text(fit(" · ".join(shown(w) for w in words), room)))

    def highlighted(self) -> stats.PlayerLine | None:
        row = self.query_one(DataTable).cursor_row
        return self.lines[row] if 0 <= row < len(self.lines) else None

    @on(DataTable.RowHighlighted)
    def row_moved(self) -> None:
        self.draw_rate()
        self.show_figures(self.chosen())

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in {"rename", "merge", "apart"}:
            return True if self.highlighted() else None
        if action == "versus":
            return True if len(self.players) >= 2 else None
        if action == "next_game":
            return True if len(self.games) > 1 else None
        return True

    def action_next_game(self) -> None:
        self.game = self.games[(self.games.index(self.game) + 1) % len(self.games)]
        self.show()

    def action_back(self) -> None:
        self.app.pop_screen()

    def action_versus(self) -> None:
        first = self.highlighted()
        example = f"{first.name}, …" if first else "Ann, Bob"
        self.app.push_screen(PromptModal("Head-to-head: two players, separated by a comma", "", example), self._versus)

    def _versus(self, typed: str | None) -> None:
        if not typed:
            return
        try:
            a, b = (stats.find_player(self.players, n) for n in typed.split(",", 1))
        except ValueError as exc:  # one name, or a name nobody has
            self.notify(str(exc) if "player" in str(exc) else "Type two names separated by a comma.", severity="error")
            return
        chosen = self.outcomes if self.game == ALL else [o for o in self.outcomes if o.game == self.game]
        h = stats.head_to_head(chosen, a, b)
        an, bn = self.players[a], self.players[b]
        self.versus = (
            f"{an} v {bn}: {h.together} together, {an} won {h.a_won}, {bn} won {h.b_won}, "
            f"both {h.both_won}, neither {h.neither}"
        )
        self.show_figures(self.chosen())

    def action_rename(self) -> None:
        line = self.highlighted()
        if line is not None:
            self.app.push_screen(PromptModal(f"New name for {line.name}:", line.name), lambda t: self._change(t, line))

    def action_merge(self) -> None:
        line = self.highlighted()
        if line is not None:
            question = f"{line.name} is another spelling of which player? (their sessions become that player's)"
            self.app.push_screen(PromptModal(question), lambda t: self._change(t, line, merge=True))

    def action_apart(self) -> None:
        line = self.highlighted()
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


def _whole_ticks(high: int, low: int = 0) -> list[float]:
    """At most five whole-number ticks from low to high (plays and wins are counts)."""
    step = max(1, -(-(high - low) // 4))
    return [float(t) for t in range(low, max(high, low) + 1, step)]
