"""What the TUI does for a player who asks it to (`GameOptions.auto_declare`,
`auto_forced`; the command palette turns them on and off): declare their best
as a good player would, and play a follow when only one is legal.

No Textual here, and no rule of its own: the judgement of what is worth
declaring is the normal bot's (`bots`, from the seat's own view: nothing the
seat may not see), what is legal is the rules' (`Model.only_play`).
"""

from __future__ import annotations

from ...bots import Bot, BotSpec
from ...engine import Declare, Play, SeatView, allowed
from ..model import Model


class Assist:
    """One per app: the judge it asks, and what it last did (never twice for
    the same moment: a view's version)."""

    def __init__(self) -> None:
        self._judge: Bot | None = None
        self._done: dict[int, int] = {}  # seat -> the version last acted on

    def declaration(self, view: SeatView) -> Declare | None:
        """What to declare for the seat now, or None (nothing worth it, or not
        now). A reinforcement or an overturn is judged the same way."""
        a = allowed(view)
        if "declare" not in a or self._done.get(view.seat) == view.version:
            return None
        if self._judge is None:
            self._judge = BotSpec(level="normal", seed=0, name="auto-declare").make()
        cmd = self._judge.decide(view)
        if not isinstance(cmd, Declare) or not cmd.cards:
            return None
        self._done[view.seat] = view.version
        return Declare(seat=view.seat, cards=cmd.cards)

    def forced_play(self, m: Model) -> Play | None:
        """The shown seat's follow when only one is legal (once per moment)."""
        v = m.facts.view
        if v is None or not m.my_turn() or self._done.get(m.facts.seat) == v.version:
            return None
        only = m.only_play()
        if only is None:
            return None
        self._done[m.facts.seat] = v.version
        return Play(seat=m.facts.seat, cards=only)

    def forget(self) -> None:
        """A new table: nothing done yet."""
        self._done.clear()
