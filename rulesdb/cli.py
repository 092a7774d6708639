"""``companion rules QUERY``: search the rule texts from the command line.

``add_arguments`` is the one parser of both ``companion rules`` and ``python -m rulesdb.cli``,
and ``query_first`` lets a query start with ``-`` ("-excal" is a query, not an option).
``rules_command`` does the work and returns the exit status (0 found, 1 nothing matched or
no rule covers the question, 2 bad arguments). A question no rule covers says so first and
lists the closest passages under a "Closest" label; with ``--json`` it prints
``{"results": [], "reason": "No rule covers this.", "closest": [...]}``; when no passage holds
a word of it, the reason says so and ``closest`` is empty ("No rule matches" only when none of
its words is a word: maybe a slip). A ruling and the
paragraph it settles are one place (``rulesdb.settled``): the one beside is printed after its
place's own, labelled, and is ``beside`` in JSON (``null`` when none). Output is plain text or JSON, never Rich markup: it is meant for pipes and
terminals without the app. The rules index is imported only when a search runs.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, TextIO

from companion.text import shown
from rulesdb.settled import beside_label

if TYPE_CHECKING:
    from rulesdb.index import Hit, RulesIndex
    from rulesdb.texts import Section

RULE = "-" * 72
DEFAULT_LIMIT = 3
ECHO = 40  # at most this much of a query that found nothing is echoed back
_VALUED = ("--game", "--limit")
_FLAGS = ("--json", "--original", "-h", "--help")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("query", nargs="*", help="plain words; empty lists the contents")
    parser.add_argument("--game", metavar="GAME", help="one game's rules only (its id)")
    parser.add_argument(
        "--limit",
        type=int,
        help=f"how many sections (default {DEFAULT_LIMIT}; with no query, all the contents)",
    )
    parser.add_argument("--json", action="store_true", dest="as_json")
    parser.add_argument("--original", action="store_true", help="print the original paragraph under the English")


def query_first(args: Sequence[str]) -> list[str]:
    """The arguments with the query words after a ``--``, options first, so that a word
    starting with ``-`` that is no option of this command is part of the query."""
    options: list[str] = []
    words: list[str] = []
    rest = iter(args)
    for arg in rest:
        if arg == "--":
            words += rest
        elif arg in _VALUED:
            options += [arg, *[value for value in [next(rest, None)] if value is not None]]
        elif arg in _FLAGS or arg.split("=", 1)[0] in _VALUED:
            options.append(arg)
        else:
            words.append(arg)
    return options + (["--", *words] if words else [])


def run(args: argparse.Namespace) -> int:
    return rules_command(" ".join(args.query), args.game, args.limit, args.as_json, original=args.original)


def rules_command(
    query: str,
    game: str | None,
    limit: int | None,
    as_json: bool,
    out: TextIO | None = None,
    err: TextIO | None = None,
    index: RulesIndex | None = None,
    original: bool = False,
) -> int:
    from rulesdb.index import NO_RULE, UnknownGameError, get_index
    from rulesdb.query import parse_query

    out = sys.stdout if out is None else out
    err = sys.stderr if err is None else err
    index = get_index() if index is None else index
    if limit is not None and limit < 1:
        print(f"--limit must be at least 1, not {limit}.", file=err)
        return 2
    game = game.lower() if game else None
    contents = not query.strip()
    if contents:
        limit = len(index.toc()) if limit is None else limit
    elif not (parsed := parse_query(query)).words and not parsed.cjk_runs:
        return _nothing("Type a word to search the rules: punctuation alone matches nothing.", as_json, out, err)
    try:
        answer = index.ask(query, game, limit=limit or DEFAULT_LIMIT, mark=None)
    except UnknownGameError:
        known = ", ".join(info.game for info in index.games())
        print(f"Unknown game {shown(game or '')!r}: rule texts exist for {known}.", file=err)
        return 2
    hits = list(answer.hits)
    if hits and not answer.covered:
        if as_json:
            closest = [_as_dict(hit) for hit in hits]
            json.dump({"results": [], "reason": answer.reason, "closest": closest}, out, ensure_ascii=False, indent=2)
            out.write("\n")
        else:
            out.write(f"{answer.reason}\n\nClosest (not answers):\n")
            for hit in hits:
                out.writelines(
                    f"{pad}{h.section.title} ({h.section.id}): {h.plain_snippet}\n" for pad, h in _place(hit)
                )
        return 1
    if not hits:
        return _nothing(_unheld(query, answer.reason == NO_RULE), as_json, out, err)
    if as_json:
        json.dump([_as_dict(hit) for hit in hits], out, ensure_ascii=False, indent=2)
        out.write("\n")
    elif contents:
        _write_contents(hits, index, out)
    else:
        out.write(f"\n{RULE}\n".join(_as_text(hit, index, original) for hit in hits) + "\n")
    return 0


def _unheld(query: str, worded: bool) -> str:
    """Why no passage was found: a question whose words no rule holds, or (no word in it) a slip."""
    from rulesdb.index import NO_RULE

    asked = " ".join(query.split())
    asked = shown(asked if len(asked) <= ECHO else asked[: ECHO - 1] + "…")
    if worded:
        return f'{NO_RULE} No rule holds a word of "{asked}". Other words, or --game to widen/narrow, may find one.'
    return (
        f'No rule matches "{asked}". Try a shorter word, or --game to widen/narrow; an empty query lists the contents.'
    )


def _nothing(reason: str, as_json: bool, out: TextIO, err: TextIO) -> int:
    """Nothing found: the reason on stderr, or with ``--json`` the same shape as a question
    no rule covers, with no closest passages (exit status 1 either way)."""
    if as_json:
        json.dump({"results": [], "reason": reason, "closest": []}, out, ensure_ascii=False, indent=2)
        out.write("\n")
    else:
        print(reason, file=err)
    return 1


def _as_dict(hit: Hit) -> dict[str, Any]:
    section = hit.section
    return {
        "game": section.game,
        "id": section.id,
        "title": section.title,
        "kind": section.kind,
        "score": round(hit.score, 4),
        "snippet": hit.plain_snippet,
        "passage": hit.passage,
        "text": section.text,
        "original": section.original,
        "beside": _as_dict(hit.beside) if hit.beside else None,
    }


def _place(hit: Hit) -> list[tuple[str, Hit]]:
    """A place's hits, each with its indent: its own, then the one beside it."""
    return [("  ", hit)] + ([("    with ", hit.beside)] if hit.beside else [])


