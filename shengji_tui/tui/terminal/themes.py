"""The TUI's two themes (dark green felt, light paper) and the colours it
adds to every theme (`$suit-red`, `$suit-black`, `$trump-accent`,
`$points-accent`: see assets/shengji.tcss)."""

from __future__ import annotations

from textual.theme import Theme

THEMES = [
    Theme(
        name="shengji",
        primary="#3fa66b",
        secondary="#2b7a4b",
        accent="#e8b04b",
        warning="#e8b04b",
        error="#e05561",
        success="#5fcf80",
        foreground="#e6e6e6",
        background="#0f2a1c",
        surface="#163726",
        panel="#1d4430",
        dark=True,
        variables={
            "suit-red": "#ff6b6b",
            "suit-black": "#f0f0f0",
            "trump-accent": "#ffd25e",
            "points-accent": "#7fd0ff",
        },
    ),
    Theme(
        name="shengji-light",
        primary="#2b7a4b",
        secondary="#3fa66b",
        accent="#a86d00",
        warning="#a86d00",
        error="#c0392b",
        success="#1e7d44",
        foreground="#1a1a1a",
        background="#f4f1e8",
        surface="#ebe6d6",
        panel="#ddd5bd",
        dark=False,
        variables={
            "suit-red": "#c0392b",
            "suit-black": "#111111",
            "trump-accent": "#8a5a00",
            "points-accent": "#1f5fa8",
        },
    ),
]


def theme_variable_defaults(dark: bool) -> dict[str, str]:
    """The TUI's colours for a theme that does not set them (Textual's own)."""
    return {
        "suit-red": "#ff6b6b" if dark else "#c0392b",
        "suit-black": "#e8e8e8" if dark else "#111111",
        "trump-accent": "#ffd25e" if dark else "#8a5a00",
        "points-accent": "#7fd0ff" if dark else "#1f5fa8",
    }
