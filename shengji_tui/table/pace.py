"""The table's pace: how long its driver waits before each step, in the time
of the table's `Ticker` (clock.py), the same its turn clock runs in.

- A card is dealt `deal_delay` after the last; a bot acts `bot_delay` after
  it becomes its turn; the declarations close `declare_window` after the last
  card where humans sit (at once at a table of bots); while someone holds
  the deal no card is dealt and the declarations stay open.
- Where a human sits, a bot declares `declare_delay` seconds (on average, 0.6
  to 1.4 times, seeded per seat and deal) after it first could, as a person
  reacts, while the cards go on being dealt (`plan(react=True)`: a step
  carries the bots' declarations as `wanting`); bot-only tables declare at
  once.
"""

from __future__ import annotations

import math
import random

from ..engine import GameState
from .plan import Step
from .settings import Pacing

__all__ = ["Pace"]


class Pace:
    """The driver's pace for one table (of `seed`): the delay before each step,
    and when each bot that wants to declare has had its time to react."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.due: dict[int, float] = {}  # bot seat -> when it declares (ticker time)

    def delay(self, step: Step, pacing: Pacing, *, all_bots: bool, held: bool) -> float:
        """Seconds before `step` is made (`math.inf`: until something changes)."""
        if step.kind in ("deal", "close") and held:
            return math.inf  # until the hold ends (or a seat deals a card)
        if step.kind == "deal":
            return pacing.deal_delay
        if step.kind == "declare":
            return 0.0
        if step.kind == "close" and not all_bots:
            return pacing.window
        return pacing.bot_delay

    def react(
        self, step: Step, st: GameState, now: float, pacing: Pacing
    ) -> tuple[Step, float | None]:
        """Of the declarations `step` carries (`plan(react=True)`), the first whose
        bot has had its time to react (counted from when it first could declare);
        else `step` itself and the seconds until the next bot's time."""
        due = self.due
        want = {w.seat: w for w in step.wanting if w.seat is not None}
        for seat in [s for s in due if s not in want]:
            del due[seat]
        if not want:
            return step, None
        for seat in want:
            if seat not in due:
                due[seat] = now + self.reaction(st, seat, pacing)
        ready = [seat for seat in sorted(want) if due[seat] <= now]
        if ready:
            return want[ready[0]], None
        return step, min(due[seat] for seat in want) - now

    def reaction(self, st: GameState, seat: int, pacing: Pacing) -> float:
        """How long the bot at `seat` takes to declare: 0.6 to 1.4 times the
        pacing's `declare_delay` (people do not all react alike)."""
        r = random.Random(f"{self.seed}/{st.deal_no}/{seat}/{st.version}").random()
        return pacing.declare_delay * (0.6 + 0.8 * r)

    def declared(self, seat: int) -> None:
        """The bot at `seat` declared: another declaration is a new reaction."""
        self.due.pop(seat, None)

    def clear(self) -> None:
        """Nobody waits to declare (the table waits for a human)."""
        self.due.clear()
