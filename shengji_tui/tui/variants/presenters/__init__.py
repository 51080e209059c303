"""One presenter per rules family, behind one protocol (`VariantPresenter`),
picked once from the ruleset (`variant_class`): what the shared presenter
(`tui/presenter.py`) leaves to the family it shows.

  base.py     the protocol, and `SoloPresenter`: one dealer against the rest,
              declaring (a rules file's `partnership = "solo"`), whose answers
              the others start from
  fixed.py    fixed partners on alternate seats (classic, tournament, one
              deck, two colours, three and four decks, six players)
  friends.py  finding friends (find-friends, find-friends-5)
  auction.py  the auction presets (eighty points, three players)
"""

from __future__ import annotations

from ....rules import RuleSet
from .auction import BiddingPresenter
from .base import NO_AUCTION, Lender, SoloPresenter, VariantPresenter
from .fixed import FixedPresenter
from .friends import FriendsPresenter

__all__ = [
    "NO_AUCTION",
    "BiddingPresenter",
    "FixedPresenter",
    "FriendsPresenter",
    "Lender",
    "SoloPresenter",
    "VariantPresenter",
    "variant_class",
]

# The family of each partnership; an auction's first, whatever its partnership
# (as `engine.apply` takes an auction's handlers before the declaring game's).
BY_PARTNERSHIP: dict[str, type[SoloPresenter]] = {
    "fixed": FixedPresenter,
    "find_friends": FriendsPresenter,
    "solo": SoloPresenter,
}


def variant_class(rs: RuleSet) -> type[SoloPresenter]:
    """The presenter of `rs`'s rules family."""
    return BiddingPresenter if rs.bidding != "none" else BY_PARTNERSHIP[rs.partnership]
