"""Rule texts of the three games and their full-text search.

This package is data plus a small search engine; it never imports textual or the screens,
so the CLI and the core can use it without starting the UI.
"""

from rulesdb.index import Hit, RulesIndex, UnknownGameError, get_index
from rulesdb.texts import GameTexts, Section, TextsError, games, load, load_all

__all__ = [
    "GameTexts",
    "Hit",
    "RulesIndex",
    "Section",
    "TextsError",
    "UnknownGameError",
    "games",
    "get_index",
    "load",
    "load_all",
]
