"""Every player's phone at the table (`companion serve --table ID --seats`), over real HTTP.

The real server runs in the test's loop on a real SQLite file; each phone is its own cookie
jar holding its seat's cookie, talking as seat.js does. What a player relies on: an action on
one phone reaches the others and the file; a refusal gives the core's own reason and keeps the
text; two phones at once never double a move; nobody records another player's action (unless
the table lets every seat); the viewer link and a wrong or old token cannot post.
"""

from __future__ import annotations

import asyncio
import json

import pytest
from yarl import URL

from companion.core import Rejected
from companion.games.tkc.prompts import start_prompt
from companion.store.repo import Repository
from tests.serve.midgame import store
from tests.serve.seating import Phone, log_of, phones, seated
from tests.serve.test_serve_guard import frames


async def next_frame(phone: Phone, where) -> dict:  # type: ignore[no-untyped-def]
    async with asyncio.timeout(10):
        async for frame in frames(phone.http, phone.base + "/events"):
            if where(frame):
                return frame
    raise AssertionError("the stream ended")


async def test_an_action_on_one_phone_shows_on_the_others_stream_after_it_is_committed(db_path, free_table):
    async with seated(db_path, free_table) as server, phones(server) as (ann, yuki, cleo):
        titles = [b["title"] for b in yuki.me["buttons"]]
        assert "Change" in titles and "Next turn" not in titles, "next turn is the player up's (Ann's)"
        seen = asyncio.create_task(next_frame(ann, lambda f: f.get("action") == 2))
        assert await yuki.press("±", "雪菜 HP", "-3") == ""  # her own HP
        frame = await seen
        assert frame["newest"] == log_of(db_path, free_table)[-1]
        assert "雪菜" in frame["newest"] and "17" in json.dumps(frame, ensure_ascii=False)
        assert yuki.me["action"] == 2 and yuki.me["undo"], "shown as recorded, with its undo"
        assert (await cleo.refresh())["version"] == frame["version"]


async def test_a_refused_entry_gives_the_cores_reason_and_keeps_the_text(db_path):
    sid = store(db_path, "tkc", "Crowns", events=[])
    async with seated(db_path, sid) as server, phones(server) as (ann, _):
        reason = await ann.press("s", "9 9")
        loaded = Repository.reader(db_path)
        tl = loaded.load(sid).timeline
        loaded.close()
        with pytest.raises(Rejected) as refused:  # what the terminal's line would say
            tl.record(start_prompt(tl.state).read("9 9"))
        assert reason == refused.value.reason
        question = ann.me["question"]
        assert question["reason"] == reason and question["value"] == "9 9", "the typed text stays"
        assert log_of(db_path, sid) == []


async def test_a_phone_records_only_its_own_players_actions(db_path, free_table):
    async with seated(db_path, free_table) as server, phones(server) as (ann, yuki, _):
        reason = await ann.press("±", "雪菜 HP", "-3")  # 雪菜's HP from Ann's phone
        assert reason.startswith("That is 雪菜's to record")
        status, answer = await ann.post(do="open", key="zz")
        assert status == 200 and answer["reason"] == "That is not open to you now."
        status, answer = await yuki.post(do="undo")
        assert answer["reason"].startswith("Only the last action"), "nothing of hers to undo"
        assert len(log_of(db_path, free_table)) == 1


async def test_with_every_seat_trusted_any_phone_records_anything(db_path, free_table):
    async with seated(db_path, free_table, everyone=True) as server, phones(server) as (ann, _, cleo):
        assert await ann.press("±", "雪菜 HP", "-3") == ""
        assert "Next turn" in [b["title"] for b in cleo.me["buttons"]] or await cleo.refresh()
        assert len(log_of(db_path, free_table)) == 2


async def test_the_viewer_a_wrong_and_an_old_token_cannot_post_and_learn_nothing(db_path, free_table):
    async with seated(db_path, free_table) as server, phones(server) as (ann, _, _):
        base = server.base()
        viewer = Phone(base, base + "/")
        forged = Phone(base, base + "/seat?token=" + "A" * 32)
        try:
            assert await forged.open() == 403
            for phone in (viewer, forged):
                phone.me = dict(ann.me)
                status, _ = await phone.post(do="open", key="±")
                assert status == 403
                async with phone.http.get(base + "/seat/me") as response:
                    assert response.status == 403
                    phone.heard += await response.read()
                assert "Ann" not in phone.heard.decode() and "HP" not in phone.heard.decode()
            assert server.seats is not None
            server.seats.desk.renew()
            status, _ = await ann.post(do="open", key="±")
            assert status == 403, "a renewed link shuts the old one out"
        finally:
            await viewer.close()
            await forged.close()
        assert len(log_of(db_path, free_table)) == 1


