"""Statistics across sessions: plays, wins, scores, play time and each game's own figures.

A finished session is summarised once, at its end, into an `Outcome` (who won, the scores,
the active play time and the game's figures, all by seat), which the store keeps beside the
session; the statistics fold those small records, never the logs, so a thousand sessions
open at once. Seats are mapped to players (people known across sessions) only when folding,
so renaming or merging a player changes no stored outcome and keeps every number. Nothing
here names a game: the figures come from each game's `figures` hook.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import cached_property
from typing import Any

from companion.clock import active_seconds, local
from companion.core import Event, Game
from companion.text import fit
from companion.timeline import Timeline

Value = int | float | str


@dataclass(frozen=True)
class Outcome:
    """One finished session as the statistics see it; seats index `players`."""

    session_id: int
    game: str
    ended: str  # the time of its last action, UTC
    players: tuple[int, ...]  # the player at each seat
    winners: tuple[int, ...]  # seats
    scores: tuple[int | None, ...]  # by seat; None where the game keeps no score
    seconds: int  # active play time
    figures: tuple[tuple[int | None, str, Value], ...]  # (seat or None for the table, label, value)
    played: str = ""  # free play: the game the table played, by name ("" for a game that is itself)
    start: int | None = None  # the start player's seat, where the game names one

    @cached_property
    def key(self) -> str:
        """The game as the statistics and BG Stats count it: free play by the game played."""
        return f"{self.game}:{self.played}" if self.played else self.game


# The date a default title ends in ("Free play 2026-12-03"): not part of the game's name.
DATED = re.compile(r"\s*\d{4}-\d{2}-\d{2}\s*$")
PLAYED = "played"  # free play's table option: the game played, by name


def played_name(game: Game[Any], title: str, options: Mapping[str, Any]) -> str:
    """The game a titled session (free play) played, as the table named it: its "game played"
    field, else its title without the date the default title ends in; "" for any other game,
    which is itself. Statistics and exports group free play by it."""
    if not game.titled:
        return ""
    typed = options.get(PLAYED)
    name = typed.strip() if isinstance(typed, str) else ""
    return name or DATED.sub("", title).strip() or title.strip() or game.name


def steps(timeline: Timeline) -> Iterator[tuple[Any, Event, Any]]:
    """The log up to the cursor as (before, event, after)."""
    for i in range(timeline.cursor):
        yield timeline.state_at(i), timeline.entries[i].event, timeline.state_at(i + 1)


def summarise(game: Game[Any], timeline: Timeline, names: Sequence[str], times: Sequence[str]) -> dict[str, Any] | None:
    """The stored form of a finished session's outcome (seats, not names); None while under way."""
    state = timeline.state
    result = game.result(state)
    if result is None:
        return None
    seat = {name: i for i, name in enumerate(names)}
    scores: list[int | None] = [None] * len(names)
    for name, score in result.scores:
        if name in seat:
            scores[seat[name]] = score
    figures = [
        [None if who is None else seat[who], label, value]
        for who, label, value in game.figures(state, steps(timeline))
        if who is None or who in seat
    ]
    return {
        "winners": sorted(seat[w] for w in result.winners if w in seat),
        "scores": scores,
        "seconds": active_seconds(times),
        "start": seat.get(result.start_player) if result.start_player is not None else None,
        "ended": next((t for t in reversed(times) if t), ""),  # the last time the store could read
        "figures": figures,
    }


def outcome(session_id: int, game: str, players: Sequence[int], data: Mapping[str, Any], played: str = "") -> Outcome:
    """An Outcome from its stored form and the session's seats (`played`: see played_name)."""
    figures = data.get("figures")
    start = data.get("start")
    return Outcome(
        session_id,
        game,
        str(data.get("ended", "")),
        tuple(players),
        tuple(map(int, data.get("winners", ()))),
        tuple(data.get("scores", ())),
        int(data.get("seconds", 0)),
        tuple([(f[0], str(f[1]), f[2]) for f in figures]) if figures else (),
        played,
        start if type(start) is int else None,
    )


