"""rules_command: plain or JSON output, and exit codes 0 found, 1 no match, 2 bad arguments."""

from __future__ import annotations

import io
import json

from rulesdb.cli import rules_command
from rulesdb.index import RulesIndex


def run(
    index: RulesIndex, query: str, game: str | None = None, limit: int = 5, as_json: bool = False
):
    out, err = io.StringIO(), io.StringIO()
    code = rules_command(query, game, limit, as_json, out=out, err=err, index=index)
    return code, out.getvalue(), err.getvalue()


def test_plain_output_prints_whole_sections(fixture_index: RulesIndex) -> None:
    code, out, err = run(fixture_index, "excal")
    assert code == 0 and err == ""
    assert out.startswith("Excalibur\ntkc.cards.excalibur · The King Commands · source\n")
    assert "parried only by Excalibur." in out
    assert "[b]" not in out


def test_plain_output_separates_sections_with_a_rule(fixture_index: RulesIndex) -> None:
    code, out, _ = run(fixture_index, "attack", limit=3)
    assert code == 0
    assert out.count("-" * 72) == 2


def test_plain_output_keeps_brackets_literal(fixture_index: RulesIndex) -> None:
    _, out, _ = run(fixture_index, "face")
    assert "at once [face up] in front" in out


def test_json_output(fixture_index: RulesIndex) -> None:
    code, out, _ = run(fixture_index, "dungeon", as_json=True)
    assert code == 0
    hits = json.loads(out)
    assert hits[0]["id"] == "mm5.dungeon.rescue"
    assert set(hits[0]) >= {"game", "id", "title", "text", "score", "kind", "snippet"}
    assert hits[0]["text"] == fixture_index.section("mm5.dungeon.rescue").text
    assert "黑暗地牢" in out
    assert all("[b]" not in hit["snippet"] for hit in hits)


def test_game_and_limit(fixture_index: RulesIndex) -> None:
    _, out, _ = run(fixture_index, "attack", game="skd", limit=1, as_json=True)
    hits = json.loads(out)
    assert [hit["game"] for hit in hits] == ["skd"]


def test_no_match_is_exit_1_with_a_hint(fixture_index: RulesIndex) -> None:
    code, out, err = run(fixture_index, "xylophone")
    assert code == 1 and out == ""
    assert 'No rule matches "xylophone"' in err and "empty query lists the contents" in err


def test_unknown_game_is_exit_2(fixture_index: RulesIndex) -> None:
    code, out, err = run(fixture_index, "attack", game="chess")
    assert code == 2 and out == ""
    assert "Unknown game 'chess'" in err and "mm5, skd, tkc" in err


def test_bad_limit_is_exit_2(fixture_index: RulesIndex) -> None:
    assert run(fixture_index, "attack", limit=0)[0] == 2


def test_empty_query_lists_the_contents(fixture_index: RulesIndex) -> None:
    code, out, _ = run(fixture_index, "", limit=1)
    assert code == 0
    assert out.startswith("Monster Maker 5 Rev. (mm5)\n")
    assert all(section.id in out for section in fixture_index.toc())


def test_empty_query_json_is_the_contents(fixture_index: RulesIndex) -> None:
    _, out, _ = run(fixture_index, " ", game="tkc", as_json=True)
    assert [hit["id"] for hit in json.loads(out)] == [s.id for s in fixture_index.toc("tkc")]


def test_nasty_query_is_no_match_not_a_crash(fixture_index: RulesIndex) -> None:
    assert run(fixture_index, '"(NEAR*')[0] in (0, 1)
    assert run(fixture_index, "!!!")[0] == 1
