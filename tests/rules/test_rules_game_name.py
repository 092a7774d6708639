"""Issue 40, bug 1: the game's name is no focus. A question that names its game ("... in monster
maker 5") is answered as the same question without the name: the About pages that name the
game answer nothing more for it."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulesdb.index import RulesIndex
from rulesdb.offtable import game_name, unnamed
from rulesdb.texts import GameTexts

MM5 = GameTexts(game="mm5", name="Monster Maker 5 Rev.", original="", seed="")
TKC = GameTexts(game="tkc", name="The King Commands", original="", seed="")


def test_a_game_is_named_by_its_id_or_its_name_less_the_and_its_edition() -> None:
    assert unnamed("is there a solo mode in Monster Maker 5", game_name(MM5)) == "is there a solo mode in the game"
    assert unnamed("mm5 hand limit", game_name(MM5)) == "the game hand limit"
    assert unnamed("what can the king command", game_name(TKC)) == ""  # a rules word, not the name
    assert unnamed("the king commands", game_name(TKC)) == ""  # nothing else: the name is the question


@pytest.mark.parametrize(
    ("game", "ask"),
    [
        ("mm5", "is there a solo variant in monster maker 5"),
        ("skd", "do we have to tell each other our cards in seirei kairo drive"),
    ],
)
def test_naming_the_game_does_not_make_a_question_covered(real_index: RulesIndex, game: str, ask: str) -> None:
    answer = real_index.ask(ask, game=game, limit=3)
    assert not answer.covered, [s.id for hit in answer.hits for s in hit.shown]


@pytest.mark.parametrize(
    ("game", "ask", "expect"),
    [
        ("mm5", "what is monster maker 5", "mm5.about.series"),
        ("mm5", "mm5 hand limit", "mm5.ruling.hand-check"),
        ("skd", "how do you win in seirei kairo drive", "skd.boss.win-loss"),
    ],
)
def test_a_question_that_names_its_game_is_still_answered(
    real_index: RulesIndex, game: str, ask: str, expect: str
) -> None:
    answer = real_index.ask(ask, game=game, limit=3)
    assert answer.covered and expect in [s.id for hit in answer.hits for s in hit.shown]


NAME_WORDS = ("mm5", "monster", "maker", "5")


@settings(max_examples=50, deadline=None)
@given(st.lists(st.sampled_from(["can", "i", "attack", "the", "king", "gem", *NAME_WORDS]), min_size=1, max_size=8))
def test_a_question_reads_its_name_as_the_game_and_keeps_every_other_word(words: list[str]) -> None:
    """Only the name goes, read as "the game": every other word stays, in order; a question
    that does not name its game, or is its name alone, is left to the search as it is."""
    query = " ".join(words)
    name = game_name(MM5)
    left = unnamed(query, name)
    if not name.search(query) or not re.search(r"\w", name.sub(" ", query)):
        assert left == ""
        return
    assert "the game" in left
    rest = [word for word in left.split() if word not in (*NAME_WORDS, "the", "game")]
    assert rest == [word for word in words if word not in (*NAME_WORDS, "the")]
