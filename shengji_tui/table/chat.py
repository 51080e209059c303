"""What a chat message may be: its text cleaned, its length and its rate.

Chat is said at a table (or in its waiting room) by players and spectators; it
is not a game command (the engine never sees it: `notes.TableChannel`). A
message is cleaned before anyone sees it: control and escape characters go (a
terminal would act on them), as do invisible format characters (bidi
overrides, zero-width marks: text that reads otherwise than it is) and runs of
combining marks over two on one letter; white space collapses to one space.
Then at most `MAX_CHARS` characters, and at most `RATE_COUNT` messages per
`RATE_SECONDS` per sender, within the budgets of its table, of the table's
spectators together and of the server (`ChatBudget`); anything else is refused
with a sentence (`ChatRefused`: English, Chinese, and a key).
"""

from __future__ import annotations

from collections import deque

from ..untrusted import clean_line

MAX_CHARS = 200
RATE_COUNT = 4  # messages ...
RATE_SECONDS = 10.0  # ... per this many seconds, per sender
SPECTATORS_COUNT = 4  # per RATE_SECONDS from all of one table's spectators together
TABLE_COUNT = 12  # per RATE_SECONDS at one table, every sender together
SERVER_COUNT = 40  # per RATE_SECONDS on a whole server (its tables share one)
# cleaned up to this many cells: enough to tell a message over MAX_CHARS (refused)
_READ_CELLS = 4 * MAX_CHARS


class ChatRefused(Exception):
    """A message that is not said: `str(e)` is the English sentence, `sentence_zh`
    the Chinese one, `key` its name in the catalogue (`chat.refused.<key>`)."""

    def __init__(self, key: str, sentence: str, sentence_zh: str, **fields: object) -> None:
        super().__init__(sentence)
        self.key = key
        self.sentence = sentence
        self.sentence_zh = sentence_zh
        self.fields = fields


def clean_text(text: str) -> str:
    """`text` as it may be shown to others (the one cleaning of outside text,
    `text.untrusted.clean_line`); may be "". Read no further than a message
    can be long (a longer one is refused, not cut)."""
    return clean_line(text, max_cells=_READ_CELLS)


def check_text(text: str) -> str:
    """The cleaned message, or ChatRefused (empty, too long)."""
    said = clean_text(text)
    if not said:
        raise ChatRefused("empty", "There is nothing to send.", "没有可发送的内容。")
    if len(said) > MAX_CHARS:
        raise ChatRefused(
            "too_long",
            f"A message is at most {MAX_CHARS} characters (this one has {len(said)}).",
            f"一条消息最多 {MAX_CHARS} 个字（这条有 {len(said)} 个）。",
            max=MAX_CHARS,
            n=len(said),
        )
    return said


class RateLimit:
    """At most `count` messages per `seconds` per sender (a sliding window)."""

    def __init__(self, count: int = RATE_COUNT, seconds: float = RATE_SECONDS) -> None:
        self.count = count
        self.seconds = seconds
        self._sent: dict[str, deque[float]] = {}

    def wait(self, sender: str, now: float) -> int:
        """Whole seconds until `sender` may say one more (0: now)."""
        sent = self._sent.get(sender)
        if sent is None:
            return 0
        while sent and sent[0] <= now - self.seconds:
            sent.popleft()
        if len(sent) < self.count:
            return 0
        return max(1, int(sent[0] + self.seconds - now + 0.999))

    def record(self, sender: str, now: float) -> None:
        self._sent.setdefault(sender, deque()).append(now)
        if len(self._sent) > 64:  # senders long quiet are forgotten
            for key in [k for k, d in self._sent.items() if not d or d[-1] <= now - self.seconds]:
                del self._sent[key]

    def take(self, sender: str, now: float) -> None:
        """Count one message of `sender` at `now`, or ChatRefused (too many)."""
        wait = self.wait(sender, now)
        if wait:
            raise too_fast(self, wait)
        self.record(sender, now)


def too_fast(rate: RateLimit, wait: int) -> ChatRefused:
    return ChatRefused(
        "too_fast",
        f"Not so fast: at most {rate.count} messages in {rate.seconds:g} seconds (wait {wait} s).",
        f"发言太快：{rate.seconds:g} 秒内最多 {rate.count} 条（请等 {wait} 秒）。",
        count=rate.count,
        seconds=f"{rate.seconds:g}",
        wait=wait,
    )


def _busy(where: str, where_zh: str, wait: int) -> ChatRefused:
    return ChatRefused(
        "busy",
        f"The chat {where} is busy: wait {wait} s.",
        f"{where_zh}聊天太忙：请等 {wait} 秒。",
        wait=wait,
    )


class ChatBudget:
    """The budgets a message is counted in, all of which it must fit: its
    sender's (`RATE_COUNT` per `RATE_SECONDS`), the table's spectators' together
    (a spectator's message: many spectators are one voice), the table's
    (`TABLE_COUNT`) and the server's (`SERVER_COUNT`, shared by every table of
    a server). Refused, a message is counted nowhere."""

    def __init__(self, server: RateLimit | None = None) -> None:
        self.senders = RateLimit()
        self.spectators = RateLimit(SPECTATORS_COUNT)
        self.table = RateLimit(TABLE_COUNT)
        self.server = server if server is not None else RateLimit(SERVER_COUNT)

    def take(self, sender: str, watching: bool, now: float) -> None:
        wait = self.senders.wait(sender, now)
        if wait:
            raise too_fast(self.senders, wait)
        checks: list[tuple[RateLimit, str, str, str]] = [
            (self.table, "table", "at this table", "这一桌的"),
            (self.server, "server", "on this server", "服务器上的"),
        ]
        if watching:
            said = ("of this table's watchers", "旁观者的")  # (the players' word: watching)
            checks.insert(0, (self.spectators, "spectators", *said))
        for rate, key, where, where_zh in checks:
            wait = rate.wait(key, now)
            if wait:
                raise _busy(where, where_zh, wait)
        self.senders.record(sender, now)
        for rate, key, _, _ in checks:
            rate.record(key, now)
