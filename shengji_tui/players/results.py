"""A finished match's results per seat, recorded with the ratings it moves.

`record_match(store, table_id, identities)` (idempotent: a match recorded
once is not again) reads the table's deal summaries and the moves that
scored them (never a replay, unless the store is from before it kept
summaries), and writes one `results` row per seat and the ratings of the
seats' players, in one transaction:

- `deals` played; `dealer_wins`: deals the seat was on the dealer side of and
  the dealer side held; `takeovers`: deals it attacked in and the attackers
  took over (reached the threshold); `kitty`: the last tricks it won that
  captured the kitty (抠底); `levels`: the levels it climbed over the match
  (from the first deal's level to the last; 0 at eighty points, whose match is
  of points); `won`: among the match's winners.
- The ratings (`ratings.rate`) of the match's family; a built-in bot's is its
  fixed anchor. A match where one identity held several seats (hotseat) or a
  seat whose player is not known moves no rating (its rows say none).

`stats(store, identity)` sums a player's rows per preset; `history` lists
their last matches (with the table's id for `shengji replay`); `leaderboard`
the ratings of a family, best first, the anchors among them.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass

from ..engine import new_game
from ..engine.events import KittyCaptured
from ..store import Store, StoreError, backfill_deals, events_from_json
from .anchors import ANCHORS
from .ratings import FAMILIES, Rating, anchor, family_of, rate, sides

UNKNOWN = "unknown:"  # the identity of a seat whose player is not known


@dataclass(frozen=True)
class SeatResult:
    seat: int
    identity: str
    won: bool
    deals: int
    dealer_wins: int
    levels: int
    takeovers: int
    kitty: int
    rating_before: float | None = None
    rating_after: float | None = None


@dataclass(frozen=True)
class Recorded:
    table_id: str
    preset: str
    family: str
    finished_at: float
    seats: tuple[SeatResult, ...]
    rated: bool


def recorded(store: Store, table_id: str) -> bool:
    with store.sql("read a match's results") as db:
        row = db.execute("SELECT 1 FROM results WHERE table_id = ? LIMIT 1", (table_id,)).fetchone()
    return row is not None


def _rating(db_row: tuple[object, ...] | None) -> Rating:
    if db_row is None:
        return Rating()
    mu, sigma, matches = db_row
    return Rating(float(str(mu)), float(str(sigma)), int(str(matches)))


def seat_results(store: Store, table_id: str, identities: Sequence[str]) -> list[SeatResult]:
    """Every seat's figures of a finished match (see the module docstring)."""
    stored = store.load(table_id)
    rules = stored.rules
    n = rules.players
    if len(identities) != n:
        raise StoreError(f"table {table_id!r}: {len(identities)} players for {n} seats")
    deals = backfill_deals(store, table_id)
    dealer_wins, takeovers, kitty = [0] * n, [0] * n, [0] * n
    scoring = {d.seq for d in deals}
    for entry in stored.log:
        if entry.seq in scoring and '"kitty_captured"' in entry.events_json:
            for e in events_from_json(entry.events_json):
                if isinstance(e, KittyCaptured) and 0 <= e.seat < n:
                    kitty[e.seat] += 1
    for d in deals:
        for s in range(n):
            if s in d.dealer_side:
                dealer_wins[s] += d.result.dealer_holds
            else:
                takeovers[s] += d.result.attackers_take_over
    winners: set[int] = set(deals[-1].winners) if deals else set()
    if not winners and stored.result:
        winners = {int(w) for w in stored.result.get("winners", [])}
    start = new_game(rules, stored.seed).levels
    end = deals[-1].levels if deals else start
    order = list(rules.levels)

    def climbed(s: int) -> int:
        if rules.bidding == "points_up" or start[s] not in order or end[s] not in order:
            return 0
        return order.index(end[s]) - order.index(start[s])

    return [
        SeatResult(
            seat=s,
            identity=identities[s],
            won=s in winners,
            deals=len(deals),
            dealer_wins=dealer_wins[s],
            levels=climbed(s),
            takeovers=takeovers[s],
            kitty=kitty[s],
        )
        for s in range(n)
    ]


