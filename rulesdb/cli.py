"""``companion rules QUERY``: search the rule texts from the command line.

``rules_command`` does the work and returns the exit status (0 found, 1 nothing matched,
2 bad arguments) so the main CLI only wires argparse to it. Output is plain text or JSON,
never Rich markup: it is meant for pipes and terminals without the app.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TextIO

from rulesdb.index import Hit, RulesIndex, UnknownGameError, get_index

RULE = "-" * 72


def rules_command(
    query: str,
    game: str | None,
    limit: int,
    as_json: bool,
    out: TextIO | None = None,
    err: TextIO | None = None,
    index: RulesIndex | None = None,
) -> int:
    out = sys.stdout if out is None else out
    err = sys.stderr if err is None else err
    index = get_index() if index is None else index
    if limit < 1:
        print(f"--limit must be at least 1, not {limit}.", file=err)
        return 2
    contents = not query.strip()
    try:
        hits = index.search(query, game, limit=len(index.toc()) if contents else limit, mark=None)
    except UnknownGameError:
        known = ", ".join(info.game for info in index.games())
        print(f"Unknown game {game!r}: rule texts exist for {known}.", file=err)
        return 2
    if not hits:
        print(
            f'No rule matches "{query.strip()}". Try a shorter word, or --game to widen/narrow; '
            "an empty query lists the contents.",
            file=err,
        )
        return 1
    if as_json:
        json.dump([_as_dict(hit) for hit in hits], out, ensure_ascii=False, indent=2)
        out.write("\n")
    elif contents:
        _write_contents(hits, index, out)
    else:
        out.write(f"\n{RULE}\n".join(_as_text(hit, index) for hit in hits) + "\n")
    return 0


def _as_dict(hit: Hit) -> dict:
    section = hit.section
    return {
        "game": section.game,
        "id": section.id,
        "title": section.title,
        "kind": section.kind,
        "score": round(hit.score, 4),
        "snippet": hit.plain_snippet,
        "text": section.text,
    }


def _as_text(hit: Hit, index: RulesIndex) -> str:
    section = hit.section
    game = next((info.name for info in index.games() if info.game == section.game), section.game)
    return f"{section.title}\n{section.id} · {game} · {section.kind}\n\n{section.text}"


def _write_contents(hits: list[Hit], index: RulesIndex, out: TextIO) -> None:
    for info in index.games():
        sections = [hit.section for hit in hits if hit.section.game == info.game]
        if sections:
            out.write(f"{info.name} ({info.game})\n")
            width = max(len(section.id) for section in sections)
            out.writelines(f"  {s.id:<{width}}  {s.title}\n" for s in sections)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="rules", description="Search the rule texts.")
    parser.add_argument("query", nargs="*", help="plain words; empty lists the contents")
    parser.add_argument("--game", help="one game's rules only (its id)")
    parser.add_argument("--limit", type=int, default=5)
    parser.add_argument("--json", action="store_true", dest="as_json")
    args = parser.parse_args(argv)
    return rules_command(" ".join(args.query), args.game, args.limit, args.as_json)


if __name__ == "__main__":
    sys.exit(main())
