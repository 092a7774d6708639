"""A part of a glossary term reads as what it says in the term, not as the whole term's English.

The glossary gives each printed term its English (攻擊招式 "attack move"); a question often types
only a part of one (招式, a move). Where the rest of the term is a term of its own (攻擊, the
attack), the part says the term's words less the rest's: 招式 is a move, not an attack, and
騎士, in 光明騎士 "light knight" and 闇之騎士 "dark knight", is a knight, not a side.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rulesdb.glossary import english_for
from rulesdb.index import RulesIndex


def test_a_part_reads_as_its_own_words(real_index: RulesIndex) -> None:
    terms = real_index.reader.glossary
    assert english_for("招式", terms) == ("move",)
    assert english_for("騎士", terms) == ("knight",)
    assert english_for("回合", terms) == ("round",)


def test_a_whole_term_keeps_its_english(real_index: RulesIndex) -> None:
    terms = real_index.reader.glossary
    assert english_for("攻擊招式", terms) == terms["攻擊招式"]


def _parts(terms: dict[str, tuple[str, ...]]) -> list[tuple[str, str, str]]:
    """(term, part, rest): the term split in two, the rest a term, the part none."""
    found = []
    for term in terms:
        for at in range(2, len(term) - 1):
            for part, rest in ((term[:at], term[at:]), (term[at:], term[:at])):
                if part not in terms and terms.get(rest) and set(terms[term]) - set(terms[rest]):
                    found.append((term, part, rest))
    return found


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_no_part_reads_as_its_rest(real_index: RulesIndex, data: st.DataObject) -> None:
    """Over the glossary's terms: a part whose rest is a term never reads as the rest's words."""
    terms = real_index.reader.glossary
    term, part, rest = data.draw(st.sampled_from(_parts(terms)))
    english = english_for(part, terms)
    assert english, (term, part)
    assert not set(english) & set(terms[rest]), (term, part, english)
