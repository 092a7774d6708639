"""Monster Maker 5's and Seirei Kairo Drive's notation written as a player types it: the lines
the README shows, read back through the same prompts (the fuzz law checks every kind)."""

from __future__ import annotations

from companion.core import read_typed
from companion.games import get_game
from companion.games.mm5.events import Declare, Draw, HandCount, Spell
from companion.games.skd import events as ev
from companion.games.skd.specs import parse_character

ORC = ("Orc", "orc", 2, 1, 0, 1, 0)


def test_mm5_lines_are_what_a_player_types():
    game = get_game("mm5")
    state = game.setup(("Ann", "Bob", "Cleo"), {})
    cases = [
        (Draw("gem", 3, seat=1), "draw", ("#2 g3",)),
        (Declare("dark", (ORC, ORC), whisper=True), "declare", ("dark! Orc = orc P 2/1 M 0/1, Orc = orc P 2/1 M 0/1",)),
        (HandCount(2, 6), "hand", ("#3 6",)),
    ]
    for event, action, answers in cases:
        typed = game.write(state, event)
        assert typed is not None and (typed.action, typed.answers) == (action, answers)
        assert read_typed(typed) == (event,)


def test_mm5_writes_no_line_for_what_no_line_records():
    game = get_game("mm5")
    state = game.setup(("Ann", "Bob"), {})
    assert game.write(state, Declare("dark", (("Orc, Chief", "orc", 2, 1, 0, 1, 0),))) is None  # a comma in a name
    assert game.write(state, Spell(0, "  padded ")) is None  # the note is read stripped


def test_skd_lines_are_what_a_player_types():
    game = get_game("skd")
    state = game.setup(("Ann", "Bob"), {})
    rin = parse_character("Rin, wind, 2, 3/4/5, c/h2, 2, damage 3")
    for event, action in [(ev.DraftPick(rin), "pick"), (ev.AdjustMana(1, -1), "mana"), (ev.DraftPass(), "pass_draft")]:
        typed = game.write(state, event)
        assert typed is not None and typed.action == action
        assert read_typed(typed) == (event,)
    mana = game.write(state, ev.AdjustMana(1, -1))
    assert mana is not None and mana.answers == ("2 -1",)
