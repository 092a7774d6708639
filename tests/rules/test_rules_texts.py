"""The loader reads every text file and refuses malformed ones with a message naming the cause."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulesdb.texts import KINDS, TextsError, games, load, load_all

FIXTURES = Path(__file__).parent / "fixtures" / "texts"

HEADER = (
    'game = "tkc"\nname = "The King Commands"\nseed = "the-king-commands.zh-TW.txt"\n'
    'phases = ["setup", "draw", "relic", "attack", "discard", "end"]\n'
)
GOOD = """
[[section]]
id = "tkc.cards.crown"
title = "Crowns"
kind = "source"
phases = ["relic"]
topics = ["crown"]
lines = ["10-12", "14"]
text = "A crown gives a command."
"""


def write(tmp_path: Path, body: str, name: str = "tkc.toml", header: str = HEADER) -> Path:
    (tmp_path / name).write_text(header + body, encoding="utf-8")
    return tmp_path


def test_fixture_texts_load_in_file_order() -> None:
    sections = load_all(FIXTURES)
    assert [s.game for s in sections] == sorted(s.game for s in sections)
    assert sections[0].id == "mm5.cards.holy-knights"
    assert sections[0].lines == ((40, 42), (52, 52))
    assert sections[0].see == ("mm5.dungeon.rescue",)
    assert sections[0].first_line.startswith("There are seven Holy Knights")
    assert {s.kind for s in sections} == set(KINDS)


def test_games_lists_each_file() -> None:
    infos = games(FIXTURES)
    assert [g.game for g in infos] == ["mm5", "skd", "tkc"]
    assert infos[0].original == "モンスターメーカー5"
    assert infos[2].original == ""


def test_section_covers_its_lines() -> None:
    section = load_all(FIXTURES)[0]
    assert section.covers(41) and section.covers(52)
    assert not section.covers(43)


def test_a_good_file_loads(tmp_path: Path) -> None:
    sections = load_all(write(tmp_path, GOOD))
    assert sections[0].phases == ("relic",)
    assert sections[0].text == "A crown gives a command."


def test_empty_directory_has_no_sections(tmp_path: Path) -> None:
    assert load(tmp_path).sections == ()


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (GOOD + GOOD, "appears twice"),
        (
            GOOD.replace('topics = ["crown"]', 'see = ["tkc.nowhere"]'),
            "'tkc.nowhere' does not exist",
        ),
        (GOOD.replace('kind = "source"', 'kind = "rumour"'), "kind 'rumour' is not one of"),
        (GOOD.replace('lines = ["10-12", "14"]', ""), "source section needs lines"),
        (GOOD.replace('kind = "source"', 'kind = "ruling"'), "only source sections have lines"),
        (GOOD.replace('"10-12"', '"12-10"'), "'12-10' is not N or N-M"),
        (GOOD.replace('"10-12"', '"ten"'), "'ten' is not N or N-M"),
        (GOOD.replace('"relic"', '"combat"'), "unknown phase(s) combat"),
        (GOOD.replace("tkc.cards.crown", "mm5.cards.crown"), "id must be lowercase"),
        (GOOD.replace("tkc.cards.crown", "tkc.Cards.Crown"), "id must be lowercase"),
        (GOOD.replace('title = "Crowns"', ""), "title is missing"),
        (GOOD.replace('topics = ["crown"]', 'topics = "crown"'), "topics must be a list"),
        (GOOD.replace('topics = ["crown"]', 'asks = "who wins"'), "asks must be a list"),
        (GOOD.replace('topics = ["crown"]', f"asks = {[f'ask {n}' for n in range(65)]}"), "at most 64"),
        (GOOD.replace('text = "A crown gives a command."', "text = 3"), "text must be a string"),
        ("", "no [[section]] tables"),
        (GOOD + "\n[[section]\n", "not valid TOML"),
    ],
)
def test_malformed_files_are_refused_clearly(tmp_path: Path, body: str, message: str) -> None:
    with pytest.raises(TextsError) as error:
        load_all(write(tmp_path, body))
    assert message in str(error.value)
    assert "tkc" in str(error.value)


def test_the_game_must_match_the_file_name(tmp_path: Path) -> None:
    with pytest.raises(TextsError, match=r"named skd\.toml"):
        load_all(write(tmp_path, GOOD, name="skd.toml"))


def test_files_load_together(tmp_path: Path) -> None:
    write(tmp_path, GOOD)
    (tmp_path / "mm5.toml").write_text(
        'game = "mm5"\nname = "M"\nseed = "s"\n' + GOOD.replace('"tkc.', '"mm5.').replace('"relic"', '"draw"'),
        encoding="utf-8",
    )
    assert len(load_all(tmp_path)) == 2


def test_see_may_point_into_another_game(tmp_path: Path) -> None:
    write(tmp_path, GOOD)
    other = GOOD.replace("tkc.cards.crown", "mm5.cards.crown").replace('"relic"', '"draw"')
    other = other.replace('topics = ["crown"]', 'see = ["tkc.cards.crown"]')
    write(tmp_path, other, name="mm5.toml", header='game = "mm5"\nname = "M"\nseed = "s"\n')
    assert load_all(tmp_path)[0].see == ("tkc.cards.crown",)


def test_package_data_ships_every_text_seed_and_synonym_table() -> None:
    """An installed package must find what a checkout finds: pyproject's package-data globs
    cover every file under rulesdb/texts."""
    import tomllib
    from pathlib import Path

    repo = Path(__file__).resolve().parents[2]
    globs = tomllib.loads((repo / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]["rulesdb"]
    package = repo / "rulesdb"
    shipped = {path for pattern in globs for path in package.glob(pattern)}
    files = {path for path in (package / "texts").rglob("*") if path.is_file()}
    assert files and files <= shipped, sorted(str(p.relative_to(package)) for p in files - shipped)
    assert any(p.parent.name == "seeds" for p in files)
    assert any(p.parent.name == "synonyms" for p in files)
