"""The host link's wire: frames, values and refusals between the processes
of `shengji serve --workers N` (front ends and the host).

- A frame is a 4-byte big-endian length and that many bytes of JSON (at most
  `MAX_FRAME`): one message, an object with `k` its kind.
- Values cross as the project already serialises them: pydantic models and
  dataclasses (views, events, commands, notes, room snapshots, settings)
  through a `TypeAdapter` per type (`dump`, `load`), so the reader gets the
  same types back.
- A refusal crosses as its kind and its sentences (`refusal`), and is raised
  again on the other side as the same exception class (`raise_refusal`):
  `LobbyError` (key, fields), `ChatRefused`, the engine's `RuleError`s (by
  their `code`: `WrongSeat` keeps its `turn`), `TakeBackRefused`. Anything
  else is a `HostError` with the error's kind only (no server path crosses).
- What a table's trouble says to players crosses as `TroubleInfo` (reason,
  stopped): never the store's own error text.
"""

from __future__ import annotations

import json
import struct
from dataclasses import dataclass
from functools import cache
from typing import Any

from pydantic import TypeAdapter

from ..engine import RuleError, WrongSeat
from ..engine import errors as engine_errors
from ..table import ChatRefused, TakeBackRefused
from .lobbyapi import LobbyError

MAX_FRAME = 16 * 1024 * 1024  # one message (a table's whole match of reviews fits)
_LEN = struct.Struct(">I")


class HostError(Exception):
    """The other side failed doing what was asked (its kind only), or the link
    is gone (`HostLost`)."""


class HostLost(HostError):
    """The link to the host (or to a front end) is closed."""


@dataclass(frozen=True)
class TroubleInfo:
    """A table's trouble as players are told it (`contract.TroubleLike`)."""

    reason: str
    stopped: bool = False


# ------------------------------------------------------------------ frames


def frame(message: dict[str, Any]) -> bytes:
    data = json.dumps(message, ensure_ascii=False, separators=(",", ":")).encode()
    if len(data) > MAX_FRAME:
        raise ValueError(f"a message of {len(data)} bytes (at most {MAX_FRAME})")
    return _LEN.pack(len(data)) + data


def take_frames(buffer: bytearray) -> tuple[list[dict[str, Any]], HostError | None]:
    """The whole frames at the start of `buffer`, taken out of it (what is left
    is the start of the next one), and what was wrong with the frame after
    them if anything: longer than `MAX_FRAME`, not JSON or not a JSON object
    (the buffer is then the link's to drop)."""
    out: list[dict[str, Any]] = []
    at, end = 0, len(buffer)
    bad: HostError | None = None
    with memoryview(buffer) as view:
        while end - at >= _LEN.size:
            (n,) = _LEN.unpack_from(view, at)
            if n > MAX_FRAME:
                bad = HostError(f"a frame of {n} bytes (at most {MAX_FRAME})")
                break
            if end - at - _LEN.size < n:
                break
            start = at + _LEN.size
            try:
                message = json.loads(bytes(view[start : start + n]))
            except (ValueError, RecursionError) as e:
                bad = HostError(f"a frame that is not JSON ({e.__class__.__name__})")
                break
            if not isinstance(message, dict):
                bad = HostError("a frame that is not a JSON object")
                break
            out.append(message)
            at = start + n
    del buffer[:at]
    return out, bad


# ------------------------------------------------------------------ values


@cache
def adapter(tp: Any) -> TypeAdapter[Any]:
    return TypeAdapter(tp)


def dump(tp: Any, value: Any) -> Any:
    """`value` (of type `tp`) as JSON-able data."""
    return adapter(tp).dump_python(value, mode="json")


def load(tp: Any, data: Any) -> Any:
    """A value of type `tp` from what `dump` made."""
    return adapter(tp).validate_python(data)


# ------------------------------------------------------------------ refusals


def _rule_errors() -> dict[str, type[RuleError]]:
    """Every `RuleError` class by its code (the engine's first; the table's and
    the server's too)."""
    found: dict[str, type[RuleError]] = {
        cls.code: cls
        for cls in vars(engine_errors).values()
        if isinstance(cls, type) and issubclass(cls, RuleError)
    }
    todo: list[type[RuleError]] = [RuleError]
    while todo:
        cls = todo.pop()
        found.setdefault(cls.code, cls)
        todo.extend(cls.__subclasses__())
    return found


def plain_fields(fields: dict[str, object]) -> dict[str, Any]:
    """A sentence's fields as they cross (numbers and words as they are)."""
    return {
        k: v if isinstance(v, (str, int, float, bool)) or v is None else str(v)
        for k, v in fields.items()
    }


def refusal(e: BaseException) -> dict[str, Any]:
    """`e` as it crosses the link."""
    if isinstance(e, LobbyError):
        return {"t": "lobby", "text": str(e), "key": e.key, "fields": plain_fields(e.fields)}
    if isinstance(e, ChatRefused):
        return {
            "t": "chat",
            "key": e.key,
            "sentence": e.sentence,
            "zh": e.sentence_zh,
            "fields": plain_fields(e.fields),
        }
    if isinstance(e, TakeBackRefused):
        return {"t": "takeback", "key": e.key, "text": str(e)}
    if isinstance(e, RuleError):
        turn = e.turn if isinstance(e, WrongSeat) else None
        return {
            "t": "rule",
            "code": type(e).code,
            "sentence": e.sentence,
            "zh": e.sentence_zh,
            "turn": turn,
        }
    return {"t": "error", "kind": type(e).__name__}


def raise_refusal(d: dict[str, Any]) -> None:
    """Raise the exception `refusal` described."""
    t = d.get("t")
    if t == "lobby":
        raise LobbyError(str(d.get("text", "")), str(d.get("key", "")), **d.get("fields", {}))
    if t == "chat":
        raise ChatRefused(
            str(d.get("key", "")),
            str(d.get("sentence", "")),
            str(d.get("zh", "")),
            **d.get("fields", {}),
        )
    if t == "takeback":
        raise TakeBackRefused(str(d.get("key", "")), str(d.get("text", "")))
    if t == "rule":
        cls = _rule_errors().get(str(d.get("code")), RuleError)
        sentence, zh = str(d.get("sentence") or "refused"), str(d.get("zh", ""))
        if issubclass(cls, WrongSeat):
            turn = d.get("turn")
            raise cls(sentence, zh, turn if isinstance(turn, int) else None)
        raise cls(sentence, zh)
    raise HostError(f"the host failed ({d.get('kind', 'error')})")
