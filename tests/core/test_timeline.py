"""Pure core: apply, reject, undo, redo, replay equals the live state, the event codec."""

from __future__ import annotations

import json
from dataclasses import dataclass

import pytest

from companion.core import Event, Rejected, check_players, decode, encode, event_types
from companion.games import all_games, get_game
from companion.games.free import Adjust, NextTurn, SetValue
from companion.timeline import Timeline

FREE = get_game("free")


def start(players=("Ann", "Bob"), counters="HP=20 0..40"):
    return Timeline.start(FREE, FREE.setup(players, {"counters": counters}))


def test_rejected_action_leaves_the_timeline_untouched():
    tl = start()
    with pytest.raises(Rejected, match="cannot go below 0"):
        tl.record(Adjust("HP", 0, -21))
    assert tl.cursor == 0 and tl.entries == ()


def test_undo_redo_and_a_new_action_drops_the_redo_branch():
    tl = start().record(Adjust("HP", 0, -3)).record(NextTurn()).record(Adjust("HP", 1, -2))
    back = tl.undo().undo()
    assert back.state == tl.state_at(1)
    assert back.redo().redo().state == tl.state
    branched = back.record(SetValue("HP", 1, 5))
    assert len(branched.entries) == 2 and branched.entries[-1].dropped == 2
    with pytest.raises(Rejected):
        branched.redo()
    with pytest.raises(Rejected):
        start().undo()


def test_replay_of_the_encoded_log_gives_the_live_state():
    tl = start()
    for event in [Adjust("HP", 0, -3), NextTurn(), SetValue("HP", 1, 7), NextTurn(), NextTurn()]:
        tl = tl.record(event)
    stored = [json.dumps(encode(e.event)) for e in tl.entries]
    events = [decode(json.loads(s), FREE.events) for s in stored]
    replayed = Timeline.replay(
        FREE,
        FREE.setup(("Ann", "Bob"), {"counters": "HP=20 0..40"}),
        tuple(e.__class__(ev, e.turn, e.text) for e, ev in zip(tl.entries, events, strict=True)),
        tl.cursor,
    )
    assert replayed.state == tl.state
    assert [replayed.state_at(i) for i in range(6)] == [tl.state_at(i) for i in range(6)]


def test_codec_round_trips_tuples_and_defaults():
    @dataclass(frozen=True)
    class Play(Event):
        kind = "play"
        cards: tuple[tuple[str, int], ...] = ()
        note: str | None = None

    types = event_types(Play)
    e = Play((("g", 4), ("r", 4)))
    assert decode(json.loads(json.dumps(encode(e))), types) == e
    assert decode({"type": "play"}, types) == Play()
    with pytest.raises(ValueError):
        decode({"type": "nope"}, types)
    with pytest.raises(ValueError):
        event_types(Play, Play)


@pytest.mark.parametrize(
    ("names", "reason"),
    [
        (("Ann", ""), "needs a name"),
        (("Ann", "ann"), "Two players"),
        (("Ann",), "2–12 players"),
        (tuple(f"P{i}" for i in range(13)), "2–12 players"),
    ],
)
def test_bad_player_lists(names, reason):
    with pytest.raises(Rejected, match=reason):
        check_players(names, 2, 12)


def test_registry_starts_with_free_play_and_refuses_unknown_ids():
    assert all_games()[0].id == "free"
    with pytest.raises(Rejected, match="Unknown game 'chess'"):
        get_game("chess")


def test_a_timeline_refuses_a_position_past_its_end_even_when_a_child_cached_it():
    tl = start()
    child = tl.record(Adjust("HP", 0, -3))
    assert child.state_at(1) is child.state
    with pytest.raises(Rejected, match="no action 1"):
        tl.state_at(1)


def test_two_branches_recorded_from_one_parent_keep_their_own_states():
    tl = start().record(NextTurn())
    hurt = tl.record(Adjust("HP", 1, -3))
    healed = tl.record(Adjust("HP", 1, +4))
    assert [c.value for c in hurt.state.counters] == [20, 17]
    assert [c.value for c in healed.state.counters] == [20, 24]
    assert [c.value for c in hurt.record(NextTurn()).state.counters] == [20, 17]
    assert tl.state_at(1) == hurt.state_at(1) == healed.state_at(1)


def test_recording_at_the_end_shares_the_cache_and_a_branch_gets_its_own():
    tl = start().record(NextTurn())
    child = tl.record(Adjust("HP", 1, -3))
    assert child.known is tl.known, "one history, one cache: no copy per action"
    assert child.known[2] is child.state
    sibling = tl.record(Adjust("HP", 1, +4))
    assert sibling.known is not tl.known and sibling.known[2] is sibling.state
    branch = child.undo().record(NextTurn())
    assert branch.known is not child.known and child.state_at(2) is child.known[2]


def test_replay_starts_from_a_snapshot_anywhere_after_the_first_state():
    tl = start().record(Adjust("HP", 0, -3)).record(NextTurn())
    initial, entries = tl.initial, tl.entries
    marker = FREE.setup(("Ann", "Bob"), {"counters": "HP=5 0..40"})
    assert Timeline.replay(FREE, initial, entries, 2, snapshot=(2, marker)).state is marker
    assert Timeline.replay(FREE, initial, entries, 1, snapshot=(1, marker)).state is marker
    assert Timeline.replay(FREE, initial, entries, 0, snapshot=(0, marker)).state is initial
    assert Timeline.replay(FREE, initial, entries, 2, snapshot=(3, marker)).state == tl.state


def test_entries_compare_by_what_they_record():
    from companion.timeline import Entry

    entry = Entry(Adjust("HP", 0, -3), "R1 Ann", "Ann: HP -3")
    assert entry.dropped == 0
    stored = Entry(
        None,
        "R1 Ann",
        "Ann: HP -3",
        payload='{"type": "adjust", "name": "HP", "owner": 0, "delta": -3}',
        types=FREE.events,
    )
    assert stored == entry and stored.event == Adjust("HP", 0, -3)
    assert entry != Entry(Adjust("HP", 0, -3), "R1 Ann", "Ann: HP -3", dropped=1)
    assert entry.__eq__("Ann: HP -3") is NotImplemented


def test_undo_redo_and_move_refuse_with_a_sentence():
    tl = start()
    for action, reason in (
        (tl.undo, "Nothing to undo."),
        (tl.redo, "Nothing to redo."),
        (lambda: tl.move(5), "There is no action 5 in this session."),
    ):
        with pytest.raises(Rejected) as refused:
            action()
        assert refused.value.reason == reason


def test_a_typed_line_is_recorded_all_or_none_and_undone_as_one_step():
    tl = start().record(Adjust("HP", 0, -3))
    with pytest.raises(Rejected):  # the second event is refused: nothing of the line is kept
        tl.record_all((Adjust("HP", 1, -2), Adjust("HP", 1, 0)))
    assert tl.cursor == 1 and len(tl.entries) == 1
    line = tl.record_all((Adjust("HP", 1, -2), NextTurn(), Adjust("HP", 1, -1)))
    assert line.cursor == 4 and [e.joined for e in line.entries] == [False, False, True, True]
    assert line.undo().cursor == 1 and line.undo().redo().cursor == 4
    assert line.undo().undo().cursor == 0
