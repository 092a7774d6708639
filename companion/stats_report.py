"""Every figure the statistics know, as plain data (what `companion stats --json` prints) and
in words (what it prints without --json). The stats screen shows the same figures from the
same functions (`companion.stats` and `companion.figures`). Times stay UTC in the data and
are shown in local time, the zone named, in words.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from typing import Any

from companion import figures
from companion.stats import (
    Outcome,
    column,
    duration,
    figure_data,
    figure_words,
    head_to_head,
    number,
    when,
    zone,
)


def score(found: figures.Score | None, names: Mapping[int, str], game_names: Mapping[str, str]) -> Any:
    if found is None:
        return None
    return {
        "score": found.score,
        "player": names.get(found.player, f"#{found.player}"),
        "date": found.ended,
        "game": figures.label(found.game, game_names),
    }


def rate(r: figures.Rate) -> dict[str, Any]:
    return {"plays": r.plays, "wins": r.wins, "win_rate": round(r.rate, 4)}


def player_data(
    f: figures.PlayerFigures, names: Mapping[int, str], game_names: Mapping[str, str], own: Any = None
) -> dict[str, Any]:
    """One player's figures (over the outcomes they were folded from)."""
    data: dict[str, Any] = {
        "name": names.get(f.player, f"#{f.player}"),
        "plays": f.plays,
        "wins": f.wins,
        "win_rate": round(f.rate, 4),
        "current_streak": f.current_streak,
        "longest_streak": f.longest_streak,
        "h_index": f.h_index,
        "first_played": f.first,
        "last_played": f.last,
        "mean_score": None if f.mean_score is None else round(f.mean_score, 4),
        "best_score": None if f.best is None else f.best.score,
        "worst_score": None if f.worst is None else f.worst.score,
        "best": score(f.best, names, game_names),
        "worst": score(f.worst, names, game_names),
        "play_seconds": f.seconds,
        "versus": [
            {
                "name": names.get(v.other, f"#{v.other}"),
                "together": v.together,
                "won": v.won,
                "lost": v.lost,
                "both_won": v.both,
                "neither_won": v.neither,
            }
            for v in f.versus
        ],
    }
    if own is not None:
        data["figures"] = own
    return data


def game_data(
    key: str,
    chosen: Sequence[Outcome],
    found: Sequence[figures.PlayerFigures],
    names: Mapping[int, str],
    game_names: Mapping[str, str],
) -> dict[str, Any]:
    """One game's figures, its players' (`found`, folded from `chosen`) with their own."""
    f = figures.game(key, chosen)
    table: list[tuple[str, Any]] = []
    own: dict[int, list[tuple[str, Any]]] = defaultdict(list)
    for o in chosen:
        for who, label, value in o.figures:
            if who is None:
                table.append((label, value))
            elif 0 <= who < len(o.players):
                own[o.players[who]].append((label, value))
    return {
        "game": key.partition(":")[0],
        "key": key,  # the game as counted: its id, or free play's "free:<game played>"
        "name": figures.label(key, game_names),
        "plays": f.plays,
        "play_seconds": f.seconds,
        "mean_play_seconds": round(f.mean_seconds),
        "first_played": f.first,
        "last_played": f.last,
        "player_counts": {str(n): plays for n, plays in f.player_counts},
        "seats": [{"seat": i + 1, **rate(r)} for i, r in enumerate(f.seats)],
        "start_player": rate(f.start_player),
        "highest_score": score(f.highest, names, game_names),
        "lowest_score": score(f.lowest, names, game_names),
        "figures": figure_data(table),
        "players": _by_wins([player_data(p, names, game_names, figure_data(own[p.player])) for p in found]),
    }


def table(outcomes: Sequence[Outcome], game_names: Mapping[str, str]) -> dict[str, Any]:
    t = figures.table(outcomes)
    return {
        "months": [
            {"month": m.month, "plays": m.plays, "new_games": [figures.label(k, game_names) for k in m.new_games]}
            for m in t.months
        ],
        "milestones": [
            {"name": figures.label(m.game, game_names), "plays": m.plays, "milestone": m.name, "reached": m.reached}
            for m in t.milestones
        ],
        "first_plays": [{"name": figures.label(k, game_names), "date": ended} for k, ended in t.firsts],
    }


