"""The auction's actions on the table screen: ← → choose a bid (or a trump),
enter bids (or names it), p passes, 1-9 bid the listed values (or name the
listed trumps) at once.

Which key runs which, and when, is the table screen's key tables' (the
`bidding` and `naming` modes of screens/table_keys.py). `AuctionKeys` is a
base of `TableScreen` with the actions alone: they post `SubmitCommand` to
the app or call the model's named action, as the table's do.
"""

from __future__ import annotations

from textual.screen import Screen

from ...engine import Command
from ..messages import SubmitCommand
from ..model import Model


class AuctionKeys(Screen[None]):
    """The auction keys' actions (see the module doc)."""

    model: Model

    def post_command(self, command: Command) -> None:
        self.app.post_message(SubmitCommand(command))

    def action_auction_move(self, step: int) -> None:
        self.model.pick_auction_choice(step)

    def action_auction_bid(self) -> None:
        cmd = self.model.bid_command()
        if cmd is not None:
            self.post_command(cmd)

    def action_auction_name(self) -> None:
        cmd = self.model.naming_command()
        if cmd is not None:
            self.post_command(cmd)

    def action_auction_pass(self) -> None:
        cmd = self.model.pass_command()
        if cmd is not None:
            self.post_command(cmd)

    def action_auction_option(self, index: int) -> None:
        m = self.model
        cmd = m.bid_command(index) if m.phase == "bidding" else m.naming_command(index)
        if cmd is not None:
            self.post_command(cmd)
