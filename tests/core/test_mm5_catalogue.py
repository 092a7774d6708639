"""Monster Maker 5's catalogue as the catalogue screen uses it: every card listed as players
read it, edited in the table's own notation, a bad edit refused with the reason."""

from __future__ import annotations

import pytest

from companion.core import Rejected
from companion.games.mm5 import GAME
from companion.games.mm5.cards import catalogue_entry

ORC = catalogue_entry(("Goblin", "orc", 2, 1, 0, 1, 0))
# saved before `mage` read as the Light companion: no `kinds` mark
OLD_MAGE = {k: v for k, v in catalogue_entry(("Mage", "dark-mage", 0, 2, 3, 3, 0)).items() if k != "kinds"}
KNIGHT = catalogue_entry(("Holy Knight 3", "knight", 4, 5, 3, 4, 3))


def test_the_game_offers_its_catalogue_with_both_kinds():
    assert GAME.catalogue is not None
    assert [k for k, _ in GAME.catalogue.kinds] == ["character", "dungeon"]


@pytest.mark.parametrize(("name", "data"), [("Goblin", ORC), ("Mage", OLD_MAGE), ("Holy Knight 3", KNIGHT)])
def test_the_edit_line_reads_back_to_the_same_card(name, data):
    cat = GAME.catalogue
    # saved again, a card carries today's mark (an old one is then read as typed)
    assert cat.parse("character", cat.text("character", name, data)) == (name, {**data, "kinds": 2})


def test_a_line_shows_the_kind_and_values_and_flags_a_mage_saved_as_dark():
    cat = GAME.catalogue
    assert cat.line("character", "Goblin", ORC) == "Goblin · orc · P 2/1 M 0/1"
    assert "Light Mage? Edit its kind to mage" in cat.line("character", "Mage", OLD_MAGE)
    assert "Light Mage" not in cat.line("character", "Dark Mage", OLD_MAGE)
    assert cat.line("character", "Holy Knight 3", KNIGHT).startswith("Holy Knight 3 · Holy Knight · P 4/5")


def test_the_stored_dark_mage_is_fixed_by_editing_its_kind():
    cat = GAME.catalogue
    text = cat.text("character", "Mage", OLD_MAGE).replace("dark mage", "mage")
    assert cat.parse("character", text) == ("Mage", catalogue_entry(("Mage", "companion", 0, 2, 3, 3, 0)))


def test_the_dungeon_and_damaged_entries():
    cat = GAME.catalogue
    dungeon = {"p": [0, 8], "m": [0, 9]}
    assert cat.line("dungeon", "Dark Dungeon", dungeon) == "Dark Dungeon · P 0/8 M 0/9"
    assert cat.parse("dungeon", cat.text("dungeon", "Dark Dungeon", dungeon)) == ("Dark Dungeon", dungeon)
    assert "unreadable" in cat.line("character", "Broken", {"kind": "orc"})
    assert cat.text("character", "Broken", {"kind": "orc"}) == "Broken = "


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("Goblin orc P 2/1 M 0/1", "type name = kind"),
        ("Goblin = wizard P 2/1 M 0/1", "not a kind"),
        ("Goblin = orc P 2/1", "type the card's values"),
        ("Holy Knight = knight P 4/5 M 3/4", "ends with its number"),
        (" = orc P 2/1 M 0/1", "needs a name"),
    ],
)
def test_a_bad_edit_is_refused_with_the_reason(text, words):
    with pytest.raises(Rejected) as info:
        GAME.catalogue.parse("character", text)
    assert words in info.value.reason.lower()
