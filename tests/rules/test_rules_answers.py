"""Rules search as a player relies on it: the answer first, Simplified Chinese, number
questions, the speller's restraint, rulings first, and an honest "No rule covers this"."""

from __future__ import annotations

import io
import json
from collections.abc import Sequence
from pathlib import Path

import pytest

from rulesdb.cli import rules_command
from rulesdb.index import NO_RULE, Hit, RulesIndex
from rulesdb.passages import passages
from rulesdb.query import parse_query
from rulesdb.understand import together
from tests.rules.test_rules_real_texts import questions, uncovered
from tests.rules_frozen.score import score

BLIND = Path(__file__).resolve().parents[1] / "rules_blind"
HONEST_BAR = 0.959  # 237 of 247 uncovered questions answered "No rule covers this"
TOP1_BAR = 0.924  # of the tuning sets, the first place shows the answer: 1365 of 1477


def first_shows(hits: Sequence[Hit], expect: str) -> bool:
    """The first place shows the expected section: as its own, or beside it (the ruling on it,
    or the rule a ruling first settles)."""
    return bool(hits) and expect in {section.id for section in hits[0].shown}


def test_the_first_answer_is_the_right_one(real_index: RulesIndex) -> None:
    asked = questions()
    firsts = [real_index.search(a, game=g, limit=1) for g, a, _ in asked]
    right = [first_shows(hits, e) for hits, (_, _, e) in zip(firsts, asked, strict=True)]
    assert sum(right) / len(asked) >= TOP1_BAR, f"{sum(right)}/{len(asked)} first"


def test_questions_no_rule_covers_are_answered_honestly(real_index: RulesIndex) -> None:
    asks = uncovered()
    honest = [not real_index.ask(a, game=g, limit=3).covered for g, a in asks]
    # 147 of 151 are answered "No rule covers this".
    assert sum(honest) >= HONEST_BAR * len(asks), [a for (g, a), h in zip(asks, honest, strict=True) if not h]
    said_miss = [a for g, a, _ in questions() if not real_index.ask(a, game=g, limit=3).covered]
    assert len(said_miss) <= 0.03 * len(questions()), said_miss


def test_the_frozen_set_holds_its_ground(real_index: RulesIndex) -> None:
    """The frozen set (never tuned on), at its measured floor: top-1 80 and top-3 87 of 90
    (81 and 88 before issue 40's passages and focus, the goals 90 % and 97 %), 8 of 9 honest
    misses. docs/rules-search.md reports today's figures."""
    result = score(real_index)
    # The counts only, never the questions missed: a set that is read is no longer frozen.
    counts = (
        f"top-1 {result.top1}, top-3 {result.top3} of {result.covered}; honest {result.honest} of {result.uncovered}"
    )
    top1, top3, honest = result.top1, result.top3, result.honest  # ints: a failure shows no question
    assert top3 >= 87 and top1 >= 80, counts
    assert honest >= 8, counts


# name: top-1, top-3, honest, Chinese-only top-3 (floors), covered called uncovered (ceiling)
BLIND_FLOORS = {
    "dev": (82, 89, 9, 23, 0),
    "val": (65, 81, 8, 23, 3),
    # Written for issue 40 from the seeds and rulings alone, frozen: scored once, at the end.
    "blind2": (123, 136, 8, 26, 5),
}


@pytest.mark.parametrize("name", list(BLIND_FLOORS))
def test_the_blind_sets_hold_their_ground(real_index: RulesIndex, name: str) -> None:
    """Sets written blind (tests/rules_blind/): dev is tuned on, val and blind2 only counted.
    Scored as the frozen set is (the first answer must be one the writer listed). Floors at the
    figures measured when each was last counted (val: 82 in the top 3 before issue 40)."""
    result = score(real_index, BLIND / f"{name}.toml")
    top1, top3, honest, chinese, flagged = BLIND_FLOORS[name]
    counts = (
        f"top-1 {result.top1}, top-3 {result.top3} of {result.covered}; honest {result.honest} of "
        f"{result.uncovered}; Chinese-only top-3 {result.chinese_top3} of {result.chinese}; flagged {result.flagged}"
    )
    assert result.top1 >= top1 and result.top3 >= top3 and result.honest >= honest, counts
    assert result.chinese_top3 >= chinese and result.flagged <= flagged, counts


def test_simplified_chinese_finds_what_traditional_finds(real_index: RulesIndex) -> None:
    simplified = [s.id for h in real_index.search("王者之剑可以挡背刺吗", game="tkc", limit=3) for s in h.shown]
    traditional = [s.id for h in real_index.search("王者之劍可以擋背刺嗎", game="tkc", limit=3) for s in h.shown]
    assert simplified == traditional and simplified


