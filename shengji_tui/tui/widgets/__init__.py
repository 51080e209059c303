"""The table's widgets, one module each, on the line-painting engine of `lines`.

Modules:
  lines       `LineWidget`: props in, Rich text built, painted line by line
              (Textual's line API), only changed lines repainted; props' styled
              lines as Rich `Text` (`line_text`)
  styles      the style table of cards, seats and keys, per theme
  status      `StatusBar`
  seat        `SeatPanel` (each other seat)
  me          `MeLine` (your own seat line)
  centre      `CentreBox` (the trick in sentences, what you must do)
  declare     `DeclarePanel`
  hand        `HandView` (and `hand_rows`, its layout)
  score       `ScoreText`, `ScoreAhead`, `PointsBar`
  last_trick  `LastTrick`
  keybar      `KeyBar` (the table's footer)
  keyhint     `KeyHint` (a dialog's line of keys, wrapped between keys)
  log         `GameLog`
"""

from .centre import CentreBox
from .declare import DeclarePanel
from .hand import HandView, Slot, hand_rows
from .keybar import KeyBar, KeyBarProps, KeyEntry
from .keyhint import KeyHint, pack_hint
from .last_trick import LastTrick
from .lines import LinesWidget, LineWidget, line_text, lines_text
from .log import GameLog
from .me import MeLine
from .score import PointsBar, ScoreAhead, ScoreText
from .seat import SeatPanel
from .status import StatusBar
from .styles import CARD_STYLES, StyleTable, styles_for

__all__ = [
    "CARD_STYLES",
    "CentreBox",
    "DeclarePanel",
    "GameLog",
    "HandView",
    "KeyBar",
    "KeyBarProps",
    "KeyEntry",
    "KeyHint",
    "LastTrick",
    "LineWidget",
    "LinesWidget",
    "MeLine",
    "PointsBar",
    "ScoreAhead",
    "ScoreText",
    "SeatPanel",
    "Slot",
    "StatusBar",
    "StyleTable",
    "hand_rows",
    "line_text",
    "lines_text",
    "pack_hint",
    "styles_for",
]
