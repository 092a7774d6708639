"""Play time and local time, as every export and statistic reads them."""

from datetime import UTC, datetime, timedelta

from companion.clock import GAP_CAP_SECONDS, active_seconds, local, parse


def test_play_time_sums_the_gaps_and_caps_a_night():
    start = datetime(2026, 12, 1, 20, 0, tzinfo=UTC)
    times = [start, start + timedelta(minutes=5), start + timedelta(minutes=12), start + timedelta(hours=14)]
    iso = [t.isoformat() for t in times]
    assert active_seconds(iso) == 12 * 60 + GAP_CAP_SECONDS


def test_play_time_of_one_action_or_none_is_zero():
    assert active_seconds([]) == 0
    assert active_seconds(["2026-12-01T20:00:00+00:00"]) == 0


def test_a_time_without_offset_is_utc_and_local_keeps_the_moment():
    assert parse("2026-12-01T20:00:00") == datetime(2026, 12, 1, 20, 0, tzinfo=UTC)
    assert local("2026-12-01T20:00:00+00:00") == datetime(2026, 12, 1, 20, 0, tzinfo=UTC)
    assert local("2026-12-01T20:00:00+00:00").tzinfo is not None
