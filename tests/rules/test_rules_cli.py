"""rules_command: plain or JSON output, and exit codes 0 found, 1 no match, 2 bad arguments."""

from __future__ import annotations

import argparse
import io
import json

import pytest

from rulesdb.cli import add_arguments, query_first, rules_command
from rulesdb.index import RulesIndex


def run(
    index: RulesIndex,
    query: str,
    game: str | None = None,
    limit: int | None = 5,
    as_json: bool = False,
    original: bool = False,
):
    out, err = io.StringIO(), io.StringIO()
    code = rules_command(query, game, limit, as_json, out=out, err=err, index=index, original=original)
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
    code, out, err = run(fixture_index, "xylqphvne")  # no word: maybe a slip
    assert code == 1 and out == ""
    assert 'No rule matches "xylqphvne"' in err and "empty query lists the contents" in err
    code, out, err = run(fixture_index, "xylophone")  # a word no rule holds
    assert code == 1 and out == ""
    assert err.startswith('No rule covers this. No rule holds a word of "xylophone"'), err


def test_unknown_game_is_exit_2(fixture_index: RulesIndex) -> None:
    code, out, err = run(fixture_index, "attack", game="chess")
    assert code == 2 and out == ""
    assert "Unknown game 'chess'" in err and "mm5, skd, tkc" in err


def test_bad_limit_is_exit_2(fixture_index: RulesIndex) -> None:
    assert run(fixture_index, "attack", limit=0)[0] == 2


def test_empty_query_lists_the_contents(fixture_index: RulesIndex) -> None:
    code, out, _ = run(fixture_index, "", limit=None)
    assert code == 0
    assert out.startswith("Monster Maker 5 Rev. (mm5)\n")
    assert all(section.id in out for section in fixture_index.toc())


def test_empty_query_honours_the_limit(fixture_index: RulesIndex) -> None:
    code, out, _ = run(fixture_index, "", limit=2)
    first, second, third = fixture_index.toc()[:3]
    assert code == 0 and first.id in out and second.id in out and third.id not in out
    _, out, _ = run(fixture_index, " ", game="tkc", limit=1, as_json=True)
    assert [hit["id"] for hit in json.loads(out)] == [fixture_index.toc("tkc")[0].id]


def parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    return parser.parse_args(query_first(argv))


def test_one_parser_and_one_default_limit() -> None:
    from companion.cli_parser import parser as _parser

    ours = parse(["excal"])
    theirs = _parser(["rules"]).parse_args(["rules", *query_first(["excal"])])
    assert ours.limit is None and theirs.limit is None
    assert {k: v for k, v in vars(theirs).items() if k not in ("command", "db")} == vars(ours)


@pytest.mark.parametrize(
    ("argv", "query", "game"),
    [
        (["-excal"], ["-excal"], None),
        (["--game", "tkc", "-x", "block"], ["-x", "block"], "tkc"),
        (["-excal", "--game=skd", "--json"], ["-excal"], "skd"),
        (["--", "--game"], ["--game"], None),
    ],
)
def test_a_query_may_start_with_a_dash(argv: list[str], query: list[str], game) -> None:
    args = parse(argv)
    assert (args.query, args.game) == (query, game)


def test_game_ids_ignore_case(fixture_index: RulesIndex) -> None:
    code, out, _ = run(fixture_index, "attack", game="SKD", as_json=True)
    assert code == 0 and {hit["game"] for hit in json.loads(out)} == {"skd"}


def test_a_long_query_that_finds_nothing_is_not_echoed_whole(fixture_index: RulesIndex) -> None:
    code, _, err = run(fixture_index, "xylophone " * 50)
    assert code == 1 and err.count("xylophone") <= 4 and "…" in err


def test_punctuation_alone_gets_a_hint(fixture_index: RulesIndex) -> None:
    code, out, err = run(fixture_index, "?!…")
    assert code == 1 and out == "" and "Type a word" in err


def test_original_is_printed_on_request(real_index: RulesIndex) -> None:
    _, out, _ = run(real_index, "王者之劍", game="tkc", limit=3, original=True)
    assert "Original (seed lines" in out and "只能被另一張王者之劍卡給回擋(parry)" in out
    assert "Original: none; this section is the app's ruling" in out
    _, plain, _ = run(real_index, "王者之劍", game="tkc", limit=3)
    assert "Original" not in plain and "只能被另一張王者之劍卡給回擋" not in plain


def test_empty_query_json_is_the_contents(fixture_index: RulesIndex) -> None:
    _, out, _ = run(fixture_index, " ", game="tkc", as_json=True)
    assert [hit["id"] for hit in json.loads(out)] == [s.id for s in fixture_index.toc("tkc")]


def test_nasty_query_is_no_match_not_a_crash(fixture_index: RulesIndex) -> None:
    assert run(fixture_index, '"(NEAR*')[0] in (0, 1)
    assert run(fixture_index, "!!!")[0] == 1


def test_a_ruling_prints_the_rule_it_settles_in_its_place(real_index: RulesIndex) -> None:
    """Issue 40: a ruling and the paragraph it settles are one place, in text and in JSON."""
    ask = "I have no sword left, do I still discard something"
    code, out, _ = run(real_index, ask, "tkc", 3)
    first = out.split("-" * 72)[0]
    assert code == 0 and first.startswith("Ruling: Lay down your swords!")
    assert "\nThe rule it settles:\n\nCrown command: Lay down your swords!" in first
    code, out, _ = run(real_index, ask, "tkc", 3, as_json=True)
    places = json.loads(out)
    assert len(places) == 3 and places[0]["beside"]["id"] == "tkc.crown.lay-down-swords"
    assert places[0]["beside"]["beside"] is None
