"""A session of every game, unfinished and finished, as event lists the store records: what the
export and import tests write and read back."""

from __future__ import annotations

from typing import Any

from companion.core import Event, Rejected
from companion.games import get_game
from companion.games.free import Adjust, Finish, NextTurn
from companion.games.mm5.events import Begin, Declare, Draw, EndTurn, HandCount, Spell
from companion.games.skd import events as skd
from companion.games.skd.specs import parse_enemy
from companion.games.tkc.events import Discard as TkcDiscard
from companion.games.tkc.events import Draw as TkcDraw
from companion.games.tkc.events import NextTurn as TkcNext
from tests.core.test_mm5_rulings import ORC, WARRIOR
from tests.core.test_tkc_secrecy import TURNS as TKC_TURNS
from tests.ui.midgame import GAMES as MIDGAME

Script = tuple[tuple[str, ...], dict[str, Any], list[Event]]


def unfinished(game_id: str) -> Script:
    players, options, events = MIDGAME[game_id]
    if game_id == "mm5":  # a face-down spell laid in the battle, before initiative
        events = [*events[:-1], Spell(1, "Holy Light on Orc 9")]
    return players, options, list(events)


def _play_out(
    game_id: str, players: tuple[str, ...], options: dict[str, Any], events: list[Event], moves: list[Event]
) -> list[Event]:
    """`events`, then the first of `moves` the rules accept, again and again, to the game's end."""
    game = get_game(game_id)
    state = game.setup(players, options)
    for e in events:
        state = game.apply(state, e)
    played = list(events)
    for _ in range(400):
        if game.view(state).finished:
            return played
        for move in moves:
            try:
                state = game.apply(state, move)
            except Rejected:
                continue
            played.append(move)
            break
        else:
            raise AssertionError(f"{game_id}: no move left in {game.view(state).phase}")
    raise AssertionError(f"{game_id} did not finish")


def finished(game_id: str) -> Script:
    if game_id == "free":
        events: list[Event] = [Adjust("score", 0, 4), NextTurn(), Adjust("score", 1, 6), NextTurn(), Finish()]
        return ("Ann", "Bob"), {"counters": "score"}, events
    if game_id == "mm5":
        players = ("Ann", "Bob", "Cleo")
        deal: list[Event] = [Draw("gem", 1, seat=0), Draw("gem", 2, seat=0), Draw("gem", 3, seat=1), Begin(0)]
        deal += [HandCount(i, 0) for i in range(3)]  # hands corrected to empty (h), as the rulings tests do
        turns = [[WARRIOR], [ORC], []]
        for cards in turns:
            side = "dark" if cards == [ORC] else "light"
            deal += [Draw("card"), Declare(side, tuple(cards)), EndTurn()]
        return players, {}, [*deal, Draw("empty")]
    if game_id == "tkc":
        players = ("Ann", "Bob")
        moves: list[Event] = [TkcDraw(), TkcDiscard("relic", 1), TkcNext(), TkcNext(passed=True)]
        return players, {}, _play_out("tkc", players, {}, list(TKC_TURNS), moves)
    players, options, events = MIDGAME["skd"]
    moves = [
        skd.MoveCards("deck", "discard", 30),
        skd.MoveCards("deck", "discard", 5),
        skd.MoveCards("deck", "discard", 1),
        skd.Draw(),
        skd.EnemyPhase(),
        skd.EndTurn(),
        skd.RevealBoss(parse_enemy("Lord, 3, 30, 3")),
        skd.BossKeep((0, 0)),
        skd.BossDeal(),
    ]
    return players, options, _play_out("skd", players, options, list(events), moves)


def record(repo: Any, game_id: str, script: Script, title: str = "Friday night", undo: int = 0) -> int:
    """The session recorded action by action as the app does (then `undo` actions undone)."""
    players, options, events = script
    loaded = repo.create(get_game(game_id), title, players, options)
    tl = loaded.timeline
    for e in events:
        after = tl.record(e)
        repo.record(loaded.info.id, tl, after)
        tl = after
    for _ in range(undo):
        after = tl.undo()
        repo.move(loaded.info.id, tl, after)
        tl = after
    return int(loaded.info.id)
