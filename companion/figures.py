"""The figures a BG Stats user looks for, folded from finished sessions' outcomes: per player
(streaks, h-index, score records, head-to-head), per game (plays by player count, win rate by
seat and of the start player, score records) and for the table (plays per month, nickels,
dimes and quarters, each game's first play).

Pure functions over `stats.Outcome`s in one pass each, so a thousand sessions fold in a few
milliseconds. Plays are ordered by when they ended, then by session, so ties are stable.
A game is counted as BG Stats counts it: `Outcome.key`, free play by the game played.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import permutations, product
from typing import Any

from companion.clock import local
from companion.stats import Outcome

MILESTONES = ((25, "quarter"), (10, "dime"), (5, "nickel"))
REACHED = frozenset(n for n, _ in MILESTONES)


@dataclass(frozen=True)
class Score:
    """A score with who made it, when (UTC) and in which game (its key)."""

    score: int
    player: int
    ended: str
    game: str


@dataclass(frozen=True)
class Versus:
    """One player's record against another, over the finished plays they had together."""

    other: int
    together: int
    won: int  # this player won and the other did not
    lost: int  # the other won and this player did not
    both: int
    neither: int


@dataclass(frozen=True)
class PlayerFigures:
    player: int
    plays: int
    wins: int
    current_streak: int  # wins in a row up to their latest play
    longest_streak: int
    h_index: int  # the largest h: h games played at least h times each
    first: str
    last: str
    seconds: int
    mean_score: float | None
    best: Score | None
    worst: Score | None
    versus: tuple[Versus, ...]  # the most played-against first

    @property
    def rate(self) -> float:
        return self.wins / self.plays if self.plays else 0.0


@dataclass(frozen=True)
class Rate:
    plays: int
    wins: int

    @property
    def rate(self) -> float:
        return self.wins / self.plays if self.plays else 0.0


@dataclass(frozen=True)
class GameFigures:
    key: str
    plays: int
    seconds: int
    first: str
    last: str
    player_counts: tuple[tuple[int, int], ...]  # (players at the table, plays), fewest first
    seats: tuple[Rate, ...]  # by seat, the first seat first
    start_player: Rate  # the plays whose start player is known, and the start player's wins
    highest: Score | None
    lowest: Score | None

    @property
    def mean_seconds(self) -> float:
        return self.seconds / self.plays if self.plays else 0.0


@dataclass(frozen=True)
class Month:
    month: str  # "YYYY-MM", local time
    plays: int
    new_games: tuple[str, ...]  # the games first played this month (keys)


@dataclass(frozen=True)
class Milestone:
    game: str  # key
    plays: int
    name: str  # "quarter", "dime" or "nickel": the highest reached
    reached: str  # when the play that reached it ended, UTC


@dataclass(frozen=True)
class TableFigures:
    months: tuple[Month, ...]  # oldest first, every month from the first play to the last
    milestones: tuple[Milestone, ...]  # the most played first
    firsts: tuple[tuple[str, str], ...]  # (game key, its first play's end, UTC), oldest first


def in_order(outcomes: Iterable[Outcome]) -> list[Outcome]:
    return sorted(outcomes, key=lambda o: (o.ended, o.session_id))


def h_index(plays_per_game: Iterable[int]) -> int:
    """The largest h such that h games were played at least h times each."""
    counts = sorted(plays_per_game, reverse=True)
    return sum(1 for i, n in enumerate(counts, 1) if n >= i)


def streaks(results: Sequence[bool]) -> tuple[int, int]:
    """(current, longest) run of wins in results oldest first."""
    longest = run = 0
    for won in results:
        run = run + 1 if won else 0
        longest = max(longest, run)
    return run, longest


def players(outcomes: Iterable[Outcome]) -> list[PlayerFigures]:
    """Every seated player's figures over `outcomes`, the most wins first. One pass over the
    plays in order; the pairs at each table are counted at the end by Counter's C loop (won: a winner
    over a loser; both; neither), so a thousand plays fold in milliseconds."""
    tallies: dict[int, _Tally] = {}
    wins: list[tuple[int, int]] = []
    shared: list[tuple[int, int]] = []
    lost_both: list[tuple[int, int]] = []
    for o in in_order(outcomes):
        key = o.key
        winners = [p for seat, p in enumerate(o.players) if seat in o.winners]
        losers = [p for seat, p in enumerate(o.players) if seat not in o.winners]
        for seat, p in enumerate(o.players):
            t = tallies.get(p)
            if t is None:
                t = tallies[p] = _Tally(o.ended)
            t.add(o, key, seat in o.winners, o.scores[seat] if seat < len(o.scores) else None)
        wins.extend(product(winners, losers))
        shared.extend(permutations(winners, 2))
        lost_both.extend(permutations(losers, 2))
    won, both, neither = Counter(wins), Counter(shared), Counter(lost_both)
    versus: dict[int, list[Versus]] = defaultdict(list)
    for p, q in {*won, *both, *neither, *((q, p) for p, q in won)}:
        w, lost, b, n = won[(p, q)], won[(q, p)], both[(p, q)], neither[(p, q)]
        versus[p].append(Versus(q, w + lost + b + n, w, lost, b, n))
    found = [t.figures(p, versus[p]) for p, t in tallies.items()]
    return sorted(found, key=lambda f: (-f.wins, -f.rate, f.player))


