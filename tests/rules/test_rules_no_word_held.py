"""A question whose words no rule holds: "No rule covers this" when they are words ("is there a
timer": the README's own example), "No rule matches ... try a shorter word" only when none is a
word (a slip, letters typed by chance). The same answer in the screen, the CLI and ``--json``."""

from __future__ import annotations

import io
import json
from functools import cache

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from rulesdb.cli import rules_command
from rulesdb.index import NO_MATCH, NO_RULE, RulesIndex
from rulesdb.spelling import _english as english
from rulesdb.spelling import english_words, load_english

CONSONANTS = "bcdfghjklmnpqrstvwxz"


@cache
def long_english_words() -> tuple[str, ...]:
    load_english()
    return tuple(sorted(word for word in english() if word.isalpha() and len(word) >= 5))


def test_a_question_of_words_no_rule_holds_is_one_no_rule_covers(real_index: RulesIndex) -> None:
    answer = real_index.ask("is there a timer", "tkc")
    assert answer.hits == () and not answer.covered and answer.reason == NO_RULE


def test_letters_that_are_no_word_are_a_slip_not_an_answer(real_index: RulesIndex) -> None:
    answer = real_index.ask("zqxj", "tkc")
    assert answer.hits == () and not answer.covered and answer.reason == NO_MATCH


@settings(max_examples=60, deadline=None)
@given(
    word=st.data(),
    game=st.sampled_from(["mm5", "skd", "tkc", None]),
    asked=st.sampled_from(["is there a {}", "{}", "any {} allowed", "{}嗎"]),
)
def test_every_english_word_no_rule_holds_is_answered_no_rule_covers_this(
    real_index: RulesIndex, word: st.DataObject, game: str | None, asked: str
) -> None:
    chosen = word.draw(st.sampled_from(long_english_words()))
    answer = real_index.ask(asked.format(chosen), game)
    assume(not answer.hits)  # most English words are in no rule (291 of 300 sampled, in tkc)
    assert not answer.covered and answer.reason == NO_RULE, (chosen, answer.reason)


@settings(max_examples=60, deadline=None)
@given(letters=st.text(alphabet=CONSONANTS, min_size=4, max_size=9), game=st.sampled_from(["mm5", "skd", "tkc", None]))
def test_letters_no_word_holds_are_answered_no_rule_matches(
    real_index: RulesIndex, letters: str, game: str | None
) -> None:
    assume(not english_words(letters))
    answer = real_index.ask(letters, game)
    assert answer.hits or (not answer.covered and answer.reason == NO_MATCH), (letters, answer.reason)


def test_the_cli_says_it_on_stderr_and_in_json(real_index: RulesIndex) -> None:
    for as_json in (False, True):
        out, err = io.StringIO(), io.StringIO()
        code = rules_command("is there a timer", "tkc", None, as_json, out=out, err=err, index=real_index)
        assert code == 1
        said = json.loads(out.getvalue())["reason"] if as_json else err.getvalue()
        assert said.startswith(NO_RULE) and '"is there a timer"' in said and "shorter word" not in said
        if as_json:
            assert json.loads(out.getvalue())["closest"] == [] and err.getvalue() == ""
