"""Numbered schema upgrades under PRAGMA user_version, each run in one transaction.

These statements are the schema: every change to the tables is a new numbered step here, and
a file written by any earlier version is upgraded in order when it is opened. A test opens a
file written by version 1, kept as a fixture.
"""

from __future__ import annotations

import sqlite3

from companion.store.schema_version import CURRENT_VERSION

V1 = """
CREATE TABLE session (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    game TEXT NOT NULL,
    title TEXT NOT NULL,
    players TEXT NOT NULL,
    options TEXT NOT NULL,
    cursor INTEGER NOT NULL DEFAULT 0,
    created TEXT NOT NULL,
    updated TEXT NOT NULL
);
CREATE TABLE event (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    session_id INTEGER NOT NULL REFERENCES session(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    payload TEXT NOT NULL,
    turn TEXT NOT NULL,
    text TEXT NOT NULL,
    created TEXT NOT NULL,
    UNIQUE (session_id, seq)
);
"""

V2 = """
ALTER TABLE session ADD COLUMN summary TEXT NOT NULL DEFAULT '';
ALTER TABLE session ADD COLUMN finished INTEGER NOT NULL DEFAULT 0;
ALTER TABLE event ADD COLUMN dropped INTEGER NOT NULL DEFAULT 0;
CREATE TABLE card (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    game TEXT NOT NULL,
    kind TEXT NOT NULL,
    name TEXT NOT NULL,
    data TEXT NOT NULL,
    updated TEXT NOT NULL,
    UNIQUE (game, kind, name)
);
"""

V3 = """
CREATE TABLE snapshot (
    session_id INTEGER NOT NULL REFERENCES session(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    version TEXT NOT NULL,
    data BLOB NOT NULL,
    PRIMARY KEY (session_id, seq)
);
"""

# The log's version: bumped by every write to a session's log, so a window that has not
# reloaded is refused even when an undo and a new action left the cursor and length as it saw.
V4 = """
ALTER TABLE session ADD COLUMN version INTEGER NOT NULL DEFAULT 0;
"""

# Players: a person known across sessions. A seat of a session names its player; a player
# is never deleted while a seat names them (no cascade). Old sessions' names are matched to
# players by name, ignoring case and spaces at the ends (spelled as in their first session), so
# every Ann of the old file is one player until someone sets a seat apart. (With one min() in
# a grouped query, SQLite takes the other columns from that minimum's row.) `outcome` is a finished session's result, play time
# and figures as JSON, summarised at the game's end for the statistics; it is rebuildable (a
# missing or stale one is worked out again from the log), so this step leaves it empty.
V5 = """
CREATE TABLE player (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL,
    created TEXT NOT NULL
);
CREATE UNIQUE INDEX player_name ON player (name COLLATE NOCASE);
CREATE TABLE seat (
    session_id INTEGER NOT NULL REFERENCES session(id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    player_id INTEGER NOT NULL REFERENCES player(id),
    PRIMARY KEY (session_id, position)
);
CREATE INDEX seat_player ON seat (player_id);
CREATE TABLE outcome (
    session_id INTEGER NOT NULL PRIMARY KEY REFERENCES session(id) ON DELETE CASCADE,
    version INTEGER NOT NULL,
    data TEXT NOT NULL
);
INSERT INTO player (name, created)
    SELECT name, created FROM (
        SELECT trim(j.value) AS name, s.created AS created, min(s.id * 1000 + j.key) AS first
        FROM session s, json_each(s.players) j
        WHERE json_valid(s.players) AND trim(j.value) != ''
        GROUP BY trim(j.value) COLLATE NOCASE
    ) ORDER BY first;
INSERT INTO seat (session_id, position, player_id)
    SELECT s.id, j.key, p.id FROM session s, json_each(s.players) j
    JOIN player p ON p.name = trim(j.value) COLLATE NOCASE
    WHERE json_valid(s.players)
"""

# Settings the file keeps for itself, a value per key (the player who is "me" in BG Stats).
V6 = """
CREATE TABLE meta (
    key TEXT NOT NULL PRIMARY KEY,
    value TEXT NOT NULL
)
"""

# A typed line's later actions are `joined` to its first (one undo step). A snapshot carries
# the digest of the log prefix it stands for and of its own JSON (`snapshots.digest`): an
# older snapshot has none, so it is checked against the log by replay the first time it is
# read and rewritten with its digest at the next snapshot.
V7 = """
ALTER TABLE event ADD COLUMN joined INTEGER NOT NULL DEFAULT 0;
ALTER TABLE snapshot ADD COLUMN digest TEXT NOT NULL DEFAULT ''
"""

# Who serves a session's seats (`companion serve --seats`) and each seat's link token, so the
# table's screen in another process can show the links and renew them. A clean stop deletes
# its rows; a record left by a killed server is told apart by its process (pid and start mark).
V8 = """
CREATE TABLE serving (
    session_id INTEGER NOT NULL PRIMARY KEY REFERENCES session(id) ON DELETE CASCADE,
    address TEXT NOT NULL,
    everyone INTEGER NOT NULL,
    pid INTEGER NOT NULL,
    started TEXT NOT NULL
);
CREATE TABLE seat_link (
    session_id INTEGER NOT NULL REFERENCES serving(session_id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    name TEXT NOT NULL,
    token TEXT NOT NULL,
    PRIMARY KEY (session_id, position)
)
"""

UPGRADES = {1: V1, 2: V2, 3: V3, 4: V4, 5: V5, 6: V6, 7: V7, 8: V8}
assert max(UPGRADES) == CURRENT_VERSION


def upgrade(con: sqlite3.Connection, target: int = CURRENT_VERSION) -> int:
    """Bring the file to `target`, one step per transaction; returns the version reached."""
    version = con.execute("PRAGMA user_version").fetchone()[0]
    while version < target:
        step = version + 1
        con.execute("BEGIN IMMEDIATE")
        try:
            for statement in (s for s in UPGRADES[step].split(";") if s.strip()):
                con.execute(statement)
            con.execute(f"PRAGMA user_version = {step}")
            con.execute("COMMIT")
        except BaseException:
            con.execute("ROLLBACK")
            raise
        version = step
    return int(version)
