"""Statistics on a real SQLite file of sessions played through the real games by the fuzzers
(tests/stats/fixtures/played.db): they agree with a slow recount from the logs, with the
outcomes written at each game's end as with ones worked out again, and a rename or a merge
keeps every number."""

from __future__ import annotations

import shutil
from collections import defaultdict
from pathlib import Path

import pytest

from companion import stats, stats_report
from companion.clock import active_seconds
from companion.games import all_games, get_game
from companion.games.tkc import GAME as TKC
from companion.games.tkc import cards
from companion.games.tkc.events import Attack, Crown, Draw, StartDraw
from companion.store import players
from companion.store.repo import Repository

PLAYED = Path(__file__).with_name("fixtures") / "played.db"
GAMES = {g.id: g.name for g in all_games()}


@pytest.fixture
def played(tmp_path):
    copy = tmp_path / "played.db"
    shutil.copy(PLAYED, copy)
    repo = Repository.open(copy)
    yield repo
    repo.close()


def recount(repo) -> dict:
    """Every number, the slow way: each finished log replayed from its first state."""
    found: dict = defaultdict(lambda: defaultdict(list))
    for info in repo.list_sessions():
        game = get_game(info.game)
        entries = repo.load(info.id).timeline.entries[: info.cursor]
        states = [game.setup(info.players, info.options)]
        for entry in entries:
            states.append(game.apply(states[-1], entry.event))
        result = game.result(states[-1])
        if result is None:
            continue
        seat_of = {name: i for i, name in enumerate(info.players)}
        seated = players.seats(repo, info.id)
        times = repo.event_times(info.id)[: info.cursor]
        scores = dict(result.scores)
        steps = [(states[i], entries[i].event, states[i + 1]) for i in range(len(entries))]
        figures = game.figures(states[-1], steps)
        played = stats.played_name(game, info.title, info.options)  # free play: by the game played
        key = f"{info.game}:{played}" if played else info.game
        found[key]["plays"].append(info.id)
        found[key]["seconds"].append(active_seconds(times))
        found[key]["table"].extend((label, value) for who, label, value in figures if who is None)
        for name, seat in seat_of.items():
            player = found[key][seated[seat]]
            player.append(
                (
                    name in result.winners,
                    scores.get(name),
                    active_seconds(times),
                    times[-1],
                    [(label, value) for who, label, value in figures if who == name],
                )
            )
    return found


def check_against(repo, found) -> None:
    outcomes, names = players.outcomes(repo)
    by_game = {g.key: g for g in stats.by_game(outcomes, names)}
    assert set(by_game) == set(found) and len({k.partition(":")[0] for k in by_game}) == 4, "every game finished"
    for game, slow in found.items():
        g = by_game[game]
        assert g.plays == len(slow["plays"]) and g.seconds == sum(slow["seconds"])
        assert stats.figure_data(g.figures) == stats.figure_data(slow["table"])
        for line in g.players:
            rows = slow[line.player]
            assert line.plays == len(rows) and line.wins == sum(r[0] for r in rows)
            scores = [r[1] for r in rows if r[1] is not None]
            assert line.best_score == (max(scores) if scores else None)
            assert line.mean_score == (pytest.approx(sum(scores) / len(scores)) if scores else None)
            assert line.seconds == sum(r[2] for r in rows) and line.last == max(r[3] for r in rows)
            assert stats.figure_data(line.figures) == stats.figure_data([f for r in rows for f in r[4]])


def test_the_fixture_was_played_through_every_game(played):
    sessions = played.list_sessions()
    assert {s.game for s in sessions if s.finished} == set(GAMES)
    assert sum(len(played.load(s.id).timeline.entries) for s in sessions) > 500


def test_stats_agree_with_a_slow_recount_from_the_logs(played):
    check_against(played, recount(played))


def test_outcomes_worked_out_again_from_the_logs_agree_too(played):
    found = recount(played)
    with played.writing() as con:
        con.exec_driver_sql("DELETE FROM outcome")
    check_against(played, found)
    with played.reading() as con:
        assert con.exec_driver_sql("SELECT count(*) FROM outcome").scalar() == len(
            [s for s in played.list_sessions() if s.finished]
        ), "and kept for the next time"


def everything(repo):
    outcomes, names = players.outcomes(repo)
    return stats_report.report(outcomes, names, GAMES)


def by_name(report, rename=("", "")):
    """The report's numbers with each game's players in name order (a rename may reorder ties)."""
    return {
        g["key"]: [*sorted(str(p).replace(*rename) for p in g["players"]), str(g["figures"]), g["plays"]]
        for g in report["games"]
    }


def test_a_rename_and_a_merge_keep_every_number(played):
    before = everything(played)
    ids = {p.name: p.id for p in players.list_players(played)}
    players.rename_player(played, ids["Bob"], "Robert")
    after = everything(played)
    assert by_name(after, ("Robert", "Bob")) == by_name(before)
    assert any(p["name"] == "Robert" for g in after["games"] for p in g["players"])

    # One of Robert's sessions was another person, "Bobby": set apart, then merged back.
    outcomes, _names = players.outcomes(played)
    robert = ids["Bob"]
    first = next(o for o in outcomes if robert in o.players)
    bobby = players.add_player(played, "Bobby")
    players.set_seat(played, first.session_id, first.players.index(robert), bobby)
    split = everything(played)
    lines = {(g["key"], p["name"]): p for g in split["games"] for p in g["players"]}
    was = {(g["key"], p["name"]): p for g in after["games"] for p in g["players"]}
    assert lines[(first.key, "Bobby")]["plays"] == 1
    assert lines.get((first.key, "Robert"), {"plays": 0})["plays"] == was[(first.key, "Robert")]["plays"] - 1
    totals = [(g["key"], g["plays"], g["play_seconds"], g["figures"]) for g in split["games"]]
    assert totals == [(g["key"], g["plays"], g["play_seconds"], g["figures"]) for g in before["games"]]
    players.merge_players(played, robert, bobby)
    assert by_name(everything(played)) == by_name(after)


