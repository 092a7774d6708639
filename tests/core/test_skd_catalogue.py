"""Seirei Kairo Drive's catalogue: each remembered card as a line, an edit text that reads back to
the same card, the refusals; and the lists the prompts show (every card, with its values)."""

from __future__ import annotations

import pytest

from companion.core import Rejected
from companion.games.skd import GAME
from companion.games.skd.notation import known
from companion.games.skd.specs import character_data, enemy_data, parse_character, parse_enemy
from companion.store.repo import Repository

CHARACTERS = (
    "Rin, wind, 2, 3/4/5, c/h2, 2, damage 3",
    "Kai, fire, 2, 4/5/6, h3/c, X, damage X, heal 1",
    "Mio, water, 1, 2/3, h2, const, b: heal 2",
    "Tao, earth, 1, 5, -, -",
    "Sol, fire, 3, 2/3/4, -/c, 1, sings a song",
)
ENEMIES = ("Slime, 1, 10, 2, 3, 4", "Wolf, 1, 16, 3, enemy mana +1", "Bat, 1, 30, 1")


def test_the_game_has_a_catalogue_of_characters_enemies_and_bosses():
    assert GAME.catalogue is not None
    assert GAME.catalogue.kinds == (("character", "Characters"), ("enemy", "Enemies"), ("boss", "Bosses"))


@pytest.mark.parametrize("text", CHARACTERS)
def test_a_character_round_trips_through_its_edit_text(text):
    cat = GAME.catalogue
    name, data = cat.parse("character", text)
    assert data == character_data(parse_character(text))
    again = cat.parse("character", cat.text("character", name, data))
    assert again == (name, data)


@pytest.mark.parametrize("text", ENEMIES)
@pytest.mark.parametrize("kind", ["enemy", "boss"])
def test_an_enemy_or_boss_round_trips_through_its_edit_text(kind, text):
    cat = GAME.catalogue
    name, data = cat.parse(kind, text)
    assert data == enemy_data(parse_enemy(text))
    assert cat.parse(kind, cat.text(kind, name, data)) == (name, data)


def test_lines_show_stars_element_atk_and_whether_the_skill_is_applied_from_the_card():
    cat = GAME.catalogue
    line = {t.split(",")[0]: cat.line("character", *cat.parse("character", t)) for t in CHARACTERS}
    assert line["Rin"] == "Rin · 2★ wind · Atk 3/4/5 · LV bonus c/h2 · skill 2★: damage 3 (applied by k)"
    assert line["Kai"].endswith("skill X★: damage X, heal 1 (applied by k)")
    assert line["Mio"].endswith("constant: heal 2 (offered when a blue card is played)")
    assert line["Tao"] == "Tao · 1★ earth · Atk 5 · no skill"
    assert line["Sol"].endswith("skill 1★: sings a song (words only: say what it does at k)")
    wolf = cat.line("enemy", *cat.parse("enemy", ENEMIES[1]))
    assert wolf == "Wolf · 1★ · 16 HP · Atk 3 · no strong attack · on appearance: enemy mana +1"
    assert cat.line("boss", *cat.parse("boss", ENEMIES[0])).endswith("strong 4 at 3 mana")


def test_refusals_say_what_is_wrong_and_unreadable_stored_values_do_not_crash():
    cat = GAME.catalogue
    for kind, text, words in (
        ("character", "Rin, wind", "Type name, element"),
        ("character", "Rin, lava, 2, 3", "not an element"),
        ("enemy", "Slime, 1", "Type name, stars"),
        ("enemy", "Orc, 2, 20, 3, roars", "not an effect"),
        ("spell", "Fireball", "characters, enemies and bosses"),
    ):
        with pytest.raises(Rejected, match=words):
            cat.parse(kind, text)
    assert "do not read" in cat.line("enemy", "Broken", {"stars": "many"})
    assert cat.text("enemy", "Broken", {"stars": "many"}) == "Broken"


def test_a_card_edited_or_deleted_in_the_store_leaves_every_later_list(tmp_path):
    repo = Repository.open(tmp_path / "c.db")
    cat = GAME.catalogue
    for text in ENEMIES:
        repo.save_card("skd", "enemy", *cat.parse("enemy", text))
    repo.save_card("skd", "enemy", *cat.parse("enemy", "Slime, 1, 12, 2, 3, 4"))
    assert "Slime 1★ 12 HP Atk 2" in known(repo.cards("skd", "enemy"), (), "enemy")
    assert repo.delete_card("skd", "enemy", "Bat")
    assert "Bat" not in known(repo.cards("skd", "enemy"), (), "enemy")
    repo.close()


def test_the_draft_list_shows_every_character_with_stars_element_and_atk():
    names = [f"Hero{i:02}" for i in range(20)]
    shelf = {n: character_data(parse_character(f"{n}, wind, 1, {i % 5 + 1}")) for i, n in enumerate(names)}
    text = known(shelf, ("Hero03",), "character")
    # a drafted character leaves a gap: every number keeps its card for the whole draft
    assert "…" not in text and "20 Hero19 1★ wind Atk 5" in text and "Hero03" not in text
    assert text.startswith("1 Hero00 1★ wind Atk 1 · 2 Hero01 1★ wind Atk 2")
