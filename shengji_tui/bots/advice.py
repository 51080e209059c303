"""Advice for a human seat (the TUI's suggestion key): the move the best bot
the budget allows would make, and why, in one short reason.

`Advisor(budget_ms).advise(view)` asks a hard bot (its search, in this process
only, at `budget_ms`) and falls back to the normal bot when the budget is too
short for a search or the search fails; both are made through `BotSpec.make()`.
The reason is a key of the catalogue's `[hint]` section with its arguments
(the caller words it: bots do no text): "feed" is "your partner is winning:
give points".
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..engine import Bury, Play, SeatView
from ..rules import Card, TrumpContext, points
from .base import Bot
from .playbook import PlaybookBot
from .sense import TRUMP, Sense
from .spec import BotOptions, BotSpec

HINT_BUDGET_MS = 150.0  # the search's time for a suggestion (the player waits for it)
MIN_SEARCH_MS = 40.0  # below this a search finds too little: the normal bot advises


@dataclass(frozen=True)
class Advice:
    cards: tuple[Card, ...]
    reason: str  # a key of the catalogue's [hint] section
    args: dict[str, Any] = field(default_factory=dict)
    level: str = "normal"  # the bot that chose the move


class Advisor:
    """One seat's adviser (it keeps its bots: their trackers follow the deal).
    The search runs its whole work count (`guard=False`): the same position
    gets the same advice on any machine, however busy (on a slow one it takes
    longer than the budget); `guard=True` stops it at the budget instead."""

    def __init__(
        self, budget_ms: float = HINT_BUDGET_MS, seed: int = 0, guard: bool = False
    ) -> None:
        self.budget_ms = budget_ms
        self.normal = BotSpec(level="normal", seed=seed, name="hint").make()
        self.hard: Bot | None = None
        if budget_ms >= MIN_SEARCH_MS:
            opts = BotOptions(budget_ms=budget_ms, workers=1, guard=guard)
            self.hard = BotSpec(level="hard", seed=seed, name="hint", options=opts).make()

    def advise(self, view: SeatView) -> Advice | None:
        """The move and its reason for `view`'s seat, or None when it has no
        bury or play to make now."""
        if view.awaiting != view.seat or view.phase not in ("burying", "playing"):
            return None
        cmd = None
        level = "normal"
        if self.hard is not None:
            try:
                cmd = self.hard.decide(view)
                level = "hard"
            except Exception:  # a failed search must not cost the player the hint
                cmd = None
        if not isinstance(cmd, (Bury, Play)):
            cmd = self.normal.decide(view)
            level = "normal"
        if not isinstance(cmd, (Bury, Play)):
            return None
        assert isinstance(self.normal, PlaybookBot)
        key, args = reason(self.normal, view, list(cmd.cards))
        return Advice(tuple(cmd.cards), key, args, level)


def reason(bot: PlaybookBot, view: SeatView, cards: list[Card]) -> tuple[str, dict[str, Any]]:
    """Why `cards` is a good bury or play in `view`: a [hint] key and its arguments."""
    if view.phase == "burying":
        return bury_reason(view, cards)
    sit = bot.situation(view)
    sn = sit.sn
    trick = sit.trick
    if not trick:
        return lead_reason(bot, sit, cards)
    plays = [*trick, cards]
    w_before = sn.winner(trick)
    w_after = sn.winner(plays)
    lead_suit = sn.eff[trick[0][0].idx]
    pts = sum(points(p) for p in trick)  # (the trick's: not the cards played now)
    if w_after == len(trick):  # my play takes the trick (for now)
        ruff = lead_suit != TRUMP and all(sn.eff[c.idx] == TRUMP for c in cards)
        if not pts:
            return ("ruff_lead" if ruff else "win_lead"), {}
        return ("ruff" if ruff else "win"), {"points": pts}
    if sit.order[w_before] in sit.mine:
        if points(cards) and bot.side_win_prob(sit, plays) >= 0.5:
            return "feed", {"points": points(cards)}
        return "partner_low", {}
    return "duck", {}


def lead_reason(bot: PlaybookBot, sit: Any, cards: list[Card]) -> tuple[str, dict[str, Any]]:
    sn: Sense = sit.sn
    units = sn.decompose(cards)
    if len(units) > 1:
        return "throw", {}
    suit = sn.eff[cards[0].idx]
    unbeaten = all(
        bot.beat_prob(sit, o, [cards], 0) == 0.0 for o in sit.order[1:] if o not in sit.mine
    )
    if suit == TRUMP and sit.dealer_side and sit.trump_frac >= 0.34:
        return "draw_trumps", {}
    if unbeaten:
        return "lead_boss", {}
    if units[0].width > 1:
        return "lead_pair", {}
    n_suit = sum(1 for c in sit.hand if sn.eff[c.idx] == suit)
    if suit != TRUMP and n_suit <= 2:
        return "lead_short", {}
    return "lead_low", {}


def bury_reason(view: SeatView, cards: list[Card]) -> tuple[str, dict[str, Any]]:
    sn = Sense(view.rules, TrumpContext(view.level, view.trump_suit))
    left = list(view.hand)
    for c in cards:
        left.remove(c)
    before = {sn.eff[c.idx] for c in view.hand if sn.eff[c.idx] != TRUMP}
    after = {sn.eff[c.idx] for c in left if sn.eff[c.idx] != TRUMP}
    voided = [c for c in cards if sn.eff[c.idx] in before - after]
    if voided:  # `suit_of`: a card of the suit, for the caller to name the suit
        return "bury_void", {"suit_of": min(voided, key=lambda c: c.idx)}
    return "bury_low", {"points": points(cards)}