async def test_a_post_from_another_site_or_not_json_is_refused(db_path, free_table):
    async with seated(db_path, free_table) as server, phones(server) as (ann, _, _):
        url = server.base() + "/seat/act"
        async with ann.http.post(url, json={"do": "close"}, headers={"Origin": "http://evil.example"}) as r:
            assert r.status == 403
        async with ann.http.post(url, json={"do": "close"}) as r:
            assert r.status == 403, "the page's own fetch says its origin"
        rebound = {"Host": f"rebind.example:{server.port}", "Origin": server.base()}
        async with ann.http.post(url, json={"do": "close"}, headers=rebound) as r:
            assert r.status == 403 and "only for the address it listens on" in await r.text()
        async with ann.http.get(server.base() + "/seat/me", headers=rebound) as r:
            assert r.status == 403
        async with ann.http.get(server.base() + "/seat/me", headers={"Sec-Fetch-Site": "cross-site"}) as r:
            assert r.status == 403
        async with ann.http.post(url, data="do=close", headers={"Origin": server.base()}) as r:
            assert r.status == 415
        big = {"Origin": server.base(), "Content-Type": "application/json"}
        async with ann.http.post(url, data=b"x" * 5000, headers=big) as r:
            assert r.status == 413


async def test_two_phones_at_once_one_lands_the_other_is_told_and_nothing_doubles(db_path, free_table):
    async with seated(db_path, free_table) as server, phones(server) as (ann, yuki, cleo):
        for phone, choice in ((ann, "Ann HP"), (yuki, "雪菜 HP"), (cleo, "Cleo HP")):
            assert await phone.press("±", choice) == ""  # each has their own counter's question open
        answers = await asyncio.gather(*(p.post(do="answer", text="-1") for p in (ann, yuki, cleo)))
        landed = [a for s, a in answers if s == 200 and not a["reason"]]
        told = [a for s, a in answers if s == 409]
        assert len(landed) == 1 and len(told) == 2, answers
        for answer in told:
            assert answer["reason"].startswith("The table changed before this reached it: ")
            assert answer["me"]["question"] is None, "the page refreshes to the table now"
        assert len(log_of(db_path, free_table)) == 2


async def test_a_dropped_phone_resends_and_nothing_is_lost_or_doubled(db_path, free_table):
    async with seated(db_path, free_table) as server, phones(server) as (ann, yuki, _):
        first = await next_frame(yuki, lambda f: "version" in f)
        assert await ann.press("±", "Ann HP", "-1") == ""
        again = Phone(yuki.base, None)  # the page reconnects with its cookie
        again.http.cookie_jar.update_cookies(yuki.http.cookie_jar.filter_cookies(URL(yuki.base)))
        try:
            resumed = await next_frame(again, lambda f: f.get("action", 0) > first["action"])
            assert resumed["action"] == first["action"] + 1 and resumed["newest"] == log_of(db_path, free_table)[-1]
            # Ann's page never heard that hers landed, and sends it again: refused, not doubled.
            ann.me["version"] -= 1
            ann.me["action"] -= 1
            status, answer = await ann.post(do="answer", text="-1")
            assert status == 409 and "HP" in answer["reason"]
        finally:
            await again.close()
        assert len(log_of(db_path, free_table)) == 2


@pytest.mark.parametrize("bad", [[], "x", [1, 2], {"do": 1}, {"do": "roll", "faces": "11"}])
async def test_a_malformed_body_changes_nothing(db_path, free_table, bad):
    async with seated(db_path, free_table) as server, phones(server) as (ann, _, _):
        headers = {"Origin": server.base(), "Content-Type": "application/json"}
        body = json.dumps(bad if not isinstance(bad, dict) else {"version": ann.me["version"], **bad})
        async with ann.http.post(server.base() + "/seat/act", data=body, headers=headers) as r:
            assert r.status in (200, 400)
            assert r.status == 400 or (await r.json())["reason"]
        assert len(log_of(db_path, free_table)) == 1


