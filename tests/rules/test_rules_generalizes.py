"""The rules search on questions worded as a table asks them: one test a bug of issue 40.

Each asks what a player relies on: the answer sentence first, irregular forms, the shared
sense of an everyday word, Chinese filler, "No rule covers this" when the rules lack the thing
asked about, and a ruling first only when it answers.
"""

from __future__ import annotations

import io
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulesdb.cli import rules_command
from rulesdb.index import RulesIndex
from rulesdb.query import traditional


def ids(index: RulesIndex, ask: str, game: str, limit: int = 3) -> list[str]:
    return [s.id for hit in index.ask(ask, game=game, limit=limit).hits for s in hit.shown]


def ranking(index: RulesIndex, ask: str, game: str, limit: int = 3) -> list[str]:
    """The ranking's first sections, before a ruling and its paragraph are one place."""
    query = traditional(ask)
    ranked, _ = index.ranker.rank(index.reader.read(query, game), query, game)
    return [index.built.sections[index.built.rows.owner[row]].id for _, row in ranked[:limit]]


def test_a_question_about_what_no_rule_has_is_not_covered(real_index: RulesIndex) -> None:
    """Bug 1: the focus (a gift of gems, a hand size limit tkc lacks) is in no passage."""
    for game, ask in (("mm5", "can I give gems to a friend as a gift"), ("tkc", "is there a maximum hand size")):
        answer = real_index.ask(ask, game=game, limit=3)
        assert not answer.covered, (ask, [s.id for hit in answer.hits for s in hit.shown])
        assert answer.hits, "the closest passages are still given, labelled as such"


def test_a_limit_is_stated_by_a_limit_phrase(real_index: RulesIndex) -> None:
    """Bug 1: "attacks one more time" states no time limit; "may not hold more than 5" is one."""
    assert not real_index.ask("is there a time limit on my turn", game="mm5", limit=3).covered
    answer = real_index.ask("is there a maximum hand size", game="mm5", limit=3)
    assert answer.covered and answer.hits[0].section.id == "mm5.turn.hand-check"


def test_chinese_the_texts_hold_no_pair_of_is_not_covered(real_index: RulesIndex) -> None:
    """Bug 1: 計時器 (a timer): no passage holds a pair of its characters, so the question has
    no key word the rules hold, which is no reason to call it covered."""
    answer = real_index.ask("有计时器吗", game="skd", limit=3)
    assert not answer.covered, [s.id for hit in answer.hits for s in hit.shown]
    assert answer.hits, "the closest passages are still given, labelled as such"


def test_a_first_answer_holding_every_key_word_answers_despite_a_near_unanswered_question(
    real_index: RulesIndex,
) -> None:
    """An unanswered question that holds the whole question and more (the hp marker got bumped
    and we forgot the enemy hp) does not make the plain question (what is the hp marker for)
    unanswered when the first answer holds every word of it; the mishap itself still is."""
    answer = real_index.ask("what is the enemy hp marker for", game="skd", limit=3)
    assert answer.covered and answer.hits[0].section.id == "skd.components.hp-markers"
    assert not real_index.ask("the hp marker got bumped and we forgot the enemy hp", game="skd", limit=3).covered
    # One key word held ("long", as in "as long as") is no answer to how long a game takes.
    assert not real_index.ask("how long is a game", game="skd", limit=3).covered


def test_advice_is_no_rule(real_index: RulesIndex) -> None:
    """Bug 1: tips and strategy are not what the rules say (a player may, a player must), in
    English or Chinese; a rule question worded as "the best way" still finds its rule."""
    for game, ask in (("mm5", "any tips for playing the light side"), ("skd", "打魔王有什麼技巧")):
        answer = real_index.ask(ask, game=game, limit=3)
        assert not answer.covered and answer.hits, (ask, [s.id for hit in answer.hits for s in hit.shown])
    answer = real_index.ask("whats the best way to free my knights", game="mm5", limit=3)
    assert answer.covered and answer.hits[0].section.id == "mm5.rescue"