class _Tally:
    """A player's running figures while their plays are folded in order."""

    def __init__(self, first: str) -> None:
        self.first = self.last = first
        self.plays = self.wins = self.run = self.longest = self.seconds = 0
        self.total = self.scored = 0
        self.best: tuple[int, Outcome] | None = None
        self.worst: tuple[int, Outcome] | None = None
        self.games: Counter[str] = Counter()

    def add(self, o: Outcome, key: str, won: bool, score: int | None) -> None:
        self.plays += 1
        self.last = o.ended
        self.seconds += o.seconds
        self.games[key] += 1
        if won:
            self.wins += 1
            self.run += 1
            self.longest = max(self.longest, self.run)
        else:
            self.run = 0
        if score is not None:
            self.total += score
            self.scored += 1
            if self.best is None or score > self.best[0]:  # the first such score holds the record
                self.best = (score, o)
            if self.worst is None or score < self.worst[0]:
                self.worst = (score, o)

    def figures(self, player: int, versus: list[Versus]) -> PlayerFigures:
        def record(found: tuple[int, Outcome] | None) -> Score | None:
            return None if found is None else Score(found[0], player, found[1].ended, found[1].key)

        return PlayerFigures(
            player,
            self.plays,
            self.wins,
            self.run,
            self.longest,
            h_index(self.games.values()),
            self.first,
            self.last,
            self.seconds,
            self.total / self.scored if self.scored else None,
            record(self.best),
            record(self.worst),
            tuple(sorted(versus, key=lambda v: (-v.together, v.other))),
        )


def game(key: str, outcomes: Iterable[Outcome]) -> GameFigures:
    """One game's figures (or every game's, under `key`)."""
    ordered = in_order(outcomes)
    counts = Counter(len(o.players) for o in ordered)
    seat_plays: Counter[int] = Counter()
    seat_wins: Counter[int] = Counter()
    started = start_won = 0
    high: tuple[int, int, Outcome] | None = None
    low: tuple[int, int, Outcome] | None = None
    for o in ordered:
        for seat, p in enumerate(o.players):
            seat_plays[seat] += 1
            if seat in o.winners:
                seat_wins[seat] += 1
            score = o.scores[seat] if seat < len(o.scores) else None
            if score is not None:
                if high is None or score > high[0]:  # the first such score holds the record
                    high = (score, p, o)
                if low is None or score < low[0]:
                    low = (score, p, o)
        if o.start is not None and o.start < len(o.players):
            started += 1
            start_won += o.start in o.winners
    return GameFigures(
        key,
        len(ordered),
        sum(o.seconds for o in ordered),
        ordered[0].ended if ordered else "",
        ordered[-1].ended if ordered else "",
        tuple(sorted(counts.items())),
        tuple(Rate(seat_plays[s], seat_wins[s]) for s in range(max(seat_plays, default=-1) + 1)),
        Rate(started, start_won),
        None if high is None else Score(high[0], high[1], high[2].ended, high[2].key),
        None if low is None else Score(low[0], low[1], low[2].ended, low[2].key),
    )


def table(outcomes: Iterable[Outcome]) -> TableFigures:
    """Plays per month (local time, empty months included), milestones and first plays."""
    ordered = in_order(outcomes)
    firsts: dict[str, str] = {}
    months: Counter[str] = Counter()
    new: dict[str, list[str]] = defaultdict(list)
    tally: Counter[str] = Counter()
    reached: dict[str, str] = {}
    for o in ordered:
        when = local(o.ended) if o.ended else None
        month = f"{when.year:04d}-{when.month:02d}" if when else "?"
        months[month] += 1
        tally[o.key] += 1
        if o.key not in firsts:
            firsts[o.key] = o.ended
            new[month].append(o.key)
        if tally[o.key] in REACHED:
            reached[o.key] = o.ended
    stones = [
        Milestone(key, n, next(name for need, name in MILESTONES if n >= need), reached[key])
        for key, n in tally.items()
        if n >= MILESTONES[-1][0]
    ]
    stones.sort(key=lambda m: (-m.plays, m.game))
    return TableFigures(
        tuple(Month(m, months.get(m, 0), tuple(new.get(m, ()))) for m in _every_month(sorted(months))),
        tuple(stones),
        tuple(firsts.items()),
    )


def _every_month(seen: Sequence[str]) -> list[str]:
    """The months from the first seen to the last, none left out ("?" for an unknown time)."""
    dated = [m for m in seen if m != "?"]
    if not dated:
        return list(seen)
    year, month = map(int, dated[0].split("-"))
    last = tuple(map(int, dated[-1].split("-")))
    out = []
    while (year, month) <= last:
        out.append(f"{year:04d}-{month:02d}")
        year, month = (year + 1, 1) if month == 12 else (year, month + 1)
    return out + [m for m in seen if m == "?"]


def label(key: str, game_names: Mapping[str, str]) -> str:
    """A game key as a person reads it: free play's game played, or the game's name."""
    game, _, played = key.partition(":")
    return played or game_names.get(game, game)


def month_bars(months: Sequence[Mapping[str, Any]], room: int) -> list[tuple[str, int, bool]]:
    """The plays-per-month plot's bars, as `stats --json` gives the months: (label, plays,
    whether a game was first played in it, then marked `*`); by quarter, then by year, when
    more than `room` bars would not fit, so the plot scales down to any width."""
    bins = [(m["month"], m["plays"], bool(m["new_games"])) for m in months]
    for width in (7, 4):  # "2026-Q1", then "2026"
        if len(bins) <= room:
            break
        grouped: dict[str, list[int]] = {}
        for name, plays, new in bins:
            key = name[:4] if width == 4 else f"{name[:4]}-Q{(int(name[5:7]) - 1) // 3 + 1}"
            if "?" in name:
                key = name
            grouped.setdefault(key, [0, 0])
            grouped[key][0] += plays
            grouped[key][1] |= new
        bins = [(k, v[0], bool(v[1])) for k, v in grouped.items()]
    labels = [name[2:] if len(bins) == len(months) else name for name, _, _ in bins]
    return [(f"{label}{'*' if new else ''}", n, new) for label, (_, n, new) in zip(labels, bins, strict=True)][-room:]
