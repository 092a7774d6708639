"""What a query becomes: question words go, synonyms join, misspellings are put right."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulesdb.coverage import QUESTION_VERBS, word_key
from rulesdb.index import RulesIndex
from rulesdb.query import CJK, Query, _converter, cut_cjk, expand, parse_query, traditional
from rulesdb.spelling import Speller, distance
from rulesdb.texts import TextsError, load, texts_root
from rulesdb.understand import without_name


def test_chinese_question_words_never_reach_the_index() -> None:
    assert cut_cjk("聖騎士可以留在手上嗎") == ["聖騎士", "留在手上"]
    assert cut_cjk("什麼時候會進入魔王戰") == ["會進入魔王戰"]
    assert cut_cjk("幾") == []
    assert parse_query("王者之劍可以被阻擋嗎？").cjk_runs == ("王者之劍", "被阻擋")


def test_a_number_word_is_also_its_digit(real_index: RulesIndex) -> None:
    """The texts write "2 shield cards" and "after a 4": "two shields" and "four cards" are
    searched with the digit too; "two 3s" counts 3s, so its "two" stays a word."""
    assert "2" in parse_query("can two shields block it").words
    assert "2" not in parse_query("can I play two 3s").words
    assert "skd.play.four-extra" in [
        s.id for h in real_index.search("what if I play four cards of one number", game="skd", limit=3) for s in h.shown
    ]


def test_english_question_words_never_reach_the_index() -> None:
    assert parse_query("What is it when I can block?").words == ("block",)
    assert parse_query("how many").words == ("how", "many")  # nothing else: kept


def test_question_words_do_not_decide_the_ranking(real_index: RulesIndex) -> None:
    bare = [s.id for h in real_index.search("王者之劍 阻擋", game="tkc", limit=3) for s in h.shown]
    asked = [s.id for h in real_index.search("王者之劍可以被阻擋嗎", game="tkc", limit=3) for s in h.shown]
    assert bare[0] == asked[0]
    assert [s.id for h in real_index.search("block excalibur", game="tkc", limit=3) for s in h.shown] == [
        s.id for h in real_index.search("can I block with excalibur?", game="tkc", limit=3) for s in h.shown
    ]


def test_chinese_synonyms_add_the_summarys_words(real_index: RulesIndex) -> None:
    from rulesdb.query import expand_cjk

    assert expand_cjk(("一開始每個人發",), {"每個人": ("每位玩家",)}) == ("一開始每個人發", "每位玩家")
    assert expand_cjk(("發牌",), {"每個人": ("每位玩家",)}) == ("發牌",)
    top = [s.id for h in real_index.search("小偷", game="mm5", limit=3) for s in h.shown]
    assert {"mm5.thief", "mm5.ruling.thief"} & set(top), top


def test_synonyms_add_the_texts_words() -> None:
    table = {"money": ("gold", "bag of gold"), "break out": ("rescue",)}
    assert expand(("monies", "now"), table)[0] == ("monies", "now")
    assert expand(("money", "now"), table) == (("money", "gold", "bag of gold", "now"), {"money"})
    words, found = expand(("break", "knights", "out"), table)
    assert "rescue" in words and found == {"break", "out"}


def test_every_synonym_names_words_of_its_games_texts() -> None:
    texts = load()
    for game, table in texts.synonyms.items():
        assert table, game
        said = " ".join(
            f"{s.title} {' '.join(s.topics)} {s.text} {s.original}".lower() for s in texts.sections if s.game == game
        )
        words = set(re.findall(r"[a-z0-9]+", said))
        missing = [
            v for vs in table.values() for v in vs if not (set(v.split()) <= words if v.isascii() else v in said)
        ]
        assert missing == [], game


def test_a_bad_synonym_table_is_refused(tmp_path: Path) -> None:
    for name in ("tkc.toml", "FORMAT.md"):
        (tmp_path / name).write_text((texts_root() / name).read_text(encoding="utf-8"))
    (tmp_path / "synonyms").mkdir()
    (tmp_path / "synonyms" / "tkc.toml").write_text('Money = ["gold"]\n')
    with pytest.raises(TextsError, match="lowercase"):
        load(tmp_path)
    (tmp_path / "synonyms" / "tkc.toml").write_text('money = ["gold\\"]"]\n')
    with pytest.raises(TextsError, match="lowercase"):
        load(tmp_path)


@pytest.mark.parametrize(
    ("a", "b", "edits"),
    [
        ("knigth", "knight", 1),
        ("dungon", "dungeon", 1),
        ("crwon", "crown", 1),
        ("ab", "ba", 1),
        ("exalibar", "excalibur", 2),
        ("kitten", "sitting", 3),
    ],
)
def test_edit_distance_counts_a_swap_as_one(a: str, b: str, edits: int) -> None:
    assert distance(a, b, 3) == edits
    assert distance(a, b, edits - 1) == edits


def test_the_speller_corrects_only_unknown_words() -> None:
    speller = Speller({"knight": 5, "dungeon": 3, "crown": 2, "turn": 9, "run": 1, "thief": 1})
    assert [speller.correct(w) for w in ("knigth", "dungon", "crwon", "trun")] == ["knight", "dungeon", "crown", "turn"]
    assert speller.correct("knight") is None and speller.correct("dung") is None  # known, prefix
    assert speller.correct("xylophone") is None and speller.correct("ork") is None  # far, short


def test_an_english_word_two_letters_from_a_rule_word_searches_both(real_index: RulesIndex) -> None:
    """The word "cots" is English, but a question about the rules that types it most often means cost:
    both are searched (the rule word's section first), as the coverage check already reads it."""
    speller = real_index.reader.speller
    assert speller.spell("cots") == ("cots", "cost")
    assert speller.spell("level") == ("level",) and speller.spell("cost") == ("cost",)
    first = real_index.search("cots of a level up", game="skd", limit=1)[0].section.id
    assert first in {"skd.ruling.level-up-and-skills", "skd.actions.level-up"}


def test_a_mistyped_stop_word_is_a_slip_not_a_rule_word() -> None:
    speller = Speller({"knight": 5, "thief": 1, "want": 2})
    assert [speller.slip(w) for w in ("teh", "waht", "hwo", "thier")] == [True] * 4
    assert not speller.slip("theif"), "as near thief (two letters swapped) as their"
    assert not speller.slip("knigth") and not speller.slip("thief"), "a rule word's slip, a known word"


@pytest.mark.parametrize(
    ("game", "ask", "expect"),
    [
        ("tkc", "crwon", "tkc.crown.commands"),
        ("mm5", "knigth dungon", "mm5.rescue"),
        ("tkc", "money", "tkc.attack.hit"),
        ("skd", "upgrade", "skd.actions.level-up"),
    ],
)
def test_search_uses_synonyms_and_spelling(real_index: RulesIndex, game: str, ask: str, expect: str) -> None:
    assert expect in [s.id for h in real_index.search(ask, game=game, limit=3) for s in h.shown]


def test_common_synonyms_join_a_game_whose_titles_and_topics_use_the_word(real_index: RulesIndex) -> None:
    synonyms = load().synonyms
    assert "limit" in synonyms["skd"]["cap"], "skd's titles name its mana limit"
    assert "trade" not in synonyms["mm5"], "mm5 swaps only in passing ('swap over'): no swap rule to find"
    assert real_index.search("mana cap", game="skd", limit=1)[0].section.id == "skd.end-phase.mana-limit"


@pytest.mark.parametrize(
    "forms",
    [("need", "needs", "needed", "needing"), ("succeed", "succeeds", "succeeded"), ("block", "blocks", "blocked")],
)
def test_a_words_forms_share_one_stem(forms: tuple[str, ...]) -> None:
    """The word "need" is not the past tense of "nee": its forms meet the texts' ("succeeds") and a
    question built on it is read as built on a verb that says nothing of what it asks."""
    assert len({word_key(form) for form in forms}) == 1
    assert word_key("need") in QUESTION_VERBS


_NAME = ("mm5", "monster", "maker", "5", "rev")


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from([*_NAME, "play", "orc", "card", "8"]), max_size=8))
def test_the_games_name_is_left_out_but_never_the_whole_question(words: list[str]) -> None:
    """Only the game's id, or two of its name's words or more in order, go; what stays keeps
    its order; a question that is only the name stays whole."""
    asked = Query(tuple(dict.fromkeys(words)), ())
    kept = without_name(asked, _NAME).words
    assert list(kept) == [word for word in asked.words if word in kept]  # in order, nothing added
    assert kept or not asked.words
    gone = [word for word in asked.words if word not in kept]
    assert all(word in _NAME for word in gone)
    if kept != asked.words and "mm5" not in gone:
        assert len(gone) >= 2, gone


