"""The TUI's screens, one module each.

Modules:
  table         `TableScreen`: the seats, the centre, your hand, its keys
  result        `DealResultScreen` (a deal's or the match's end)
  last_trick    `LastTrickScreen`
  log           `LogScreen`
  help          `HelpScreen`
  confirm_quit  `ConfirmQuit`
  chat          `ChatScreen` (a line to the table; the quick phrases)
  hand_over     `PassScreen` (hotseat)
  enlarge       `EnlargeScreen` (the terminal is too small)
  start         `StartScreen` (the start menu) and its `Menu`
  base          `SizeWatch`, `Dialog`

Screens post messages (`tui.messages`) for the app; the app gives them what
they show.
"""

from .base import Dialog, SizeWatch
from .chat import ChatScreen
from .confirm_quit import ConfirmQuit
from .enlarge import EnlargeScreen
from .hand_over import PassScreen
from .help import HelpScreen
from .last_trick import LastTrickScreen
from .log import LogScreen
from .result import DealResultScreen
from .start import Menu, StartScreen, bot_label, when
from .table import TableScreen

__all__ = [
    "ChatScreen",
    "ConfirmQuit",
    "DealResultScreen",
    "Dialog",
    "EnlargeScreen",
    "HelpScreen",
    "LastTrickScreen",
    "LogScreen",
    "Menu",
    "PassScreen",
    "SizeWatch",
    "StartScreen",
    "TableScreen",
    "bot_label",
    "when",
]
