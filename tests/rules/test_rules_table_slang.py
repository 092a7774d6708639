"""Issue 40: the words a table uses for the rules' own. Someone's go ("my go", "each go") is a
turn; a guy that is someone's, of a side or counted ("my guys", "a dark guy", "1 guy left") a
character, while "guys" alone addresses the players; picking a card up is drawing it, and so is
摸 (摸牌, 摸到); a turncoat or a traitor switches sides in mm5; 把 after a number counts swords
(兩把劍, "2 swords"); the players or the game stopping is its end, never the shared layer's
stopping an attack (a block); how many can play or join counts the players, and so do 幾個人 or 每個人 (個人); a swing (mm5, skd), a smack, whack or bash is an attack, and so is a fight in tkc."""

from __future__ import annotations

import pytest

from rulesdb.index import RulesIndex
from rulesdb.query import parse_query, traditional


@pytest.mark.parametrize("question", ["what can I do on my go", "how many cards each go", "is it her go now"])
def test_someones_go_is_a_turn(question: str) -> None:
    assert "turn" in parse_query(question).words


@pytest.mark.parametrize("question", ["lay them all in one go", "let it go", "where does this card go"])
def test_a_go_of_nobody_is_no_turn(question: str) -> None:
    assert "turn" not in parse_query(question).words


@pytest.mark.parametrize(
    "question", ["which dark guy attacks first", "do my guys all fight", "they have 2 guys left", "a green guy"]
)
def test_a_guy_on_the_table_is_a_character(question: str) -> None:
    assert "character" in parse_query(question).words


@pytest.mark.parametrize("question", ["guys, who goes first", "hey guys how do we score", "the good guys win"])
def test_guys_addressed_are_no_character(question: str) -> None:
    """The players addressed, or a side ("the good guys": mm5 reads "good" as Light)."""
    assert "character" not in parse_query(question).words


@pytest.mark.parametrize(("game", "question"), [("tkc", "do I pick up two cards"), ("mm5", "pick a card up first")])
def test_picking_up_a_card_is_drawing(real_index: RulesIndex, game: str, question: str) -> None:
    assert "draw" in real_index.reader.read(question, game).understood.words


def test_picking_up_at_the_start_of_a_go_finds_the_draw(real_index: RulesIndex) -> None:
    """Everyday words only, none of the rules' own: the turn's draw is still found."""
    answer = real_index.ask("how many do I pick up at the start of my go", game="tkc", limit=3)
    assert answer.covered
    assert "tkc.turn.draw" in [s.id for hit in answer.hits for s in hit.shown]


@pytest.mark.parametrize(("game", "question"), [("mm5", "每回合要先摸牌嗎"), ("tkc", "摸到最後一張會怎樣")])
def test_mo_is_drawing(real_index: RulesIndex, game: str, question: str) -> None:
    assert "draw" in real_index.reader.read(traditional(question), game).understood.words


@pytest.mark.parametrize("question", ["am I a turncoat if I go dark", "traitors, when may they change"])
def test_a_turncoat_switches_sides(real_index: RulesIndex, question: str) -> None:
    assert "switch" in real_index.reader.read(question, "mm5").understood.words


def test_swords_counted_with_ba_are_a_number(real_index: RulesIndex) -> None:
    """把 is the measure word of a sword: 兩把劍 is 2 swords, the number the attack types state."""
    assert "2" in parse_query("出兩把劍算什麼攻擊").words
    answer = real_index.ask("出兩把劍算什麼攻擊", game="tkc", limit=3)
    assert "tkc.attack.swing" in [s.id for hit in answer.hits for s in hit.shown]


@pytest.mark.parametrize("question", ["so when do we stop playing", "what happens when the game stops"])
def test_the_game_stopping_is_its_end(question: str) -> None:
    words = parse_query(question).words
    assert "end" in words
    assert "stop" not in words


def test_stopping_an_attack_is_still_a_block(real_index: RulesIndex) -> None:
    assert "block" in real_index.reader.read("how do I stop an attack", "tkc").understood.words


@pytest.mark.parametrize(
    "question", ["how many of us can join", "how many people could play this", "how many can play"]
)
def test_how_many_can_join_counts_players(question: str) -> None:
    """Whoever the sentence names, it counts players: never the knights that join a fight."""
    asked = parse_query(question)
    assert asked.number
    assert "players" in asked.words
    assert "join" not in asked.words


def test_joining_a_fight_is_still_joining() -> None:
    assert "join" in parse_query("how many knights join the fight").words


def test_how_many_people_can_join_finds_the_player_count(real_index: RulesIndex) -> None:
    answer = real_index.ask("how many people can join in", game="mm5", limit=3)
    assert answer.covered
    assert answer.hits[0].section.id == "mm5.ruling.setup"


@pytest.mark.parametrize("question", ["最多幾個人能一起玩", "每个人都要出牌吗"])
def test_ge_ren_are_players(real_index: RulesIndex, question: str) -> None:
    """個人 (幾個人, 每個人) are the players, as the English texts call them."""
    assert "players" in real_index.reader.read(traditional(question), "skd").understood.words


@pytest.mark.parametrize(("game", "question"), [("mm5", "does every knight get a swing"), ("skd", "who swings first")])
def test_a_swing_is_an_attack_where_no_attack_is_named_so(real_index: RulesIndex, game: str, question: str) -> None:
    """In tkc a swing is one attack of its own (two swords): that table keeps it."""
    assert "attack" in real_index.reader.read(question, game).understood.words


def test_a_tkc_swing_stays_the_swing(real_index: RulesIndex) -> None:
    assert "attack" not in real_index.reader.read("what blocks a swing", "tkc").understood.words


@pytest.mark.parametrize("question", ["I got smacked, what now", "can I whack two players", "bashing the leader"])
def test_slang_for_hitting_is_attacking(real_index: RulesIndex, question: str) -> None:
    assert "attack" in real_index.reader.read(question, "tkc").understood.words


def test_a_fight_in_tkc_is_an_attack(real_index: RulesIndex) -> None:
    assert "attack" in real_index.reader.read("who can I fight this turn", "tkc").understood.words
