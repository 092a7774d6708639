"""Writing an export to a file without ever destroying one.

An export never lands on the database (or any SQLite file), never replaces a file unless the
player said so (`--force`, or yes in the app), and is written to a temporary file beside the
target, flushed to disk, then renamed over it: a full disk or a crash leaves the old file
whole, never half of the new one. Every refusal is one line naming the file and the reason.
"""

from __future__ import annotations

import errno
import os
import stat
import tempfile
from pathlib import Path

from companion.store.files import HEADER

SIDECARS = ("-wal", "-shm", "-journal")
WAL_MAGIC = (bytes.fromhex("377f0682"), bytes.fromhex("377f0683"))


class ExportRefused(Exception):
    """The export was not written; the message says why in one line."""


class NeedsForce(ExportRefused):
    """The target exists: replacing it needs the player's yes."""


def _same_file(a: Path, b: Path) -> bool:
    try:
        return a.exists() and b.exists() and os.path.samefile(a, b)
    except OSError:
        return False


def check_target(name: str | Path, database: Path | None, force: bool) -> Path:
    """The path to write, or ExportRefused with the reason."""
    if isinstance(name, str) and not name.strip():
        raise ExportRefused("No file name given for the export.")
    target = Path(name).expanduser()
    if database is not None:
        # The database as named and as resolved (through a symlink the live -wal lies beside
        # the real file), each with the files SQLite keeps beside it.
        sidecars = [
            db.with_name(db.name + suffix)
            for db in {database.expanduser(), database.expanduser().resolve()}
            for suffix in ("", *SIDECARS)
        ]
        resolved = target.resolve()
        if any(_same_file(target, p) or resolved == p.absolute() for p in sidecars):
            raise ExportRefused(f"{target} is the database itself; choose another file for the export.")
    folder = target.parent
    if target.is_dir():
        raise ExportRefused(f"{target} is a folder; give a file name inside it.")
    if not folder.exists():
        raise ExportRefused(f"{target}: the folder {folder} does not exist.")
    if not folder.is_dir():
        raise ExportRefused(f"{target}: {folder} is not a folder.")
    if target.exists() or target.is_symlink():
        mode = target.stat().st_mode if target.exists() else 0
        if not stat.S_ISREG(mode):
            raise ExportRefused(f"{target} is not a regular file; Companion writes exports only to files.")
        if _is_sqlite(target):
            raise ExportRefused(f"{target} is an SQLite database; Companion never writes an export over one.")
        if target.name.endswith(SIDECARS) or _is_wal(target):
            raise ExportRefused(
                f"{target} is a file SQLite keeps beside a database (its log or lock); "
                "Companion never writes an export over one."
            )
        if not force:
            raise NeedsForce(f"{target} already exists; pass --force to replace it.")
    if not os.access(folder, os.W_OK):
        raise ExportRefused(f"{target}: cannot write in {folder} (permission denied).")
    return target


def _is_wal(path: Path) -> bool:
    try:
        with path.open("rb") as f:
            return f.read(4) in WAL_MAGIC
    except OSError:
        return False


def _is_sqlite(path: Path) -> bool:
    try:
        with path.open("rb") as f:
            return f.read(len(HEADER)) == HEADER
    except OSError:
        return False


def write_export(text: str, target: str | Path, database: Path | None, force: bool = False) -> Path:
    """Write `text` to `target` safely (see the module); returns the path written."""
    target = check_target(target, database, force)
    data = text.encode("utf-8")
    folder = target.parent
    try:
        fd, temp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    except OSError as exc:
        raise ExportRefused(f"{target}: cannot write in {folder} ({_reason(exc)}).") from None
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(temp, _mode_for(target))
        os.replace(temp, target)
    except OSError as exc:
        Path(temp).unlink(missing_ok=True)
        kept = " (the file there is unchanged)" if target.exists() else ""
        raise ExportRefused(f"{target}: not written, {_reason(exc)}{kept}.") from None
    _sync_folder(folder)
    return target


def _mode_for(target: Path) -> int:
    if target.exists():
        return stat.S_IMODE(target.stat().st_mode)
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


def _sync_folder(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _reason(exc: OSError) -> str:
    if exc.errno in (errno.ENOSPC, errno.EDQUOT):
        return "the disk is full"
    if exc.errno == errno.EFBIG:
        return "the file would be larger than this system allows"
    if exc.errno in (errno.EACCES, errno.EPERM):
        return "permission denied"
    if exc.errno == errno.EROFS:
        return "the disk is read-only"
    return exc.strerror or str(exc)
