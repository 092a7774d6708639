"""The figures' laws over generated outcomes (any players, games, winners, scores and times):
the h-index is its definition, a streak is never longer than the wins, win rates agree with
wins and plays, and totals over players equal totals over games."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from companion import figures
from companion.stats import Outcome
from companion.stats_report import report

GAMES = ("free", "mm5", "tkc")


@st.composite
def outcome(draw: st.DrawFn, session_id: int) -> Outcome:
    seated = draw(st.lists(st.integers(1, 6), min_size=2, max_size=5, unique=True))
    seats = range(len(seated))
    winners = draw(st.lists(st.sampled_from(seats), unique=True, max_size=len(seated)))
    scores = tuple(draw(st.one_of(st.none(), st.integers(-50, 200))) for _ in seats)
    month, day = draw(st.integers(1, 12)), draw(st.integers(1, 28))
    game = draw(st.sampled_from(GAMES))
    return Outcome(
        session_id,
        game,
        f"2026-{month:02d}-{day:02d}T20:00:00+00:00",
        tuple(seated),
        tuple(sorted(winners)),
        scores,
        draw(st.integers(0, 20_000)),
        (),
        draw(st.sampled_from(("", "Catan", "Azul"))) if game == "free" else "",
        draw(st.one_of(st.none(), st.sampled_from(seats))),
    )


@st.composite
def outcomes(draw: st.DrawFn) -> list[Outcome]:
    count = draw(st.integers(0, 20))
    return [draw(outcome(i + 1)) for i in range(count)]


@settings(max_examples=30, deadline=None)
@given(st.lists(st.integers(0, 40), max_size=20))
def test_the_h_index_is_its_definition(plays):
    h = figures.h_index(plays)
    assert sum(n >= h for n in plays) >= h, "h games played at least h times"
    assert sum(n >= h + 1 for n in plays) < h + 1, "and not h + 1 games h + 1 times"


@settings(max_examples=30, deadline=None)
@given(st.lists(st.booleans(), max_size=40))
def test_streaks_are_runs_of_wins(results):
    current, longest = figures.streaks(results)
    assert current <= longest <= sum(results)
    assert all(results[-current:]) if current else (not results or not results[-1])
    assert "W" * longest in "".join("W" if r else "L" for r in results)


@settings(max_examples=30, deadline=None)
@given(outcomes())
def test_player_figures_agree_with_their_plays(found):
    everyone = {f.player: f for f in figures.players(found)}
    for p in everyone.values():
        mine = [o for o in found if p.player in o.players]
        assert p.plays == len(mine) and p.wins == sum(o.players.index(p.player) in o.winners for o in mine)
        assert p.current_streak <= p.longest_streak <= p.wins <= p.plays
        assert p.rate == (p.wins / p.plays)
        assert 1 <= p.h_index <= len({o.key for o in mine})
        assert p.first <= p.last
        if p.best is not None:
            assert p.worst is not None and p.worst.score <= (p.mean_score or 0) + 1e-9 <= p.best.score + 1e-9
        for v in p.versus:
            assert v.together == v.won + v.lost + v.both + v.neither
            mirror = next(w for w in everyone[v.other].versus if w.other == p.player)
            assert (mirror.won, mirror.lost, mirror.together) == (v.lost, v.won, v.together)


@settings(max_examples=30, deadline=None)
@given(outcomes())
def test_totals_over_players_equal_totals_over_games(found):
    data = report(found, {i: f"P{i}" for i in range(1, 7)}, {g: g for g in GAMES})
    seats = sum(len(o.players) for o in found)
    assert sum(p["plays"] for p in data["players"]) == seats
    assert sum(p["plays"] for g in data["games"] for p in g["players"]) == seats
    assert sum(g["plays"] for g in data["games"]) == len(found) == sum(m["plays"] for m in data["table"]["months"])
    assert sum(p["wins"] for p in data["players"]) == sum(len(o.winners) for o in found)
    assert sum(p["play_seconds"] for p in data["players"]) == sum(o.seconds * len(o.players) for o in found)
    for g in data["games"]:
        assert sum(g["player_counts"].values()) == g["plays"]
        assert sum(s["plays"] for s in g["seats"]) == sum(p["plays"] for p in g["players"])
        assert sum(s["wins"] for s in g["seats"]) == sum(p["wins"] for p in g["players"])
        assert g["start_player"]["plays"] <= g["plays"]
    keys = Counter(o.key for o in found)
    assert {m["name"]: m["plays"] for m in data["table"]["milestones"]} == {
        k.partition(":")[2] or k: n for k, n in keys.items() if n >= 5
    }
    assert [f["name"] for f in data["table"]["first_plays"]] == [
        k.partition(":")[2] or k for k in dict.fromkeys(o.key for o in figures.in_order(found))
    ]


@settings(max_examples=30, deadline=None)
@given(st.lists(st.integers(0, 9), min_size=1, max_size=60), st.integers(3, 30))
def test_the_month_plot_scales_down_to_its_width_and_keeps_every_play(plays, room):
    months = [
        {"month": f"{2020 + i // 12}-{i % 12 + 1:02d}", "plays": n, "new_games": ["Catan"] if i == 0 else []}
        for i, n in enumerate(plays)
    ]
    bars = figures.month_bars(months, room)
    years = len({m["month"][:4] for m in months})
    assert len(bars) <= room
    if years <= room:
        assert sum(n for _, n, _ in bars) == sum(plays), "grouped, never dropped"
        assert bars[0][2], "the first play of a game is marked, whatever the grouping"
    assert all(label.endswith("*") is new for label, _, new in bars)
