"""The bidding panel: every seat's call, your bids with their keys (or the trump
choices with the trumps each makes), and what your hand is worth. It takes the
centre's place while bidding and naming trump (the table screen shows one or
the other)."""

from __future__ import annotations

from ...props import AuctionProps
from ...widgets.lines import LinesWidget
from ...widgets.styles import StyleTable


class AuctionPanel(LinesWidget[AuctionProps]):
    """Shown while `props.shown`; its border says what is being decided."""

    def show(self, props: AuctionProps, look: StyleTable | None = None) -> bool:
        if props.title != self.props.title or self.border_title is None:
            self.border_title = props.title or None
        return super().show(props, look)
