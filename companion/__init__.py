"""Companion: a table-side helper for physical card games. The core never imports Textual."""

__version__ = "0.1.0"
