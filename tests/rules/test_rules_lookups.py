"""The search's quick lookups answer exactly as the plain reading they stand for.

Each lookup that reads only the few candidates an index points to (the glossary's terms by
character, the synonym tables' CJK keys by first character, the question words as one pattern,
a stop word's slip in one pass) is held to the plain reading over everything, on generated
pieces: what a question reads must not depend on how fast it is read.
"""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from rulesdb.glossary import covered_length, english_for
from rulesdb.query import _CJK_JOINED, CJK_STOPWORDS, MAX_WORD_LENGTH, MAX_WORDS, cut_cjk, expand_cjk, synonym_keys
from rulesdb.spelling import distance, within_one

# A few characters, so that generated pieces share terms, keys and stop words often.
CHARS = "聖騎士王者之劍黑暗方光明手牌可以嗎什麼幾多少"
TERMS = st.dictionaries(
    st.text(CHARS, min_size=1, max_size=4),
    st.lists(st.sampled_from(["holy", "knight", "dark", "side", "card", "hand"]), max_size=2).map(tuple),
    max_size=12,
)
PIECE = st.text(CHARS, max_size=10)


def plain_covered(run: str, terms: dict[str, tuple[str, ...]]) -> int:
    if run in terms or (len(run) > 1 and any(run in t for t in terms)):
        return len(run)
    return min(len(run), sum(len(t) for t in terms if len(t) > 1 and t in run))


def plain_english(run: str, terms: dict[str, tuple[str, ...]], most: int = 3) -> tuple[str, ...]:
    if run in terms:
        return terms[run]
    if len(run) < 2:
        return ()
    holding = [t for t in terms if run in t]
    # A part of terms whose rest is a term of its own says what they say less that rest (騎士
    # of 聖騎士 is the knight), once each: the words all such readings share.
    readings = [r for t in holding if (r := plain_less_rest(run, t, terms))]
    if readings:
        return tuple(w for w in dict.fromkeys(readings[0]) if all(w in r for r in readings))[:most]
    if holding:  # the first half of a term or less says its first words only
        words = (w for t in holding for w in plain_part(run, t, terms[t]))
        return tuple(w for w, _ in Counter(words).most_common(most))
    related = [t for t in terms if len(t) > 1 and t in run]
    return tuple(w for w, _ in Counter(w for t in related for w in terms[t]).most_common(most))


def plain_less_rest(run: str, term: str, terms: dict[str, tuple[str, ...]]) -> tuple[str, ...]:
    rest = term.replace(run, "", 1)
    rest_words = set(terms.get(rest, ())) if rest != term else set()
    left = tuple(w for w in terms[term] if w not in rest_words)
    return left if rest_words and left else ()


def plain_part(run: str, term: str, english: tuple[str, ...]) -> tuple[str, ...]:
    if len(run) * 2 > len(term) or len(english) < 2 or not term.startswith(run):
        return english
    return english[: max(1, len(english) * len(run) // len(term))]


@settings(max_examples=300, deadline=None)
@given(TERMS, st.data())
def test_the_glossary_by_character_reads_as_every_term(terms: dict[str, tuple[str, ...]], data: st.DataObject) -> None:
    # A piece is often made of terms or of part of one, as a question's are.
    keys = sorted(terms) or [""]
    joined = st.lists(st.sampled_from(keys), min_size=1, max_size=3).map("".join)
    part = st.sampled_from(keys).flatmap(
        lambda key: st.sampled_from([key[i:j] for i in range(len(key) + 1) for j in range(i, len(key) + 1)])
    )
    run = data.draw(st.one_of(PIECE, joined, part, st.tuples(joined, PIECE).map("".join)))
    assert english_for(run, terms) == plain_english(run, terms)
    assert covered_length(run, terms) == plain_covered(run, terms)


@settings(max_examples=300, deadline=None)
@given(TERMS, st.lists(PIECE, max_size=4).map(tuple))
def test_cjk_synonyms_by_first_character_read_as_every_key(
    terms: dict[str, tuple[str, ...]], runs: tuple[str, ...]
) -> None:
    synonyms = {key: words for key, words in terms.items() if key}
    added = [text for key, words in synonym_keys(synonyms)[1] if any(key in run for run in runs) for text in words]
    plain = tuple(dict.fromkeys(runs + tuple(added)))[:MAX_WORDS] if runs else runs
    assert expand_cjk(runs, synonyms) == plain


def plain_cut(run: str) -> list[str]:
    """The question words cut from the left, the longest that begins at each place."""
    for joined in _CJK_JOINED:
        run = run.replace(joined, "")
    lengths = sorted({len(word) for word in CJK_STOPWORDS}, reverse=True)
    pieces, start, at = [], 0, 0
    while at < len(run):
        length = next((n for n in lengths if run[at : at + n] in CJK_STOPWORDS), 0)
        if length:
            pieces.append(run[start:at])
            at = start = at + length
        else:
            at += 1
    pieces.append(run[start:])
    return [piece[:MAX_WORD_LENGTH] for piece in pieces if piece]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from([*sorted(CJK_STOPWORDS), "聖", "騎士", "手牌", "以上", "幾", "多少"]), max_size=8))
def test_question_words_cut_as_read_from_the_left(parts: list[str]) -> None:
    run = "".join(parts)
    assert cut_cjk(run) == plain_cut(run)


@settings(max_examples=500, deadline=None)
@given(st.text("abcde", max_size=7), st.text("abcde", max_size=7))
def test_a_slip_of_one_letter_is_the_edit_distance_of_one(a: str, b: str) -> None:
    assert within_one(a, b) == (distance(a, b, 1) <= 1)
    near = a[:2] + a[3:] if len(a) > 2 else a + "x"  # one letter out (or in): always within one
    assert within_one(a, near) and within_one(near, a)