def test_a_slip_at_the_table_is_no_rule(real_index: RulesIndex) -> None:
    """Bug 1: a card shown by accident is a mistake at the table, which no rule mends; a card
    "knocked out" is a rule word, not a slip."""
    for ask in ("I accidentally flipped the top card of the deck", "不小心翻開了牌庫的牌"):
        answer = real_index.ask(ask, game="skd", limit=3)
        assert not answer.covered and answer.hits, (ask, [s.id for hit in answer.hits for s in hit.shown])
    assert real_index.ask("my knight got knocked out, where does it go", game="mm5", limit=3).covered


def test_a_games_synonym_never_overrides_the_shared_sense(real_index: RulesIndex) -> None:
    """Bug 2: mm5 reads "swap" as switching sides; swapping cards is the shared sense."""
    answer = real_index.ask("can I swap cards with another player", game="mm5", limit=3)
    sides = {"mm5.turn.switch", "mm5.ruling.faction", "mm5.turn.faction"}
    assert not answer.covered or answer.hits[0].section.id not in sides, answer.hits[0].section.id
    assert "mm5.turn.switch" in ids(real_index, "can I swap sides", "mm5")


def test_saying_it_out_loud_is_declaring(real_index: RulesIndex) -> None:
    """Bug 2's shared layer: "out loud" and "aloud" are how a table says declare or announce."""
    for ask in ("do we tell everyone out loud what side we are on", "is my side said aloud each turn"):
        answer = real_index.ask(ask, game="mm5", limit=3)
        assert answer.covered and answer.hits[0].section.id in {"mm5.turn.faction", "mm5.ruling.faction"}, ask


def test_people_are_players(real_index: RulesIndex) -> None:
    """Bug 2's shared layer: "how many people can play" asks the player count; a number in the
    question ("can 9 people play") is the player's, never what the question is about."""
    for game, ruling in (("mm5", "mm5.ruling.setup"), ("tkc", "tkc.ruling.components")):
        answer = real_index.ask("how many people can play", game=game, limit=3)
        assert answer.covered and answer.hits[0].section.id == ruling, game
    answer = real_index.ask("can 9 people play", game="mm5", limit=3)
    assert answer.covered and answer.hits[0].section.id == "mm5.ruling.setup"


def test_helping_in_a_fight_is_reinforcing(real_index: RulesIndex) -> None:
    """Everyday English for mm5's reinforcement (增援), as its table has 幫忙 and 支援 for it."""
    for ask in ("can another player support me in a fight", "can I assist someone who is attacked"):
        answer = real_index.ask(ask, game="mm5", limit=1)
        assert answer.covered and answer.hits[0].section.id in {"mm5.combat.reinforcement", "mm5.ruling.reinforcement"}


def test_what_a_number_question_counts_weighs_most(real_index: RulesIndex) -> None:
    """In "how much mana can I keep" the mana is what is asked about, not keeping (a kept card):
    the counted word is searched twice, so the mana limit is among the answers."""
    assert "skd.end-phase.mana-limit" in ids(real_index, "how much mana can I keep", "skd")
    body = real_index.reader.read("how much mana can I keep", "skd").expressions["body"]
    assert body.split(" OR ").count('"mana"') == 2 and body.split(" OR ").count('"keep"') == 1


def test_a_count_asked_finds_the_ask_that_counts_it(real_index: RulesIndex) -> None:
    """A count asked ("how many players") is the question an ask "how many players can play"
    asks: "many players" is searched in the asks as a phrase, so the player count comes before
    a section that only speaks of other players (mm5's reinforcement, tkc's player aid)."""
    for game, expected in (("mm5", "mm5.ruling.setup"), ("tkc", "tkc.ruling.components")):
        assert ids(real_index, "how many players can sit at the table", game)[0] == expected
    asks = real_index.reader.read("how many players can sit at the table", "mm5").expressions["asks"]
    assert '"many players"' in asks
    assert '"much' not in real_index.reader.read("how much mana can I keep", "skd").expressions["asks"]


