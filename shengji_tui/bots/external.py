"""`ExternalBot` (level "external:CMD"): a bot that is another program, spoken
to over a JSON line protocol (docs/bot-protocol.md).

The program is started once per seat (`shlex.split(CMD)`, its standard input
and output pipes, its standard error discarded). For each decision it is sent
one line `{"id": N, "view": <the SeatView as the engine serialises it>,
"legal": [<up to 200 legal commands>], "complete": <whether that is all of
them>, "budget_ms": B}` and answers one line: a command in the engine's
`parse_command` format (it may carry the request's `"id"`; an answer with
another id is a late one and is skipped). While cards are dealt a seat may
declare or not: it is asked only when it has a declaration to make, and may
answer `null` or `{"id": N}` (none).

An answer that is malformed, illegal or later than the budget is logged and
replaced by the normal bot's move (`fallbacks` counts them; the game never
waits longer than the budget for a program). A program that exits, stops
reading, or floods its output (a line over `MAX_LINE` bytes, more than
`MAX_LINES` unanswered lines) is stopped and started again for the next
decision (so is one that misses `MAX_LATE` answers in a row), at most
`MAX_RESTARTS` times; after that the normal bot plays the
seat. Everything kept per program is bounded: the partial line read, the log
(`LOG_LINES` entries).
"""

from __future__ import annotations

import contextlib
import json
import os
import select
import shlex
import subprocess
import time
from collections import Counter, deque
from itertools import islice
from typing import Any

from .. import rules
from ..engine import (
    BadCommand,
    Bid,
    Bury,
    CallFriend,
    Command,
    Declare,
    NameTrump,
    PassBid,
    PassSteal,
    Play,
    SeatView,
    Steal,
    declare_options,
    parse_command,
)
from ..rules import TrumpContext
from .playbook import PlaybookBot
from .random_bot import lead_options, throws_allowed

MAX_LEGAL = 200  # legal commands listed per request
MAX_LINE = 1 << 16  # bytes in one answer line
MAX_LINES = 16  # unanswered lines kept before the program counts as flooding
MAX_RESTARTS = 3
MAX_LATE = 3  # answers missed in a row before the program counts as hung
LOG_LINES = 50
GRACE_MS = 50.0  # on top of the budget: the pipe and the program's start-up
DEFAULT_BUDGET_MS = 1000.0


