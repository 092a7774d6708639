"""Issue 40: a question told as a story at the table. The players it names ("so Ann played",
"Mike says no"), its replies ("says no", "yes"), who asked, where the game was ("halfway
through", 玩到一半) and its links (然後, 所以) are not what is asked: the story's question finds
what the question alone finds, and is not called uncovered for a name no rule holds. A
fragment that drops its "how" ("many players?") still counts."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st

from rulesdb.index import RulesIndex
from rulesdb.query import parse_query

_ASKED = [
    ("mm5", "what is the hand limit"),
    ("tkc", "how does a parry work"),
    ("skd", "how much mana can I keep"),
    ("tkc", "when does the game end"),
]


def _first(index: RulesIndex, question: str, game: str) -> tuple[bool, str]:
    answer = index.ask(question, game=game, limit=3)
    return answer.covered, answer.hits[0].section.id


@pytest.mark.parametrize(
    ("story", "game", "question"),
    [
        ("Jo says no but I think yes, hand limit", "mm5", "hand limit"),
        ("so Priya and Dev were halfway through and Dev goes, parry", "tkc", "parry"),
        ("my brother asked me how much damage does my character do", "skd", "how much damage does my character do"),
        ("and then he thinks what is the hand limit", "mm5", "what is the hand limit"),
        ("我們玩到一半，然後他問盜賊 偷竊", "mm5", "盜賊 偷竊"),
        ("所以剛剛我們打到一半，獸人可以一起攻擊嗎", "mm5", "獸人可以一起攻擊嗎"),
    ],
)
def test_a_story_finds_what_its_question_finds(real_index: RulesIndex, story: str, game: str, question: str) -> None:
    assert _first(real_index, story, game) == _first(real_index, question, game)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    name=st.from_regex(r"[A-Z][a-z]{2,7}", fullmatch=True),
    verb=st.sampled_from(["says", "said", "asked", "goes", "thinks"]),
    asked=st.sampled_from(_ASKED),
)
@example(name="Oop", verb="says", asked=_ASKED[0])  # "oop" is a key of "oops", a slip at the table
def test_a_player_named_in_the_story_is_no_key_word(
    real_index: RulesIndex, name: str, verb: str, asked: tuple[str, str]
) -> None:
    """A name the texts, synonyms and speller do not know, told as who plays or speaks."""
    lower = name.lower()
    reader = real_index.reader
    # A name as the reader takes one: not a stop word or a pronoun ("You"), not filler, not a
    # word of the texts, its word forms or the speller.
    assume(reader.player(lower))
    game, question = asked
    assume(reader.read(lower, game).understood.words == (lower,))  # no game's word for a rules word ("spy")
    story = f"so {name} played and then {name} {verb} {question}"
    assert lower not in reader.read(story, game).asked.words
    assert _first(real_index, story, game) == _first(real_index, question, game)


@pytest.mark.parametrize(
    ("story", "game", "question"),
    [
        ("so Oops played and Oops says what is the hand limit", "mm5", "what is the hand limit"),
        ("Timer asked me how does a parry work", "tkc", "how does a parry work"),
    ],
)
def test_a_player_whose_name_is_a_table_word_is_still_a_player(
    real_index: RulesIndex, story: str, game: str, question: str
) -> None:
    """A name that is a slip's or the clock's word ("Oops", "Timer"), told as who says or asks,
    does not make the question one of a slip or the clock."""
    assert _first(real_index, story, game) == _first(real_index, question, game)


@pytest.mark.parametrize("question", ["Is there a Timer in this game", "do we use a Timer for turns"])
def test_a_capital_alone_names_no_player_where_the_kind_is_read(real_index: RulesIndex, question: str) -> None:
    """A word typed with a capital is asked of ("a Timer"): the clock is no rule's."""
    assert not real_index.ask(question, game="skd", limit=3).covered


def test_a_rule_word_in_the_story_stays() -> None:
    """ "no" is a reply only after saying or thinking: "no cards left" keeps it."""
    assert "no" in parse_query("I have no cards left").words
    assert "no" not in parse_query("Mike says no, hand limit").words
    assert "through" in parse_query("look through the pile").words


@pytest.mark.parametrize(("game", "thing"), [("tkc", "players"), ("skd", "mana can I keep")])
def test_a_count_typed_without_how_is_a_count(real_index: RulesIndex, game: str, thing: str) -> None:
    """A fragment at a busy table drops the "how": "many players?" asks "how many players"."""
    assert parse_query(f"many {thing}?").number
    assert _first(real_index, f"many {thing}?", game) == _first(real_index, f"how many {thing}", game)


@pytest.mark.parametrize("tag", ["對吧", "对吧", "對不對", "沒錯吧", "是吧"])
@pytest.mark.parametrize(
    ("game", "question"), [("mm5", "增援的角色打完仗以後要還給誰"), ("tkc", "被擋下的劍歸防守的人")]
)
def test_a_check_asked_at_the_end_is_no_key_word(real_index: RulesIndex, tag: str, game: str, question: str) -> None:
    """ "..., right?" in Chinese: the tag adds no character to search."""
    assert parse_query(question + tag).cjk_runs == parse_query(question).cjk_runs
    assert _first(real_index, question + tag, game) == _first(real_index, question, game)


@pytest.mark.parametrize("said", ["{} lol", "{}, correct?", "{} yeah?", "haha {}", "my mate reckons no, {}"])
@pytest.mark.parametrize(("game", "question"), [("skd", "mana limit"), ("tkc", "what does a crown do")])
def test_chat_around_a_question_is_no_key_word(real_index: RulesIndex, said: str, game: str, question: str) -> None:
    """Words of chat ("lol", "correct?", "yeah?", "reckons") say nothing of the rules."""
    assert _first(real_index, said.format(question), game) == _first(real_index, question, game)


@pytest.mark.parametrize(
    ("story", "game", "question"),
    [
        (
            "ok so Noor laid down her cards and Sam asked, who keeps the swords when an attack is blocked",
            "tkc",
            "who keeps the swords when an attack is blocked",
        ),
        (
            "he rolled two dice and lost the fight, then she asked, can the thief steal from anyone",
            "mm5",
            "can the thief steal from anyone",
        ),
        (
            "she drew a gem card and switched sides and then he asks me when does the game end",
            "mm5",
            "when does the game end",
        ),
        ("他剛剛用水晶球抽了四張，然後她問我皇冠可以丟掉嗎", "tkc", "皇冠可以丟掉嗎"),
    ],
)
def test_a_reported_question_is_the_question(real_index: RulesIndex, story: str, game: str, question: str) -> None:
    """What a player in the story asks is the question; the play told before it is not."""
    assert _first(real_index, story, game) == _first(real_index, question, game)


def test_who_goes_first_is_no_story(real_index: RulesIndex) -> None:
    """ "who goes" and "what goes" ask; only a player's name or a pronoun reports a question."""
    assert real_index.reader.reported("who goes first in the final round") == "who goes first in the final round"
    assert real_index.reader.reported("Sam goes, who deals") == "who deals"
