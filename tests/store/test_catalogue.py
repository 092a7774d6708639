"""The card catalogue on a real file: each kind of card is listed apart, a card saved again
replaces the one of that name, and forgetting one leaves the rest."""

from __future__ import annotations

from companion.games import get_game
from companion.store.repo import Repository
from tests.conftest import fixed_clock


def test_each_kind_of_card_is_listed_apart_and_saved_again_by_name(tmp_path):
    skd = get_game("skd").catalogue
    repo = Repository.open(tmp_path / "c.db", clock=fixed_clock)
    repo.save_card("skd", "enemy", *skd.parse("enemy", "Slime, 1, 12, 2, 3, 4"))
    repo.save_card("skd", "boss", *skd.parse("boss", "Kraken, 1, 30, 4, 3, 4"))
    repo.save_card("skd", "enemy", *skd.parse("enemy", "Slime, 2, 15, 3, 3, 4"))
    enemies, bosses = repo.cards("skd", "enemy"), repo.cards("skd", "boss")
    assert repo.delete_card("skd", "boss", "Kraken") and not repo.delete_card("skd", "boss", "Kraken")
    left = repo.cards("skd", "boss"), repo.cards("skd", "enemy")
    repo.close()
    assert enemies == {"Slime": {"stars": 2, "hp": 15, "atk": 3, "threshold": 3, "strong": 4}}
    assert bosses == {"Kraken": {"stars": 1, "hp": 30, "atk": 4, "threshold": 3, "strong": 4}}
    assert left == ({}, enemies)


def test_a_card_the_game_cannot_show_is_left_out_and_named(tmp_path):
    """A hand-edited card whose values make the game's own line fail (a Seirei Kairo Drive
    character with a level bonus that is no text) is left out of the catalogue and named, so the
    catalogue screen and the prompts that look cards up still work; the good cards are listed."""
    skd = get_game("skd").catalogue
    repo = Repository.open(tmp_path / "c.db", clock=fixed_clock)
    repo.save_card("skd", "character", "Aki", {"bonuses": [None]})
    repo.save_card("skd", "enemy", *skd.parse("enemy", "Slime, 1, 12, 2, 3, 4"))
    characters, enemies = repo.cards("skd", "character"), repo.cards("skd", "enemy")
    named = dict(repo.bad_cards)
    repo.close()
    assert characters == {} and list(enemies) == ["Slime"]
    assert named == {
        (
            "skd",
            "character",
            1,
        ): """card row 1 (Aki), column data: not a card the game's catalogue can show ('{"bonuses": [null]}')"""
    }


def test_the_cards_of_a_game_this_companion_does_not_know_are_kept_as_stored(tmp_path):
    """A newer Companion's game: its cards are handed out as the file holds them (no catalogue
    here to read them), never a crash."""
    repo = Repository.open(tmp_path / "c.db", clock=fixed_clock)
    repo.save_card("chess", "piece", "Rook", {"moves": "line"})
    found = repo.cards("chess", "piece")
    repo.close()
    assert found == {"Rook": {"moves": "line"}}
