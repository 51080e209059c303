"""The TUI's screens, one module each.

Modules:
  table         `TableScreen`: the seats, the centre, your hand, its keys
  result        `DealResultScreen` (a deal's or the match's end)
  review        `ReviewScreen` (a deal told again, trick by trick)
  analysis      `AnalysisScreen` (a seat's decisions in a deal priced by the coach)
  last_trick    `LastTrickScreen`
  log           `LogScreen`
  counter       `CounterScreen` (the card counter)
  kitty         `KittyScreen` (the kitty the seat buried)
  help          `HelpScreen`
  confirm_quit  `ConfirmQuit`
  chat          `ChatScreen` (a line to the table; the quick phrases)
  hand_over     `PassScreen` (hotseat)
  call_friend   `CallFriendScreen` (find friends: the dealer calls the friend)
  enlarge       `EnlargeScreen` (the terminal is too small)
  start         `StartScreen` (the start menu) and its `Menu`
  base          `SizeWatch`, `Dialog`

Screens post messages (`tui.messages`) for the app; the app gives them what
they show.
"""

from .analysis import AnalysisScreen
from .base import Dialog, SizeWatch
from .call_friend import CallFriendScreen
from .chat import ChatScreen
from .confirm_quit import ConfirmQuit
from .counter import CounterScreen
from .enlarge import EnlargeScreen
from .hand_over import PassScreen
from .help import HelpScreen
from .kitty import KittyScreen
from .last_trick import LastTrickScreen
from .log import LogScreen
from .result import DealResultScreen
from .review import ReviewScreen
from .start import Menu, StartScreen, bot_label, when
from .table import TableScreen

__all__ = [
    "AnalysisScreen",
    "CallFriendScreen",
    "ChatScreen",
    "ConfirmQuit",
    "CounterScreen",
    "DealResultScreen",
    "Dialog",
    "EnlargeScreen",
    "HelpScreen",
    "KittyScreen",
    "LastTrickScreen",
    "LogScreen",
    "Menu",
    "PassScreen",
    "ReviewScreen",
    "SizeWatch",
    "StartScreen",
    "TableScreen",
    "bot_label",
    "when",
]
