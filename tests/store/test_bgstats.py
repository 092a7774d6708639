"""BG Stats: the `.bgsplay` file read as an independent reader would read BG Stats' own layout,
the push link decoding to its documented fields, play time that does not count the night."""

from __future__ import annotations

import json
import uuid
from datetime import datetime
from urllib.parse import unquote

import pytest

from companion.cli import main
from companion.clock import local
from companion.games import all_games, get_game
from companion.store.repo import Repository
from tests.store.played import finished, record

GAME_IDS = [g.id for g in all_games()]


def exported(capsys, db_path, sid: int, fmt: str) -> str:
    assert main(["sessions", "export", str(sid), "--format", fmt, "--db", str(db_path)]) == 0
    return capsys.readouterr().out


def read_bgsplay(text: str) -> list[dict]:
    """The plays of a .bgsplay file, each resolved through its ids as BG Stats' layout joins them
    (plays[].gameRefId → games[].id, locationRefId → locations[].id, playerScores[].playerRefId
    → players[].id); every field checked for its type on the way. Written from the layout alone."""
    data = json.loads(text)
    assert set(data) >= {"players", "locations", "games", "plays", "userInfo"}
    assert isinstance(data["userInfo"]["meRefId"], int)
    tables = {}
    for name in ("players", "locations", "games"):
        rows = data[name]
        assert isinstance(rows, list) and rows
        ids = [r["id"] for r in rows]
        assert all(type(i) is int for i in ids) and len(set(ids)) == len(ids), f"{name}: integer ids, unique"
        for r in rows:
            assert isinstance(r["name"], str) and r["name"]
            uuid.UUID(r["uuid"])
            # PlayFile.cs reads a modificationDate on every player, location and game (a merge keeps the newer)
            datetime.strptime(r["modificationDate"], "%Y-%m-%d %H:%M:%S")
        tables[name] = {r["id"]: r for r in rows}
    plays = []
    for play in data["plays"]:
        uuid.UUID(play["uuid"])
        for stamp in ("playDate", "entryDate", "modificationDate"):
            datetime.strptime(play[stamp], "%Y-%m-%d %H:%M:%S")
        game = tables["games"][play["gameRefId"]]
        location = tables["locations"][play["locationRefId"]]
        when = datetime.strptime(play["playDate"], "%Y-%m-%d %H:%M:%S")
        assert type(play["durationMin"]) is int and play["durationMin"] >= 0
        for flag in ("highestWins", "noPoints", "cooperative"):
            assert type(game[flag]) is bool
        scores = []
        for s in play["playerScores"]:
            assert isinstance(s["score"], str)
            for flag in ("winner", "startPlayer", "newPlayer"):
                assert type(s[flag]) is bool
            assert type(s["seatOrder"]) is int and type(s["rank"]) is int
            assert isinstance(s["role"], str)
            scores.append({**s, "player": tables["players"][s["playerRefId"]]})
        plays.append({**play, "game": game, "location": location, "when": when, "scores": scores})
    return plays


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_each_games_bgsplay_reads_as_bgstats_layout(repo, db_path, capsys, game_id):
    sid = record(repo, game_id, finished(game_id))
    loaded = repo.load(sid)
    result = loaded.timeline.game.result(loaded.timeline.state)
    [play] = read_bgsplay(exported(capsys, db_path, sid, "bgstats"))
    game = get_game(game_id)
    assert play["game"]["name"] == ("Friday night" if game_id == "free" else game.name)
    assert play["game"]["cooperative"] is game.cooperative
    assert [s["player"]["name"] for s in play["scores"]] == list(loaded.info.players)
    assert [s["seatOrder"] for s in play["scores"]] == list(range(1, len(loaded.info.players) + 1))
    # one winner flag per winner, and only theirs
    assert [s["player"]["name"] for s in play["scores"] if s["winner"]] == list(result.winners)
    assert [s["player"]["name"] for s in play["scores"] if s["startPlayer"]] == [result.start_player]
    scores = dict(result.scores)
    assert [s["score"] for s in play["scores"]] == [
        "" if scores[n] is None else str(scores[n]) for n in loaded.info.players
    ]
    assert play["game"]["noPoints"] is all(v is None for v in scores.values())
    if any(v is not None for v in scores.values()) and not game.cooperative:
        best = {s["player"]["name"] for s in play["scores"] if s["rank"] == 1}
        assert set(result.winners) <= best
    assert play["when"] == local(loaded.info.created).replace(tzinfo=None)
    if game_id == "mm5":  # the side each ended on, as its role
        assert [s["role"] for s in play["scores"]] == ["Light", "Dark", "Neutral"]


def test_the_same_session_keeps_its_ids_so_a_reimport_merges(repo, db_path, capsys):
    sid = record(repo, "tkc", finished("tkc"))
    first = json.loads(exported(capsys, db_path, sid, "bgstats"))
    again = json.loads(exported(capsys, db_path, sid, "bgstats"))
    assert first == again
    other = record(repo, "tkc", finished("tkc"), title="Saturday")
    second = json.loads(exported(capsys, db_path, other, "bgstats"))
    assert [p["uuid"] for p in first["players"]] == [p["uuid"] for p in second["players"]], "the same people"
    assert first["games"][0]["uuid"] == second["games"][0]["uuid"], "the same game"


