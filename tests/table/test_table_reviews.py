"""A table's reviews of the match (`Table.reviews`): every finished deal whole,
then the one in play as its seat may see it; the same kept as the deals end
and rebuilt from the store (which replays the commands)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from shengji_tui.engine import new_game, review_for, reviews_of
from shengji_tui.store import Store, replay
from shengji_tui.table import Table

NAMES = ["Ann", "Bo", "Cy", "Di"]

if TYPE_CHECKING:
    from conftest import BotsOnly


async def test_every_deal_of_the_match_is_reviewable(tmp_path: Path, bots_only: BotsOnly) -> None:
    seed = 6
    settings = bots_only(seed, NAMES)
    with Store(tmp_path / "shengji.db") as store:
        live = Table(settings, table_id="reviews", store=store)
        await live.start()
        await live.wait_finished()
        kept = await live.reviews(1)
        await live.close()
        stored = store.load("reviews")
        rebuilt = replay(stored)
        events = [
            *new_game(stored.rules, stored.seed).log,
            *(e for es in rebuilt.events for e in es),
        ]
        every = reviews_of(stored.rules, events)
        assert len(every) > 1  # (a whole match of one-deck: several deals)
        assert kept == every
        again = Table.restore(store, "reviews")
        assert await again.reviews(2) == every
        assert every[-1] == review_for(again.state, 2)
        assert all(h is not None for r in every for h in r.hands)  # (every deal is over)
        await again.close()