def report(
    outcomes: Sequence[Outcome],
    names: Mapping[int, str],
    game_names: Mapping[str, str],
    game: str | None = None,
    player_id: int | None = None,
    versus: int | None = None,
    folded: Sequence[figures.PlayerFigures] | None = None,
) -> dict[str, Any]:
    """Every number the stats command prints, as plain data (what --json writes); `folded`,
    the players' figures over every outcome where the caller has them already."""
    chosen = [o for o in outcomes if game is None or o.game == game]
    groups: dict[str, list[Outcome]] = {}
    for o in chosen:
        groups.setdefault(o.key, []).append(o)
    if folded is None or game is not None:
        folded = figures.players(chosen)
    games = []
    for key, group in sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        found = folded if len(group) == len(chosen) else figures.players(group)  # one game: the same plays
        data = game_data(key, group, found, names, game_names)
        if player_id is not None:
            data["players"] = [p for p in data["players"] if p["name"] == names[player_id]]
            if not data["players"]:
                continue
        games.append(data)
    everyone = players_data(folded, names, game_names)
    if player_id is not None:
        everyone = [p for p in everyone if p["name"] == names[player_id]]
    out: dict[str, Any] = {"zone": zone(), "games": games, "players": everyone, "table": table(chosen, game_names)}
    if player_id is not None and versus is not None:
        h = head_to_head(chosen, player_id, versus)
        out["head_to_head"] = {
            "players": [names[player_id], names[versus]],
            "together": h.together,
            "wins": [h.a_won, h.b_won],
            "both_won": h.both_won,
            "neither_won": h.neither,
        }
    return out


def players_data(
    folded: Sequence[figures.PlayerFigures], names: Mapping[int, str], game_names: Mapping[str, str]
) -> list[dict[str, Any]]:
    """Each player's figures over every game, the most wins first."""
    return _by_wins([player_data(p, names, game_names) for p in folded])


EMPTY_TABLE: dict[str, Any] = {"months": [], "milestones": [], "first_plays": []}


