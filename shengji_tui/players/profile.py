"""A player's profile and the leaderboards as plain data (JSON-ready dicts):
what `shengji stats` prints and the lobby's profile screen shows."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..store import Store
from .book import Player, PlayerBook
from .ratings import FAMILIES
from .results import history, leaderboard, ratings_of, stats

LAST_GAMES = 10


def profile(store: Store, player: Player, last: int = LAST_GAMES) -> dict[str, Any]:
    """`player`'s ratings per family, figures per preset and last games."""
    return {
        "name": player.name,
        "fingerprint": player.fingerprint,
        "first_seen": player.first_seen,
        "last_seen": player.last_seen,
        "removed": player.removed,
        "ratings": {
            fam: {"shown": r.shown, "mu": r.mu, "sigma": r.sigma, "matches": r.matches}
            for fam, r in ratings_of(store, player.identity).items()
        },
        "presets": [s.__dict__ for s in stats(store, player.identity)],
        "games": [g.__dict__ for g in history(store, player.identity, last)],
    }


def shown_name(book: PlayerBook, identity: str) -> str:
    """A rated identity by name: a player's, or a bot level's ("normal bot")."""
    if identity.startswith("bot:"):
        return identity[4:] + " bot"
    p = book.get(identity)
    return p.name if p is not None else identity


def leaderboards(
    store: Store, book: PlayerBook, families: Sequence[str] | None = None, top: int = 10
) -> dict[str, list[dict[str, Any]]]:
    """The best `top` ratings of each family (players and the bots' anchors)."""
    return {
        fam: [
            {
                "name": shown_name(book, st.identity),
                "bot": st.bot,
                "shown": st.shown,
                "mu": st.rating.mu,
                "sigma": st.rating.sigma,
                "matches": st.rating.matches,
            }
            for st in leaderboard(store, fam, top)
        ]
        for fam in (families or FAMILIES)
    }