@dataclass(frozen=True)
class PlayerLine:
    """One player in one game (or over every game)."""

    player: int
    name: str
    plays: int
    wins: int
    last: str
    mean_score: float | None
    best_score: int | None
    seconds: int
    figures: tuple[tuple[str, Value], ...]  # this player's own, one per play (figure_lines sums them)

    @property
    def rate(self) -> float:
        return self.wins / self.plays if self.plays else 0.0


@dataclass(frozen=True)
class GameStats:
    key: str  # the game as counted (Outcome.key): its id, or free play's "free:<game played>"
    plays: int
    seconds: int
    last: str
    players: tuple[PlayerLine, ...]  # most wins first
    figures: tuple[tuple[str, Value], ...]  # the table's, one per play


@dataclass(frozen=True)
class HeadToHead:
    a: int
    b: int
    together: int  # finished sessions both played
    a_won: int  # ... that a won and b did not
    b_won: int
    both_won: int  # shared wins, or a cooperative win
    neither: int


def figure_lines(values: Iterable[tuple[str, Value]]) -> list[tuple[str, str]]:
    """Figures by label in words: numbers as total and average a play, words counted by value."""
    return figure_words(figure_data(values))


def figure_data(values: Iterable[tuple[str, Value]]) -> dict[str, Any]:
    """Figures by label for --json: {"total", "mean"} for numbers, {"counts"} for words."""
    by_label: dict[str, list[Value]] = defaultdict(list)
    for label, value in values:
        by_label[label].append(value)
    data: dict[str, Any] = {}
    for label, found in by_label.items():
        if all(isinstance(v, int | float) and not isinstance(v, bool) for v in found):
            total = sum(v for v in found if not isinstance(v, str))
            data[label] = {"total": total, "mean": round(total / len(found), 4)}
        else:
            data[label] = {"counts": dict(Counter(str(v) for v in found).most_common())}
    return data


def number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.1f}"


def player_line(player: int, name: str, plays: Sequence[tuple[Outcome, int]]) -> PlayerLine:
    """A player's line from the outcomes they played, each with their seat in it."""
    scores = [o.scores[s] for o, s in plays if s < len(o.scores) and o.scores[s] is not None]
    numbers = [v for v in scores if v is not None]
    mine = ((label, value) for o, s in plays for who, label, value in o.figures if who == s)
    return PlayerLine(
        player,
        name,
        len(plays),
        sum(1 for o, s in plays if s in o.winners),
        max((o.ended for o, _ in plays), default=""),
        sum(numbers) / len(numbers) if numbers else None,
        max(numbers) if numbers else None,
        sum(o.seconds for o, _ in plays),
        tuple(mine),
    )


def seats_of(outcomes: Iterable[Outcome]) -> dict[int, list[tuple[Outcome, int]]]:
    table: dict[int, list[tuple[Outcome, int]]] = defaultdict(list)
    for o in outcomes:
        for seat, player in enumerate(o.players):
            table[player].append((o, seat))
    return table


def game_stats(game: str, outcomes: Sequence[Outcome], names: Mapping[int, str], also: Iterable[int] = ()) -> GameStats:
    """One game's numbers (or every game's), with a line for each of `also` who has no finished
    play in them (no plays): so a name typed wrong in a game still under way can be put right."""
    seated = seats_of(outcomes)
    lines = [player_line(p, names.get(p, f"#{p}"), plays) for p, plays in seated.items()]
    lines += [player_line(p, names.get(p, f"#{p}"), ()) for p in dict.fromkeys(also) if p not in seated]
    lines.sort(key=lambda line: (-line.wins, -line.rate, line.name.casefold()))
    table = ((label, value) for o in outcomes for who, label, value in o.figures if who is None)
    return GameStats(
        game,
        len(outcomes),
        sum(o.seconds for o in outcomes),
        max((o.ended for o in outcomes), default=""),
        tuple(lines),
        tuple(table),
    )


