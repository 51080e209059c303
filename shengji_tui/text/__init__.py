"""Words a player reads, without Textual: the text catalogue (`assets/i18n`,
English and Chinese), cards as text, and the narrator that tells engine events
as sentences (the TUI's log and `shengji replay`).

Modules:
  assets    where the non-code files are (catalogues, stylesheets)
  i18n      `Catalogue`, `detect_lang`
  cards     `CardText` (glyphs or ASCII), lead shapes, play verbs
  narrator  `Narrator` (one sentence per event), `narrate_game` (a stored game)
  dealend   a deal's end in words: the log's line per event, the result's lines
  plain     `plain_text`: the words of ASCII mode
  names     `local_name`: the table's own seat names in the player's language
  linebreak where Chinese text breaks into lines (Rich and Textual break at spaces)
"""

from .cards import (
    CardText,
    ascii_keys,
    describe_lead,
    eff_suit_name,
    lead_parts,
    play_verb,
    shape_text,
)
from .i18n import LANGS, Catalogue, detect_lang, load_catalogue
from .linebreak import break_offsets, cell_len, has_wide, wrap_lines
from .names import local_name
from .narrator import Narrator, narrate_game
from .plain import plain_text
from .teams import team_name, team_said

__all__ = [
    "LANGS",
    "CardText",
    "Catalogue",
    "Narrator",
    "ascii_keys",
    "break_offsets",
    "cell_len",
    "describe_lead",
    "detect_lang",
    "eff_suit_name",
    "has_wide",
    "lead_parts",
    "load_catalogue",
    "local_name",
    "narrate_game",
    "plain_text",
    "play_verb",
    "shape_text",
    "team_name",
    "team_said",
    "wrap_lines",
]
