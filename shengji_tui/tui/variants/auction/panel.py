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

    _title: str | None = None  # the title the border was given (None: none yet)

    def show(self, props: AuctionProps, look: StyleTable | None = None) -> bool:
        # (set only when it changes: setting it refreshes the whole panel, shown
        # or hidden, a message hop on every player's screen at every play)
        if props.title != self._title:
            self._title = props.title
            self.border_title = props.title or None
        return super().show(props, look)
