"""The King Commands' questions come from the core: each parses to an event or the next question."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.core import Prompt, Rejected
from companion.games.tkc import GAME
from companion.games.tkc.events import Attack, Draw, NextTurn, StartDraw
from companion.games.tkc.prompts import attack_prompt, count_prompt, pass_turn, start_prompt
from companion.games.tkc.state import OVER


def test_the_start_line_names_the_contenders_and_a_tie_asks_the_tied_again():
    state = GAME.setup(("Ann", "Bob", "Cleo"), {})
    prompt = start_prompt(state)
    assert prompt.label.endswith("in order: Ann Bob Cleo")
    event = prompt.parse("5 5 1")
    assert event == StartDraw((5, 5, 1))
    tied = GAME.apply(state, event)
    assert prompt.then is not None
    again = prompt.then(tied)
    assert again is not None and again.label.startswith("Tie! Redraw:") and again.label.endswith("Ann Bob")
    assert prompt.then(GAME.apply(tied, again.parse("3 0"))) is None
    with pytest.raises(Rejected):
        prompt.parse("five")


def test_passing_with_cards_asks_first_and_refuses_typed_text():
    state = GAME.apply(GAME.setup(("Ann", "Bob"), {}), StartDraw((5, 0)))
    asked = pass_turn(state)
    assert isinstance(asked, Prompt) and asked.label.startswith("Pass? Ann holds")
    assert asked.parse("") == NextTurn(passed=True)
    with pytest.raises(Rejected, match="Leave the line empty"):
        asked.parse("y")


def test_an_attack_without_its_outcome_asks_it_with_the_attack_typed_in():
    state = GAME.apply(GAME.apply(GAME.setup(("Ann", "Bob"), {}), StartDraw((5, 0))), Draw())
    follow = attack_prompt(state).parse("2 rr")
    assert isinstance(follow, Prompt) and "on Bob." in follow.label and "\nAdd the outcome:" in follow.label
    assert follow.value and follow.suggest
    assert isinstance(follow.parse("2 rr h g"), Attack)


def test_the_final_count_asks_each_pile_in_turn_with_the_tally_filled_in():
    state = replace(GAME.apply(GAME.setup(("Ann", "Bob"), {}), StartDraw((5, 0))), step=OVER)
    prompt = count_prompt(state)
    assert prompt.label.startswith("Ann's score pile") and prompt.default == " ".join("0" for _ in state.piles[0])
    assert prompt.then is not None
    after = GAME.apply(state, prompt.parse("1 0 0 0 0 0"))
    second = prompt.then(after)
    assert second is not None and second.label.startswith("Bob's score pile")
    assert second.then is not None and second.then(GAME.apply(after, second.parse(second.default))) is None
