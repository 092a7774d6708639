"""Wall-clock time in one place, so the app and the tests can swap it for a fixed clock."""

from datetime import UTC, datetime


def utc_now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")
