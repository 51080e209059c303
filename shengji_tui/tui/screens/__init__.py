"""The TUI's screens that are not one feature's own, one module each (a
feature's screen is in its package: `help/`, `review/`, `aids/`, `variants/`). Import each from its
module: this package's `__init__` imports nothing, so that a feature's screen
may import `screens.base` while `screens.table` imports that screen.

Modules:
  table         `TableScreen`: the seats, the centre, your hand, its keys
  table_keys    the table screen's key tables, one per mode (tui/keytable.py)
  auction_keys  `AuctionKeys`: the auction's actions (a base of `TableScreen`)
  result        `DealResultScreen` (a deal's or the match's end)
  last_trick    `LastTrickScreen`
  log           `LogScreen`
  confirm_quit  `ConfirmQuit`
  chat          `ChatScreen` (a line to the table; the quick phrases)
  hand_over     `PassScreen` (hotseat)
  enlarge       `EnlargeScreen` (the terminal is too small)
  start         `StartScreen` (the start menu) and its `Menu`
  base          `SizeWatch`, `Dialog`, `FollowingDialog`, `closed_by` (a dialog's keys)

Screens post messages (`tui.messages`) for the app; the app gives them what
they show.
"""
