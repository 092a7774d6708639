"""Issue 40: a question read in the words a table types. "can't" is the rules' "cannot", "throw
away" discarding, "the last card" and "exactly the defence" rule words, "vs" none, telling the
others a choice announcing it, "game over" the end, "in one go" together, a head count a count of
players, "the number of" a count; everyday Chinese (數字, 一樣, 棄), the first half of a glossary
term its own word; and what no rule covers: joining halfway said apart, a mulligan, a change by
an amount that states no limit."""

from __future__ import annotations

import pytest

from rulesdb.index import RulesIndex
from rulesdb.limits import states_limit
from rulesdb.query import parse_query, traditional


@pytest.mark.parametrize("question", ["if I can't lay a card", "if i cant lay a card", "what if I can t lay one"])
def test_a_negation_is_the_rules_cannot(question: str) -> None:
    assert "cannot" in parse_query(question).words


def test_wont_is_no_win() -> None:
    assert "win" not in parse_query("the round won't end, will it").words
    assert "win" in parse_query("who won the round").words


@pytest.mark.parametrize(
    ("game", "question"),
    [("tkc", "we throw away two shields, then what"), ("skd", "how do I get rid of a card"), ("mm5", "throw it away")],
)
def test_throwing_away_is_discarding(real_index: RulesIndex, game: str, question: str) -> None:
    assert "discard" in real_index.reader.read(question, game).understood.words


def test_the_last_card_is_a_rules_word() -> None:
    """ "The last card of the draw pile" ends the game; "how long does a round last" asks a
    duration, whatever its words."""
    assert "last" in parse_query("when the last card is drawn").words
    assert "last" not in parse_query("how long does a round last").words


def test_versus_only_compares(real_index: RulesIndex) -> None:
    """ "vs" sets two numbers side by side and says nothing of what is asked: not a key word,
    so "2 vs 12" is not the unanswered "2 vs 2 team variant"."""
    assert "vs" not in parse_query("attack 3 vs defence 16").words
    assert "versus" not in parse_query("attack 3 versus defence 16").words
    answer = real_index.ask("thief 2 vs 12, any chance", game="mm5", limit=3)
    assert answer.covered
    assert answer.hits[0].section.id in ("mm5.ruling.thief", "mm5.thief")


def test_telling_the_others_is_announcing() -> None:
    """Telling everyone (or the other players) is what the texts call announcing; "tell me" is talk."""
    assert "announce" in parse_query("must I tell the other players which faction I picked").words
    assert "announce" in parse_query("do we tell everyone our side").words
    assert "announce" not in parse_query("tell me how factions work").words
    assert "announce" not in parse_query("can I tell the others what spells I have").words  # table talk


@pytest.mark.parametrize(
    ("question", "words"),
    [("數字一樣的牌", {"number", "same"}), ("数字相同的牌可以一起出吗", {"number", "same"})],
)
def test_everyday_chinese_for_a_cards_number(real_index: RulesIndex, question: str, words: set[str]) -> None:
    """數字 (a number), 一樣 and 相同 (the same): a table's words for the texts'."""
    assert words <= set(real_index.reader.read(traditional(question), "skd").understood.words)


def test_joining_halfway_said_apart_is_no_rule(real_index: RulesIndex) -> None:
    """A player joining halfway, the words apart as a table says them (打到一半 … 加入): the
    games are played by those who start."""
    assert not real_index.ask("打到一半有朋友想加入可以嗎", game="skd", limit=3).covered


@pytest.mark.parametrize("question", ["can we redraw our opening hand if it is awful", "手牌太爛可以重抽手牌嗎"])
def test_a_new_starting_hand_is_no_rule(real_index: RulesIndex, question: str) -> None:
    """A mulligan (a hand redrawn) is a house matter; the players tied on the start card who
    redraw are a rule."""
    assert not real_index.ask(question, game="tkc", limit=3).covered
    assert real_index.ask("do the tied players redraw", game="tkc", limit=3).covered


def test_exactly_a_number_is_a_rules_word() -> None:
    """ "Exactly the defence" or "exactly 5" is a number met (the ask "I rolled exactly the
    defence"); "what exactly happens" is talk."""
    assert "exactly" in parse_query("I rolled exactly the defence value").words
    assert "exactly" in parse_query("we hit exactly 0 hp").words
    assert "exactly" not in parse_query("what exactly happens when the deck runs out").words


def test_the_first_half_of_a_term_is_its_own_word(real_index: RulesIndex) -> None:
    """決定 ("decide") is the first half of 決定陣營 ("decide faction"), not a faction; the last
    half of a term names its thing still (金幣 of 一袋金幣, gold)."""
    assert real_index.reader.gloss("決定")[0] == ("decide",)
    assert "gold" in real_index.reader.gloss("金幣")[0]


@pytest.mark.parametrize(
    ("game", "question", "expect"),
    [
        ("mm5", "is it fine for 3 players", "mm5.ruling.setup"),
        ("skd", "could 9 people play", "skd.ruling.card-counts"),
        ("tkc", "is it fine for 3 players", "tkc.ruling.components"),
    ],
)
def test_a_head_count_asks_how_many_players(real_index: RulesIndex, game: str, question: str, expect: str) -> None:
    """ "Can 5 people play", "for 3 players": the player count, as "how many players" asks it;
    "3 players, what order do we draft in" counts nobody."""
    answer = real_index.ask(question, game=game, limit=3)
    assert answer.covered and answer.hits[0].section.id == expect
    assert parse_query("could 9 people play").number
    assert not parse_query("3 players, what order do we draft in").number


def test_the_number_of_a_thing_counts_it(real_index: RulesIndex) -> None:
    """ "The number of shields" counts shields as "how many shields" does: the thing is searched
    twice, and as the asks count it ("many shields")."""
    question = real_index.reader.read("the number of shields", "tkc")
    assert '"many shields"' in question.expressions["asks"]


def test_game_over_asks_whether_it_ends() -> None:
    """ "Game" is filler and "over" a stop word, but "is it game over" asks whether the game ends."""
    assert "end" in parse_query("we lost our last hero, is it game over").words


def test_a_change_by_an_amount_states_no_limit() -> None:
    """ "Boost it by more than one" says how much a bonus changes a value, not a limit on it."""
    assert not states_limit("does the gem boost my knight by more than one")
    assert states_limit("you may hold no more than 5 cards")


def test_in_one_go_is_together() -> None:
    assert "together" in parse_query("can I lay my two 4s in one go").words


def test_a_hit_in_skd_is_damage(real_index: RulesIndex) -> None:
    """In Seirei Kairo Drive a hit is the damage dealt ("my hit does 4")."""
    assert "damage" in real_index.reader.read("my hit does 4, is the boss down", "skd").understood.words


def test_qi_alone_is_discarding(real_index: RulesIndex) -> None:
    """棄 alone (not only in 棄牌堆, the discard pile) is to discard, as 扔 is."""
    assert "discard" in real_index.reader.read(traditional("同时弃两张盾可以抽几张"), "tkc").understood.words
