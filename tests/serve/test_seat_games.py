"""Every game, the test suite's fifth game included, played to its end from the seats' phones alone.

Each game starts where its rule tests leave it near the end (tests/serve/midgame.py) and each
remaining action is pressed and typed on the phone of the player whose action it is, exactly as
the table's keys and entry line take it: nobody touches the terminal. The file ends with the
game over, the same winners the rules name, each action logged once.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import companion.games
from companion.games import get_game
from companion.store.repo import Repository
from tests.contract.coin_race import PATH
from tests.serve.midgame import OPTIONS, PLAYERS, finished
from tests.serve.seating import phones, seated

# (player, button key, then each answer typed), the tail of each game's finished play
SCRIPTS: dict[str, tuple[int, list[tuple[str, str, tuple[str, ...]]]]] = {
    "coin": (0, [("Ann", "t", ()), ("Bob", "h", ()), ("Ann", "h", ()), ("Bob", "h", ())]),
    "free": (
        1,
        [
            ("Ann", "±", ("Cleo score", "+2")),  # refused: Cleo's score is hers to record
            ("Cleo", "±", ("Cleo score", "+2")),
            ("雪菜", "f", ()),
        ],
    ),
    "tkc": (2, [("Ann", "p", ("",)), ("Bob", "p", ("",))]),
    "mm5": (
        4,
        [
            ("Cleo", "d", ("c",)),
            ("Cleo", "f", ("dark Dark Mage = dark-mage P 1/3 M 3/4",)),
            ("Cleo", "n", ()),
            ("Ann", "d", ("empty", "")),
        ],
    ),
    "skd": (
        6,
        [
            ("Ann", "n", ()),
            ("Bob", "b", ("Lord, 3, 9, 3",)),
            ("Bob", "b", ("1 2",)),
            ("Bob", "b", ()),
            ("Bob", "d", ()),
            ("Bob", "e", ()),
        ],
    ),
}


def start(path: Path, game_id: str, tail: int) -> tuple[int, tuple[str, ...], int]:
    """The session `tail` actions before its end, the winners its rules name, its log length."""
    if game_id == "coin":
        events, winners, players, options = [], ("Bob",), ("Ann", "Bob"), {"goal": 2}
    else:
        events, winners = finished(game_id)
        events, players, options = events[:-tail], PLAYERS[game_id], OPTIONS.get(game_id, {})
    repo = Repository.open(path)
    try:
        loaded = repo.create(get_game(game_id), f"{game_id} to the end", players, options)
        tl = loaded.timeline
        for event in events:
            after = tl.record(event)
            repo.record(loaded.info.id, tl, after)
            tl = after
        return loaded.info.id, winners, tl.cursor
    finally:
        repo.close()


@pytest.mark.parametrize("game_id", SCRIPTS)
async def test_a_game_played_to_its_end_from_the_phones_alone(db_path, game_id, monkeypatch):
    monkeypatch.setattr(companion.games, "REGISTERED", (*companion.games.REGISTERED, PATH))
    tail, script = SCRIPTS[game_id]
    sid, winners, logged = start(db_path, game_id, tail)
    async with seated(db_path, sid) as server, phones(server) as seats:
        by_name = {phone.me["name"]: phone for phone in seats}
        refused = 0
        for name, key, answers in script:
            phone = by_name[name]
            await phone.refresh()
            reason = await phone.press(key, *answers)
            if reason:
                assert reason.startswith("That is "), (name, key, answers, reason)
                refused += 1
                continue
            assert phone.me["question"] is None, (name, key, phone.me["question"])
            logged += 1
            assert phone.me["action"] == logged, (name, key, answers)
    repo = Repository.reader(db_path)
    try:
        tl = repo.load(sid).timeline
    finally:
        repo.close()
    result = tl.game.result(tl.state)
    assert result is not None, tl.game.view(tl.state).status
    assert result.winners == winners
    assert tl.cursor == len(tl.entries) == logged
