"""What the TUI does for the terminal it draws on, apart from the game: how
Textual is driven and how its output is written.

Modules:
  patches      every use of Textual's private parts, `install()`d by the CLI
               and the server (off on an untested Textual, or with
               SHENGJI_VANILLA=1); the only module that touches them
  xterm        a terminal's input as Textual events, on the public API (the
               SSH driver's parser when the patches are off)
  nocolor      NO_COLOR per app (`colour_filters`)
  asciifilter  ASCII mode's line filter (the glyphs Textual draws itself)
  themes       the two themes and the colours the TUI adds

Nothing here imports the rest of the TUI.
"""
