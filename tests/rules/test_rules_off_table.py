"""Issue 40, bug 1: questions of a kind the rules never answer (advice, a slip at the table, the
clock, a price, a deal between players, table talk, an expansion mixed in) are answered "No rule covers this", however near a passage's words they come; the same
words in a question the rules answer are still answered."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulesdb.index import RulesIndex
from rulesdb.offtable import ADVICE, CLOCK, DEAL, EXPANSION, MONEY, PRICE, SLIP, TALK, off_table

OFF_TABLE = [
    # Advice: which choice is wise.
    ("mm5", "which holy knight is the best to play first"),
    ("tkc", "which relic is the strongest"),
    ("skd", "is it better to level up early"),
    ("tkc", "哪個角色最強"),
    ("tkc", "誰先開始比較有利"),
    # A slip at the table: things mixed up, cheating.
    ("skd", "the circuit cards and the character cards got mixed up"),
    ("tkc", "what if a player is cheating"),
    ("mm5", "we lost one of the dice, what can we use instead"),
    ("mm5", "骰子不見了可以用什麼代替"),
    # The clock.
    ("mm5", "how much time does each player get"),
    ("mm5", "每個人出牌有時限嗎"),
    # A price.
    ("skd", "這遊戲多少錢"),
    # A deal between players.
    ("mm5", "can we swap gems between players"),
    ("tkc", "can we play 2v2"),
    ("tkc", "can I swap my relic for someone’s crown"),
    # Table talk.
    ("mm5", "can I tell the others what spells I have"),
    # An expansion mixed in: the texts tell of expansions, never how to play one.
    ("mm5", "how do we add the treasure expansion"),
    ("skd", "can we shuffle the expansion characters into the draft"),
]

ANSWERED = [
    ("mm5", "which dark character attacks first", "mm5.combat.target-order"),
    ("mm5", "what is the best way to free a holy knight", "mm5.rescue"),
    ("skd", "how much does levelling up cost", "skd.actions.level-up"),
    ("tkc", "how much is a gold bag worth", "tkc.ruling.point-values"),
    # Near "how long does a game take" but nearer still to a battle's end: a near tie is no
    # evidence (gap_margin).
    ("skd", "how long does a battle last", "skd.ruling.normal-battle-end"),
    ("skd", "can I swap a drafted character for one left on the table", "skd.setup.swap"),
    ("mm5", "can I swap sides this turn", "mm5.turn.faction"),
    ("mm5", "do all my orcs gang up into one attack", "mm5.combat.orcs"),
    ("skd", "does the box fit the expansions", "skd.about.box-editions"),
]


@pytest.mark.parametrize(("game", "ask"), OFF_TABLE)
def test_a_question_of_a_kind_the_rules_never_answer_is_not_covered(
    real_index: RulesIndex, game: str, ask: str
) -> None:
    answer = real_index.ask(ask, game=game, limit=3)
    assert not answer.covered, [hit.section.id for hit in answer.hits]
    assert answer.hits, "the closest passages are still given, labelled as such"


@pytest.mark.parametrize(("game", "ask", "expect"), ANSWERED)
def test_the_same_words_in_a_rules_question_still_answer(
    real_index: RulesIndex, game: str, ask: str, expect: str
) -> None:
    answer = real_index.ask(ask, game=game, limit=3)
    assert answer.covered and expect in [hit.section.id for hit in answer.hits]


def test_each_kind_reads_its_words_not_their_look_alikes() -> None:
    assert SLIP.asked("i accidently flipped my card")  # a misspelt "accidentally"
    assert SLIP.asked("the dog knocked the tokens over")
    assert not SLIP.asked("my knight was knocked out") and not SLIP.asked("the player who lost the fight")
    assert TALK.asked("can i show my hand to a friend") and not TALK.asked("do i have to show my spell")
    assert ADVICE.asked("which boss is the hardest")
    assert not ADVICE.asked("must i attack the weakest first") and not ADVICE.asked("should i block or parry it")
    assert CLOCK.asked("do we use a sand timer") and CLOCK.asked("how long does a game take")
    assert not CLOCK.asked("which character suits first-timers")
    assert not CLOCK.asked("how long does the fight go on")
    assert not CLOCK.asked("how long does the game go on after the draw pile runs out")
    assert not CLOCK.asked("can i attack one more time")
    assert PRICE.asked("how much does the new edition cost") and PRICE.asked("where can i buy it")
    assert not PRICE.asked("how much does a level up cost") and not PRICE.asked("do i get their money")
    assert DEAL.asked("can i give my gems to a friend") and DEAL.asked("可以跟別人交換手牌嗎")
    assert not DEAL.asked("how many stars can my team cost") and not DEAL.asked("可以換牌嗎")
    assert not DEAL.asked("can i swap sides with another player")
    assert EXPANSION.asked("can we use the expansion") and EXPANSION.asked("擴充的角色可以混進來嗎")
    assert not EXPANSION.asked("does the box fit the expansions") and not EXPANSION.asked("有擴充嗎")


def test_each_kind_reads_every_word_it_lists() -> None:
    """A kind's hints never hide one of its own words, whatever its ending."""
    for kind, words in ((SLIP, "accidentally mistakes"), (ADVICE, "strategies tips"), (MONEY, "money prices")):
        for word in words.split():
            assert kind.asked(f"what about {word} here"), word
    assert not MONEY.asked("the winner takes the gems") and not PRICE.asked("what is the expansion about")


WORDS = st.sampled_from(["card", "attack", "shield", "knight", "gem", "mana", "turn", "the", "first", "回合"])
KIND_WORDS = st.sampled_from(
    ["by mistake", "a strategy", "a time limit", "got mixed up", "計時", "最強", "the price", "in teams"]
)


@settings(max_examples=80, deadline=None)
@given(
    words=st.lists(WORDS, max_size=8),
    kinds=st.lists(KIND_WORDS, max_size=2),
    answer=st.lists(WORDS, max_size=12).map(" ".join),
)
def test_only_a_question_of_such_a_kind_is_held_off_and_an_answer_speaking_of_it_answers(
    words: list[str], kinds: list[str], answer: str
) -> None:
    """A question of no such kind is never held off the table, whatever the answer; one of such
    a kind is held off by an answer of plain rules words, and answered by one that says what it asks."""
    question = " ".join(words + kinds)
    assert off_table(question, answer) == bool(kinds)
    assert not off_table(question, f"{answer} {question}")