def test_a_count_asked_in_chinese_finds_the_ask_that_counts_it(real_index: RulesIndex) -> None:
    """幾個人 ("how many people") is searched in the asks as 幾個, as they ask it, so the player
    count answers a count of players in a game (一場), in either script."""
    for ask in ("一場可以幾個人", "一场可以几个人"):
        answer = real_index.ask(ask, game="mm5", limit=3)
        assert answer.covered and answer.hits[0].section.id == "mm5.ruling.setup", ask
    assert '"幾個"' in real_index.reader.read("一場可以幾個人", "mm5").expressions["asks"]


@settings(max_examples=50, deadline=None)
@given(st.integers(min_value=0, max_value=99), st.sampled_from(["all my {}s", "a pair of {}s", "two {}s?"]))
def test_a_number_in_the_plural_is_indexed_as_a_question_reads_it(number: int, ask: str) -> None:
    """An ask's "all my 3s" is indexed as 3, the word the question "my 3s" is searched by."""
    from rulesdb.build import cjk_terms
    from rulesdb.query import parse_query

    text = ask.format(number)
    assert str(number) in parse_query(text).words
    assert str(number) in cjk_terms(text).replace("?", " ").split()


def test_a_number_counts_the_noun_after_its_adjective(real_index: RulesIndex) -> None:
    """The 5 of "5 green swords" counts swords: the number and the noun are searched as a phrase
    the texts hold ("5 sword"), so the attack of five swords of a colour comes first (in the
    first place, beside the ruling on the attack types that settles it)."""
    first = real_index.ask("5 green swords, can anyone stop it", game="tkc", limit=3).hits[0]
    assert "tkc.attack.backstab" in [section.id for section in first.shown]
    body = real_index.reader.read("5 green swords", "tkc").expressions["body"]
    assert '"5 swords"' in body


def test_the_same_score_is_a_tie(real_index: RulesIndex) -> None:
    """The shared layer: "the same score" is a tie, as 同分 is, so the tie ruling answers."""
    assert "tkc.ruling.scoring" in ids(real_index, "two of us have the same score at the end", "tkc")


def test_the_games_name_says_nothing_of_which_rule(real_index: RulesIndex) -> None:
    """Bug 1 and 3: every rule is the game's, so its name ("monster maker", "the king commands")
    is no focus and does not pull up the About prose; "of us" are the players."""
    assert ids(real_index, "how many of us can play monster maker", "mm5")[0] == "mm5.ruling.setup"
    assert ids(real_index, "can six of us play the king commands", "tkc")[0] == "tkc.ruling.components"
    assert ids(real_index, "how many of us can play", "tkc")[0] == "tkc.ruling.components"
    # The name alone is the question: the About prose answers it.
    assert ids(real_index, "what is seirei kairo drive", "skd")[0] == "skd.about.introduction"
    assert ids(real_index, "who made monster maker", "mm5")[0] == "mm5.about.series"


def test_a_title_word_is_not_counted_twice_with_its_synonym(real_index: RulesIndex) -> None:
    """Bug 6's kind: "lose" stands in the boss ruling's title and topics beside its synonym
    "loss"; counting both there raised the boss's loss condition above the rule that an empty
    deck ends nothing."""
    for ask in ("no cards to draw, do we lose", "the deck is empty so I cannot draw, do we lose"):
        assert ids(real_index, ask, "skd")[0] in {"skd.enemy.deck-out", "skd.ruling.turn-order"}, ask
    head = real_index.reader.read("do we lose", "skd").expressions["head"]
    assert '"lose"' in head and '"loss"' not in head


def test_chinese_game_is_filler(real_index: RulesIndex) -> None:
    """Bug 3: 遊戲 / 游戏 ("game") say nothing of the question, as English "game" does not."""
    plain = ids(real_index, "平手怎麼辦", "mm5")
    assert ids(real_index, "這個遊戲平手怎麼辦", "mm5") == plain
    assert ids(real_index, "这个游戏平手怎么办", "mm5") == plain