async def test_the_attackers_phone_asks_the_strike_with_the_games_advice_and_the_dice_tray(db_path):
    from companion.games.mm5.advice import battle_advice
    from companion.games.mm5.events import Initiative
    from companion.games.mm5.prompts import best_strike_line
    from tests.serve.midgame import EVENTS

    sid = store(db_path, "mm5", "Battle", events=[*EVENTS["mm5"](), Initiative(6, 1)])
    async with seated(db_path, sid) as server, phones(server) as (ann, bob, _):
        assert await bob.press("a", "2") == ""  # the same question on Bob's phone, up to the dice
        count = bob.me["question"]["tray"]["count"]
        _, answer = await bob.post(do="roll", faces=[6] * count, total=False)
        assert answer["reason"].startswith("That is Ann's to record"), "the attacker's strike is hers"
        assert await ann.press("a") == ""
        question = ann.me["question"]
        loaded = Repository.reader(db_path)
        state = loaded.load(sid).timeline.state
        loaded.close()
        assert question["advice"] == best_strike_line(battle_advice(state)) != ""
        assert "best first" in question["label"]
        status, answer = await ann.post(do="answer", text="2")  # the Orc's physical strike: its dice
        tray = ann.me["question"]["tray"]
        assert status == 200 and tray["count"] >= 1 and "Orc" in tray["title"], answer
        status, answer = await ann.post(do="roll", faces=[7] * tray["count"], total=False)
        assert answer["reason"] == f"Press {tray['count']} dice, each 1–6." and ann.me["question"]["tray"]
        status, answer = await ann.post(do="roll", faces=[6] * tray["count"], total=False)
        assert answer["reason"] == "" and ann.me["question"] is None
        assert "Orc" in log_of(db_path, sid)[-1]


async def test_beyond_loopback_a_seats_link_opens_its_page_and_the_table_without_the_displays_token(
    db_path, free_table
):
    async with seated(db_path, free_table, loopback=False) as server, phones(server) as (ann, _, _):
        base = server.base()
        for path in ("/page.css", "/page.js", "/seat.js"):
            async with ann.http.get(base + path) as response:
                assert response.status == 200, path
        frame = await next_frame(ann, lambda f: "version" in f)
        assert frame["title"] == "Friday"
        stranger = Phone(base, base + "/")
        try:
            async with stranger.http.get(base + "/events") as response:
                assert response.status == 403, "without a seat's or the display's token: nothing"
        finally:
            await stranger.close()
        assert server.token is not None and server.token not in str(server.seat_links())


async def test_a_seat_undoes_its_own_last_action_and_only_that(db_path, free_table):
    async with seated(db_path, free_table) as server, phones(server) as (ann, yuki, _):
        assert await yuki.press("±", "雪菜 HP", "-3") == ""
        await ann.refresh()
        assert yuki.me["undo"] and not ann.me["undo"]
        _, answer = await ann.post(do="undo")
        assert answer["reason"].startswith("Only the last action") and len(log_of(db_path, free_table)) == 2
        _, answer = await yuki.post(do="undo")
        assert answer["reason"] == "" and len(log_of(db_path, free_table)) == 1
        assert not yuki.me["undo"], "the action before it was not hers"


async def test_a_flood_from_one_phone_is_capped_and_changes_nothing(db_path, free_table):
    from companion import seat_routes

    async with seated(db_path, free_table) as server, phones(server) as (ann, _, _):
        answers = await asyncio.gather(*(ann.post(do="close") for _ in range(seat_routes.MAX_WAITING * 3)))
        statuses = {status for status, _ in answers}
        assert statuses <= {200, 503} and 200 in statuses
        assert len(log_of(db_path, free_table)) == 1


async def test_a_session_deleted_at_the_terminal_is_said_on_the_phone(db_path, free_table):
    async with seated(db_path, free_table) as server, phones(server) as (ann, _, _):
        repo = Repository.open(db_path)
        repo.delete(free_table)
        repo.close()
        async with ann.http.get(server.base() + "/seat/me") as response:
            assert response.status == 409 and "deleted" in await response.text()
        status, answer = await ann.post(do="open", key="±")
        assert status == 409 and "deleted" in answer["text"]


async def test_a_phone_calls_monster_maker_5s_draw_key_deal_while_the_deal_is_placed(db_path):
    sid = store(db_path, "mm5", "Gems", events=[])
    async with seated(db_path, sid) as server, phones(server) as (ann, *_):
        titles = {b["key"]: b["title"] for b in ann.me["buttons"]}
        assert titles["d"] == "Deal", "the table's footer says Deal in the deal too"


async def test_a_question_the_table_closed_says_so_once_on_that_phone(db_path, free_table):
    """Another phone's action landing first closes the question open on Ann's page: her page,
    refreshed by the table's frame, is told what changed and to press the action again, not
    left with a question that vanished without a word; told once."""
    async with seated(db_path, free_table) as server, phones(server) as (ann, yuki, _):
        assert await ann.press("±", "Ann HP") == ""
        assert ann.me["question"] is not None and ann.me["closed"] == ""
        assert await yuki.press("±", "雪菜 HP", "-3") == ""
        me = await ann.refresh()
        assert me["question"] is None
        assert me["closed"].startswith("The table changed before you answered: ") and "雪菜" in me["closed"]
        assert me["closed"].endswith("Press the action again.")
        assert (await ann.refresh())["closed"] == ""
        assert len(log_of(db_path, free_table)) == 2
