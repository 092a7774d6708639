"""Issue 40: a question typed at a busy table. A chat spelling ("ppl") is read as the word it
spells, wherever the question is read (a head count, a key word); 比較好玩 ("more fun") is a
taste, not advice; a passage that gives one player's cards to another speaks of a give."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rulesdb.index import RulesIndex
from rulesdb.offtable import off_table
from rulesdb.query import parse_query, traditional

CHAT = {"ppl": "people", "peeps": "people", "dmg": "damage", "pts": "points", "b4": "before"}
WORDS = ("can", "we", "play", "with", "the", "crown", "how", "many", "4", "do", "take", "draw", "after", "swords")


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(WORDS), max_size=5), st.sampled_from(sorted(CHAT)), st.booleans())
def test_a_chat_spelling_is_read_as_its_word(real_index: RulesIndex, words: list[str], chat: str, upper: bool) -> None:
    typed = " ".join([*words, chat.upper() if upper else chat, "play"])
    spelled = " ".join([*words, CHAT[chat], "play"])
    read, meant = real_index.reader.read(typed, "tkc"), real_index.reader.read(spelled, "tkc")
    assert read.asked.words == meant.asked.words
    assert read.expressions == meant.expressions


def test_a_head_count_in_chat_is_the_players(real_index: RulesIndex) -> None:
    answer = real_index.ask("can 6 ppl play", game="tkc", limit=3)
    assert answer.covered
    assert answer.hits[0].section.id == "tkc.ruling.components"


THINGS = ("一代跟五代", "紅色還是藍色", "光明方跟黑暗方", "哪個角色", "這兩張", "圣骑士还是盗贼")


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(THINGS), st.sampled_from(("玩", "看", "聽")), st.sampled_from(("", "？", "嗎", " 作者怎麼說")))
def test_more_fun_is_a_taste_not_advice(thing: str, taste: str, end: str) -> None:
    """比較好 is "better" (advice the rules never give), but 比較好玩 is "more fun" and 比較好看
    "nicer to look at": a taste a review speaks of, no kind the rules never answer."""
    fun = traditional(f"{thing}哪個比較好{taste}{end}").lower()
    better = traditional(f"{thing}哪個比較好{end}").lower()
    assert not off_table(fun, "")
    assert off_table(better, "")


def test_which_game_is_more_fun_is_the_reviewers(real_index: RulesIndex) -> None:
    answer = real_index.ask("一代跟五代的系統哪個比較好玩 寫規則那個人怎麼說", game="mm5", limit=3)
    assert answer.covered
    assert answer.hits[0].section.id == "mm5.about.review"


LENT = ("借給別人增援的人物打完會回來嗎", "借给别人的人物还会回来吗", "can I lend my characters to my friend")
GIVEN = (
    "Reinforcement: given characters stay with the receiver.",
    "Reinforcing characters stay in the reinforced player's field and become that player's characters.",
    "These cards go into the field of the player being reinforced.",
)


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(LENT), st.sampled_from(GIVEN))
def test_a_passage_of_cards_given_to_another_player_speaks_of_a_give(question: str, passage: str) -> None:
    """Lending cards to another player is a deal the rules never make, unless the answer's
    passage itself gives one player's cards to another (mm5's reinforcements)."""
    asked = traditional(question).lower()
    assert not off_table(asked, passage)
    assert off_table(asked, "A gem adds 1 to the attack roll.")


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from(("me and my buddy", "me and sam", "my friend and i", "tom and me")),
    st.sampled_from(("swap gems", "give each card", "share our mana", "exchange swords")),
    st.sampled_from(("", " if we both agree", "?")),
)
def test_a_deal_with_the_partner_named_first_is_a_deal(partner: str, deal: str, end: str) -> None:
    """A swap between players is a deal the rules never make, the partner named before the verb
    too ("me and my buddy just swap gems"), or the players agreeing to it."""
    assert off_table(f"can {partner} just {deal}{end}", "A gem adds 1 to the attack roll.")


@settings(max_examples=20, deadline=None)
@given(st.sampled_from(("can we both", "if we all", "can we")), st.sampled_from(("swap", "draw", "attack")))
def test_players_agreeing_is_a_deal(asking: str, verb: str) -> None:
    assert off_table(f"{asking} agree to {verb} first, if everyone agrees", "Draw two cards.")
    assert not off_table(f"{asking} {verb} sides", "Draw two cards.")  # a side switched is mm5's


@settings(max_examples=20, deadline=None)
@given(
    st.sampled_from(("dicey", "luck", "lucky", "rng")), st.sampled_from(("is it too {}", "how much {} is there", "{}?"))
)
def test_dice_luck_is_the_dice(real_index: RulesIndex, word: str, asked: str) -> None:
    """A table's word for the dice's luck ("too dicey", "lots of rng") is the dice the rules
    name, where a game's titles and topics do (mm5's reviewer on the dice)."""
    assert "dice" in real_index.reader.read(asked.format(word), "mm5").understood.words


def test_a_dicey_game_is_the_reviewers_dice(real_index: RulesIndex) -> None:
    answer = real_index.ask("is mm5 too dicey? worth it or nah", game="mm5", limit=3)
    assert answer.covered
    assert "mm5.about.verdict" in [s.id for hit in answer.hits for s in hit.shown]


@settings(max_examples=20, deadline=None)
@given(st.sampled_from(("一起打", "一起打魔王", "大家一起打")), st.sampled_from(("", "嗎", "的", "还是各打各的")))
def test_fighting_together_is_skds_co_op(real_index: RulesIndex, together: str, end: str) -> None:
    """In skd, the co-op game, fighting together (一起打) is co-op: a question of it is the
    About page's."""
    read = real_index.reader.read(traditional(f"是{together}{end}"), "skd")
    assert {"co", "op"} <= set(read.parsed.words)


