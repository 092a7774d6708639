"""Monster Maker 5's questions from the core: a deal line with a new Holy Knight, new cards, the empty deck."""

from __future__ import annotations

import pytest

from companion.core import Event, Prompt, Rejected
from companion.games.mm5 import GAME
from companion.games.mm5.cards import catalogue_entry, knight_name
from companion.games.mm5.events import Draw
from companion.games.mm5.prompts import draw_prompt, enter_prompt
from tests.core.test_mm5_rulings import knight, start


def test_a_deal_line_with_a_new_knight_asks_its_values_then_records_the_line_together():
    state = GAME.setup(("Ann", "Bob", "Cleo"), {})
    asked = draw_prompt(state, {}).read("1 g3 k2")
    assert isinstance(asked, Prompt) and knight_name(2) in asked.label
    with pytest.raises(Rejected):
        asked.read("P 4/5")  # half the values: refused, nothing recorded
    events = asked.read("P 4/5 M 3/4")
    assert events == (Draw("gem", 3, seat=0), Draw("knight", 2, (knight_name(2), "knight", 4, 5, 3, 4, 2), 0))
    assert asked.remember is not None
    (card,) = asked.remember("P 4/5 M 3/4")
    assert card.name == knight_name(2) and not card.kept_if_refused, "kept once the deal line stands"


def test_a_known_knight_is_taken_from_the_catalogue():
    state = GAME.setup(("Ann", "Bob", "Cleo"), {})
    spec = knight(2)
    events = draw_prompt(state, {spec[0]: catalogue_entry(spec)}).read("2 k2")
    assert events == Draw("knight", 2, spec, 1)


def test_a_card_typed_whole_is_kept_even_if_the_play_is_refused_and_the_empty_deck_asks_first():
    state = start()
    prompt = enter_prompt(state, {})
    assert prompt.remember is not None
    (card,) = prompt.remember("Goblin = orc P 2/1 M 0/1")
    assert card.name == "Goblin" and card.kept_if_refused
    empty = draw_prompt(state, {}).read("empty")
    assert isinstance(empty, Prompt) and empty.confirm and empty.read("") == Draw("empty")


def test_a_new_cards_example_is_a_kind_the_side_may_play():
    """A Light declaration's question for a new card gives a Light example (an orc is Dark and
    would be refused); a Dark one an orc."""
    from companion.games.mm5.prompts import with_cards

    def asked(side: str) -> str:
        prompt = with_cards("Zork", {}, lambda specs: None, side)  # type: ignore[arg-type, return-value]
        assert isinstance(prompt, Prompt)
        return prompt.label

    assert "e.g. companion P 3/4 M 1/2" in asked("light")
    assert "e.g. orc P 2/1 M 0/1" in asked("dark")


def test_initiative_asks_each_die_not_their_total():
    """The tray never offers what it would refuse: initiative needs both faces."""
    from companion.games.mm5.prompts import initiative
    from tests.ui.midgame import GAMES

    players, options, events = GAMES["mm5"]
    state = GAME.setup(players, options)
    for event in events[:-1]:  # the battle begun, its initiative not yet rolled
        state = GAME.apply(state, event)
    dice = initiative(state)
    assert not isinstance(dice, Event) and dice.count == 2 and dice.total is False
