"""First answers: what decides between two sections that both match a question."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulesdb.index import RulesIndex
from tests.rules.test_rules_answers import first_shows

NUMBERS = st.frozensets(st.sampled_from(["1", "2", "3", "4", "5", "6", "12"]), max_size=3)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(row=st.integers(min_value=0), typed=st.one_of(st.none(), NUMBERS))
def test_a_number_question_favours_a_row_stating_a_number_it_did_not_type(
    real_index: RulesIndex, row: int, typed: frozenset[str] | None
) -> None:
    rows = real_index.built.rows
    row %= len(rows.text)
    found = real_index.ranker.best_rows({row: -10.0}, {}, typed, 1.0)
    score, shown = found[rows.owner[row]]
    states = bool(rows.numbers[row] - (typed or frozenset()))
    boost = real_index.ranker.tuning.number_boost if typed is not None and states else 1.0
    assert score == 10.0 * rows.weight[row] * boost
    assert rows.owner[shown] == rows.owner[row]


def test_a_number_the_question_typed_is_no_count_a_passage_states(real_index: RulesIndex) -> None:
    # "How many cards" favours a passage that states a number; the ruling on Lay down your swords!
    # ("each opponent discards 2 swords") states only the 2 the question typed, not how many cards.
    hits = real_index.search("two swords discarded, how many cards", game="tkc", limit=1)
    assert first_shows(hits, "tkc.discard.draw-table"), hits[0].section.id
