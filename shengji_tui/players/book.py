"""`PlayerBook`: the players of a data directory, in its store (the tables of
`store/schema_players.py`): who they are, their name, their settings, the
invite codes that let new ones in, and taking one out.

- A player is an identity: "key:SHA256:..." (a public key), "user:NAME" (a
  password: the server's passwords file, or one chosen when redeeming an
  invite), "local:USER" (`shengji play` on this machine). Its `name` is what
  the others see, unique among the players not removed (compared by
  `names.name_key`: case, look-alike letters, invisible characters).
- `arrive(identity, name, via)`: a login of an identity the server lets in by
  itself (its authorized keys or passwords file, `--open`, the local player):
  its record, made at the first one with the name it came with (a suffix when
  another player has it: "ann (2)"), kept from then on.
- Invites: `add_invite` makes a code (12 letters and digits, ~60 bits; only
  its SHA-256 is kept) good for `uses` redemptions until it expires;
  `redeem(code, ...)` checks it and registers the new player in one
  transaction (a code used up meanwhile, an expired one, a name taken: an
  `InviteRefused` saying which, nothing written).
- `remove(name)`: the player is refused at their next login (`removed_at`);
  the record, its games and ratings stay.

A record whose settings are damaged is read with defaults for what is wrong,
and the problem is logged once per identity (never a refused login).
"""

from __future__ import annotations

import hashlib
import logging
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from ..store import Store, StoreError
from .settings import PlayerSettings, settings_from_json

log = logging.getLogger("shengji_tui.players")

Via = Literal["invite", "keys", "passwords", "open", "local"]
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no I, O, 0, 1: read aloud, typed
CODE_LENGTH = 12


class InviteRefused(Exception):
    """A code that does not let this player in now: `key` says why ("unknown",
    "expired", "used_up", "name_taken", "registered"); `str(e)` is a sentence."""

    def __init__(self, key: str, text: str) -> None:
        super().__init__(text)
        self.key = key


class NameTaken(StoreError):
    pass


@dataclass(frozen=True)
class Player:
    identity: str
    name: str
    via: str
    first_seen: float
    last_seen: float
    removed_at: float | None
    settings: PlayerSettings
    has_password: bool = False

    @property
    def removed(self) -> bool:
        return self.removed_at is not None

    @property
    def fingerprint(self) -> str:
        """The key's fingerprint ("SHA256:..."), "" for a player without a key."""
        return self.identity[4:] if self.identity.startswith("key:") else ""


@dataclass(frozen=True)
class Invite:
    code_hash: str
    uses_left: int
    used: int
    expires_at: float | None
    created_at: float

    def live(self, now: float) -> bool:
        return self.uses_left > 0 and (self.expires_at is None or self.expires_at > now)


def normal_code(code: str) -> str:
    """A code as typed (any case, spaces and dashes) in the form it is hashed in."""
    return "".join(ch for ch in code.upper() if ch.isalnum())


def code_hash(code: str) -> str:
    return hashlib.sha256(normal_code(code).encode()).hexdigest()


def new_code() -> str:
    raw = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
    return "-".join(raw[k : k + 4] for k in range(0, CODE_LENGTH, 4))


def _names() -> tuple[Callable[[str], str], Callable[[str, list[str]], str]]:
    # (imported when used: `server` imports this package)
    from ..server.names import name_key, unique_name

    return name_key, unique_name


_COLUMNS = (
    "identity, name, via, first_seen, last_seen, removed_at, settings_json, password IS NOT NULL"
)


