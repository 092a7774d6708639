"""Wall-clock time in one place, so the app and the tests can swap it for a fixed clock.

The store keeps UTC (ISO 8601 with its offset); a person reads local time (`local`), and play
time is the active time between actions (`active_seconds`), so a game resumed the next day
does not count the night.
"""

from collections.abc import Iterable
from datetime import UTC, datetime

# A gap between two actions longer than this counts as this much play (a break, a night).
GAP_CAP_SECONDS = 30 * 60


def utc_now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def parse(iso: str) -> datetime:
    """A stored time; one without an offset is taken as UTC, as the store writes them."""
    moment = datetime.fromisoformat(iso)
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def local(iso: str) -> datetime:
    """A stored time in this machine's zone."""
    return parse(iso).astimezone()


def active_seconds(times: Iterable[str], cap: int = GAP_CAP_SECONDS) -> int:
    """The play time of a log: the gaps between consecutive actions, each at most `cap`. A
    time the store could not read ("") is left out."""
    total = 0.0
    previous: datetime | None = None
    for iso in times:
        if not iso:
            continue
        moment = parse(iso)
        if previous is not None:
            total += min(max((moment - previous).total_seconds(), 0.0), cap)
        previous = moment
    return int(total)
