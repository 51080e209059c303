"""Who may log in, and who they are.

Three ways, chosen by `shengji serve` flags (README "Playing over SSH"):

- `--authorized-keys FILE` (default `~/.ssh/authorized_keys` of the server
  user): public keys in OpenSSH's format. Identity: the key's fingerprint.
- `--passwords FILE`: lines `name:scrypt$N$r$p$salt$hash` (made with
  `shengji serve --add-password NAME`). Hashed with scrypt, compared in
  constant time. Identity: the user name.
- `--open` (a trusted LAN): anyone may join. Identity: the client key's
  fingerprint when it offers one, else the typed user name.
- `--invites` (with either of the first two, or alone): the players the
  server remembers (`players.py`: a key registered by an invite code, or a
  user name with the password chosen at it) and, for a key it does not know,
  the invite prompt in the terminal; a keyless friend redeems a code by
  keyboard-interactive login. Identity: the key's fingerprint, else
  "user:NAME".

The SSH user name is the display name (`names.normalise_name`: NFKC, no
invisible characters, no runs of combining marks, at most 16 cells) in every
mode, as the player's record keeps it from their first login (names are
unique on the server: `players.book`).

The files are read again whenever they change (size, time or inode), so a
removed key or user is out at their next login. A file that cannot be read
lets nobody in by it, a malformed line is skipped; both are logged.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import logging
import os
import secrets
from dataclasses import dataclass
from pathlib import Path

import asyncssh

from .names import NAME_CELLS, normalise_name

log = logging.getLogger("shengji_tui.server")

SCRYPT_N, SCRYPT_R, SCRYPT_P = 2**14, 8, 1
NAME_MAX = NAME_CELLS


class AuthError(Exception):
    """A bad auth setup (missing file, malformed line); `str(e)` is a sentence."""


@dataclass(frozen=True)
class Identity:
    id: str  # stable across connections: "key:SHA256:...", "user:NAME" or "name:NAME"
    name: str  # what the other players see

    @property
    def short(self) -> str:
        return self.id if len(self.id) <= 24 else self.id[:24] + "…"


def display_name(username: str) -> str:
    """The SSH user name made safe to show on other players' screens."""
    return normalise_name(username, max_cells=NAME_MAX)


# ------------------------------------------------------------------ passwords


def hash_password(password: str, *, salt: bytes | None = None) -> str:
    salt = salt if salt is not None else secrets.token_bytes(16)
    digest = hashlib.scrypt(
        password.encode("utf-8"), salt=salt, n=SCRYPT_N, r=SCRYPT_R, p=SCRYPT_P, dklen=32
    )
    b64 = base64.b64encode
    return f"scrypt${SCRYPT_N}${SCRYPT_R}${SCRYPT_P}${b64(salt).decode()}${b64(digest).decode()}"


def verify_password(password: str, stored: str) -> bool:
    """Constant-time check of `password` against a `hash_password` string."""
    try:
        kind, n, r, p, salt64, digest64 = stored.split("$")
        if kind != "scrypt":
            return False
        salt = base64.b64decode(salt64)
        want = base64.b64decode(digest64)
        got = hashlib.scrypt(
            password.encode("utf-8"), salt=salt, n=int(n), r=int(r), p=int(p), dklen=len(want)
        )
    except (ValueError, TypeError):
        return False
    return hmac.compare_digest(got, want)


_DUMMY = hash_password("not a password", salt=b"0123456789abcdef")


