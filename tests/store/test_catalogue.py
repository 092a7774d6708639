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
