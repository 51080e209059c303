"""The server's host key: an ed25519 key generated once into the data directory
(mode 0600) and reused forever, so players' `known_hosts` stay valid."""

from __future__ import annotations

import os
from pathlib import Path

import asyncssh

HOST_KEY_NAME = "ssh_host_ed25519_key"


class HostKeyError(Exception):
    """The host key cannot be read or written; `str(e)` is a sentence."""


def load_or_create_host_key(data_dir: str | Path) -> tuple[asyncssh.SSHKey, Path, bool]:
    """(key, path, created): the host key of `data_dir`, generated if missing."""
    data_dir = Path(data_dir)
    path = data_dir / HOST_KEY_NAME
    try:
        data_dir.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise HostKeyError(f"cannot create the data directory {data_dir}: {e}") from None
    if path.exists():
        try:
            mode = path.stat().st_mode & 0o777
            if mode & 0o077:
                os.chmod(path, 0o600)
            return asyncssh.read_private_key(str(path)), path, False
        except (OSError, asyncssh.KeyImportError) as e:
            raise HostKeyError(
                f"cannot read the host key {path} ({e}); move it away to make a new one "
                "(players will then see a changed host key)"
            ) from None
    key = asyncssh.generate_private_key("ssh-ed25519", comment="shengji-tui host key")
    data = key.export_private_key()
    tmp = path.with_name(path.name + ".tmp")
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        try:
            os.write(fd, data)
            os.fsync(fd)
        finally:
            os.close(fd)
        os.chmod(tmp, 0o600)
        os.replace(tmp, path)
        (path.with_name(path.name + ".pub")).write_bytes(key.export_public_key())
    except OSError as e:
        raise HostKeyError(f"cannot write the host key {path}: {e}") from None
    return key, path, True


def fingerprint(key: asyncssh.SSHKey) -> str:
    """The SHA256 fingerprint players compare with what `ssh` shows them."""
    return str(key.get_fingerprint("sha256"))