def test_simplified_chinese_is_read_as_taiwan_writes_it() -> None:
    """The seeds are Taiwan's Traditional: 才 and 裡, which a plain conversion makes 纔 and 裏."""
    assert "才" in "".join(parse_query("盗贼要掷几点才算成功").cjk_runs)
    assert "裡" in "".join(parse_query("地牢里面有谁").cjk_runs)
    assert parse_query("盜賊要擲幾點才算成功").cjk_runs == parse_query("盗贼要掷几点才算成功").cjk_runs


def test_a_question_word_inside_a_chinese_word_leaves_the_word_whole() -> None:
    assert parse_query("升幾級").cjk_runs == ("升級",) and parse_query("升幾級").number
    assert parse_query("一張").cjk_runs == ("張",), "counted CJK numbers are digits, as the texts write them"


def test_how_many_is_a_number_question() -> None:
    assert parse_query("how many cards do I get").number
    assert not parse_query("can I draw cards").number


def test_a_limit_asked_is_a_number_question() -> None:
    """The most, the least, a maximum: the answer is a number the texts state."""
    assert parse_query("what's the most players that can play?").number
    assert parse_query("is there a maximum hand size").number
    assert parse_query("手牌上限").number and parse_query("魔力最少要有").number


def test_the_speller_leaves_english_words_alone(real_index: RulesIndex) -> None:
    assert real_index.reader.speller.correct("cant") is None
    assert real_index.reader.speller.correct("anybody") is None
    assert real_index.reader.speller.correct("knigth") == "knight"
    assert real_index.reader.speller.correct("moster") == "monster", "a letter left out is the likelier slip"
    assert real_index.reader.speller.correct("orks") == "orcs", "a rule word before a common one as near (works)"


def test_mistyped_little_words_do_not_hide_the_answer(real_index: RulesIndex) -> None:
    """Mistyped little words ("teh", "hwo") are not words the rules lack: the answer is the same."""
    for typed, right, game in [
        ("wat does teh theif card do", "what does the thief card do", "mm5"),
        ("hwo do i atack", "how do i attack", "mm5"),
    ]:
        answer, meant = real_index.ask(typed, game=game, limit=1), real_index.ask(right, game=game, limit=1)
        assert answer.covered and meant.covered, typed
        assert answer.hits[0].section.id == meant.hits[0].section.id, typed


def test_an_even_match_with_an_unanswered_question_leaves_it_to_the_key_words(real_index: RulesIndex) -> None:
    """An ask and an unanswered question ("do I need mana to cast spells") match "can I play 2
    spells" equally: the key words decide, and the rules hold them."""
    assert real_index.ask("can I play 2 spells", game="mm5", limit=3).covered


def test_the_game_itself_is_not_what_a_question_is_about(real_index: RulesIndex) -> None:
    """Every question is about the game: "how many gems are in the game" asks how many gems,
    not how the game ends."""
    assert parse_query("how many gems are in the whole game").words == ("gems",)
    assert (
        real_index.search("how many gems are in the game", game="mm5", limit=1)[0].section.id == "mm5.ruling.components"
    )


def test_a_word_beside_its_own_synonym_is_not_a_pair(real_index: RulesIndex) -> None:
    """A question's "lose" is searched with "loss" too; the boss ruling's topics hold "lose,
    loss" side by side, which says nothing of a question about what a monster's hit costs."""
    top = real_index.search("what do we lose when the monster hits us", game="skd", limit=3)
    assert top[0].section.id in {"skd.ruling.enemy-attack", "skd.enemy.attack"}, [s.id for h in top for s in h.shown]


def test_a_ruling_comes_before_the_paragraph_it_settles(real_index: RulesIndex) -> None:
    top = [s.id for h in real_index.search("can a thief steal a gem", game="mm5", limit=3) for s in h.shown]
    assert top.index("mm5.ruling.thief") < top.index("mm5.thief")


@pytest.mark.parametrize(
    ("ask", "paragraph"),
    [
        ("what can block a thrust", "tkc.attack.thrust"),
        ("how many swords do I need for a combination", "tkc.attack.combination"),
    ],
)
def test_a_ruling_that_sums_up_many_paragraphs_gives_way_to_the_one_asked(
    real_index: RulesIndex, ask: str, paragraph: str
) -> None:
    """tkc's attack-types ruling settles ten paragraphs: a question about one attack reads that one first."""
    top = [s.id for h in real_index.search(ask, game="tkc", limit=3) for s in h.shown]
    assert top[0] == paragraph and "tkc.ruling.attack-types" in top


def test_a_buried_line_is_shown_as_the_passage(real_index: RulesIndex) -> None:
    hits = real_index.search("if you cannot play a card skip", game="skd", limit=10)
    turn = next(h for h in hits if h.section.id == "skd.turn.order")
    assert "skip straight to 5" in turn.passage and len(turn.passage) < len(turn.section.text) / 3


def test_passages_keep_every_line_and_tables_whole() -> None:
    text = "Intro line.\n\n- one\n  more of one\n- two\n\n| a | b |\n| - | - |\n| 1 | 2 |"
    found = passages(text)
    assert found == ("Intro line.", "- one\n  more of one", "- two\n| a | b |\n| - | - |\n| 1 | 2 |")
    joined = "\n".join(found)
    assert all(line in joined for line in text.splitlines() if line)


