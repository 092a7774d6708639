"""The file's flush to the disk, right after each commit and off the action's path.

A write commits in WAL mode with synchronous NORMAL: the transaction is whole in the file's
write-ahead log, every other connection sees it, and a killed process loses none of it (the
operating system holds it). What synchronous FULL adds is the log's fsync inside the commit:
the wait for the disk itself, most of a commit's time and nearly all of its worst cases. Here
that same fsync runs on a thread SETTLE after the commit returns, once the screen has shown
the action: the thread's Python needs the interpreter's lock, and taken during the repaint it
delayed the first frame by about 0.4 ms (half the bare app's repaint is 2.5 ms). The disk has
each action milliseconds after the screen shows it (a burst's actions in one fsync), and only
a power cut in those milliseconds could take it back (SQLite's log keeps the file whole either
way). If the log cannot be flushed from here, `failed` says why and the door goes back to
synchronous FULL.
"""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

SETTLE = 0.01  # seconds from a commit to its flush: a first frame takes 3-5 ms


class Flusher:
    def __init__(self, database: Path) -> None:
        real = database.resolve()  # SQLite keeps the -wal beside the file a link points to
        self.wal = real.with_name(real.name + "-wal")
        self.failed: str | None = None
        self.flushes = 0  # how many times the log reached the disk from here
        self._due = threading.Condition()
        self._asked = 0  # commits asked to be flushed so far
        self._done = 0  # of them, flushed
        self._closing = False
        self._thread: threading.Thread | None = None
        self._fd: int | None = None

    def after_commit(self) -> None:
        """A commit has just returned: have the log on the disk as soon as it can be."""
        with self._due:
            self._asked += 1
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="companion-flush", daemon=True)
                self._thread.start()
            self._due.notify()

    def wait(self) -> None:
        """Until every commit asked so far is on the disk (or the flush failed)."""
        with self._due:
            self._due.wait_for(lambda: self._done >= self._asked or self.failed is not None)

    def close(self) -> None:
        """Flush what is left, stop the thread, let go of the log."""
        with self._due:
            self._closing = True
            self._due.notify()
            thread = self._thread
        if thread is not None:
            thread.join()
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None

    def _run(self) -> None:
        while True:
            with self._due:
                self._due.wait_for(lambda: self._asked > self._done or self._closing)
                closing = self._closing
            if not closing:
                time.sleep(SETTLE)
            with self._due:
                target, closing = self._asked, self._closing
            if target > self._done and self.failed is None:
                self._flush()
            with self._due:
                self._done = target
                self._due.notify_all()
                if closing and self._asked == target:
                    return

    def _flush(self) -> None:
        try:
            if self._fd is None:
                # Written through SQLite only; this handle only asks the disk to keep it
                # (Windows flushes a file only through a handle that may write).
                self._fd = os.open(self.wal, os.O_RDWR | getattr(os, "O_BINARY", 0))
            os.fsync(self._fd)
            self.flushes += 1
        except OSError as exc:
            self.failed = f"{self.wal}: {exc.strerror or exc}"
