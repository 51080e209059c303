"""What a chat message may be: its text cleaned, its length and its rate.

Chat is said at a table (or in its waiting room) by players and spectators; it
is not a game command (the engine never sees it: `notes.TableChannel`). A
message is cleaned before anyone sees it: control and escape characters go (a
terminal would act on them), as do invisible format characters (bidi
overrides, zero-width marks: text that reads otherwise than it is) and runs of
combining marks over two on one letter; white space collapses to one space.
Then at most `MAX_CHARS` characters, and at most `RATE_COUNT` messages per
`RATE_SECONDS` per sender; anything else is refused with a sentence
(`ChatRefused`: English, Chinese, and the catalogue's key for the TUI).
"""

from __future__ import annotations

from collections import deque

from ..untrusted import clean_line

MAX_CHARS = 200
RATE_COUNT = 4  # messages ...
RATE_SECONDS = 10.0  # ... per this many seconds, per sender
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

    def take(self, sender: str, now: float) -> None:
        """Count one message of `sender` at `now`, or ChatRefused (too many)."""
        sent = self._sent.setdefault(sender, deque())
        while sent and sent[0] <= now - self.seconds:
            sent.popleft()
        if len(sent) >= self.count:
            wait = max(1, int(sent[0] + self.seconds - now + 0.999))
            raise ChatRefused(
                "too_fast",
                f"Not so fast: at most {self.count} messages in {self.seconds:g} seconds "
                f"(wait {wait} s).",
                f"发言太快：{self.seconds:g} 秒内最多 {self.count} 条（请等 {wait} 秒）。",
                count=self.count,
                seconds=f"{self.seconds:g}",
                wait=wait,
            )
        sent.append(now)
        if len(self._sent) > 64:  # senders long quiet are forgotten
            for key in [k for k, d in self._sent.items() if not d or d[-1] <= now - self.seconds]:
                del self._sent[key]
