"""A section's passages: its paragraphs and list items, and their sentences, each searched on its own.

A one-line rule at the end of a long section ("a defeated Holy Knight goes to the Dungeon")
drowns when the whole section is one row: bm25 normalises by the row's length. So the index
keeps each paragraph, and each top-level item of a list, as a row of its own, with its
section's title and topics beside it. A table stays whole (its rows mean nothing without its
header) and joins the paragraph before it, a heading or a label line ("*The app's ruling (not in the source):*") joins the
passage after it, and an item keeps its indented sub-items.
"""

from __future__ import annotations

import re

# A sentence ends at . ! ? or their CJK forms, before white space and a capital, a mark or a note.
_SENTENCE_END = re.compile(r"(?<=[.!?。！？])\s+(?=[A-Z*(\"“「※])|(?<=[。！？])(?=\S)")
_ITEM = re.compile(r"^(?:[-*]|\d+\.|#)\s")  # a top-level list item (no indentation)
_LABEL = re.compile(r"^\*{1,2}[^*].*\*{1,2}:?$|^.{0,60}:$")  # a heading or label line alone


def passages(text: str) -> tuple[str, ...]:
    """The text's passages in order; every line of the text is in exactly one of them."""
    found: list[str] = []
    pending = ""  # a heading or label waiting for the passage it introduces
    for block in re.split(r"\n\s*\n", text.strip()):
        if block.lstrip().startswith("|") and found and not pending:  # a table with the line it follows
            found[-1] = f"{found[-1]}\n{block.strip()}"
            continue
        for piece in _pieces(block):
            if _LABEL.match(piece) and "\n" not in piece:
                pending = f"{pending}\n{piece}" if pending else piece
                continue
            found.append(f"{pending}\n{piece}" if pending else piece)
            pending = ""
    if pending:
        found.append(pending)
    return tuple(found) or (text.strip(),)


def sentences(passage: str) -> tuple[str, ...]:
    """A passage's sentences, when it has more than one, each searched as a row of its own so
    that a short decisive note is not drowned by its paragraph; a table or a list with
    sub-items stays whole (no sentences)."""
    if "|" in passage or "\n  " in passage:
        return ()
    found = [" ".join(part.split()) for part in _SENTENCE_END.split(passage.strip()) if part.strip()]
    return tuple(found) if len(found) > 1 else ()


def _pieces(block: str) -> list[str]:
    lines = block.strip("\n").splitlines()
    if lines and lines[0].lstrip().startswith("|"):
        return [block.strip()]
    pieces: list[list[str]] = []
    for line in lines:
        if not pieces or _ITEM.match(line):
            pieces.append([line])
        else:
            pieces[-1].append(line)
    return ["\n".join(piece).strip() for piece in pieces if "".join(piece).strip()]


RULING_LABEL = "The app's ruling (not in the source)"
_LEADING_LABEL = re.compile(r"^\s*\*{1,2}" + re.escape(RULING_LABEL) + r":\*{1,2}\s*")


def unlabelled(text: str) -> str:
    """The text without the leading ruling label: a reader that says the kind of the
    section once (beside its id) shows the words of the ruling first."""
    return _LEADING_LABEL.sub("", text, count=1)
