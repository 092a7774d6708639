"""Score piles are secret during play (the rules forbid counting or looking at them): with open
scoring off, nothing the app shows or writes tells what is in whose pile or what it is worth, until
the final count. The public facts stay: hand sizes, the draw pile, the gold bags still unseen."""

from __future__ import annotations

import json
import re

from companion.cli import main
from companion.games import get_game
from companion.games.tkc import GAME
from companion.games.tkc.cards import DEFAULT_COLOURS, EXCALIBUR
from companion.games.tkc.events import Attack, Crown, Discard, Draw, NextTurn, StartDraw

R, B, G, Y = DEFAULT_COLOURS
X = EXCALIBUR
# A turn each that scores something of every kind the log could give away.
TURNS = [
    StartDraw((5, 0)),
    Draw(),
    Attack(0, 1, (R, R), "hit", (), True),
    NextTurn(),
    Draw(),
    Attack(1, 0, (B,), "block", (Y,)),
    NextTurn(),
    Draw(),
    Attack(0, 1, (X,), "parry", (X,)),
    NextTurn(),
    Draw(),
    Crown("abdication"),
    NextTurn(),
    Draw(),
    Attack(0, 1, (G, G, G), "block", (G, G)),
    NextTurn(),
]
PILE_WORDS = re.compile(r"score|point|pile:|\bgold bags?\b.*\bscore", re.IGNORECASE)


def played(open_scoring=False):
    s = GAME.setup(("Ann", "Bob"), {"open_scoring": open_scoring})
    lines = []
    for e in TURNS:
        after = GAME.apply(s, e)
        lines.append(GAME.describe(s, e, after))
        s = after
    return s, lines


def test_the_log_says_what_happened_at_the_table_not_what_was_scored():
    s, lines = played()
    assert s.piles[0] != (0,) * 6 and s.piles[1] != (0,) * 6
    assert "Ann's Thrust (red red) hits Bob; Bob gives a gold bag" in lines
    assert "Bob's Poke (blue) on Ann: blocked with a yellow shield" in lines
    assert "Ann's Excalibur on Bob: parried with Excalibur" in lines
    assert "Bob uses a crown: Abdication — no attack or discard this turn" in lines
    assert "Ann's Power Chop (green green green) on Bob: blocked with 2 green shields" in lines
    for line in lines:
        assert not PILE_WORDS.search(line), line


def test_open_scoring_logs_the_piles_and_the_points():
    _, lines = played(open_scoring=True)
    assert (
        "Ann's Thrust (red red) hits Bob; Bob gives a gold bag; Ann scores 2 swords and the gold bag · points: Ann 7, Bob 0"
        in lines
    )
    assert any("the crown goes to Bob's score pile" in line for line in lines)
    assert any("Ann scores" in line for line in lines)


def test_the_table_view_shows_hand_sizes_only():
    s, _ = played()
    view = GAME.view(s)
    assert view.columns == ("Hand",)
    assert [r.cells for r in view.rows] == [(str(s.hands[0]),), (str(s.hands[1]),)]
    assert "gold unseen 11/12" in view.status and f"Draw pile {s.draw_pile}" in view.status
    assert all(line.startswith("Turns left") for line in GAME.panel(s)), "the forecast only: no pile"
    opened, _ = played(open_scoring=True)
    assert GAME.view(opened).columns == ("Hand", "Scored cards", "Gold", "Points")
    assert GAME.panel(opened)[1] == "Ann: 3 swords, 1 shield, 1 gold bag, 1 Excalibur = 10"


def test_totals_appear_at_the_final_count():
    s, _ = played()
    s = GAME.apply(GAME.apply(s, Draw()), NextTurn(passed=True))
    while not s.over:  # the pile runs out: discard relics until it does, then the final round
        s = GAME.apply(s, Draw()) if s.can("draw") else s
        s = GAME.apply(s, Discard("relic", 1) if s.draw_pile else NextTurn(passed=True))
        if not s.over and s.can("next"):
            s = GAME.apply(s, NextTurn())
    view = GAME.view(s)
    assert view.finished and view.columns == ("Hand", "Scored cards", "Gold", "Points")
    assert GAME.panel(s)[0].startswith("Ann: 3 swords, 1 shield, 1 gold bag")


def test_the_export_of_an_unfinished_game_keeps_the_piles_secret(repo, db_path, capsys):
    loaded = repo.create(get_game("tkc"), "Tuesday", ("Ann", "Bob"), {})
    tl = loaded.timeline
    for e in TURNS:
        after = tl.record(e)
        repo.record(loaded.info.id, tl, after)
        tl = after
    sid = str(loaded.info.id)
    assert main(["sessions", "export", sid, "--format", "md", "--db", str(db_path)]) == 0
    md = capsys.readouterr().out
    assert "|  | Hand |" in md and "Points" not in md and "Scored" not in md
    assert "Ann attacks Bob: hit, a gold bag" in md and "Thrust" not in md, "the terse public log"
    assert not PILE_WORDS.search(md.split("## Log")[1])
    assert main(["sessions", "export", sid, "--format", "json", "--db", str(db_path)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert not any(PILE_WORDS.search(e["text"]) for e in data["events"])