class ExternalBot:
    """A program playing one seat; the normal bot stands in for its bad answers."""

    level = "external"

    def __init__(
        self,
        command: str,
        seed: int = 0,
        name: str = "external",
        budget_ms: float = DEFAULT_BUDGET_MS,
    ) -> None:
        self.command = command
        self.argv = shlex.split(command)
        self.seed = seed
        self.name = name
        self.budget_ms = float(budget_ms)
        self.stand_in = PlaybookBot(seed=seed, name=name)
        self.fallbacks = 0  # answers replaced by the normal bot's move
        self.restarts = 0
        self.log: deque[str] = deque(maxlen=LOG_LINES)
        self._proc: subprocess.Popen[bytes] | None = None
        self._buf = bytearray()
        self._lines: deque[bytes] = deque()
        self._id = 0
        self._late = 0  # requests running without an answer in time
        self.peak_buffer = 0  # the most bytes of unread output it ever kept
        self._gave_up = False

    def __repr__(self) -> str:
        return f"ExternalBot({self.command!r}, seed={self.seed!r}, name={self.name!r})"

    # ------------------------------------------------------------ protocol
    def decide(self, view: SeatView) -> Command | None:
        legal, complete, required = legal_commands(view, self.stand_in)
        if not legal and not required:
            return None  # nothing to decide now (no declaration in hand)
        if self._gave_up:
            return self.stand_in.decide(view)
        answer, why = self._ask(view, legal, complete)
        if why is None:
            cmd, why = self._check(view, answer, legal, complete, required)
            if why is None:
                return cmd
        self.fallbacks += 1
        self.note(f"seat {view.seat}, version {view.version}: {why}; the normal bot's move")
        return self.stand_in.decide(view)

    def note(self, line: str) -> None:
        self.log.append(line)

    def close(self) -> None:
        """Stop the program (it is started again at the next decision)."""
        p, self._proc = self._proc, None
        self._buf.clear()
        self._lines.clear()
        if p is None:
            return
        with contextlib.suppress(OSError):
            if p.stdin is not None:
                p.stdin.close()
        with contextlib.suppress(OSError):
            p.kill()
        with contextlib.suppress(subprocess.TimeoutExpired, OSError):
            p.wait(timeout=1.0)
        with contextlib.suppress(OSError):
            if p.stdout is not None:
                p.stdout.close()

    def __del__(self) -> None:
        with contextlib.suppress(Exception):
            self.close()

    # ------------------------------------------------------------ the pipe
    def _start(self) -> subprocess.Popen[bytes] | None:
        p = self._proc
        if p is not None and p.poll() is None:
            return p
        if p is not None:  # it exited: start it again (a few times)
            self.note(f"the program exited (status {p.returncode})")
            self.close()
            self.restarts += 1
            if self.restarts > MAX_RESTARTS:
                self._gave_up = True
                self.note("restarted too often: the normal bot plays this seat")
                return None
        try:
            p = subprocess.Popen(
                self.argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                start_new_session=True,  # (a table's ^C is not the program's)
            )
        except OSError as e:
            self._gave_up = True
            self.note(f"the program cannot be started: {e}")
            return None
        assert p.stdin is not None and p.stdout is not None
        os.set_blocking(p.stdin.fileno(), False)
        os.set_blocking(p.stdout.fileno(), False)
        self._proc = p
        return p

    def _restart_later(self, why: str) -> None:
        self.note(why)
        self.close()
        self.restarts += 1
        if self.restarts > MAX_RESTARTS:
            self._gave_up = True
            self.note("restarted too often: the normal bot plays this seat")

    def _ask(self, view: SeatView, legal: list[Command], complete: bool) -> tuple[Any, str | None]:
        """Send the request, wait for its answer line until the budget is spent:
        (the decoded JSON, None) or (None, what went wrong)."""
        p = self._start()
        if p is None:
            return None, "no program"
        assert p.stdin is not None and p.stdout is not None
        self._id += 1
        legal_json = ",".join(c.model_dump_json(exclude_none=True) for c in legal)
        data = (
            f'{{"id":{self._id},"view":{view.model_dump_json()},"legal":[{legal_json}],'
            f'"complete":{json.dumps(complete)},"budget_ms":{self.budget_ms}}}\n'
        ).encode()
        deadline = time.monotonic() + (self.budget_ms + GRACE_MS) / 1000.0
        out_fd, in_fd = p.stdout.fileno(), p.stdin.fileno()
        sent = 0
        while True:
            line = self._next_line()
            if line is False:
                self._restart_later("the program floods its output")
                return None, "flooded output"
            if isinstance(line, bytes) and sent == len(data):
                try:
                    answer = json.loads(line)
                except ValueError:
                    return None, f"not JSON: {line[:80]!r}"
                if isinstance(answer, dict) and "id" in answer:
                    if answer["id"] != self._id:
                        continue  # a late answer to an earlier request
                    answer = {k: v for k, v in answer.items() if k != "id"} or None
                self._late = 0
                return answer, None
            if isinstance(line, bytes):
                continue  # (read before the request went out: stale)
            left = deadline - time.monotonic()
            if left <= 0:
                self._late += 1
                if self._late >= MAX_LATE:  # it hangs: start it again
                    self._late = 0
                    self._restart_later(f"no answer {MAX_LATE} times running")
                return None, f"no answer within {self.budget_ms:.0f} ms"
            want_w = [in_fd] if sent < len(data) else []
            try:
                r, w, _ = select.select([out_fd], want_w, [], left)
            except (OSError, ValueError):
                self._restart_later("the pipe broke")
                return None, "the pipe broke"
            if w:
                try:
                    sent += os.write(in_fd, data[sent : sent + 65536])
                except BlockingIOError:
                    pass
                except OSError:
                    self._restart_later("the program stopped reading")
                    return None, "the program stopped reading"
            if r:
                try:
                    chunk = os.read(out_fd, 65536)
                except BlockingIOError:
                    continue
                except OSError:
                    chunk = b""
                if not chunk:
                    self._restart_later(f"the program exited (status {p.poll()})")
                    return None, "the program exited"
                self._buf.extend(chunk)
                self.peak_buffer = max(self.peak_buffer, len(self._buf))

    def _next_line(self) -> bytes | bool | None:
        """The next complete line read (None: none yet; False: flooding)."""
        buf = self._buf
        while True:
            i = buf.find(b"\n")
            if i < 0:
                break
            line = bytes(buf[:i]).strip()
            del buf[: i + 1]
            if line:
                self._lines.append(line)
        if len(buf) > MAX_LINE or len(self._lines) > MAX_LINES:
            return False
        return self._lines.popleft() if self._lines else None

    # ------------------------------------------------------------ checking
    def _check(
        self,
        view: SeatView,
        answer: Any,
        legal: list[Command],
        complete: bool,
        required: bool,
    ) -> tuple[Command | None, str | None]:
        if answer is None:
            if required:
                return None, "answered null where a move is due"
            return None, None
        try:
            cmd = parse_command(answer)
        except BadCommand as e:
            return None, str(e)
        if getattr(cmd, "seat", view.seat) != view.seat:
            return None, f"a command for seat {getattr(cmd, 'seat', None)}"
        cmd = cmd.model_copy(update={"seat": view.seat, "version": None})
        if any(_same(cmd, c) for c in legal):
            return cmd, None
        if complete:
            return None, f"not a legal command now: {answer!r:.120}"
        why = _illegal(view, cmd)
        return (None, why) if why else (cmd, None)


