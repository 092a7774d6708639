"""Sessions in the middle of a game, one per game, recorded through the real store: what the
layout tests and the snapshots open. Each has the lines that used to be cut: long log lines,
wide cells, a countdown in the header."""

from __future__ import annotations

from companion.games import get_game
from companion.games.free import AddCounter, Adjust, NextTurn, SetCountdown
from companion.games.mm5.events import Attack, Begin, Declare, Draw, EndTurn, HandCount, Initiative
from companion.games.skd import events as ev
from companion.games.skd.specs import parse_enemy
from companion.games.tkc.cards import DEFAULT_COLOURS
from companion.games.tkc.events import Attack as TkcAttack
from companion.games.tkc.events import Draw as TkcDraw
from companion.games.tkc.events import NextTurn as TkcNext
from companion.games.tkc.events import StartDraw
from companion.store.repo import Repository
from tests.conftest import fixed_clock
from tests.core.test_mm5_rulings import MAGE, ORC, QUEEN, WARRIOR, knight
from tests.core.test_skd_rulings import GOBLIN, KAI, MIO, RIN, SLIME, TAO, pick, play

R = DEFAULT_COLOURS[0]

GAMES = {
    "free": (
        ("Ann", "Bob", "Cleo"),
        {"counters": "HP=20 0..200, mana=0 0..6", "shared": "deck=54 0.."},
        [
            Adjust("HP", 1, -7),
            Adjust("mana", 0, 3),
            NextTurn(),
            Adjust("deck", None, -4),
            AddCounter("Poison", None, 0, 0, None, each=True),
            SetCountdown(end_round=5),
            Adjust("HP", 0, 80),
        ],
    ),
    "mm5": (
        ("Ann", "Bob", "Cleo"),
        {},
        [
            Draw("gem", 1, seat=1),
            Draw("gem", 2, seat=1),
            Draw("gem", 3, seat=1),
            Draw("knight", 2, knight(2), seat=0),
            Begin(0),
            Draw("card"),
            Declare("light"),
            EndTurn(),
            Draw("card"),
            Declare("light", (WARRIOR,)),
            EndTurn(),
            Draw("card"),
            Declare("light"),
            HandCount(2, 5),
            EndTurn(),
            Draw("card"),
            Declare("dark", (QUEEN, MAGE, ORC)),
            Attack(1),
            Initiative(6, 2),
        ],
    ),
    "skd": (
        ("Ann", "Bob"),
        {},
        [
            pick(RIN),
            pick(KAI),
            pick(MIO),
            pick(TAO),
            ev.DraftPass(),
            ev.DraftPass(),
            ev.RevealEnemy(parse_enemy(SLIME)),
            ev.Draw(),
            play("g3 y3 g3 y3", GOBLIN),
        ],
    ),
    "tkc": (
        ("Ann", "Bob", "Cleo"),
        {},
        [
            StartDraw((5, 0, 0)),
            TkcDraw(),
            TkcAttack(0, 1, (R, R), "hit", gold=True),
            TkcNext(),
            TkcDraw(),
        ],
    ),
}


def seed(db_path, game_id: str, title: str = "Friday night") -> int:
    """Create the session and record its events, each committed as the app would."""
    players, options, events = GAMES[game_id]
    repo = Repository.open(db_path, clock=fixed_clock)
    try:
        loaded = repo.create(get_game(game_id), title, players, options)
        tl = loaded.timeline
        for e in events:
            after = tl.record(e)
            repo.record(loaded.info.id, tl, after)
            tl = after
        return loaded.info.id
    finally:
        repo.close()