def test_head_to_head_counts_the_games_both_played(played):
    outcomes, names = players.outcomes(played)
    a, b = sorted(names)[:2]
    h = stats.head_to_head(outcomes, a, b)
    together = [o for o in outcomes if a in o.players and b in o.players]
    assert h.together == len(together) == h.a_won + h.b_won + h.both_won + h.neither
    assert h.a_won == sum(o.players.index(a) in o.winners and o.players.index(b) not in o.winners for o in together)


def test_the_king_commands_counts_gold_bags_taken_and_given():
    s0 = TKC.apply(TKC.apply(TKC.setup(("Ann", "Bob", "Cleo"), {}), StartDraw((5, 0, 0))), Draw())
    red = cards.DEFAULT_COLOURS[0]
    hit = Attack(0, 2, (red, red), "hit", gold=True)
    s1 = TKC.apply(s0, hit)
    figures = {(who, label): value for who, label, value in TKC.figures(s1, [(s0, hit, s1)])}
    assert figures[("Ann", "gold bags taken")] == 1 and figures[("Cleo", "gold bags given")] == 1
    assert figures[("Bob", "gold bags given")] == 0 and figures[("Ann", "points")] == cards.points(s1.piles[0])
    assert not isinstance(hit, Crown)


def test_a_game_without_figures_needs_nothing_in_stats():
    free = get_game("free")
    assert free.figures(None, iter(())) == ()
    assert stats.figure_lines([]) == []


def test_play_time_leaves_out_the_night():
    assert stats.duration(active_seconds(["2026-12-01T20:00:00+00:00", "2026-12-02T09:00:00+00:00"])) == "30 min"
    assert stats.duration(3 * 3600 + 5 * 60) == "3 h 05"


def test_the_outcome_is_written_at_the_game_end_and_an_undo_takes_it_back(repo):
    from companion.games.free import Adjust, Finish

    free = get_game("free")
    loaded = repo.create(free, "Friday", ("Ann", "Bob"), {"counters": "score"})
    tl = loaded.timeline
    for e in (Adjust("score", 1, 3), Finish()):
        after = tl.record(e)
        repo.record(loaded.info.id, tl, after)
        tl = after
    with repo.reading() as con:
        assert con.exec_driver_sql("SELECT count(*) FROM outcome").scalar() == 1, "written with the last action"
    [o], names = players.outcomes(repo)
    assert [names[o.players[s]] for s in o.winners] == ["Bob"] and o.scores == (0, 3)
    back = tl.undo()
    repo.move(loaded.info.id, tl, back)
    assert players.outcomes(repo)[0] == [], "an undo past the end: the game is not finished"


def test_figures_that_fail_never_stop_the_last_action_being_saved(repo, monkeypatch):
    from companion.games.free import Adjust, Finish

    free = get_game("free")

    def broken(final, steps):
        raise RuntimeError("a bug in a game's figures")

    monkeypatch.setattr(free, "figures", broken)
    loaded = repo.create(free, "Friday", ("Ann", "Bob"), {"counters": "score"})
    tl = loaded.timeline
    for e in (Adjust("score", 1, 3), Finish()):
        after = tl.record(e)
        repo.record(loaded.info.id, tl, after)
        tl = after
    assert repo.info(loaded.info.id).finished and repo.load(loaded.info.id).timeline.cursor == 2
    assert players.outcomes(repo)[0] == [], "left out of the statistics, which still open"


def test_every_family_is_closed_once_a_game_is_over(tmp_path):
    """The fixture's finished games: no key is open but the final count's (an mm5 attack once
    was, with a target, and its example was refused)."""
    import shutil

    from companion.store.repo import Repository

    db = tmp_path / "played.db"
    shutil.copy(PLAYED, db)
    repo = Repository.open(db)
    finished = [s for s in repo.list_sessions() if s.finished]
    assert {s.game for s in finished} >= {"mm5", "skd", "tkc"}
    for info in (s for s in finished if s.game in {"mm5", "skd"}):  # tkc's count and free play's counters stay open
        tl = repo.load(info.id).timeline
        still_open = [a.name for a in tl.game.actions(tl.state) if a.closed is None]
        assert still_open == [], (info.game, still_open)
    repo.close()


def test_the_zone_label_holds_for_summer_and_winter_times(monkeypatch):
    """A label read in December must not call a July time winter time: a zone with summer time
    is named by both its names."""
    import time

    monkeypatch.setenv("TZ", "Europe/Paris")
    time.tzset()
    try:
        assert stats.when("2026-07-01T12:00:00+00:00") == "2026-07-01 14:00"
        assert stats.when("2026-12-01T12:00:00+00:00") == "2026-12-01 13:00"
        assert stats.zone() == "CET/CEST"
    finally:
        monkeypatch.undo()
        time.tzset()
    assert stats.zone() == "UTC"
