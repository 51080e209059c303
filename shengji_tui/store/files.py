"""Files of the data directory that only their owner may read: the directory
itself (0700), the game store and its WAL and shared-memory files, the lobby
file, the server log (0600). The seed and the log of a game are every hand of
it, so another local user must not read them.

`write_atomic` replaces a file so that a reader (or a process started after a
crash at any moment) sees the old content or the new one, never a mix: a
temporary file beside it, fsync, rename over the old one, fsync the directory.
"""

from __future__ import annotations

import contextlib
import os
import uuid
from pathlib import Path

DIR_MODE = 0o700
FILE_MODE = 0o600


def private_dir(path: str | Path) -> Path:
    """`path` as a directory only its owner can enter: created 0700 (with its
    missing parents) when absent. An existing directory keeps its mode (it may be
    one the user chose and shares on purpose); its files are private anyway."""
    p = Path(path)
    if not p.is_dir():
        p.mkdir(mode=DIR_MODE, parents=True, exist_ok=True)
        with contextlib.suppress(OSError):
            os.chmod(p, DIR_MODE)  # mkdir's mode is masked by the umask
    return p


def private_file(path: str | Path) -> Path:
    """`path` made 0600 if it exists, else created empty with mode 0600 (OSError
    if it cannot be)."""
    p = Path(path)
    if p.exists():
        tighten(p)
        return p
    with contextlib.suppress(FileExistsError):  # made meanwhile: tightened below
        os.close(os.open(p, os.O_WRONLY | os.O_CREAT | os.O_EXCL, FILE_MODE))
    tighten(p)
    return p


def tighten(path: str | Path) -> None:
    """Mode 0600 for an existing file with wider permissions (no error if it is
    missing or not ours)."""
    with contextlib.suppress(OSError):
        mode = os.stat(path).st_mode & 0o777
        if mode & 0o077:
            os.chmod(path, mode & 0o700 or FILE_MODE)


def fsync_dir(path: str | Path) -> None:
    """Make a rename or a new file in directory `path` durable (POSIX)."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        with contextlib.suppress(OSError):
            os.fsync(fd)
    finally:
        os.close(fd)


def write_atomic(path: str | Path, data: bytes) -> None:
    """Replace `path` with `data` (mode 0600) atomically and durably. Raises
    OSError (the disk is full, the directory is read-only); the old file is then
    left as it was and no temporary file remains."""
    p = Path(path)
    tmp = p.with_name(f".{p.name}.{uuid.uuid4().hex[:8]}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, FILE_MODE)
    try:
        try:
            view = memoryview(data)
            while view:
                n = os.write(fd, view)
                view = view[n:]
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, p)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    fsync_dir(p.parent)
