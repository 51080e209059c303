"""The auction presets on the table screen (docs/rules.md §11-12).

Modules:
  choices    `AuctionChoices`, a mixin of `Model`: the bids the shown seat may
             make now and the trump choices, the highlighted ones, the
             commands (no Textual)
  presenter  `AuctionPresenter`: the auction's parts of the props, asked by the
             presenter (the bidding panel, its keys, the centre, the status,
             the score line, the result); the help's section (pure)
  panel      `AuctionPanel`, the bidding panel's widget (in the trick box's
             place while bidding and naming trump)
"""