class PlayerBook:
    def __init__(self, store: Store) -> None:
        self.store = store
        self._told: set[str] = set()  # identities whose damaged settings were logged

    # ------------------------------------------------------------ reading
    def _player(self, row: tuple[object, ...]) -> Player:
        identity, name, via, first, last, removed, settings_json, has_pw = row
        settings, problems = settings_from_json(str(settings_json or ""))
        ident = str(identity)
        if problems and ident not in self._told:
            self._told.add(ident)
            log.warning(
                "player %s (%s): damaged settings record, defaults used for: %s",
                repr(str(name)[:40]),
                ident[:40],
                "; ".join(problems),
            )
        return Player(
            identity=ident,
            name=str(name),
            via=str(via),
            first_seen=self._time(ident, first),
            last_seen=self._time(ident, last),
            removed_at=None if removed is None else self._time(ident, removed, 1.0),
            settings=settings,
            has_password=bool(has_pw),
        )

    def _time(self, identity: str, value: object, damaged: float = 0.0) -> float:
        """A record's time; a damaged one is `damaged` (a removal stays one) and
        a logged sentence."""
        try:
            return float(str(value))
        except ValueError:
            log.warning("player %s: a damaged time in their record (%r)", identity[:40], value)
            return damaged

    def get(self, identity: str) -> Player | None:
        with self.store.sql("read a player") as db:
            row = db.execute(
                f"SELECT {_COLUMNS} FROM players WHERE identity = ?", (identity,)
            ).fetchone()
        return None if row is None else self._player(row)

    def by_name(self, name: str) -> Player | None:
        """The player called `name` (as `name_key` compares), the present one first."""
        key = _names()[0](name)
        with self.store.sql("find a player") as db:
            row = db.execute(
                f"SELECT {_COLUMNS} FROM players WHERE name_key = ?"
                " ORDER BY removed_at IS NOT NULL, last_seen DESC LIMIT 1",
                (key,),
            ).fetchone()
        return None if row is None else self._player(row)

    def players(self, *, removed: bool = True) -> list[Player]:
        """Every player (the removed ones too unless `removed` is False), by name."""
        where = "" if removed else " WHERE removed_at IS NULL"
        with self.store.sql("list the players") as db:
            rows = db.execute(f"SELECT {_COLUMNS} FROM players{where} ORDER BY name_key").fetchall()
        return [self._player(r) for r in rows]

    def password_of(self, identity: str) -> str | None:
        """The scrypt hash of a player who logs in by a password chosen at their
        invite (None: no such player, or removed)."""
        with self.store.sql("read a player's password") as db:
            row = db.execute(
                "SELECT password FROM players WHERE identity = ? AND removed_at IS NULL",
                (identity,),
            ).fetchone()
        return None if row is None or row[0] is None else str(row[0])

    def name_free(self, name: str, identity: str | None = None) -> bool:
        """Whether `name` is nobody's (or `identity`'s own) among present players."""
        key = _names()[0](name)
        with self.store.sql("look a name up") as db:
            row = db.execute(
                "SELECT identity FROM players WHERE name_key = ? AND removed_at IS NULL", (key,)
            ).fetchone()
        return row is None or row[0] == identity

    def removed_since(self, since: float) -> list[tuple[str, float]]:
        """(identity, when) of the players removed after `since`, oldest first."""
        with self.store.sql("list removed players") as db:
            rows = db.execute(
                "SELECT identity, removed_at FROM players WHERE removed_at > ? ORDER BY removed_at",
                (since,),
            ).fetchall()
        return [(str(i), float(t)) for i, t in rows]

    # ------------------------------------------------------------ writing
    def arrive(self, identity: str, name: str, via: Via, *, now: float | None = None) -> Player:
        """An identity let in by the server's own rules logs in: its record (made
        now, under `name` or a suffixed one if another player has it), seen now.
        A removed player's record is returned as it is (the caller refuses it)."""
        now = time.time() if now is None else now
        name_key, unique_name = _names()
        with self.store.sql("keep a player") as db:
            db.execute("BEGIN IMMEDIATE")
            row = db.execute(
                f"SELECT {_COLUMNS} FROM players WHERE identity = ?", (identity,)
            ).fetchone()
            if row is None:
                taken = [
                    str(r[0])
                    for r in db.execute("SELECT name FROM players WHERE removed_at IS NULL")
                ]
                shown = unique_name(name, taken)
                db.execute(
                    "INSERT INTO players(identity, name, name_key, via, first_seen, last_seen)"
                    " VALUES (?, ?, ?, ?, ?, ?)",
                    (identity, shown, name_key(shown), via, now, now),
                )
            elif row[5] is None:
                db.execute("UPDATE players SET last_seen = ? WHERE identity = ?", (now, identity))
            db.execute("COMMIT")
            row = db.execute(
                f"SELECT {_COLUMNS} FROM players WHERE identity = ?", (identity,)
            ).fetchone()
        return self._player(row)

    def keep_settings(self, identity: str, settings: PlayerSettings) -> None:
        with self.store.sql("keep a player's settings") as db:
            db.execute(
                "UPDATE players SET settings_json = ? WHERE identity = ?",
                (settings.to_json(), identity),
            )

    def remove(self, name: str, *, now: float | None = None) -> Player:
        """Take the present player called `name` out (StoreError: no such player)."""
        now = time.time() if now is None else now
        key = _names()[0](name)
        with self.store.sql("remove a player") as db:
            db.execute("BEGIN IMMEDIATE")
            row = db.execute(
                "SELECT identity FROM players WHERE name_key = ? AND removed_at IS NULL", (key,)
            ).fetchone()
            if row is None:
                db.execute("ROLLBACK")
                raise StoreError(f"there is no player {name!r} (shengji players lists them)")
            db.execute("UPDATE players SET removed_at = ? WHERE identity = ?", (now, row[0]))
            db.execute("COMMIT")
        player = self.get(str(row[0]))
        assert player is not None
        return player

    # ------------------------------------------------------------ invites
    def add_invite(
        self, uses: int = 1, expires_at: float | None = None, *, now: float | None = None
    ) -> str:
        """A new invite code (shown once: only its hash is kept)."""
        if uses < 1:
            raise ValueError("an invite is good for at least one use")
        now = time.time() if now is None else now
        code = new_code()
        with self.store.sql("keep an invite") as db:
            db.execute(
                "INSERT INTO invites(code_hash, uses_left, used, expires_at, created_at)"
                " VALUES (?, ?, 0, ?, ?)",
                (code_hash(code), uses, expires_at, now),
            )
        return code

    def invites(self) -> list[Invite]:
        with self.store.sql("list the invites") as db:
            rows = db.execute(
                "SELECT code_hash, uses_left, used, expires_at, created_at FROM invites"
                " ORDER BY created_at"
            ).fetchall()
        return [
            Invite(str(h), int(u), int(n), None if e is None else float(e), float(c))
            for h, u, n, e, c in rows
        ]

    def redeem(
        self,
        code: str,
        identity: str,
        name: str,
        *,
        password: str | None = None,
        now: float | None = None,
    ) -> Player:
        """Register `identity` as `name` by the invite `code` (one of its uses).
        `password`: the scrypt hash of a keyless player's chosen password.
        InviteRefused (nothing written) when the code or the name will not do."""
        now = time.time() if now is None else now
        name_key, _ = _names()
        with self.store.sql("redeem an invite") as db:
            db.execute("BEGIN IMMEDIATE")
            try:
                row = db.execute(
                    "SELECT uses_left, expires_at FROM invites WHERE code_hash = ?",
                    (code_hash(code),),
                ).fetchone()
                if row is None:
                    raise InviteRefused("unknown", "that is not an invite code of this server")
                if row[1] is not None and float(row[1]) <= now:
                    raise InviteRefused("expired", "that invite code has expired")
                if int(row[0]) <= 0:
                    raise InviteRefused("used_up", "that invite code has been used up")
                if db.execute("SELECT 1 FROM players WHERE identity = ?", (identity,)).fetchone():
                    raise InviteRefused("registered", "this key or name is already registered")
                key = name_key(name)
                if db.execute(
                    "SELECT 1 FROM players WHERE name_key = ? AND removed_at IS NULL", (key,)
                ).fetchone():
                    raise InviteRefused("name_taken", f"the name {name!r} is taken")
            except InviteRefused:
                db.execute("ROLLBACK")
                raise
            db.execute(
                "INSERT INTO players(identity, name, name_key, via, password, first_seen,"
                " last_seen) VALUES (?, ?, ?, 'invite', ?, ?, ?)",
                (identity, name, key, password, now, now),
            )
            db.execute(
                "UPDATE invites SET uses_left = uses_left - 1, used = used + 1 WHERE code_hash = ?",
                (code_hash(code),),
            )
            db.execute("COMMIT")
        player = self.get(identity)
        assert player is not None
        return player

    def code_usable(self, code: str, *, now: float | None = None) -> str | None:
        """None when `code` may be redeemed now, else why not (an `InviteRefused` key)."""
        now = time.time() if now is None else now
        with self.store.sql("look an invite up") as db:
            row = db.execute(
                "SELECT uses_left, expires_at FROM invites WHERE code_hash = ?",
                (code_hash(code),),
            ).fetchone()
        if row is None:
            return "unknown"
        if row[1] is not None and float(row[1]) <= now:
            return "expired"
        if int(row[0]) <= 0:
            return "used_up"
        return None
