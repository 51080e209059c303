"""What the table screen does differently per rules family, one package each.

  auction/  the auction presets (eighty points, three players; docs/rules.md
            §11-12): the bids and trump choices of the shown seat, the
            auction's parts of the props, the bidding panel
  friends/  find friends (docs/rules.md §10): the sides as a seat may know
            them, the call and its reveal in words, the calling dialog

The table's keys while bidding are `screens.auction_keys`. Nothing is
imported at the package's import: each module is imported by its own name.
"""
