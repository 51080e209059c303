"""What the TUI offers a player beside the game itself: what they may look at
beside the table (the card counter, the kitty they buried) and the moves it
makes for them when they ask it to. (The hint key's suggestion is the model's:
`Model.suggest`.)

Modules:
  count           `count_cards(view, ctx)`: the cards still out as one seat may
                  know them (`CardCount`; pure, no Textual)
  presenter       `AidsPresenter`: the counter's and the kitty's props;
                  `counter_refusal` / `kitty_refusal` (pure)
  counter_panel   `CounterPanel`, the counter's widget (the side panel, the dialog)
  counter_screen  `CounterScreen`, the counter's dialog (`m`)
  kitty_screen    `KittyScreen`, the buried kitty's dialog (`k`)
  palette         `aid_commands`: the command palette's entries for both
  auto_moves      `Assist`: auto-declare and forced follows
                  (`GameOptions.auto_declare`, `auto_forced`)
"""
