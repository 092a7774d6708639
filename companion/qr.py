"""A QR code as lines of text for the terminal: two modules a character (`▀`, `▄`, `█`), so
each module is about square in a terminal cell twice as tall as it is wide.

segno (a pure-Python encoder, ISO/IEC 18004) makes the matrix; the screen draws the lines
black on white, whatever the terminal's colours, with a quiet zone round the code.
"""

from __future__ import annotations

import segno

QUIET = 2  # modules of white round the code; phone cameras read a terminal's code with 2
BLOCKS = {(False, False): " ", (True, False): "▀", (False, True): "▄", (True, True): "█"}


def matrix(text: str) -> list[list[bool]]:
    """The code's modules (True: dark), quiet zone included; error correction L, the smallest."""
    code = segno.make(text, error="l", micro=False, boost_error=False)
    rows = [[bool(m) for m in row] for row in code.matrix]
    width = len(rows[0]) + 2 * QUIET
    blank = [False] * width
    return [*([blank] * QUIET), *([False] * QUIET + r + [False] * QUIET for r in rows), *([blank] * QUIET)]


def lines(text: str) -> list[str]:
    """The code as text lines, two rows of modules per line (dark modules as the ink)."""
    m = matrix(text)
    if len(m) % 2:
        m.append([False] * len(m[0]))
    return [
        "".join(BLOCKS[(top, bottom)] for top, bottom in zip(m[i], m[i + 1], strict=True)) for i in range(0, len(m), 2)
    ]
