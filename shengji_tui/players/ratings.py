"""Ratings: one per player per family of presets, updated after every finished
match, with the Plackett-Luce model of `openskill` (Weng and Lin's Bayesian
approximation: a rating is a mean μ and an uncertainty σ, teams of any size,
any number of teams; MIT, pure Python, maintained; docs/players.md says why).

- Families (`family_of`): fixed partners (`partners`: classic, tournament,
  one-deck, two-color, three-deck, four-deck, six-player), find friends
  (`friends`), auctions (`auction`: eighty points, three players). A rules
  file's game falls in the family of its partnership.
- A match's sides: with fixed partners the two teams; otherwise every seat is
  a side of its own. The match's winners (`MatchOver.winners`) rank first,
  every other side second (a tie among them).
- Bots are players too: a built-in level is a fixed anchor ("bot:normal"),
  its rating per family measured by the bot bench
  (`benchmarks/bot_anchors.py`, figures in `anchors.py`) and never moved by a
  match, so a solo player's rating moves against the bots and means the same
  on every server. An external bot ("bot:external:CMD") is rated like a person.
- What is shown is `shown(r)` = μ − 3σ (the rating a player is at least, with
  99.7 % confidence): a new player shows 0 and climbs as games pin them down.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from ..rules import RuleSet
from .anchors import ANCHOR_SIGMA, ANCHORS

if TYPE_CHECKING:
    from openskill.models import PlackettLuce

FAMILIES = ("partners", "friends", "auction")
MU, SIGMA = 25.0, 25.0 / 3  # a new player's rating: the model's defaults (β: 25/6)


@cache
def model() -> PlackettLuce:
    """The model (imported when a match is first rated: the server and the
    game start without it)."""
    from openskill.models import PlackettLuce

    return PlackettLuce(mu=MU, sigma=SIGMA)


@dataclass(frozen=True)
class Rating:
    mu: float = MU
    sigma: float = SIGMA
    matches: int = 0

    @property
    def shown(self) -> float:
        return self.mu - 3 * self.sigma


def family_of(rules: RuleSet) -> str:
    if rules.partnership == "fixed":
        return "partners"
    if rules.partnership == "find_friends":
        return "friends"
    return "auction"


def bot_identity(level: str) -> str:
    return "bot:" + level


def anchor(identity: str, family: str) -> Rating | None:
    """The fixed rating of a built-in bot level (None: not an anchor)."""
    if not identity.startswith("bot:"):
        return None
    mu = ANCHORS.get(family, {}).get(identity[4:])
    return None if mu is None else Rating(mu, ANCHOR_SIGMA)


def sides(rules: RuleSet) -> tuple[int, ...]:
    """Each seat's side in a match's rating (see the module docstring)."""
    if rules.partnership == "fixed":
        return tuple(s % 2 for s in range(rules.players))
    return tuple(range(rules.players))


def rate(
    ratings: Sequence[Rating],
    seat_sides: Sequence[int],
    winners: Sequence[int],
    fixed: Sequence[bool] = (),
) -> list[Rating]:
    """Every seat's rating after a match (`ratings` before it, one per seat;
    `fixed`: seats whose rating stays, the anchors). A seat's `matches` counts
    one more unless fixed."""
    order = sorted(set(seat_sides))
    won = set(winners)
    teams = [[s for s in range(len(ratings)) if seat_sides[s] == side] for side in order]
    ranks = [0.0 if any(s in won for s in team) else 1.0 for team in teams]
    if len(teams) < 2 or len(set(ranks)) < 2:
        return list(ratings)  # nobody won, or everybody: nothing to learn
    m = model()
    model_teams = [[m.rating(mu=ratings[s].mu, sigma=ratings[s].sigma) for s in t] for t in teams]
    after = m.rate(model_teams, ranks=ranks)
    out = list(ratings)
    for team, new in zip(teams, after, strict=True):
        for s, r in zip(team, new, strict=True):
            if fixed and fixed[s]:
                continue
            out[s] = Rating(float(r.mu), float(r.sigma), ratings[s].matches + 1)
    return out
