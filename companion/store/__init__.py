"""Persistence: one SQLite file. `files` is light and runs at start-up; `repo` imports SQLModel."""