SEEDS = Path(__file__).resolve().parents[2] / "rulesdb" / "texts" / "seeds"


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_a_traditional_question_keeps_the_seeds_own_words(data):
    """Taiwan's words (OpenCC s2twp) are for Simplified text: a piece of a seed (Traditional)
    is searched as written, never with its words rewritten (回路 as 迴路, 打開 as 開啟)."""
    from rulesdb.query import _converter, traditional

    lines = [line for seed in sorted(SEEDS.glob("*.zh-TW.txt")) for line in seed.read_text("utf-8").splitlines()]
    line = data.draw(st.sampled_from([line for line in lines if line.strip()]))
    start = data.draw(st.integers(0, len(line) - 1))
    piece = line[start : start + data.draw(st.integers(1, 30))]
    simplified = any(_converter().convert(ch) != ch for ch in piece)  # a character only Simplified writes
    assert traditional(piece) == piece or simplified


def test_simplified_text_gets_taiwans_words_and_traditional_keeps_its_own():
    from rulesdb.query import traditional

    assert [traditional(t) for t in ("回路卡", "打開", "分區", "溢出")] == ["回路卡", "打開", "分區", "溢出"]
    assert traditional("打开回路卡") == "打開回路卡"
    assert traditional("信息") == "信息" and traditional("这个信息") == "這個資訊"


_SCRIPTS = "们這这個个裡里才纔後后發发髮回路迴信息資訊游遊戲戏牌劍剑盾擋挡,，？! 6a\t\U00020000\ud800"


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=_SCRIPTS, max_size=24) | st.text(max_size=12))
def test_traditional_converts_exactly_the_texts_with_a_simplified_character(text: str) -> None:
    # What it read before the characters OpenCC changes were known: the text spaced out, whole.
    taiwan = _converter()
    spaced = " ".join(text)
    try:
        expected = taiwan.convert(text) if re.search(f"[{CJK}]", text) and (taiwan.convert(spaced) != spaced) else text
    except UnicodeError:  # a lone surrogate, to OpenCC
        with pytest.raises(UnicodeError):
            traditional(text)
        return
    assert traditional(text) == expected
