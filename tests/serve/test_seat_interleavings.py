"""Never lost, never doubled: any interleaving of phones and the terminal writing to one table.

Hypothesis draws who acts when: each phone answers from the page it last painted (perhaps
stale), refreshes, or sends its last answer again (a page that never heard back); the terminal
writes on the same file in between. The desk is the one door the phones write through: each
write lands exactly once or is refused with what changed, and the log holds exactly the writes
that were told they landed, in order.
"""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.games import get_game
from companion.games.free import AddCounter, Adjust
from companion.seat_desk import Desk
from companion.store.repo import Repository

PLAYERS = ("Ann", "Bob", "Cleo")
STEPS = st.lists(st.tuples(st.sampled_from(["write", "refresh", "resend", "terminal"]), st.integers(0, 2)), max_size=12)


def new_table(path: Path) -> int:
    repo = Repository.open(path)
    try:
        loaded = repo.create(get_game("free"), "Interleaved", PLAYERS, {})
        tl = loaded.timeline
        repo.record(loaded.info.id, tl, tl.record(AddCounter("HP", None, 40, 0, 40, each=True)))
        return loaded.info.id
    finally:
        repo.close()


def logged(repo: Repository, sid: int) -> list[str]:
    tl = repo.load(sid).timeline
    return [e.text for e in tl.entries[: tl.cursor]]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=STEPS)
def test_every_write_lands_once_or_is_refused(tmp_path_factory, steps):
    path = tmp_path_factory.mktemp("interleavings") / "companion.db"
    sid = new_table(path)
    desk = Desk.start(path, sid)
    terminal = Repository.open(path)
    try:
        pages = [desk.me(seat) for seat in range(3)]
        last: list[dict | None] = [None, None, None]
        expected = logged(terminal, sid)
        for what, seat in steps:
            if what == "refresh":
                pages[seat] = desk.me(seat)
            elif what == "terminal":
                tl = terminal.load(sid).timeline
                after = tl.record(Adjust("HP", seat, -1))
                terminal.record(sid, tl, after)
                expected.append(after.entries[-1].text)
            else:
                body = last[seat] if what == "resend" and last[seat] else None
                seen = body or {"version": pages[seat]["version"], "action": pages[seat]["action"]}
                status, answer = desk.act(seat, {**seen, "do": "open", "key": "±"})
                if status == 200 and not answer["reason"]:
                    status, answer = desk.act(seat, {**seen, "do": "answer", "text": f"{PLAYERS[seat]} HP"})
                    if status == 200 and not answer["reason"]:
                        status, answer = desk.act(seat, {**seen, "do": "answer", "text": "-1"})
                if status == 200 and not answer["reason"] and answer["me"]["action"] == len(expected) + 1:
                    expected.append(f"{PLAYERS[seat]}: HP -1")
                else:
                    assert status == 409 or answer["reason"], answer
                last[seat] = seen
                pages[seat] = answer["me"]
            now = logged(terminal, sid)
            assert [t.split(" (")[0] for t in now] == [t.split(" (")[0] for t in expected], (steps, now)
    finally:
        terminal.close()
        desk.close()