def _same(a: Command, b: Command) -> bool:
    da, db = a.model_dump(exclude={"version"}), b.model_dump(exclude={"version"})
    for d in (da, db):
        if "cards" in d:
            d["cards"] = sorted(str(c) for c in d["cards"])
    return bool(da == db)


def _illegal(view: SeatView, cmd: Command) -> str | None:
    """Why `cmd` is not a legal move in `view` (None: it is), for the kinds whose
    moves the request cannot list in full (bury, play)."""
    hand = Counter(view.hand)
    if isinstance(cmd, Bury) and view.phase == "burying":
        if len(cmd.cards) != view.bury_count:
            return f"a bury of {len(cmd.cards)} cards ({view.bury_count} are due)"
        if Counter(cmd.cards) - hand:
            return "buries cards it does not hold"
        return None
    if isinstance(cmd, Play) and view.phase == "playing":
        cards = list(cmd.cards)
        if not cards or Counter(cards) - hand:
            return "plays cards it does not hold"
        ctx = TrumpContext(view.level, view.trump_suit)
        if view.trick:
            v = rules.check_follow(
                view.rules, ctx, list(view.hand), list(view.trick[0].cards), cards
            )
            return None if v.ok else f"an illegal follow: {v.reason}"
        try:
            units = rules.decompose(view.rules, ctx, cards)
        except ValueError:
            return "a lead of more than one suit"
        if len(units) > 1 and not throws_allowed(view):
            return "a throw where throws are not allowed"
        return None
    if isinstance(cmd, CallFriend) and view.phase == "calling":
        v = rules.check_friend_call(view.rules, cmd.card, cmd.nth)
        return None if v.ok else f"an illegal call: {v.reason}"
    return f"a {cmd.type} command is not due now"


def legal_commands(view: SeatView, stand_in: PlaybookBot) -> tuple[list[Command], bool, bool]:
    """The legal commands of `view`'s seat now (at most MAX_LEGAL), whether the
    list is complete, and whether a command is due (False: the seat may also
    do nothing, as while cards are dealt)."""
    seat, rs, phase = view.seat, view.rules, view.phase
    hand = list(view.hand)
    if phase in ("dealing", "declaring"):
        if rs.bidding != "none":
            return [], True, False
        opts = stand_in.options(view)
        return [Declare(seat=seat, cards=tuple(c)) for c in opts[:MAX_LEGAL]], True, False
    if view.awaiting != seat:
        return [], True, False
    out: list[Command] = []
    complete = True
    if phase == "bidding":
        assert view.auction is not None
        bids = rules.bid_options(rs, view.auction, seat)  # (a range: listed up to the cap)
        out = [Bid(seat=seat, points=p) for p in bids[: MAX_LEGAL - 1]]
        out.append(PassBid(seat=seat))
        complete = len(bids) < MAX_LEGAL
    elif phase == "naming_trump":
        suits: list[Any] = list(rules.SUITS) + ([None] if rs.name_no_trump else [])
        out = [NameTrump(seat=seat, suit=s) for s in suits]
    elif phase == "burying":
        out, complete = [Bury(seat=seat, cards=tuple(stand_in.bury(view)))], False
    elif phase in ("kitty_theft", "overturning"):
        if phase == "kitty_theft":
            opts = stand_in.options(view) if view.standing is not None else []
        else:
            opts = declare_options(view)
        out = [Steal(seat=seat, cards=tuple(c)) for c in opts]
        out.append(PassSteal(seat=seat))
    elif phase == "calling":
        from .friends import call_options

        calls = call_options(view)
        out = [CallFriend(seat=seat, card=card, nth=nth) for _, card, nth in calls]
        if not out:
            out = [stand_in.call(view)]
        complete = False
    elif phase == "playing":
        ctx = TrumpContext(view.level, view.trump_suit)
        if view.trick:
            follows = rules.legal_follows(rs, ctx, hand, list(view.trick[0].cards))
            plays = list(islice(follows, MAX_LEGAL + 1))
            complete = len(plays) <= MAX_LEGAL
        else:
            plays = lead_options(rs, ctx, hand)
            complete = not throws_allowed(view) and len(plays) <= MAX_LEGAL
        out = [Play(seat=seat, cards=tuple(p)) for p in plays[:MAX_LEGAL]]
    else:
        return [], True, False
    if len(out) > MAX_LEGAL:
        out, complete = out[:MAX_LEGAL], False
    return out, complete, True
