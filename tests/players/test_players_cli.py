"""`shengji invite`, `players`, `stats` and `backup` on a data directory."""

from __future__ import annotations

import io
import json
import os
import stat
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import asyncssh
import pytest

from shengji_tui.cli import main
from shengji_tui.players.book import PlayerBook, code_hash
from shengji_tui.players.cli import duration
from shengji_tui.server.hostkey import load_or_create_host_key
from shengji_tui.store import Store, db_path


def run(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        rc = main(list(args))
    return rc, out.getvalue(), err.getvalue()


@pytest.mark.parametrize(
    ("text", "seconds"),
    [("24h", 86400.0), ("30m", 1800.0), ("7d", 604800.0), ("2", 7200.0), ("never", None)],
)
def test_durations(text: str, seconds: float | None) -> None:
    assert duration(text) == seconds


def test_invite_prints_the_code_the_line_and_the_fingerprint(tmp_path: Path) -> None:
    key, _, _ = load_or_create_host_key(tmp_path)
    rc, out, _ = run(
        "invite", "--data-dir", str(tmp_path), "--uses", "3", "--port", "2323", "--host", "box"
    )
    assert rc == 0
    code = out.split("invite code: ")[1].split()[0]
    assert "(3 friends, good until " in out
    assert "ssh -t -p 2323 YOUR-NAME@box" in out
    assert str(key.get_fingerprint("sha256")) in out
    with Store(db_path(tmp_path)) as store:
        [inv] = PlayerBook(store).invites()
    assert (inv.code_hash, inv.uses_left) == (code_hash(code), 3)
    rc, _, err = run("invite", "--data-dir", str(tmp_path), "--uses", "0")
    assert rc == 2 and "1 or more" in err


def test_players_and_stats_say_who_and_refuse_unknown_names(tmp_path: Path) -> None:
    with Store(db_path(tmp_path)) as store:
        book = PlayerBook(store)
        book.arrive("key:SHA256:abc", "ann", "keys")
        book.arrive("user:bob", "bob", "passwords")
    rc, out, _ = run("players", "--data-dir", str(tmp_path))
    assert rc == 0 and "SHA256:abc" in out and "bob" in out and "password" in out
    rc, out, _ = run("stats", "ann", "--data-dir", str(tmp_path))
    assert rc == 0 and "no finished match yet" in out
    rc, _, err = run("stats", "nobody", "--data-dir", str(tmp_path))
    assert rc == 2 and "no player 'nobody'" in err
    rc, _, err = run("players", "--remove", "nobody", "--data-dir", str(tmp_path))
    assert rc == 2 and "no player 'nobody'" in err
    rc, out, _ = run("players", "--remove", "ann", "--data-dir", str(tmp_path))
    rc, out, _ = run("players", "--json", "--data-dir", str(tmp_path))
    assert [r["removed"] is not None for r in json.loads(out)] == [True, False]


def test_backup_copies_the_store_consistently_and_privately(tmp_path: Path) -> None:
    data = tmp_path / "data"
    load_or_create_host_key(data)
    store = Store(db_path(data))  # (open while the copy is made, as a server's)
    PlayerBook(store).arrive("key:SHA256:abc", "ann", "keys")
    (data / "lobby.json").write_text('{"version": 1, "rooms": []}')
    dest = tmp_path / "backup"
    rc, out, _ = run("backup", str(dest), "--data-dir", str(data))
    store.close()
    assert rc == 0 and "shengji.db" in out
    assert stat.S_IMODE(os.stat(dest).st_mode) == 0o700
    for name in ("shengji.db", "lobby.json", "ssh_host_ed25519_key"):
        assert stat.S_IMODE(os.stat(dest / name).st_mode) == 0o600, name
    with Store(db_path(dest)) as copy:
        assert [p.name for p in PlayerBook(copy).players()] == ["ann"]
    asyncssh.read_private_key(str(dest / "ssh_host_ed25519_key"))
    rc, _, err = run("backup", str(dest), "--data-dir", str(data))
    assert rc == 2 and "not empty" in err