def record_match(
    store: Store, table_id: str, identities: Sequence[str], *, now: float | None = None
) -> Recorded | None:
    """Record a finished match's results and ratings (None: recorded before, or
    not finished). StoreError with a sentence when it cannot be read."""
    if recorded(store, table_id):
        return None
    stored = store.load(table_id)
    if stored.finished_at is None:
        return None
    rules = stored.rules
    family = family_of(rules)
    seats = seat_results(store, table_id, identities)
    people = [i for i in identities if not i.startswith("bot:")]
    rated = len(set(people)) == len(people) and not any(i.startswith(UNKNOWN) for i in people)
    now = time.time() if now is None else now
    with store.sql("record a match's results") as db:
        db.execute("BEGIN IMMEDIATE")
        if db.execute("SELECT 1 FROM results WHERE table_id = ? LIMIT 1", (table_id,)).fetchone():
            db.execute("ROLLBACK")
            return None  # (recorded meanwhile, by another process)
        before: list[Rating] = []
        fixed: list[bool] = []
        for ident in identities:
            a = anchor(ident, family)
            fixed.append(a is not None)
            if a is not None:
                before.append(a)
                continue
            before.append(
                _rating(
                    db.execute(
                        "SELECT mu, sigma, matches FROM ratings WHERE identity = ? AND family = ?",
                        (ident, family),
                    ).fetchone()
                )
            )
        winners = [r.seat for r in seats if r.won]
        after = rate(before, sides(rules), winners, fixed) if rated else before
        out: list[SeatResult] = []
        for r, b, a, f in zip(seats, before, after, fixed, strict=True):
            moved = rated and not f
            res = SeatResult(
                **{
                    **r.__dict__,
                    "rating_before": b.shown if rated else None,
                    "rating_after": a.shown if rated else None,
                }
            )
            out.append(res)
            db.execute(
                "INSERT INTO results(table_id, seat, identity, preset, family, finished_at, won,"
                " deals, dealer_wins, levels, takeovers, kitty, rating_before, rating_after)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    table_id,
                    r.seat,
                    r.identity,
                    rules.name,
                    family,
                    stored.finished_at,
                    int(r.won),
                    r.deals,
                    r.dealer_wins,
                    r.levels,
                    r.takeovers,
                    r.kitty,
                    res.rating_before,
                    res.rating_after,
                ),
            )
            if moved:
                db.execute(
                    "INSERT OR REPLACE INTO ratings(identity, family, mu, sigma, matches,"
                    " updated_at) VALUES (?, ?, ?, ?, ?, ?)",
                    (r.identity, family, a.mu, a.sigma, a.matches, now),
                )
        db.execute("COMMIT")
    return Recorded(table_id, rules.name, family, stored.finished_at, tuple(out), rated)


# ---------------------------------------------------------------- reading


@dataclass(frozen=True)
class PresetStats:
    preset: str
    matches: int
    won: int
    deals: int
    dealer_wins: int
    levels: int
    takeovers: int
    kitty: int


@dataclass(frozen=True)
class Game:
    table_id: str
    preset: str
    finished_at: float
    seat: int
    won: bool
    deals: int
    rating_before: float | None
    rating_after: float | None


@dataclass(frozen=True)
class Standing:
    identity: str
    family: str
    rating: Rating
    bot: bool = False

    @property
    def shown(self) -> float:
        return self.rating.shown


def stats(store: Store, identity: str) -> list[PresetStats]:
    """A player's sums per preset, the most played first."""
    with store.sql("read a player's results") as db:
        rows = db.execute(
            "SELECT preset, count(*), sum(won), sum(deals), sum(dealer_wins), sum(levels),"
            " sum(takeovers), sum(kitty) FROM results WHERE identity = ?"
            " GROUP BY preset ORDER BY count(*) DESC, preset",
            (identity,),
        ).fetchall()
    return [PresetStats(str(r[0]), *(int(x or 0) for x in r[1:])) for r in rows]


def history(store: Store, identity: str, last: int = 10) -> list[Game]:
    """A player's last `last` matches, the latest first."""
    with store.sql("read a player's games") as db:
        rows = db.execute(
            "SELECT table_id, preset, finished_at, seat, won, deals, rating_before,"
            " rating_after FROM results WHERE identity = ? ORDER BY finished_at DESC LIMIT ?",
            (identity, last),
        ).fetchall()
    return [
        Game(
            str(t),
            str(p),
            float(f),
            int(s),
            bool(w),
            int(d),
            None if b is None else float(b),
            None if a is None else float(a),
        )
        for t, p, f, s, w, d, b, a in rows
    ]


def ratings_of(store: Store, identity: str) -> dict[str, Rating]:
    """A player's rating per family they have played (a bot's anchors)."""
    out: dict[str, Rating] = {}
    for family in FAMILIES:
        a = anchor(identity, family)
        if a is not None:
            out[family] = a
    with store.sql("read a player's ratings") as db:
        rows = db.execute(
            "SELECT family, mu, sigma, matches FROM ratings WHERE identity = ?", (identity,)
        ).fetchall()
    for family, mu, sigma, matches in rows:
        if str(family) not in out:  # (an anchor is what the bench measured)
            out[str(family)] = Rating(float(mu), float(sigma), int(matches))
    return out


def games_played(store: Store) -> dict[str, int]:
    """Each identity's finished matches."""
    with store.sql("count the games") as db:
        rows = db.execute("SELECT identity, count(*) FROM results GROUP BY identity").fetchall()
    return {str(i): int(n) for i, n in rows}


def leaderboard(store: Store, family: str, top: int = 10) -> list[Standing]:
    """The family's ratings, best shown first: the players not removed and the
    bots' anchors."""
    with store.sql("read the ratings") as db:
        rows = db.execute(
            "SELECT r.identity, r.mu, r.sigma, r.matches FROM ratings r"
            " LEFT JOIN players p ON p.identity = r.identity"
            " WHERE r.family = ? AND (p.removed_at IS NULL)",
            (family,),
        ).fetchall()
    out = [
        Standing(str(i), family, Rating(float(m), float(s), int(n)))
        for i, m, s, n in rows
        if anchor(str(i), family) is None
    ]
    for level in ANCHORS.get(family, {}):
        a = anchor("bot:" + level, family)
        if a is not None:
            out.append(Standing("bot:" + level, family, a, bot=True))
    out.sort(key=lambda st: st.shown, reverse=True)
    return out[:top]
