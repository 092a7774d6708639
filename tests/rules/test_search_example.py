"""Issue 39.2: the rules search's example is built from the chosen game's own words."""

from __future__ import annotations

import re

import pytest

from rulesdb.query import CJK


@pytest.mark.parametrize("game", ["mm5", "skd", "tkc", None])
def test_each_word_of_the_example_finds_that_games_rules(real_index, game):
    example = real_index.example(game)
    words = [w.strip() for w in example.split(",")]
    assert len(words) >= 2 and all(words), example
    for word in words:
        answer = real_index.ask(word, game, limit=5)
        assert answer.covered and answer.hits, (game, word)
        assert game is None or all(h.section.game == game for h in answer.hits)
    assert any(re.search(f"[{CJK}]", w) for w in words), "one word as printed on the cards"


def test_the_example_differs_from_game_to_game(real_index):
    examples = {game: real_index.example(game) for game in ("mm5", "skd", "tkc")}
    assert len(set(examples.values())) == 3, examples
    assert "excal" not in examples["skd"] and "excal" not in examples["mm5"], examples