def test_everyday_chinese_finds_the_rule_words(real_index: RulesIndex) -> None:
    """Bug 3: an "empty" field (空空) is a Neutral player's; "start a fight" (開打) is attacking."""
    assert ids(real_index, "我場上空空的算哪一邊", "mm5")[0] in {"mm5.turn.switch", "mm5.ruling.faction"}
    assert "attack" in ids(real_index, "可以開打嗎", "mm5")[0]
    # 手上 ("in my hand") is the hand, 輪到 ("it comes to") a turn, in every game.
    for game in ("mm5", "skd", "tkc"):
        words = real_index.reader.read("輪到我 手上的牌", game).understood.words
        assert {"hand", "turn"} <= set(words), game


def test_the_tie_outweighs_the_side(real_index: RulesIndex) -> None:
    """Bug 3: 平手 (a tie) is what 黑暗方的平手 asks about, not the Dark side."""
    assert {"mm5.end.winner", "mm5.ruling.winner"} & set(ids(real_index, "黑暗方的平手怎麼決定勝負", "mm5"))


def test_a_note_inside_a_paragraph_is_found_and_shown_first(real_index: RulesIndex) -> None:
    """Bug 4: the note on Holy Knights and the discard pile is one sentence of a paragraph."""
    answer = real_index.ask("do holy knights ever go to the discard pile", game="mm5", limit=3)
    first = answer.hits[0]
    assert first.section.id in {"mm5.turn.switch", "mm5.combat.rounds"}
    assert "discard pile" in first.passage.lower() and "holy knight" in first.passage.lower()
    assert len(first.passage) < 200, "the sentence, not its whole paragraph"


def test_an_irregular_plural_finds_its_word(real_index: RulesIndex) -> None:
    """Bug 5: "thieves" finds what "thief" finds."""
    assert ids(real_index, "thieves", "mm5")[:1] == ids(real_index, "thief", "mm5")[:1]


def test_json_says_why_on_the_no_match_path(real_index: RulesIndex) -> None:
    """Bug 5: with nothing to show, --json still prints results, reason and closest."""
    out, err = io.StringIO(), io.StringIO()
    status = rules_command("zzqx", "mm5", None, True, out=out, err=err, index=real_index)
    printed = json.loads(out.getvalue())
    assert status == 1 and printed["results"] == [] and printed["reason"] and "closest" in printed


def test_a_ruling_comes_first_only_when_it_answers(real_index: RulesIndex) -> None:
    """Bug 6: the ruling on changing sides scores near the paragraph on the forced whisper,
    but holds less of what the question asks (six cards, stuck, evil monsters)."""
    ask = (
        "alright, it's my turn, I drew and now I'm sitting on six cards, everybody at the table including me"
        " is on the good side so I can't attack anyone, and all I'm holding is evil monsters."
        " am I really stuck having to flip sides?"
    )
    assert ids(real_index, ask, "mm5")[0] == "mm5.turn.whisper"


@settings(max_examples=25, deadline=None)
@given(st.text(max_size=30))
def test_json_is_json_on_every_path(real_index: RulesIndex, query: str) -> None:
    out, err = io.StringIO(), io.StringIO()
    status = rules_command(query, "tkc", 2, True, out=out, err=err, index=real_index)
    if status == 2:
        return
    printed = json.loads(out.getvalue())
    if status == 1:
        assert printed["results"] == [] and printed["reason"] and isinstance(printed["closest"], list)
    else:
        assert isinstance(printed, list) and printed


@settings(max_examples=50, deadline=None)
@given(st.text(alphabet="黑暗方平手聖騎士被打敗會去棄牌堆地牢的嗎", max_size=16))
def test_segmenting_keeps_every_character_and_each_term_whole(real_index: RulesIndex, run: str) -> None:
    """The games' terms as jieba's dictionary: a question's Chinese is cut at them, never lost."""
    assert "".join(real_index.reader.segmenter.words(run)) == run
    assert real_index.reader.segmenter.cut(("黑暗方平手",)) == ("黑暗方", "平手")


_WORD = st.sampled_from(["swap", "switch", "trade", "exchange", "side", "gem", "look", "peek"])


