"""Your hand, grouped by effective suit (trumps last, in trump order).

A group header shows the suit once; trumps carry a trump header and level
cards / jokers their full label. Above each card: ▲ selected, + new from the
kitty (or dealt last). The cursor is reverse video. Too wide: wraps onto more
rows.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.message import Message

from ..props import HandGroup, HandProps
from .lines import LineWidget


@dataclass(frozen=True)
class Slot:
    index: int | None  # hand index, None for a group header
    x: int
    text: str
    width: int


def hand_rows(groups: tuple[HandGroup, ...], width: int) -> list[list[Slot]]:
    """The hand's slots row by row. Each card is a space then its label (" 7",
    " 10", " 5♠"); a group is its header then its cards; groups are two spaces
    apart. A suit that fits on a row is not split across two (a four-deck hand:
    "♦ 3 5 7 7 8 9 9 A A" / "A") unless keeping suits whole takes more rows;
    rows wrap by card, never leaving a header at the end of a row."""
    if not groups:
        return []
    width = max(width, 10)
    whole = _rows(groups, width, keep_groups=True)
    split = _rows(groups, width, keep_groups=False)
    return whole if len(whole) <= len(split) else split


def _group_width(group: HandGroup) -> int:
    return cell_len(group.header) + sum(1 + cell_len(c.label) for c in group.cards)


def _rows(groups: tuple[HandGroup, ...], width: int, keep_groups: bool) -> list[list[Slot]]:
    rows: list[list[Slot]] = [[]]
    x = 0
    for group in groups:
        hw = cell_len(group.header)
        first_w = 1 + cell_len(group.cards[0].label) if group.cards else 0
        gap = 2 if x else 0
        gw = _group_width(group)
        if x and (x + gap + hw + first_w > width or (keep_groups and x + gap + gw > width >= gw)):
            rows.append([])
            x, gap = 0, 0
        x += gap
        rows[-1].append(Slot(None, x, group.header, hw))
        x += hw
        for card in group.cards:
            w = cell_len(card.label)
            if x + 1 + w > width:
                rows.append([])
                x = 0
            rows[-1].append(Slot(card.at, x + 1, card.label, w))
            x += 1 + w
    return rows


class HandView(LineWidget[HandProps]):
    class CardClicked(Message):
        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    _rows_cache: tuple[object, list[list[Slot]]] | None = None

    def layout_rows(self, width: int) -> list[list[Slot]]:
        """The rows for `width` (kept: a function of the groups and the width)."""
        groups = self.props.groups
        cached = self._rows_cache
        if cached is not None and cached[0] == (width, groups):
            return cached[1]
        rows = hand_rows(groups, width)
        self._rows_cache = ((width, groups), rows)
        return rows

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        return max(2, 2 * len(self.layout_rows(width)))

    def build(self) -> Text:
        p = self.props
        styles = self.styles_table
        width = self.content_size.width
        rows = self.layout_rows(width)
        if not rows:
            return Text(p.empty, style=styles["seat--dim"])
        chips = {card.at: card.chip for group in p.groups for card in group.cards}
        headers = {group.header: group.trump for group in p.groups}
        turn, cursor = styles["seat--turn"], styles["card--cursor"]
        header_style = styles["card--header"]
        trump_header = styles["card--trump-header"]
        out: list[Text] = []
        for row in rows:
            marks = [" "] * width
            line = Text(no_wrap=True)
            x = 0
            for slot in row:
                if slot.x > x:
                    line.append(" " * (slot.x - x))
                    x = slot.x
                if slot.index is None:
                    style = trump_header if headers.get(slot.text) else header_style
                    line.append(slot.text, style=style)
                    x += cell_len(slot.text)
                    continue
                style = styles.chip(chips[slot.index])
                if slot.index == p.cursor:
                    style += cursor
                line.append(slot.text, style=style)
                x += cell_len(slot.text)
                mx = slot.x + slot.width - 1
                mark = p.marks[slot.index]
                if mark and 0 <= mx < len(marks):
                    marks[mx] = mark
            out.append(Text("".join(marks).rstrip(), style=turn))
            out.append(line)
        return Text("\n").join(out)

    def on_click(self, event: events.Click) -> None:
        at = event.get_content_offset(self)
        if at is None:
            return
        rows = self.layout_rows(self.content_size.width)
        r = at.y // 2
        if not 0 <= r < len(rows):
            return
        for slot in rows[r]:
            if slot.index is not None and slot.x <= at.x < slot.x + slot.width:
                self.post_message(self.CardClicked(slot.index))
                return