def test_the_push_link_decodes_to_the_documented_fields(repo, db_path, capsys):
    sid = record(repo, "free", finished("free"))
    link = exported(capsys, db_path, sid, "bgstats-link").strip()
    base, _, data = link.partition("?data=")
    assert base == "https://app.bgstatsapp.com/createPlay.html"
    assert " " not in link and '"' not in link and "{" not in link
    play = json.loads(unquote(data))
    assert set(play) == {"sourceName", "sourcePlayId", "playDate", "game", "players", "durationMin", "comments"}
    assert play["sourceName"] == "Companion" and play["sourcePlayId"]
    datetime.strptime(play["playDate"], "%Y-%m-%d %H:%M:%S")
    assert play["game"] == {
        "name": "Friday night",
        "highestWins": True,
        "noPoints": False,
        "sourceGameId": play["game"]["sourceGameId"],
    }
    assert [(p["name"], p["score"], p["winner"], p["startPlayer"], p["rank"]) for p in play["players"]] == [
        ("Ann", 4, False, True, 2),
        ("Bob", 6, True, False, 1),
    ]
    assert all(isinstance(p["sourcePlayerId"], str) and p["sourcePlayerId"] for p in play["players"])
    assert type(play["durationMin"]) is int and play["comments"].startswith("Friday night.")
    [bgsplay] = read_bgsplay(exported(capsys, db_path, sid, "bgstats"))
    assert bgsplay["uuid"].replace("-", "").startswith(play["sourcePlayId"]) and play["playDate"] == bgsplay["playDate"]
    for p, s in zip(play["players"], bgsplay["scores"], strict=True):  # the same people in both forms
        assert s["player"]["uuid"].replace("-", "").startswith(p["sourcePlayerId"])


def test_play_time_is_active_time_not_the_night_between(db_path, capsys):
    """Three actions in the evening, the last the next morning: 10 + 20 minutes, and the night
    counts as one capped gap (30 minutes), not 12 hours."""
    times = iter(
        [
            "2026-11-28T20:00:00+00:00",  # the session is created
            "2026-11-28T20:10:00+00:00",
            "2026-11-28T20:30:00+00:00",
            "2026-11-29T08:30:00+00:00",
            "2026-11-29T08:35:00+00:00",
            "2026-11-29T08:40:00+00:00",
        ]
    )
    repo = Repository.open(db_path, clock=lambda: next(times))
    sid = record(repo, "free", finished("free"))
    repo.close()
    play = json.loads(exported(capsys, db_path, sid, "bgstats"))["plays"][0]
    assert play["durationMin"] == 10 + 20 + 30 + 5 + 5
    assert play["playDate"] == local("2026-11-28T20:00:00+00:00").strftime("%Y-%m-%d %H:%M:%S")


def test_an_unfinished_game_has_no_bgstats_play_nor_link(repo, db_path, capsys):
    loaded = repo.create(get_game("free"), "Open", ("Ann", "Bob"), {})
    for fmt in ("bgstats", "bgstats-link"):
        code = main(["sessions", "export", str(loaded.info.id), "--format", fmt, "--db", str(db_path)])
        assert code == 1 and "finished" in capsys.readouterr().err


PUSH_PLAYER_FIELDS = {"name", "score", "winner", "startPlayer", "rank", "sourcePlayerId", "role"}


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_each_games_push_link_decodes_to_the_bgsplay_facts(repo, db_path, capsys, game_id):
    """Every game's link, not only free play's: the documented fields, a score a number (or
    absent where the game keeps none), the same winners, ranks and date as its .bgsplay."""
    sid = record(repo, game_id, finished(game_id))
    base, _, data = exported(capsys, db_path, sid, "bgstats-link").strip().partition("?data=")
    assert base == "https://app.bgstatsapp.com/createPlay.html"
    link = json.loads(unquote(data))
    [play] = read_bgsplay(exported(capsys, db_path, sid, "bgstats"))
    assert link["playDate"] == play["playDate"] and link["durationMin"] == play["durationMin"]
    assert link["game"]["name"] == play["game"]["name"] and link["game"]["noPoints"] is play["game"]["noPoints"]
    assert len(link["players"]) == len(play["scores"])
    for p, s in zip(link["players"], play["scores"], strict=True):
        assert set(p) <= PUSH_PLAYER_FIELDS and p["name"] == s["player"]["name"]
        assert ("score" in p) is (s["score"] != "")
        if "score" in p:
            assert type(p["score"]) is int and str(p["score"]) == s["score"]
        assert (p["winner"], p["startPlayer"], p["rank"], p.get("role", "")) == (
            s["winner"],
            s["startPlayer"],
            s["rank"],
            s["role"],
        )


def test_the_settings_files_boardgamegeek_id_reaches_the_bgsplay(repo, db_path, capsys, tmp_path, monkeypatch):
    """`[bgg] mm5 = 123` in the settings file names the game in BG Stats; a game it does not name says 0."""
    settings = tmp_path / "settings.toml"
    settings.write_text("[bgg]\nmm5 = 123\n", encoding="utf-8")
    monkeypatch.setenv("COMPANION_SETTINGS", str(settings))
    [mm5] = read_bgsplay(exported(capsys, db_path, record(repo, "mm5", finished("mm5")), "bgstats"))
    [tkc] = read_bgsplay(exported(capsys, db_path, record(repo, "tkc", finished("tkc")), "bgstats"))
    assert (mm5["game"]["bggId"], tkc["game"]["bggId"]) == (123, 0)
