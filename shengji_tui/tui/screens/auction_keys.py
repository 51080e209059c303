"""The auction's keys on the table screen: ← → choose a bid (or a trump), enter
bids (or names it), p passes, 1-9 bid the listed values (or name the listed
trumps) at once.

They share keys with the table's own (← → move, enter play, p pass, the
declaration digits), which are off in the auction's phases: the table's
binding comes first and, off, lets the key through to these. Which work now
is the presenter's (`AuctionProps.keys`, from `engine.allowed`): the visible
ones on the seat's own call (greyed while another seat calls), the digits all
through the auction, so a digit pressed out of turn makes the call and the
engine's sentence says why it is refused (nothing changes).

`AuctionKeys` is a base of `TableScreen` (with no bindings of its own: the
table lists `AUCTION_BINDINGS` after its own): its actions post
`SubmitCommand` to the app or call the model's named action, as the table's do.
"""

from __future__ import annotations

from collections.abc import Callable

from textual.binding import Binding
from textual.screen import Screen

from ...engine import Command
from ..messages import SubmitCommand
from ..model import Model
from ..props import TableProps
from ..variants.auction.presenter import KEY_ACTIONS

AUCTION_BINDINGS = [
    Binding("left,h", "auction_move(-1)", "choose", key_display="←→"),
    Binding("right,l", "auction_move(1)", "choose", show=False),
    Binding("enter", "auction_bid", "bid", key_display="⏎"),
    Binding("enter", "auction_name", "name trump", key_display="⏎"),
    Binding("p", "auction_pass", "pass"),
    *[Binding(str(k), f"auction_option({k - 1})", show=False) for k in range(1, 10)],
]

ACTIONS = frozenset(KEY_ACTIONS)


def auction_labels(t: Callable[..., str]) -> dict[str, str]:
    """The key bar's words for the auction keys (`t`: the catalogue's `t`)."""
    return {
        "auction_move": t("auction.keys.move"),
        "auction_bid": t("auction.keys.bid"),
        "auction_name": t("auction.keys.name"),
        "auction_pass": t("auction.keys.pass"),
    }


def key_state(props: TableProps, action: str) -> bool | None:
    """True (works), None (shown, greyed) or False (off) for an auction key."""
    for name, value in props.auction.keys:
        if name == action:
            return value
    return False


class AuctionKeys(Screen[None]):
    """The auction keys' actions (see the module doc)."""

    model: Model

    def post_command(self, command: Command) -> None:
        self.app.post_message(SubmitCommand(command))

    def action_auction_move(self, step: int) -> None:
        self.model.pick_call(step)

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
