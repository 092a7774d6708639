"""A session of each registered game part way through, stored action by action in a real file.

The events come from the games' own rule tests (the same turns they check), so each game here
is in the middle of something the table looks up at: mm5 a battle with spells laid face down,
skd a fight with the enemy's HP and mana under way, tkc attacks with scored cards in secret
piles, free play counters and a countdown.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from companion.core import Event
from companion.games import all_games, get_game
from companion.games.free import AddCounter, Adjust, Finish, SetCountdown
from companion.games.free import NextTurn as FreeNext
from companion.games.mm5.events import Attack, Begin, Declare, Draw, EndTurn, HandCount, Spell
from companion.games.skd import events as skd
from companion.games.tkc.events import Attack as TkcAttack
from companion.games.tkc.events import Crown, NextTurn, StartDraw
from companion.games.tkc.events import Draw as TkcDraw
from companion.store.repo import Repository
from tests.core.test_mm5_rulings import MAGE, ORC, WARRIOR, knight
from tests.core.test_skd_rulings import KAI, MIO, RIN, SLIME, TAO, parse_enemy, pick, play
from tests.core.test_tkc_secrecy import B, G, R, X, Y

# The note of a face-down spell: hidden until initiative reveals the round's spells.
SPELL_NOTE = "Zorvath curse on Bob"
PLAYERS = {"free": ("Ann", "雪菜", "Cleo"), "mm5": ("Ann", "Bob", "Cleo"), "skd": ("Ann", "Bob"), "tkc": ("Ann", "Bob")}


def _mm5() -> list[Event]:
    hands = [HandCount(i, 0) for i in range(3)]
    return [
        Draw("gem", 1, seat=1),
        *hands,
        Begin(0),
        Draw("card"),
        Declare("light"),
        EndTurn(),
        Draw("card"),
        Declare("light", (WARRIOR,)),
        EndTurn(),
        Draw("card"),
        Declare("light"),
        EndTurn(),
        Draw("card"),
        Declare("dark", (ORC, MAGE)),
        Attack(1),
        Spell(0, SPELL_NOTE),
    ]


def _skd() -> list[Event]:
    return [
        pick(RIN),
        pick(KAI),
        pick(MIO),
        pick(TAO),
        skd.DraftPass(),
        skd.DraftPass(),
        skd.RevealEnemy(parse_enemy(SLIME)),
        skd.Draw(),
        play("g1"),
        skd.EnemyPhase(),
    ]


def skd_deciding() -> list[Event]:
    """skd on its deciding turn: the Ogre's next hit is more than the deck holds."""
    return [
        *_skd()[:6],
        skd.RevealEnemy(parse_enemy("Ogre, 1, 30, 3")),
        skd.Draw(),
        skd.MoveCards("deck", "discard", 43),
    ]


def _tkc() -> list[Event]:
    return [
        StartDraw((5, 0)),
        TkcDraw(),
        TkcAttack(0, 1, (R, R), "hit", (), True),
        NextTurn(),
        TkcDraw(),
        TkcAttack(1, 0, (B,), "block", (Y,)),
        NextTurn(),
        TkcDraw(),
        TkcAttack(0, 1, (X,), "parry", (X,)),
        NextTurn(),
        TkcDraw(),
        Crown("abdication"),
        NextTurn(),
        TkcDraw(),
        TkcAttack(0, 1, (G, G, G), "block", (G, G)),
    ]


def _free() -> list[Event]:
    return [Adjust("HP", 0, -7), Adjust("gold", 1, 3), FreeNext(), SetCountdown(5, None), Adjust("HP", 2, -2)]


def mm5_countdown() -> list[Event]:
    """mm5 with its end countdown running: Cleo drew the 14th gem or knight on turn 2."""
    deal = [Draw("gem", n, seat=0) for n in range(1, 8)] + [Draw("knight", n, knight(n), seat=1) for n in range(1, 7)]
    turns = [Draw("card"), Declare("light"), EndTurn()] * 2
    return [*deal, *(HandCount(i, 0) for i in range(3)), Begin(0), *turns, Draw("knight", 7, knight(7))]


def tkc_final_round() -> list[Event]:
    """tkc played on (each turn a draw, then pass) until the last card opens the final round."""
    from companion.games.tkc.rules import apply

    state = get_game("tkc").setup(PLAYERS["tkc"], {})
    events = [*_tkc(), NextTurn()]
    for event in events:
        state = apply(state, event)
    while not state.final_round:
        for event in (TkcDraw(), NextTurn(passed=True)):
            state = apply(state, event)
            events.append(event)
    return events


def finished(game_id: str) -> tuple[list[Event], tuple[str, ...]]:
    """A game of `game_id` played to its end, and the winners its rules name."""
    if game_id == "mm5":  # Light holds 4 gems to Dark's 3; Ann holds the most of them
        gems = [Draw("gem", n, seat=seat) for seat, ns in enumerate([[1, 2, 3, 7], [4, 5], [6]]) for n in ns]
        turns = [
            e
            for cards in ((WARRIOR,), (ORC,), (MAGE,))
            for e in (Draw("card"), Declare("light" if cards == (WARRIOR,) else "dark", cards), EndTurn())
        ]
        return [*gems, Begin(0), *turns, Draw("empty")], ("Ann",)
    if game_id == "skd":  # the deck runs out against the boss: the table loses
        boss = [skd.RevealBoss(parse_enemy("Lord, 3, 9, 3")), skd.BossKeep((1, 2)), skd.BossDeal()]
        return [*skd_deciding(), skd.EnemyPhase(), skd.EndTurn(), *boss, skd.Draw(), skd.EnemyPhase()], ()
    if game_id == "tkc":  # the final round played out: 10 points each, a shared win
        events = tkc_final_round()
        return [*events, NextTurn(passed=True), NextTurn(passed=True)], ("Ann", "Bob")
    scores = [AddCounter("score", seat, value) for seat, value in enumerate((3, 1, 5))]  # Cleo scores most
    return [*_free(), *scores, Finish()], ("Cleo",)


OPTIONS: dict[str, dict[str, Any]] = {"free": {"counters": "HP=20 0..20, gold=0 0.."}}
EVENTS = {"free": _free, "mm5": _mm5, "skd": _skd, "tkc": _tkc}
GAMES = [g.id for g in all_games() if g.id in EVENTS]


def store(
    path: Path,
    game_id: str,
    title: str | None = None,
    events: list[Event] | None = None,
    options: dict[str, Any] | None = None,
) -> int:
    """A new session of `game_id` in the file at `path`, its events (the game's mid-game ones
    unless given) recorded one by one, with the game's usual options unless given."""
    repo = Repository.open(path)
    try:
        chosen = OPTIONS.get(game_id, {}) if options is None else options
        loaded = repo.create(get_game(game_id), title or f"{game_id} night", PLAYERS[game_id], chosen)
        sid, tl = loaded.info.id, loaded.timeline
        for event in events if events is not None else EVENTS[game_id]():
            after = tl.record(event)
            repo.record(sid, tl, after)
            tl = after
        return sid
    finally:
        repo.close()


def record(path: Path, session_id: int, event: Event) -> None:
    repo = Repository.open(path)
    try:
        tl = repo.load(session_id).timeline
        repo.record(session_id, tl, tl.record(event))
    finally:
        repo.close()
