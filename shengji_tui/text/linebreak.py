"""Where a paragraph breaks into lines of a width, Chinese included.

Rich and Textual break lines at spaces only: a Chinese sentence, which has
none, is cut wherever the width ends (a closing bracket may start a line:
"（抢庄" / "）"), and the few spaces it has (around a card, a key) become the
breaks ("标" / "主，按大小排列"). Here a line may also break between two
Chinese characters, except before closing punctuation (，。）…) and after
opening punctuation (（「…), and a break just after Chinese punctuation is
preferred when the line it ends is at least two-thirds full. Text without
wide characters breaks at spaces exactly as Rich does.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import pairwise

from ..untrusted import cells as untrusted_cells

NO_START = set("，。、；：？！）」』》〉】〕…—·,.;:?!)]}%")  # never at a line's start
NO_END = set("（「『《〈【〔([{")  # never at a line's end
AFTER_PUNCTUATION = set("，。、；：？！）」』》")  # a break after these reads best

# How good a break is: after Chinese punctuation; at a space (in the catalogue's
# Chinese a space sets off a card, a key or a number: a phrase's edge); between
# two characters (perhaps inside a word: the last resort before cutting one).
_CHAR, _SPACE, _PUNCT = 1, 2, 3


@lru_cache(maxsize=4096)
def cells(ch: str) -> int:
    """The cells a character takes in a terminal: 2 for wide (East Asian) ones,
    0 for combining marks, else 1, counted as the cleaning of players' text
    counts them (`untrusted.cells`: as Rich does, the symbols newer Unicode made
    wide included; no Rich here: the presenter and text/ load neither Rich nor
    Textual)."""
    return untrusted_cells(ch)


def cell_len(text: str) -> int:
    return sum(cells(ch) for ch in text)


def has_wide(text: str) -> bool:
    """Whether `text` holds a wide (Chinese) character."""
    return any(cells(ch) == 2 for ch in text)


def _wide(ch: str) -> bool:
    return cells(ch) == 2


def _classes(text: str) -> list[int]:
    """For each offset, how good a line start it is (0: not one)."""
    n = len(text)
    out = [0] * (n + 1)
    for i in range(1, n):
        a, b = text[i - 1], text[i]
        if b.isspace():
            continue
        if a.isspace():
            j = i - 1
            while j > 0 and text[j - 1].isspace():
                j -= 1
            before = text[j - 1] if j > 0 else ""
            # "1 张", "第 3 轮": a number and its word hold together
            glued = (before.isdigit() and _wide(b)) or (_wide(before) and b.isdigit())
            out[i] = 0 if glued else (_PUNCT if before in AFTER_PUNCTUATION else _SPACE)
        elif (_wide(a) or _wide(b)) and b not in NO_START and a not in NO_END:
            out[i] = _PUNCT if a in AFTER_PUNCTUATION else _CHAR
    return out


def wrap_lines(text: str, width: int) -> list[str]:
    """`text` (one paragraph) as lines of `width` cells (`break_offsets`)."""
    if 2 * len(text) <= width or cell_len(text) <= width:  # (one line: no break to find)
        return [text.rstrip()] if text else []
    edges = [0, *break_offsets(text, width), len(text)]
    return [text[a:b].rstrip() for a, b in pairwise(edges) if b > a]


def break_offsets(text: str, width: int) -> list[int]:
    """Offsets into `text` (one paragraph, no newline) where its lines start,
    none longer than `width` cells unless one word is (it is cut). The spaces at
    a break end the line before it (the caller strips them). A line ends at the
    best break that leaves it at least half full (else at the last break)."""
    width = max(1, width)
    n = len(text)
    classes = _classes(text)
    offsets: list[int] = []
    start = 0
    used = 0  # cells from `start` to `i`
    breaks: list[int] = []  # the line's possible breaks so far
    i = start
    while i < n:
        ch = text[i]
        if i > start and classes[i]:
            breaks.append(i)
        used += cells(ch)
        if used > width and not ch.isspace():
            offsets.append(_choose(text, start, breaks, classes, width, i))
            start = offsets[-1]
            while start < n and text[start].isspace():  # (no blank at a line's start)
                start += 1
            offsets[-1] = start
            used, breaks, i = 0, [], start
            continue
        i += 1
    return offsets


def _choose(
    text: str, start: int, breaks: list[int], classes: list[int], width: int, i: int
) -> int:
    """Where the line from `start` ends, overflowing at `i`."""
    for good in (_PUNCT, _SPACE):
        for b in reversed(breaks):
            if classes[b] >= good and cell_len(text[start:b].rstrip()) * 2 >= width:
                return b
    if breaks:
        return breaks[-1]
    return i if i > start else i + 1  # one word wider than the line: cut it
