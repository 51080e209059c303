"""The help's text, laid out for its width: headings, items with a hanging
indent, the scoring table in columns, **bold** key names. Lines break as the
table's texts do (text/linebreak.py): Chinese between characters, after its
punctuation by preference, never before a closing bracket. (Textual's
Markdown breaks at spaces only: a Chinese item broke at the space around a
bold word, or put "）" at the start of a line.)"""

from __future__ import annotations

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text

from ...text import break_offsets
from ..widgets.lines import LineWidget, Painting

BULLET = "• "


def markup(text: str) -> Text:
    """`**bold**` spans as bold."""
    out = Text()
    for k, part in enumerate(text.split("**")):
        out.append(part, Style(bold=True) if k % 2 else None)
    return out


def wrapped(text: Text, width: int, first: str = "", rest: str = "") -> list[Text]:
    """`text` broken into lines of `width` cells, `first` before the first line
    and `rest` before the others (a hanging indent)."""
    room = max(1, width - cell_len(first))
    parts = list(text.divide(break_offsets(text.plain, room))) if text.plain else [Text()]
    out: list[Text] = []
    for k, part in enumerate(parts):
        part.rstrip()
        line = Text(first if k == 0 else rest)
        line.append_text(part)
        out.append(line)
    return out


def table(rows: list[list[str]], width: int) -> list[Text]:
    """Rows of cells (the first the header) in columns two spaces apart."""
    cols = max(len(r) for r in rows)
    widths = [max(cell_len(r[c]) if c < len(r) else 0 for r in rows) for c in range(cols)]
    out: list[Text] = []
    for k, row in enumerate(rows):
        line = Text(style=Style(bold=True) if k == 0 else "")
        for c, cell in enumerate(row):
            line.append(cell + " " * (widths[c] - cell_len(cell) + 2 if c < cols - 1 else 0))
        line.truncate(width)
        out.append(line)
    return out


def layout(source: str, width: int) -> Text:
    """The help's Markdown (markdown.py) as lines of `width` cells."""
    lines: list[Text] = []
    rows: list[list[str]] = []
    for raw in [*source.split("\n"), ""]:
        if raw.startswith("|"):
            cells = [c.strip() for c in raw.strip().strip("|").split("|")]
            if not all(set(c) <= set("-: ") for c in cells):  # (not the separator row)
                rows.append(cells)
            continue
        if rows:
            lines += table(rows, width)
            rows = []
        if raw.startswith("#"):
            title = raw.lstrip("#").strip()
            lines += wrapped(Text(title, Style(bold=True, underline=raw.startswith("## "))), width)
        elif raw.startswith("- "):
            lines += wrapped(markup(raw[2:]), width, BULLET, " " * cell_len(BULLET))
        elif raw:
            lines += wrapped(markup(raw), width)
        else:
            lines.append(Text())
    while lines and not lines[-1].plain:
        lines.pop()
    return Text("\n").join(lines)


class HelpText(LineWidget[str]):
    """The help (its Markdown source, markdown.py, as props), laid out for the width
    it is painted at."""

    DEFAULT_CSS = """
    HelpText {
        height: auto;
    }
    """

    _width = 80

    def _current(self, width: int) -> Painting:
        self._width = width  # (the text is laid out for the width it is cut at)
        return super()._current(width)

    def build(self) -> Text:
        return layout(self.props, self._width)
