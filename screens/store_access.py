"""The one typed way a screen reaches the app's store (no attribute guessing on `App`)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from textual.app import App

from companion.settings import Settings
from companion.store.files import StoreError
from companion.store.repo import Repository


def store(app: App[Any]) -> Repository:
    """The app's open Repository; StoreError (a message for the player) while it is not open."""
    repo = getattr(app, "repo", None)
    if not isinstance(repo, Repository):
        raise StoreError("The database is not open yet; try again in a moment.")
    return repo


def db_file(app: App[Any]) -> Path:
    """The database file the app was started on."""
    path = getattr(app, "db_path", None)
    if not isinstance(path, Path):
        raise StoreError("No database file is open.")
    return path


def bgg_ids(app: App[Any]) -> Mapping[str, int]:
    """The settings file's BoardGameGeek ids (by game id or free-play name) the exports carry."""
    settings = getattr(app, "settings", None)
    return settings.bgg_ids if isinstance(settings, Settings) else {}