def test_co_op_or_each_other_is_the_about_page(real_index: RulesIndex) -> None:
    answer = real_index.ask("這款是大家一起打魔王還是互打的？", game="skd", limit=3)
    assert answer.covered
    assert "skd.about.uno-and-co-op" in [s.id for hit in answer.hits for s in hit.shown]


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from(("we beat", "did we kill", "if", "once", "")),
    st.sampled_from(("enemy", "card", "knight", "sword")),
    st.sampled_from(("", " in the pile", " what now", "?")),
)
def test_every_single_is_all(before: str, thing: str, after: str) -> None:
    """ "every single enemy" is all of them (the texts' "all enemies defeated"), "single" no
    word of its own; "a single card" stays single."""
    words = parse_query(f"{before} every single {thing}{after}").words
    assert "all" in words and "single" not in words
    assert "single" in parse_query(f"{before} a single {thing}{after}").words


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from(("can my light side", "can i", "should we", "the dark guy wants to")),
    st.sampled_from(("go after", "come at", "going after")),
    st.sampled_from(("him", "her", "them", "me", "someone")),
    st.sampled_from(("", " with 2 swords", "?")),
)
def test_going_after_someone_is_attacking(who: str, going: str, whom: str, end: str) -> None:
    """Going after someone, or coming at them, is attacking them; who goes after whom is the
    turn's order, and going after a thing ("go after the draw") no attack."""
    assert "attack" in parse_query(f"{who} {going} {whom}{end}").words
    assert "attack" not in parse_query(f"who goes after {whom}{end}").words
    assert "attack" not in parse_query(f"{who} go after the draw{end}").words


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from(("這", "那", "这")),
    st.sampled_from(("張", "把", "隻", "些", "张")),
    st.sampled_from(("卡", "牌", "劍", "盾")),
    st.sampled_from(("開局要放哪裡", "可以攻擊嗎", "有什麼用", "")),
)
def test_a_demonstrative_before_a_noun_is_no_word(
    real_index: RulesIndex, this: str, measure: str, noun: str, rest: str
) -> None:
    """ "That card" (那張卡), "this sword" (這把劍): the demonstrative and its measure word say
    which, not what; the noun is read as it is typed alone (a noun of no term of its own, which
    the segmenter leaves in one piece with it)."""
    pointed = real_index.reader.read(traditional(f"地牢{this}{measure}{noun}{rest}"), "mm5")
    plain = real_index.reader.read(traditional(f"地牢 {noun}{rest}"), "mm5")
    assert traditional(f"{this}{measure}") not in "".join(pointed.asked.cjk_runs)
    assert set(pointed.asked.cjk_runs) == set(plain.asked.cjk_runs)


def test_where_that_card_goes_is_the_setup(real_index: RulesIndex) -> None:
    answer = real_index.ask("地牢那張卡開局要擺哪裡啊", game="mm5", limit=3)
    assert answer.covered
    assert "mm5.setup.deal" in [s.id for s in answer.hits[0].shown]


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from(("2", "3", "two", "four")),
    st.sampled_from(("red", "blue", "green", "yellow")),
    st.sampled_from(("swords", "shields", "cards")),
    st.sampled_from(("", " coming at me", ", can my blue shield block it")),
)
def test_a_count_of_one_colour_is_the_same_colour(count: str, colour: str, thing: str, end: str) -> None:
    """ "2 yellow swords" are swords of the same colour, as the texts say it; a count joined to
    another colour ("2 red and 2 blue swords", "2 red swords and a blue one") is not."""
    words = parse_query(f"{count} {colour} {thing}{end}").words
    assert {"same", "colour"} <= set(words)
    other = "blue" if colour != "blue" else "red"
    assert "same" not in parse_query(f"{count} {colour} and {count} {other} {thing}").words
    assert "same" not in parse_query(f"{count} {colour} {thing} and a {other} one").words
    assert "same" not in parse_query(f"a {colour} {thing}{end}").words