def parse_passwords(text: str) -> tuple[dict[str, str], list[int]]:
    """The `name:scrypt$...` lines of a passwords file, and the numbers of the
    malformed lines (skipped)."""
    out: dict[str, str] = {}
    bad: list[int] = []
    for n, line in enumerate(text.splitlines(), start=1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        name, sep, stored = line.partition(":")
        if not name or not sep or not stored.startswith("scrypt$") or stored.count("$") != 5:
            bad.append(n)
            continue
        out[name] = stored
    return out, bad


def read_passwords(path: Path) -> dict[str, str]:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise AuthError(f"cannot read the passwords file {path}: {e}") from None
    return parse_passwords(text)[0]


def add_password(path: Path, name: str, password: str) -> None:
    """Add or replace `name` in the passwords file (created with mode 0600)."""
    if not name or ":" in name or any(c.isspace() for c in name):
        raise AuthError("a user name may not be empty or hold ':' or spaces")
    lines: list[str] = []
    if path.exists():
        lines = [
            ln
            for ln in path.read_text(encoding="utf-8").splitlines()
            if ln.partition(":")[0] != name
        ]
    lines.append(f"{name}:{hash_password(password)}")
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")


# ------------------------------------------------------------------ the policy


def default_authorized_keys() -> Path:
    return Path.home() / ".ssh" / "authorized_keys"


class AuthPolicy:
    """The server's choice of who may log in (see the module docstring)."""

    def __init__(
        self,
        *,
        authorized_keys: Path | None = None,
        passwords: Path | None = None,
        open_mode: bool = False,
        invites: bool = False,
    ) -> None:
        self.open_mode = open_mode
        self.invites = invites and not open_mode
        self.authorized_keys_path = authorized_keys
        self.passwords_path = passwords
        self._keys: set[bytes] = set()
        self._keys_seen = _Seen()
        self._passwords: dict[str, str] = {}
        self._pw_seen = _Seen()
        if authorized_keys is not None:
            self._load_keys(required=True)
        if passwords is not None:
            self._load_passwords(required=True)

    def describe(self) -> str:
        if self.open_mode:
            return "open: anyone may join (identity: client key fingerprint, else user name)"
        parts = []
        if self.authorized_keys_path is not None:
            parts.append(f"public keys in {self.authorized_keys_path} ({len(self._keys)} keys)")
        if self.passwords_path is not None:
            parts.append(f"passwords in {self.passwords_path} ({len(self._passwords)} users)")
        if self.invites:
            parts.append("players registered by an invite (shengji invite makes a code)")
        return " or ".join(parts) or "nobody (no auth configured)"

    # ---------------------------------------------------------------- files
    def _read(self, what: str, path: Path, seen: _Seen, required: bool) -> str | None:
        """The file's text if it changed since `seen` (else None). A file that
        cannot be read is an empty one (nobody gets in by it), logged once per
        change; at start (`required`) it is an `AuthError`."""
        try:
            st = path.stat()
            stamp = (st.st_mtime_ns, st.st_size, st.st_ino)
            if stamp == seen.stamp:
                return None
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as e:
            if required:
                raise AuthError(f"cannot read the {what} file {path}: {e}") from None
            problem = f"cannot read the {what} file {path}: {e}; nobody logs in by it"
            if seen.problem != problem:
                log.error("%s", problem)
            seen.stamp, seen.problem = None, problem
            return ""
        seen.stamp, seen.problem = stamp, None
        return text

    def _load_keys(self, required: bool = False) -> None:
        path = self.authorized_keys_path
        assert path is not None
        text = self._read("authorized keys", path, self._keys_seen, required)
        if text is None:
            return
        keys: set[bytes] = set()
        bad: list[int] = []
        for n, line in enumerate(text.splitlines(), start=1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            try:
                keys.add(_key_from_line(line).public_data)
            except Exception:  # a line of any shape: skipped, never a failed start
                bad.append(n)
        if bad:
            log.warning("%s: skipped malformed lines %s", path, _numbers(bad))
        if self._keys_seen.stamp is not None:
            log.info("%s: %d keys", path, len(keys))
        self._keys = keys

    def _load_passwords(self, required: bool = False) -> None:
        path = self.passwords_path
        assert path is not None
        text = self._read("passwords", path, self._pw_seen, required)
        if text is None:
            return
        passwords, bad = parse_passwords(text)
        if bad:
            log.warning(
                "%s: skipped malformed lines %s (expected name:scrypt$..., made with "
                "`shengji serve --add-password NAME`)",
                path,
                _numbers(bad),
            )
        if self._pw_seen.stamp is not None:
            log.info("%s: %d users", path, len(passwords))
        self._passwords = passwords

    # ---------------------------------------------------------------- checks
    @property
    def keys_supported(self) -> bool:
        return self.open_mode or self.invites or self.authorized_keys_path is not None

    @property
    def passwords_supported(self) -> bool:
        return self.open_mode or self.invites or self.passwords_path is not None

    def key_allowed(self, key: asyncssh.SSHKey) -> bool:
        if self.open_mode:
            return True
        if self.authorized_keys_path is None:
            return False
        self._load_keys()
        return key.public_data in self._keys

    def stored_password(self, username: str) -> str | None:
        """`username`'s hash (the file is read again if it changed); cheap."""
        if self.passwords_path is None:
            return None
        self._load_passwords()
        return self._passwords.get(username)

    @staticmethod
    def password_matches(password: str, stored: str | None) -> bool:
        """Slow on purpose (scrypt), as slow for an unknown user (`stored` None):
        call it off the event loop, on the server's own password threads."""
        ok = verify_password(password, stored if stored is not None else _DUMMY)
        return ok and stored is not None

    def password_ok(self, username: str, password: str) -> bool:
        """Both steps at once (slow: see `password_matches`)."""
        if self.open_mode:
            return True
        if self.passwords_path is None:
            return False
        return self.password_matches(password, self.stored_password(username))

    @staticmethod
    def identity(username: str, key: asyncssh.SSHKey | None) -> Identity:
        name = display_name(username)
        if key is not None:
            return Identity("key:" + str(key.get_fingerprint("sha256")), name)
        return Identity("user:" + username, name)


@dataclass
class _Seen:
    """What was last read of a file: its (mtime_ns, size, inode), else why not."""

    stamp: tuple[int, int, int] | None = None
    problem: str | None = None


def _numbers(lines: list[int]) -> str:
    shown = ", ".join(str(n) for n in lines[:10])
    return shown + (f" and {len(lines) - 10} more" if len(lines) > 10 else "")


def _key_from_line(line: str) -> asyncssh.SSHKey:
    """A public key from an authorized_keys line (options before the key allowed)."""
    try:
        return asyncssh.import_public_key(line)
    except asyncssh.KeyImportError:
        pass
    # options first: find the key type token
    parts = line.split()
    for i, p in enumerate(parts):
        if p.startswith(("ssh-", "ecdsa-", "sk-")) and i + 1 < len(parts):
            return asyncssh.import_public_key(" ".join(parts[i : i + 2]))
    raise ValueError("no key on this line")
