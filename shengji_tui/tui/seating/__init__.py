"""Who sits at this keyboard: the app's seating, chosen once when the app is
built (or, for `shengji play`'s menu, when each game starts).

`Seating` (base.py) is what `ShengjiApp` asks instead of counting humans or
testing for a spectator: whose view is shown, who acts and who is handed
the keyboard next, which feeds it subscribes to, whether take-back, the
hint's search and chat are offered (and the sentence when not), what the
help lists (`Offers`), what leaving asks. Four answers it:

  Solo       one human against bots at this keyboard (`shengji play`)
  Hotseat    several humans sharing the keyboard, the hand-over screen between
  Remote     one player of an SSH table (others saw each move: no take-back)
  Spectator  watching an SSH table (旁观): no hand of its own, no key acts

`at_keyboard(humans)` is `shengji play`'s: Solo for one human, else Hotseat.
Nothing here loads Textual.
"""

from __future__ import annotations

from .base import Coach, Offers, Seating
from .local import Hotseat, Solo, at_keyboard
from .remote import Remote
from .spectator import Spectator

__all__ = ["Coach", "Hotseat", "Offers", "Remote", "Seating", "Solo", "Spectator", "at_keyboard"]
