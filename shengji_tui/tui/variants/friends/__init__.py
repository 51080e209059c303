"""Find friends on the table screen (docs/rules.md §10). Here "call" is the
dealer's call of the friend's card (the auction's choices are bids).

Modules:
  presenter    each seat's side as the viewer may know it, the call and the
               reveal in words, the attackers' points, the levels, the deal's
               split: pieces the presenter asks for (pure)
  call         the calling dialog's model: `CallChoice` and `call_props` (pure)
  call_screen  `CallFriendScreen`, the calling dialog
"""
