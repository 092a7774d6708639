"""A game lives in its own rooms: outside them no product file names a game id, and the
package list, the rule phases and the command line learn about the games from the registry."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

import pytest
from setuptools import find_packages  # type: ignore[import-untyped]

from companion.core import Game
from companion.games import REGISTERED, all_games
from rulesdb.texts import games, load

ROOT = Path(__file__).resolve().parents[2]
PRODUCT = ("companion", "rulesdb", "screens")
IDS = [g.id for g in all_games()]


def rooms(game_id: str) -> tuple[str, ...]:
    """The paths (relative, as globs) a game may be named in."""
    return (
        f"companion/games/{game_id}/*",
        f"companion/games/{game_id}.py",
        f"screens/{game_id}_*",
        f"rulesdb/texts/{game_id}.toml",
        "companion/games/__init__.py",
    )


def naming(game_id: str) -> re.Pattern[str]:
    """The id as code names it: a string, a module or path part, a file-name prefix."""
    word = re.escape(game_id)
    return re.compile(rf"""["']{word}["']|[./]{word}\b|\b{word}_\w""")


def product_files() -> list[Path]:
    found = []
    for top in PRODUCT:
        found += [p for p in (ROOT / top).rglob("*") if p.suffix in {".py", ".tcss"} and "__pycache__" not in p.parts]
    return found


@pytest.mark.parametrize("game_id", IDS)
def test_no_product_file_outside_a_games_rooms_names_it(game_id: str) -> None:
    pattern = naming(game_id)
    # Of pyproject.toml, what builds the product (the package, its data); the developer tools'
    # tables (which game mutmut mutates, say) are not the product.
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    built = repr([config["project"], config["tool"]["setuptools"]])
    outside = [f"pyproject.toml: {m.group(0)}" for m in pattern.finditer(built)]
    for path in product_files():
        rel = path.relative_to(ROOT)
        if any(rel.match(room) for room in rooms(game_id)):
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if pattern.search(line):
                outside.append(f"{rel}:{number}: {line.strip()}")
    assert outside == []


def test_the_room_check_finds_a_game_id_where_it_does_not_belong() -> None:
    assert naming("mm5").search('if game.id == "mm5":')
    assert naming("mm5").search("from companion.games.mm5 import GAME")
    assert naming("tkc").search("tkc_screen")
    assert naming("free").search('get_game("free")')
    assert naming("skd").search("path = 'rulesdb/texts/skd.toml'")
    assert not naming("free").search("free play for any game")
    assert not naming("free").search('"Free play: named counters"')


def test_the_registry_is_the_one_list_of_games() -> None:
    assert [path.split(":")[0].rsplit(".", 1)[1] for path in REGISTERED] == IDS


def test_every_product_package_is_found_by_setuptools() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    found = set(find_packages(str(ROOT), include=config["packages"]["find"]["include"]))
    with_code = {
        ".".join(p.parent.relative_to(ROOT).parts)
        for top in PRODUCT
        for p in (ROOT / top).rglob("*.py")
        if "__pycache__" not in p.parts
    }
    assert with_code <= found, f"folders with code but no __init__.py: {sorted(with_code - found)}"
    assert not any(name.startswith("tests") for name in found)


def test_every_product_data_file_is_package_data() -> None:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["package-data"]
    for top in PRODUCT:
        for path in (ROOT / top).rglob("*"):
            if path.is_dir() or path.suffix in {".py", ".pyc"} or "__pycache__" in path.parts:
                continue
            rel = path.relative_to(ROOT / top)
            assert any(rel.match(glob) for glob in data.get(top, [])), f"{top}/{rel} would be left out of the wheel"


def test_rule_phases_are_the_registered_games() -> None:
    """Each rules text lists its phases as data (so rulesdb imports no game): the game's own."""
    declared = {info.game: info.phases for info in games()}
    assert declared == {g.id: g.rules_phases for g in all_games() if g.id in declared}


@pytest.mark.parametrize("game", [g for g in all_games() if g.rules_phases], ids=lambda g: g.id)
def test_a_game_with_rule_phases_has_rules_naming_every_one(game: Game[Any]) -> None:
    sections = [s for s in load().sections if s.game == game.id]
    assert sections, f"{game.id} declares rule phases but rulesdb/texts/{game.id}.toml has none"
    used = {phase for s in sections for phase in s.phases}
    assert set(game.rules_phases) == used, (game.id, set(game.rules_phases) ^ used)


def test_every_rules_text_is_a_registered_games() -> None:
    assert {g.game for g in load().games} <= set(IDS)
