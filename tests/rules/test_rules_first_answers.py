"""First answers: what decides between two sections that both match a question."""

from __future__ import annotations

from rulesdb.index import RulesIndex
from tests.rules.test_rules_answers import first_is


def test_a_number_the_question_typed_is_no_count_a_passage_states(real_index: RulesIndex) -> None:
    # "How many cards" favours a passage that states a number; the ruling on Lay down your swords!
    # ("each opponent discards 2 swords") states only the 2 the question typed, not how many cards.
    hits = real_index.search("two swords discarded, how many cards", game="tkc", limit=1)
    assert first_is(real_index, hits[0].section.id, "tkc.discard.draw-table"), hits[0].section.id


def test_a_passage_that_states_the_count_outweighs_one_that_shares_more_words(real_index: RulesIndex) -> None:
    # The discard table states what two swords draw; the ruling that says "each opponent
    # discards 2 swords" shares the swords and the 2, and states no count of what is drawn.
    hits = real_index.search("bin 2 swords, how many do I draw", game="tkc", limit=1)
    assert first_is(real_index, hits[0].section.id, "tkc.discard.draw-table"), hits[0].section.id
