"""The schema version this Companion writes; kept apart so the start-up check stays light."""

CURRENT_VERSION = 8
