"""Where the non-code files of the TUI live (stylesheets, text catalogues).

From the source tree they are in `<repo>/assets/`; an installed wheel carries
them as `shengji_tui/assets/` (pyproject's hatch `force-include`). Both are
looked up, the package copy first.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

_PKG = Path(__file__).resolve().parent.parent  # shengji_tui/


@lru_cache(maxsize=1)
def assets_dir() -> Path:
    for cand in (_PKG / "assets", _PKG.parent / "assets"):
        if (cand / "i18n").is_dir():
            return cand
    raise FileNotFoundError(
        "shengji-tui cannot find its assets folder (i18n catalogues and stylesheets); "
        f"looked in {_PKG / 'assets'} and {_PKG.parent / 'assets'}"
    )


def asset(*parts: str) -> Path:
    return assets_dir().joinpath(*parts)