@pytest.mark.parametrize("as_json", [False, True])
def test_the_cli_says_no_rule_covers_it_and_exits_1(real_index: RulesIndex, as_json: bool) -> None:
    out, err = io.StringIO(), io.StringIO()
    code = rules_command("can I play this game online", "mm5", None, as_json, out=out, err=err, index=real_index)
    assert code == 1
    if as_json:
        data = json.loads(out.getvalue())
        assert data["results"] == [] and data["reason"] == NO_RULE and data["closest"]
    else:
        assert out.getvalue().startswith(NO_RULE) and "Closest" in out.getvalue()


def test_only_pairs_the_texts_hold_side_by_side_are_searched_as_phrases(real_index: RulesIndex) -> None:
    query = parse_query("only 1 card left in our draw pile")
    expression = query.words_expression(together(real_index.built.side_by_side["tkc"]))
    assert '"draw pile"' in expression and '"left draw"' not in expression
    assert '"left draw"' in query.words_expression(), "without the texts' pairs, every neighbour pair"


def test_the_asks_are_searched_for_the_rarer_words_and_the_pairs_they_hold(real_index: RulesIndex) -> None:
    """Words in many asks ("card") say little of which ask a question is: not looked for there,
    unless they are all it has; a pair only where some ask holds it."""
    expression = real_index.reader.asks_expression(parse_query("only 1 card left in our draw pile"), "skd")
    assert '"draw pile"' in expression and '"left draw"' not in expression
    assert '"card"' not in expression and '"pile"' in expression
    assert real_index.reader.asks_expression(parse_query("card"), "skd") == '"card"'


def test_a_question_worded_unlike_the_rules_finds_its_section_by_the_asks(real_index: RulesIndex) -> None:
    """Who keeps the swords of a blocked attack: the block's outcome, found by its asks (by the
    words alone, the ruling on every kind of attack came first)."""
    top = [
        s.id for h in real_index.search("he blocked me, so who keeps my swords?", game="tkc", limit=3) for s in h.shown
    ]
    assert top[0] in ("tkc.ruling.outcomes", "tkc.defence.block"), top


def test_a_question_like_one_no_rule_answers_is_not_covered(real_index: RulesIndex) -> None:
    """A game's unanswered questions (how long a game takes, trading cards) say no rule covers it."""
    assert not real_index.ask("how long does a game take", game="mm5").covered
    assert not real_index.ask("can we trade cards with each other", game="skd").covered
    assert real_index.ask("how many cards do I draw", game="mm5").covered


def test_a_chinese_words_english_synonym_is_searched_as_a_word(real_index: RulesIndex) -> None:
    """背刺 is Backstab, a name the seed keeps in English: searched as the word, never its letters."""
    top = [s.id for h in real_index.search("背刺能挡住吗", game="tkc", limit=3) for s in h.shown]
    assert "tkc.attack.backstab" in top, top
    parsed = real_index.reader.understood(parse_query("背刺"), "tkc")
    assert "backstab" in parsed.words and all(not run.isascii() for run in parsed.cjk_runs)


def test_a_question_phrased_as_players_ask_it_is_covered_despite_its_odd_words(real_index: RulesIndex) -> None:
    """Table slang ("slap down") and a typo that is an English word ("duel" for dual) are words
    no passage holds; an ask far nearer than any unanswered question still answers."""
    answer = real_index.ask("can I slap down two cards with the same number at once?", game="skd")
    assert answer.covered and answer.hits[0].section.id in ("skd.play.same-number", "skd.ruling.legal-play")
    assert real_index.ask("how do duel number cards work", game="skd").covered


@pytest.mark.parametrize("game", ["mm5", "skd", "tkc"])
def test_a_question_only_of_words_the_rules_never_use_is_not_covered(real_index: RulesIndex, game: str) -> None:
    """An ask matched on a stray character never vouches for a question none of whose words
    the rules use (a timer, in either script); a Chinese word standing for a rule word does."""
    for ask in ("遊戲有沒有計時器", "游戏有没有计时器"):
        assert not real_index.ask(ask, game=game).covered
    assert real_index.ask("一劍刺擊可以被盾擋嗎", game="tkc").covered


@pytest.mark.parametrize("game", ["mm5", "skd", "tkc"])
def test_a_count_of_what_the_rules_never_name_is_not_covered(real_index: RulesIndex, game: str) -> None:
    """The rules state how many of what they name: minutes and hours are none of it, while
    people stand for players and a misspelt card is still a card."""
    for ask in ("how many minutes per turn", "how many hours does a game take"):
        assert not real_index.ask(ask, game=game).covered, ask
    for ask in ("how many people can play", "how many crads do I get at the start"):
        assert real_index.ask(ask, game=game).covered, ask
