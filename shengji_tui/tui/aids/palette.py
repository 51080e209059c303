"""The command palette's entries for what a player may look at beside the
table (the card counter, the kitty the seat buried): the table screen's own
actions, offered only when they work."""

from __future__ import annotations

from collections.abc import Iterator

from textual.app import SystemCommand

from ..screens.table import TableScreen
from .presenter import counter_refusal, kitty_refusal


def aid_commands(table: TableScreen | None) -> Iterator[SystemCommand]:
    if table is None:
        return
    m = table.model
    t = m.prefs.cat.t
    if counter_refusal(m) is None:
        yield SystemCommand(
            t("aids.counter_palette"), t("aids.counter_palette_help"), table.action_counter
        )
    if kitty_refusal(m) is None:  # (the seat's view holds the kitty: its burier's alone)
        yield SystemCommand(
            t("aids.kitty_palette"), t("aids.kitty_palette_help"), table.action_kitty
        )
