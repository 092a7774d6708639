"""One person everywhere: a merged player reaches every export, a deleted session takes its
orphan player with it, "me" and a first play reach the .bgsplay file, a game's BoardGameGeek
id comes from the mapping given, and free play is grouped by the game the table played."""

from __future__ import annotations

import json

from companion.cli import main
from companion.export import export, to_bgsplay
from companion.games import get_game
from companion.store import players
from screens.widgets.entry_line import Words
from tests.store.played import finished, record

FREE = get_game("free")


def exported(capsys, db_path, sid: int, fmt: str) -> str:
    assert main(["sessions", "export", str(sid), "--format", fmt, "--db", str(db_path)]) == 0
    return capsys.readouterr().out


def ids(repo) -> dict[str, int]:
    return {p.name: p.id for p in players.list_players(repo)}


def free_play(people: tuple[str, str], **options: str):
    _, base, events = finished("free")
    return people, {**base, **options}, events


def test_a_merged_player_is_named_as_the_players_table_knows_them_in_every_export(repo, db_path, capsys):
    sid = record(repo, "free", free_play(("Danny", "Bob")))
    record(repo, "free", free_play(("Dan", "Cleo")))
    players.merge_players(repo, ids(repo)["Dan"], ids(repo)["Danny"])
    bgsplay = json.loads(exported(capsys, db_path, sid, "bgstats"))
    assert [p["name"] for p in bgsplay["players"]] == ["Dan", "Bob"]
    other = json.loads(exported(capsys, db_path, sid + 1, "bgstats"))
    assert bgsplay["players"][0]["uuid"] == other["players"][0]["uuid"], "one person in BG Stats"
    link = exported(capsys, db_path, sid, "bgstats-link")
    assert "Danny" not in link and "Dan" in link
    data = json.loads(exported(capsys, db_path, sid, "json"))
    assert data["session"]["seated"] == ["Dan", "Bob"]
    assert data["session"]["players"] == ["Danny", "Bob"], "the names typed stay with the log"
    md = exported(capsys, db_path, sid, "md")
    assert "Players, in seat order: Dan (typed Danny), Bob" in md


def test_a_deleted_sessions_orphan_player_goes_and_is_not_suggested(repo):
    keep = record(repo, "free", free_play(("Dan", "Bob")))
    gone = record(repo, "free", free_play(("Danny", "Bob")))
    me = record(repo, "free", free_play(("Zoe", "Bob")))
    players.set_me(repo, ids(repo)["Zoe"])
    assert "Zoe" in players.suggested(repo)
    repo.delete(gone)
    repo.delete(me)
    assert "Danny" not in ids(repo), "named by no session: removed"
    assert "Zoe" in ids(repo), "kept on purpose: the player chosen as me"
    assert sorted(players.suggested(repo)) == ["Bob", "Dan"], "a player named by no session is not offered"
    assert players.me(repo) == ids(repo)["Zoe"]
    assert keep


def test_an_orphan_left_by_setting_a_seat_apart_is_not_suggested(repo):
    sid = record(repo, "free", free_play(("Ann", "Bob")))
    players.set_seat(repo, sid, 0, players.add_player(repo, "Ann K."))
    assert sorted(players.suggested(repo)) == ["Ann K.", "Bob"]


def test_tab_never_swaps_an_exact_known_name_for_a_longer_one():
    words = Words(["Danny", "Dan", "Bob"])
    assert words.complete("Dan") is None
    assert words.complete("Ann, dan") is None
    assert words.complete("Da") == "Danny"
    assert words.complete("Ann, Bo") == "Ann, Bob"


def test_me_and_a_first_play_reach_the_bgsplay_file(repo, db_path, capsys):
    first = record(repo, "free", free_play(("Ann", "Bob")))
    second = record(repo, "free", free_play(("Ann", "Cleo")))
    one = json.loads(exported(capsys, db_path, first, "bgstats"))
    assert one["userInfo"]["meRefId"] == 0, "nobody chosen yet"
    players.set_me(repo, ids(repo)["Ann"])
    one = json.loads(exported(capsys, db_path, first, "bgstats"))
    two = json.loads(exported(capsys, db_path, second, "bgstats"))
    by_id = {p["id"]: p["name"] for p in two["players"]}
    assert by_id[two["userInfo"]["meRefId"]] == "Ann"
    assert [s["newPlayer"] for s in one["plays"][0]["playerScores"]] == [True, True]
    assert [s["newPlayer"] for s in two["plays"][0]["playerScores"]] == [False, True], "Cleo's first play"
    players.set_me(repo, ids(repo)["Bob"])
    two = json.loads(exported(capsys, db_path, second, "bgstats"))
    named = {p["id"]: p["name"] for p in two["players"]}
    assert named[two["userInfo"]["meRefId"]] == "Bob", "me, though not at this table, is named"
    assert [s["playerRefId"] for s in two["plays"][0]["playerScores"]] == [1, 2], "and has no score"


def test_a_merge_keeps_me(repo):
    record(repo, "free", free_play(("Danny", "Bob")))
    record(repo, "free", free_play(("Dan", "Cleo")))
    players.set_me(repo, ids(repo)["Danny"])
    players.merge_players(repo, ids(repo)["Dan"], ids(repo)["Danny"])
    assert players.me(repo) == ids(repo)["Dan"]


def test_a_games_bgg_id_comes_from_the_mapping_given_else_zero(repo):
    sid = record(repo, "tkc", finished("tkc"))
    free = record(repo, "free", free_play(("Ann", "Bob"), played="Catan"))
    loaded, times = repo.load(sid), repo.event_times(sid)
    assert json.loads(to_bgsplay(loaded, times))["games"][0]["bggId"] == 0
    mapping = {"tkc": 123, "Catan": 13}
    data = json.loads(export(loaded, times, "bgstats", players.people(repo, sid, mapping)))
    assert data["games"][0]["bggId"] == 123
    data = json.loads(export(repo.load(free), repo.event_times(free), "bgstats", players.people(repo, free, mapping)))
    assert data["games"][0]["bggId"] == 13 and data["games"][0]["name"] == "Catan"
    link = export(repo.load(free), repo.event_times(free), "bgstats-link", players.people(repo, free, mapping))
    assert "%22bggId%22:13" in link or '"bggId":13' in link


def test_free_play_is_grouped_by_the_game_played_not_the_dated_title(repo, db_path, capsys):
    monday = record(repo, "free", free_play(("Ann", "Bob")), title="Free play 2026-12-01")
    tuesday = record(repo, "free", free_play(("Ann", "Bob")), title="Free play 2026-12-02")
    catan = record(repo, "free", free_play(("Ann", "Bob"), played="Catan"), title="Friday night")
    games = [json.loads(exported(capsys, db_path, s, "bgstats"))["games"][0] for s in (monday, tuesday, catan)]
    assert [g["name"] for g in games] == ["Free play", "Free play", "Catan"]
    assert games[0]["uuid"] == games[1]["uuid"] != games[2]["uuid"]
    assert main(["stats", "--json", "--db", str(db_path)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert sorted((g["name"], g["plays"]) for g in data["games"]) == [("Catan", 1), ("Free play", 2)]