@settings(max_examples=60, deadline=None)
@given(st.dictionaries(_WORD, st.lists(_WORD, min_size=1, max_size=3).map(tuple), max_size=4))
def test_a_games_table_adds_its_sense_and_never_hides_the_shared_one(table: dict[str, tuple[str, ...]]) -> None:
    """Bug 2, for any game table: each key keeps the shared words the game's topics hold."""
    from rulesdb.texts import load, with_common

    texts = load()
    sections = list(texts.sections)
    common = {"swap": ("exchange", "trade"), "peek": ("look",), "trade": ("swap",)}
    merged = with_common(table, common, "tkc", sections)
    alone = with_common({}, common, "tkc", sections)
    for key, words in table.items():
        assert set(words) <= set(merged[key])
    for key, words in alone.items():
        assert set(words) <= set(merged[key])


@pytest.fixture(scope="module")
def unraised() -> RulesIndex:
    """The same search with no ruling ever raised (a reach no ruling meets)."""
    from dataclasses import replace

    from rulesdb.texts import load
    from rulesdb.tuning import TUNING

    return RulesIndex(load(), replace(TUNING, ruling_reach=1e9))


def _english_asks() -> list[tuple[str, str]]:
    from rulesdb.texts import load

    return [
        (section.game, ask) for section in load().sections for ask in section.asks[:3] if ask.isascii() and ask.strip()
    ]


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(_english_asks()))
def test_a_ruling_is_raised_only_above_the_first_answer(
    real_index: RulesIndex, unraised: RulesIndex, asked: tuple[str, str]
) -> None:
    """Bug 6: a ruling raised above a lower paragraph took, with it, two of the first three
    places (the card-counts ruling above the dual cards' count). In English, raising changes
    the order only at the top: a ruling of the first answer may come before it, every other
    place is as scored."""
    game, ask = asked
    raised, scored = ranking(real_index, ask, game, 5), ranking(unraised, ask, game, 6)
    if raised == scored[:5]:
        return
    ruling = real_index.section(raised[0])
    assert ruling is not None and ruling.kind == "ruling" and scored[0] in ruling.see, (raised, scored)
    assert raised[1:] == [section for section in scored if section != raised[0]][:4], (raised, scored)


def test_the_card_counts_ruling_leaves_the_third_place_to_the_dual_cards(real_index: RulesIndex) -> None:
    """Bug 6: the ruling on card counts settles the dual cards' paragraph, third; it no longer
    comes above it there."""
    top = ranking(real_index, "does a dual colour card count as both colours", "skd")
    assert "skd.ruling.card-counts" not in top and "skd.components.dual-cards" in top, top


def test_a_ruling_of_a_lower_paragraph_is_still_raised_in_chinese(real_index: RulesIndex, unraised: RulesIndex) -> None:
    """A ruling has no original, so a question's Chinese finds it by its asks alone: below the
    first answer it is still raised, just above a paragraph it settles."""
    ask = "中立的人抽到聖騎士怎麼辦"
    top, scored = ranking(real_index, ask, "mm5", 5), ranking(unraised, ask, "mm5", 5)
    moved = [at for at in range(1, 4) if top[at] not in scored[: at + 1]]
    assert moved, (top, scored)
    for at in moved:
        ruling = real_index.section(top[at])
        assert ruling is not None and ruling.kind == "ruling" and top[at + 1] in ruling.see, (top, scored)


@pytest.mark.parametrize(
    "ask",
    ["which of our characters attack if I play a red card", "I played a blue card, which characters get to attack"],
)
def test_a_ruling_comes_first_only_when_its_own_words_hold_the_focus(real_index: RulesIndex, ask: str) -> None:
    """Bug 6: the ruling that counts attacks per card settles the paragraph on which colour
    attacks, but says nothing of which characters: the paragraph comes first."""
    assert ids(real_index, ask, "skd")[0] == "skd.attack.colours"


def test_in_chinese_a_ruling_below_the_first_answer_holds_the_focus_in_its_own_words(real_index: RulesIndex) -> None:
    """The combat-rounds ruling settles the combat flow, where spells are laid, but its own
    words never name a spell (法術): it no longer comes above that paragraph."""
    top = ranking(real_index, "法術卡什麼時候用", "mm5")
    assert top[:2] == ["mm5.cards.other", "mm5.combat.flow"], top