def _by_wins(found: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return sorted(found, key=lambda p: (-p["wins"], -p["win_rate"], p["name"].casefold()))


def text(data: Mapping[str, Any]) -> str:
    """The report as people read it, times in local time labelled with the zone."""
    out = [f"Times are local ({data['zone']})."]
    if not data["games"]:
        out.append("No finished sessions yet: statistics count games played to their end.")
    for g in data["games"]:
        out += ["", *_game_words(g)]
    if data["players"]:
        out += ["", "Every game, per player:", *_players_words(data["players"])]
    table_data = data["table"]
    if table_data["months"]:
        out += ["", "Plays per month: " + ", ".join(_month(m) for m in table_data["months"])]
    for m in table_data["milestones"]:
        out.append(f"  {m['name']}: a {m['milestone']} ({m['plays']} plays), reached {when(m['reached'])}")
    h = data.get("head_to_head")
    if h:
        a, b = h["players"]
        out.append("")
        out.append(
            f"{a} against {b}: {h['together']} game(s) together; {a} won {h['wins'][0]}, {b} won {h['wins'][1]}, "
            f"both {h['both_won']}, neither {h['neither_won']}."
        )
    return "\n".join(out) + "\n"


def _month(m: Mapping[str, Any]) -> str:
    new = f" (first {', '.join(m['new_games'])})" if m["new_games"] else ""
    return f"{m['month']} {m['plays']}{new}"


def _game_words(g: Mapping[str, Any]) -> list[str]:
    out = [
        f"{g['name']}: {g['plays']} play(s), {duration(g['play_seconds'])} of play "
        f"({duration(g['mean_play_seconds'])} a play), first {when(g['first_played'])}, last {when(g['last_played'])}",
        "  by player count: " + ", ".join(f"{n} players {p}" for n, p in g["player_counts"].items()),
        "  wins by seat: " + ", ".join(f"{s['seat']}: {s['wins']}/{s['plays']}" for s in g["seats"]),
    ]
    start = g["start_player"]
    if start["plays"]:
        out.append(f"  the start player won {start['wins']} of {start['plays']} ({start['win_rate']:.0%})")
    for word, record in (("highest", g["highest_score"]), ("lowest", g["lowest_score"])):
        if record:
            out.append(f"  {word} score {record['score']}, {record['player']}, {when(record['date'])}")
    out += _players_words(g["players"])
    for label, value in figure_words(g["figures"]):
        out.append(f"  {label}: {value}")
    for p in g["players"]:
        words = "; ".join(f"{label} {value}" for label, value in figure_words(p.get("figures", {})))
        if words:
            out.append(f"  {p['name']}: {words}")
    return out


def _players_words(found: Sequence[Mapping[str, Any]]) -> list[str]:
    out = [
        f"  {'player':<14} {'plays':>5} {'wins':>4} {'win %':>5} {'streak':>6} {'h':>2} {'avg':>6} {'best':>5} "
        f"{'worst':>5} {'time':>8}  last played"
    ]
    for p in found:
        mean = "–" if p["mean_score"] is None else number(round(p["mean_score"], 1))
        best = "–" if p["best_score"] is None else str(p["best_score"])
        worst = "–" if p["worst_score"] is None else str(p["worst_score"])
        streak = f"{p['current_streak']}/{p['longest_streak']}"
        out.append(
            f"  {column(p['name'], 14)} {p['plays']:>5} {p['wins']:>4} {p['win_rate']:>5.0%} {streak:>6} "
            f"{p['h_index']:>2} {mean:>6} {best:>5} {worst:>5} {duration(p['play_seconds']):>8}  "
            f"{when(p['last_played'])}"
        )
    return out


def player_card(p: Mapping[str, Any]) -> list[str]:
    """A player's figures in a few lines: what the stats screen shows under the table."""
    if not p["plays"]:
        return [f"{p['name']}: no finished play yet."]
    lines = [
        f"{p['name']}: {p['plays']} play(s), {p['wins']} win(s) ({p['win_rate']:.0%}), "
        f"streak {p['current_streak']} (longest {p['longest_streak']}), h-index {p['h_index']}, "
        f"{duration(p['play_seconds'])} of play; first {when(p['first_played'])}, last {when(p['last_played'])}"
    ]
    for word in ("best", "worst"):
        s = p[word]
        if s:
            lines.append(f"  {word} score {s['score']} in {s['game']}, {when(s['date'])}")
    for v in p["versus"]:
        lines.append(
            f"  v {v['name']}: {v['together']} together, won {v['won']}, lost {v['lost']}, "
            f"both {v['both_won']}, neither {v['neither_won']}"
        )
    return lines


def game_card(g: Mapping[str, Any]) -> list[str]:
    """A game's own figures, as the stats screen shows them."""
    lines = _game_words(g)
    table_start = next(i for i, line in enumerate(lines) if line.lstrip().startswith("player "))
    return lines[:table_start] + lines[table_start + 1 + len(g["players"]) :]


def table_card(t: Mapping[str, Any]) -> list[str]:
    """The table's milestones and first plays."""
    lines = [
        f"{m['name']}: a {m['milestone']} ({m['plays']} plays), reached {when(m['reached'])}" for m in t["milestones"]
    ]
    if t["first_plays"]:
        lines.append("First plays: " + ", ".join(f"{f['name']} {when(f['date'])[:10]}" for f in t["first_plays"]))
    return lines


def no_plays(name: str) -> dict[str, Any]:
    """A player with no finished play (their games are under way)."""
    return {"name": name, "plays": 0, "wins": 0, "win_rate": 0.0, "play_seconds": 0, "last_played": ""}


def row(p: Mapping[str, Any]) -> tuple[str, ...]:
    """A player's row in the stats screen's table: the numbers `stats --json` gives, in words."""
    played = bool(p["plays"])
    mean, best = p.get("mean_score"), p.get("best_score")
    return (
        p["name"],
        str(p["plays"]),
        str(p["wins"]),
        f"{p['win_rate']:.0%}" if played else "–",
        f"{p['current_streak']}/{p['longest_streak']}" if played else "–",
        str(p["h_index"]) if played else "–",
        "–" if mean is None else number(round(mean, 1)),
        "–" if best is None else str(best),
        duration(p["play_seconds"]),
        when(p["last_played"])[:10],
    )