def _as_text(hit: Hit, index: RulesIndex, original: bool) -> str:
    section = hit.section
    game = next((info.name for info in index.games() if info.game == section.game), section.game)
    text = f"{section.title}\n{section.id} · {game} · {section.kind}\n\n"
    if hit.passage and hit.passage.split() != section.text.split():
        text += f"» {hit.passage}\n\nThe whole section:\n"
    text += section.text
    if original:
        text += "\n\n" + original_block(section)
    if hit.beside:
        text += f"\n\n{beside_label(hit.beside.section.kind)}:\n\n" + _as_text(hit.beside, index, original)
    return text


def original_block(section: Section) -> str:
    """The original paragraph with the seed lines it comes from, or why there is none."""
    if not section.original:
        kind = "the app's ruling" if section.kind == "ruling" else "a summary"
        return f"Original: none; this section is {kind}, not a translation."
    lines = ", ".join(f"{a}-{b}" if b > a else f"{a}" for a, b in section.lines)
    return f"Original (seed lines {lines}):\n{section.original}"


def _write_contents(hits: list[Hit], index: RulesIndex, out: TextIO) -> None:
    for info in index.games():
        sections = [hit.section for hit in hits if hit.section.game == info.game]
        if sections:
            out.write(f"{info.name} ({info.game})\n")
            width = max(len(section.id) for section in sections)
            out.writelines(f"  {s.id:<{width}}  {s.title}\n" for s in sections)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="rules", description="Search the rule texts.")
    add_arguments(parser)
    args = parser.parse_args(query_first(sys.argv[1:] if argv is None else argv))
    return run(args)


if __name__ == "__main__":
    sys.exit(main())