def by_game(outcomes: Iterable[Outcome], names: Mapping[int, str], game: str | None = None) -> list[GameStats]:
    """Each game's statistics (most played first; free play one per game played), or one
    game's (a game id: free play's every game played)."""
    grouped: dict[str, list[Outcome]] = defaultdict(list)
    for o in outcomes:
        if game is None or o.game == game:
            grouped[o.key].append(o)
    stats = [game_stats(key, found, names) for key, found in grouped.items()]
    return sorted(stats, key=lambda s: (-s.plays, s.key))


def head_to_head(outcomes: Iterable[Outcome], a: int, b: int) -> HeadToHead:
    together = a_won = b_won = both = neither = 0
    for o in outcomes:
        if a not in o.players or b not in o.players:
            continue
        together += 1
        wa, wb = o.players.index(a) in o.winners, o.players.index(b) in o.winners
        a_won += wa and not wb
        b_won += wb and not wa
        both += wa and wb
        neither += not wa and not wb
    return HeadToHead(a, b, together, a_won, b_won, both, neither)


def first_play(outcomes: Iterable[Outcome], this: Outcome, player: int) -> bool:
    """Whether `this` is the player's first finished play of its game (free play: of the game
    played by that name), as BG Stats marks a new player."""
    when = (this.ended, this.session_id)
    return not any(
        o.game == this.game and o.played == this.played and player in o.players and (o.ended, o.session_id) < when
        for o in outcomes
    )


def win_rate_over_time(outcomes: Iterable[Outcome], player: int) -> list[tuple[str, float]]:
    """The player's win rate after each of their plays, oldest first: (ended, rate)."""
    plays = sorted((o.ended, o.players.index(player) in o.winners) for o in outcomes if player in o.players)
    points, wins = [], 0
    for n, (ended, won) in enumerate(plays, 1):
        wins += won
        points.append((ended, wins / n))
    return points


def when(iso: str) -> str:
    """A stored time as a person reads it here: local, to the minute."""
    return local(iso).strftime("%Y-%m-%d %H:%M") if iso else "–"


def zone() -> str:
    """This machine's zone, to label the local times shown: by both its names where it has
    summer time ("CET/CEST"), since the times shown fall in either half of the year."""
    year = datetime.now().year
    names = dict.fromkeys(datetime(year, month, 1, 12).astimezone().tzname() for month in (1, 7))
    return "/".join(name for name in names if name) or "local time"


def duration(seconds: int) -> str:
    """Play time as people say it: 45 min, 3 h 05."""
    minutes = round(seconds / 60)
    if minutes < 60:
        return f"{minutes} min"
    return f"{minutes // 60} h {minutes % 60:02d}"


def find_player(names: Mapping[int, str], typed: str) -> int:
    """The player a name means (case aside), or ValueError saying who there is."""
    folded = typed.strip().casefold()
    for pid, name in names.items():
        if name.casefold() == folded:
            return pid
    known = ", ".join(sorted(names.values(), key=str.casefold)) or "nobody yet"
    raise ValueError(f"There is no player called {typed.strip()!r}; the players are: {known}.")


def column(text: str, width: int) -> str:
    """`text` in a column `width` terminal cells wide: cut with a marker, padded to the width."""
    from rich.cells import cell_len

    cut = fit(text, width)
    return cut + " " * (width - cell_len(cut))


def figure_words(figures: Mapping[str, Any]) -> list[tuple[str, str]]:
    words = []
    for label, f in figures.items():
        if "counts" in f:
            words.append((label, ", ".join(f"{k} {v}" for k, v in f["counts"].items())))
        else:
            words.append((label, f"{number(f['total'])} in all, {number(round(f['mean'], 1))} a play"))
    return words
