"""Load and validate the translated rule texts (``rulesdb/texts/<game>.toml``).

The TOML files are the single source of truth; everything else (the search index, the
app's rules screen, the CLI) is derived from the frozen ``Section`` values returned here.
The texts are located through ``importlib.resources`` so an installed package finds them
as well as a checkout does. Validation is strict and names the file and section, because
a broken cross-reference or a duplicate id would otherwise surface as a confusing search
result far from its cause. The format is described in ``texts/FORMAT.md``.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field, replace
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

KINDS = ("source", "ruling", "quickref")

_ID = re.compile(r"[a-z0-9]+(?:[._-][a-z0-9]+)*")
_LINES = re.compile(r"(\d+)(?:-(\d+))?")
# lowercase words, or a run of CJK characters
_SYNONYM = re.compile(r"[a-z0-9]+(?: [a-z0-9]+)*|[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]+")


class TextsError(ValueError):
    """A rule text file is malformed; the message names the file and the section."""


@dataclass(frozen=True)
class GameTexts:
    game: str
    name: str
    original: str
    seed: str
    phases: tuple[str, ...] = ()  # the phases its sections may name (the game's `rules_phases`)
    unanswered: tuple[str, ...] = ()  # questions players ask that no section answers


@dataclass(frozen=True)
class Section:
    game: str
    id: str
    title: str
    kind: str
    phases: tuple[str, ...]
    topics: tuple[str, ...]
    see: tuple[str, ...]
    lines: tuple[tuple[int, int], ...]
    text: str
    original: str = ""  # the seed lines it translates (source sections), as printed
    asks: tuple[str, ...] = ()  # questions players ask that this section answers, in their words

    @property
    def first_line(self) -> str:
        return next((line.strip() for line in self.text.splitlines() if line.strip()), "")

    def covers(self, line: int) -> bool:
        return any(first <= line <= last for first, last in self.lines)


@dataclass(frozen=True)
class Texts:
    games: tuple[GameTexts, ...]
    sections: tuple[Section, ...]
    # Per game: a word a player may use -> the words the texts use for it (synonyms/<game>.toml)
    synonyms: dict[str, dict[str, tuple[str, ...]]] = field(default_factory=dict)


def texts_root() -> Traversable:
    return files("rulesdb") / "texts"


def load(texts_dir: Path | Traversable | None = None) -> Texts:
    root = texts_root() if texts_dir is None else texts_dir
    entries = sorted(
        (entry for entry in root.iterdir() if entry.name.endswith(".toml")),
        key=lambda entry: entry.name,
    )
    games: list[GameTexts] = []
    sections: list[Section] = []
    for entry in entries:
        game, game_sections = _parse_file(entry, root)
        games.append(game)
        sections.extend(game_sections)
    _check_ids(sections)
    common = _synonyms(root / "synonyms" / "common.toml")
    synonyms = {
        info.game: with_common(_synonyms(root / "synonyms" / f"{info.game}.toml"), common, info.game, sections)
        for info in games
    }
    return Texts(tuple(games), tuple(sections), synonyms)


def with_common(
    table: dict[str, tuple[str, ...]], common: dict[str, tuple[str, ...]], game: str, sections: list[Section]
) -> dict[str, tuple[str, ...]]:
    """The game's table over the common one: of a common entry, the words the game's titles
    and topics name (what its rules are about, not a word in passing: mm5's attackers "swap
    over"), kept beside the game's own words for the key, so a game's sense never hides the
    shared one."""
    said = " ".join(f"{s.title} {' '.join(s.topics)}".lower() for s in sections if s.game == game)
    held = set(re.findall(r"[a-z0-9]+", said))
    added = {}
    for key, words in common.items():
        kept = tuple(word for word in words if set(word.split()) <= held)
        if kept:
            added[key] = tuple(dict.fromkeys((*table.get(key, ()), *kept)))
    return table | added


def load_all(texts_dir: Path | Traversable | None = None) -> tuple[Section, ...]:
    return load(texts_dir).sections


def games(texts_dir: Path | Traversable | None = None) -> tuple[GameTexts, ...]:
    return load(texts_dir).games


def _parse_file(entry: Traversable, root: Path | Traversable) -> tuple[GameTexts, list[Section]]:
    where = f"rulesdb/texts/{entry.name}"
    try:
        data = tomllib.loads(entry.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as error:
        raise TextsError(f"{where}: not valid TOML: {error}") from error
    stem = entry.name.removesuffix(".toml")
    game = _text(data, "game", where)
    if game != stem:
        raise TextsError(f"{where}: game = {game!r} but the file is named {stem}.toml")
    info = GameTexts(
        game=game,
        name=_text(data, "name", where),
        original=_text(data, "original", where, required=False),
        seed=_text(data, "seed", where),
        phases=_words(data, "phases", where),
        unanswered=_asks(data, "unanswered", where),
    )
    raw_sections = data.get("section", [])
    if not isinstance(raw_sections, list) or not raw_sections:
        raise TextsError(f"{where}: no [[section]] tables")
    sections = [_parse_section(game, raw, where, info.phases or None) for raw in raw_sections]
    seed = root / "seeds" / info.seed
    if seed.is_file():
        lines = seed.read_text(encoding="utf-8").splitlines()
        sections = [replace(s, original=_original(s, lines)) for s in sections]
    return info, sections


def _original(section: Section, lines: list[str]) -> str:
    """The seed lines a section cites; blank lines, rules (----) and indentation dropped."""
    cited = [line.strip() for first, last in section.lines for line in lines[first - 1 : last]]
    return "\n".join(line for line in cited if any(c.isalnum() for c in line))


def _synonyms(entry: Path | Traversable) -> dict[str, tuple[str, ...]]:
    """A synonym table: ``word = ["text word", ...]``: one or two lowercase words as a key,
    or CJK (``每個人 = ["每位玩家"]``, applied where a CJK query contains the key)."""
    if not entry.is_file():
        return {}
    where = f"rulesdb/texts/synonyms/{entry.name}"
    try:
        data = tomllib.loads(entry.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as error:
        raise TextsError(f"{where}: not valid TOML: {error}") from error
    table = {}
    for key in data:
        words = _words(data, key, where)
        if not (_SYNONYM.fullmatch(key) and len(key.split()) <= 2 and words):
            raise TextsError(f"{where}: {key!r} must be one or two lowercase words, or CJK")
        if not all(_SYNONYM.fullmatch(word) for word in words):
            raise TextsError(f"{where}: {key!r}: synonyms must be lowercase words, or CJK")
        table[key] = words
    return table


def _parse_section(game: str, raw: dict[str, Any], where: str, known: tuple[str, ...] | None) -> Section:
    section_id = _text(raw, "id", where)
    where = f"{where}: section {section_id!r}"
    if not _ID.fullmatch(section_id) or not section_id.startswith(f"{game}."):
        raise TextsError(f"{where}: id must be lowercase <game>.<area>.<slug> starting {game}.")
    kind = _text(raw, "kind", where)
    if kind not in KINDS:
        raise TextsError(f"{where}: kind {kind!r} is not one of {', '.join(KINDS)}")
    phases = _words(raw, "phases", where)
    unknown = [phase for phase in phases if known is not None and phase not in known]
    if unknown:
        has = ", ".join(known or ()) or "no rule phases"
        raise TextsError(f"{where}: unknown phase(s) {', '.join(unknown)}; {game} has {has}")
    return Section(
        game=game,
        id=section_id,
        title=_text(raw, "title", where),
        kind=kind,
        phases=phases,
        topics=_words(raw, "topics", where),
        see=_words(raw, "see", where),
        lines=_lines(raw, kind, where),
        text=_text(raw, "text", where).strip(),
        asks=_asks(raw, "asks", where),
    )


def _text(table: dict[str, Any], key: str, where: str, *, required: bool = True) -> str:
    value = table.get(key, "")
    if not isinstance(value, str):
        raise TextsError(f"{where}: {key} must be a string, not {type(value).__name__}")
    if required and not value.strip():
        raise TextsError(f"{where}: {key} is missing or empty")
    return value


MOST_ASKS = 64  # asks of a section, or unanswered questions of a game, the index can hold


def _asks(table: dict[str, Any], key: str, where: str) -> tuple[str, ...]:
    asks = _words(table, key, where)
    if len(asks) > MOST_ASKS:
        raise TextsError(f"{where}: {key} holds {len(asks)} questions; at most {MOST_ASKS}")
    return asks


def _words(table: dict[str, Any], key: str, where: str) -> tuple[str, ...]:
    value = table.get(key, [])
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise TextsError(f"{where}: {key} must be a list of strings")
    return tuple(value)


def _lines(table: dict[str, Any], kind: str, where: str) -> tuple[tuple[int, int], ...]:
    spans = _words(table, "lines", where)
    if kind == "source" and not spans:
        raise TextsError(f'{where}: a source section needs lines = ["first-last", ...]')
    if kind != "source" and spans:
        raise TextsError(f"{where}: only source sections have lines (this one is {kind})")
    ranges = []
    for span in spans:
        match = _LINES.fullmatch(span.strip())
        first, last = (int(match[1]), int(match[2] or match[1])) if match else (0, 0)
        if not match or first < 1 or last < first:
            raise TextsError(f"{where}: lines entry {span!r} is not N or N-M with 1 <= N <= M")
        ranges.append((first, last))
    return tuple(ranges)


def _check_ids(sections: list[Section]) -> None:
    seen: dict[str, Section] = {}
    for section in sections:
        if section.id in seen:
            raise TextsError(f"rulesdb/texts/{section.game}.toml: section id {section.id!r} appears twice")
        seen[section.id] = section
    for section in sections:
        missing = [target for target in section.see if target not in seen]
        if missing:
            raise TextsError(
                f"rulesdb/texts/{section.game}.toml: section {section.id!r}: "
                f"see {', '.join(repr(m) for m in missing)} does not exist"
            )
