"""`shengji invite`, `shengji players`, `shengji stats` and `shengji backup`:
the host's commands on a data directory (a running server's too: the store
is SQLite in WAL mode, these are other connections to it).

- `invite [--uses N] [--expires 24h|7d|never] [--port P] [--host H]`: a new
  invite code, and what to give friends: the `ssh` line and the host key's
  fingerprint (`shengji serve --invites` lets the code in).
- `players [--remove NAME] [--json]`: who the server remembers (name, key
  fingerprint or how they log in, first and last seen, games); `--remove`
  takes one out: refused at their next login, their seats at a running
  server's tables go to stand-in bots within seconds.
- `stats [NAME] [--json] [--top [--family F]]`: a player's ratings, figures
  per preset and last games (their ids for `shengji replay`); no NAME: the
  local player (`shengji play` on this machine); `--top`: the leaderboards.
- `backup DEST`: a copy of the data directory while the server runs: the
  store by SQLite's online backup (a consistent copy, never a half-written
  page), the lobby file and the host key beside it, all private (0700/0600).
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import sqlite3
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

DATA_HELP = "the data directory (default: $SHENGJI_DATA_DIR or ~/.local/share/shengji-tui)"
_SPAN = re.compile(r"(\d+(?:\.\d+)?)\s*([smhdw]?)")
_UNITS = {"": 3600.0, "s": 1.0, "m": 60.0, "h": 3600.0, "d": 86400.0, "w": 604800.0}


def duration(text: str) -> float | None:
    """Seconds of "24h", "7d", "30m", "2w" (a bare number: hours); "never": None."""
    t = text.strip().lower()
    if t in ("never", "0", "none"):
        return None
    m = _SPAN.fullmatch(t)
    if m is None or float(m.group(1)) <= 0:
        raise argparse.ArgumentTypeError(f"expected a time such as 24h, 7d or never, not {text!r}")
    return float(m.group(1)) * _UNITS[m.group(2)]


def add_arguments(sub: Any) -> None:
    """The four commands' parsers (`sub`: the CLI's subparsers)."""
    inv = sub.add_parser("invite", help="make an invite code for friends (shengji serve --invites)")
    code = inv.add_argument_group("the code")
    code.add_argument("--uses", type=int, default=1, help="friends the code lets in")
    code.add_argument(
        "--expires",
        type=duration,
        default=24 * 3600.0,
        metavar="TIME",
        help="how long the code is good for: 30m, 24h (default), 7d, never",
    )
    line = inv.add_argument_group("the ssh line it prints")
    line.add_argument("--port", type=int, default=2222, help="the server's port")
    line.add_argument("--host", default=None, help="the server's name (default: this machine's)")
    inv.add_argument_group("the server's data").add_argument("--data-dir", help=DATA_HELP)
    inv.set_defaults(func=_invite)

    pl = sub.add_parser("players", help="the players the server remembers; --remove one")
    what = pl.add_argument_group("what to do")
    what.add_argument("--remove", metavar="NAME", help="refuse NAME from now on (seats go to bots)")
    what.add_argument("--json", action="store_true", help="the players as JSON")
    pl.add_argument_group("the server's data").add_argument("--data-dir", help=DATA_HELP)
    pl.set_defaults(func=_players)

    st = sub.add_parser("stats", help="a player's ratings, figures and last games; --top")
    who = st.add_argument_group("whose figures")
    who.add_argument("name", nargs="?", help="the player (default: you, the local player)")
    who.add_argument("--top", action="store_true", help="the leaderboards (best ratings)")
    who.add_argument(
        "--family",
        choices=["partners", "friends", "auction"],
        action="append",
        help="--top: the leaderboards of these families of rules only (repeatable; "
        "default: every family)",
    )
    who.add_argument("--json", action="store_true", help="the figures as JSON")
    st.add_argument_group("the server's data").add_argument("--data-dir", help=DATA_HELP)
    st.set_defaults(func=_stats)

    bk = sub.add_parser("backup", help="copy the data directory (the server may run)")
    copy = bk.add_argument_group("the copy")
    copy.add_argument("dest", help="a new or empty directory")
    copy.add_argument("--data-dir", help=DATA_HELP)
    bk.set_defaults(func=_backup)


def _data_dir(args: argparse.Namespace) -> Path:
    from ..store import default_data_dir

    return Path(args.data_dir).expanduser() if args.data_dir else default_data_dir()


def _fail(text: str) -> int:
    print(f"shengji: {text}", file=sys.stderr)
    return 2


def _when(t: float | None) -> str:
    return "-" if t is None else time.strftime("%Y-%m-%d %H:%M", time.localtime(t))


# ------------------------------------------------------------------ invite


def host_fingerprint(data_dir: Path) -> str | None:
    """The SHA256 fingerprint of the server's host key in `data_dir` (None: no key yet)."""
    import asyncssh

    from ..server.hostkey import HOST_KEY_NAME

    pub = data_dir / (HOST_KEY_NAME + ".pub")
    try:
        key = asyncssh.import_public_key(pub.read_bytes())
    except (OSError, asyncssh.KeyImportError):
        try:
            key = asyncssh.read_private_key(str(data_dir / HOST_KEY_NAME))
        except (OSError, asyncssh.KeyImportError):
            return None
    return str(key.get_fingerprint("sha256"))


def invite_line(port: int, host: str, fingerprint: str | None) -> str:
    """What the host gives friends: how to connect and the key to expect."""
    said = f"ssh -t -p {port} YOUR-NAME@{host}"
    if fingerprint:
        said += f"   (the server's key: {fingerprint})"
    return said


def _invite(args: argparse.Namespace) -> int:
    import socket

    from ..store import Store, StoreError, db_path
    from .book import PlayerBook

    if args.uses < 1:
        return _fail("--uses is how many friends the code lets in: 1 or more")
    data = _data_dir(args)
    expires = None if args.expires is None else time.time() + args.expires
    try:
        with Store(db_path(data)) as store:
            code = PlayerBook(store).add_invite(args.uses, expires)
    except StoreError as e:
        return _fail(str(e))
    host = args.host or socket.gethostname()
    uses = "1 friend" if args.uses == 1 else f"{args.uses} friends"
    until = "never expires" if expires is None else f"good until {_when(expires)}"
    fp = host_fingerprint(data)
    print(f"invite code: {code}  ({uses}, {until})")
    print("give your friends the code and this line (their own name for YOUR-NAME):")
    print(f"  {invite_line(args.port, host, fp)}")
    if fp is None:
        print("  (no host key yet: `shengji serve` makes it at its first start and prints it)")
    print("a friend with an SSH key is asked for the code once; one without a key types")
    print("it at the login prompt and chooses a password. The server must run with --invites.")
    return 0


# ------------------------------------------------------------------ players


def _players(args: argparse.Namespace) -> int:
    from ..store import Store, StoreError, db_path
    from .book import PlayerBook
    from .results import games_played

    try:
        with Store(db_path(_data_dir(args))) as store:
            book = PlayerBook(store)
            if args.remove:
                gone = book.remove(args.remove)
                print(
                    f"removed {gone.name}: refused at their next login; at a running "
                    "server their seats go to stand-in bots within seconds"
                )
                return 0
            players = book.players()
            games = games_played(store)
    except StoreError as e:
        return _fail(str(e))
    rows: list[dict[str, Any]] = [
        {
            "name": p.name,
            "fingerprint": p.fingerprint,
            "login": _login(p.identity, p.via, p.has_password),
            "first_seen": p.first_seen,
            "last_seen": p.last_seen,
            "games": games.get(p.identity, 0),
            "removed": p.removed_at,
        }
        for p in players
    ]
    if args.json:
        print(json.dumps(rows, ensure_ascii=False, indent=1))
        return 0
    if not rows:
        print("no players yet (they are remembered from their first login)")
        return 0
    head = ("name", "key fingerprint / login", "first seen", "last seen", "games", "")
    table: list[tuple[str, ...]] = [
        (
            r["name"],
            r["fingerprint"] or r["login"],
            _when(r["first_seen"]),
            _when(r["last_seen"]),
            str(r["games"]),
            "removed " + _when(r["removed"]) if r["removed"] else "",
        )
        for r in rows
    ]
    _print_table(head, table)
    return 0


def _login(identity: str, via: str, has_password: bool) -> str:
    if identity.startswith("local:"):
        return "this machine (shengji play)"
    if has_password:
        return "password (chosen at an invite)"
    if identity.startswith("user:"):
        return "password" if via == "passwords" else f"user name ({via})"
    return via


def _print_table(head: tuple[str, ...], rows: Sequence[tuple[str, ...]]) -> None:
    from rich.cells import cell_len

    widths = [max(cell_len(r[k]) for r in [head, *rows]) for k in range(len(head))]
    for r in [head, *rows]:
        cells = [c + " " * (w - cell_len(c)) for c, w in zip(r, widths, strict=True)]
        print("  ".join(cells).rstrip())


# ------------------------------------------------------------------ stats


def _stats(args: argparse.Namespace) -> int:
    from ..store import Store, StoreError, db_path
    from .book import PlayerBook
    from .profile import leaderboards, profile

    try:
        with Store(db_path(_data_dir(args))) as store:
            book = PlayerBook(store)
            if args.top:
                boards = leaderboards(store, book, args.family)
                if args.json:
                    print(json.dumps(boards, ensure_ascii=False, indent=1))
                else:
                    print(_boards_text(boards))
                return 0
            if args.name:
                player = book.by_name(args.name)
                if player is None:
                    return _fail(f"there is no player {args.name!r} (shengji players lists them)")
            else:
                from ..saves.games import local_identity

                player = book.get(local_identity()[0])
                if player is None:
                    return _fail("you have no games here yet: name a player (shengji players)")
            prof = profile(store, player)
    except StoreError as e:
        return _fail(str(e))
    if args.json:
        print(json.dumps(prof, ensure_ascii=False, indent=1))
    else:
        print(_profile_text(prof))
    return 0


def _profile_text(p: dict[str, Any]) -> str:
    lines = [f"{p['name']}" + ("  (removed)" if p["removed"] else "")]
    for fam, r in p["ratings"].items():
        lines.append(
            f"  rating, {FAMILY_NAMES[fam]}: {r['shown']:.1f}  "
            f"(μ {r['mu']:.1f} ± {r['sigma']:.1f}, {_matches(r['matches'])})"
        )
    if not p["presets"]:
        lines.append("  no finished match yet")
    else:
        lines.append("")
        head = ("preset", "matches", "won", "deals", "held as dealer", "levels", "take-overs")
        rows: list[tuple[str, ...]] = [
            (
                s["preset"],
                str(s["matches"]),
                str(s["won"]),
                str(s["deals"]),
                str(s["dealer_wins"]),
                str(s["levels"]),
                str(s["takeovers"]),
            )
            for s in p["presets"]
        ]
        import io
        from contextlib import redirect_stdout

        buf = io.StringIO()
        with redirect_stdout(buf):
            _print_table(head, rows)
        lines += ["  " + ln for ln in buf.getvalue().splitlines()]
        lines.append("  kitty captures: " + str(sum(s["kitty"] for s in p["presets"])))
    if p["games"]:
        lines.append("")
        lines.append("  last games (shengji replay ID):")
        for g in p["games"]:
            moved = ""
            if g["rating_before"] is not None and g["rating_after"] is not None:
                moved = f"  rating {g['rating_before']:.1f} → {g['rating_after']:.1f}"
            lines.append(
                f"    {g['table_id']}  {g['preset']}  {_when(g['finished_at'])}  "
                f"{'won' if g['won'] else 'lost'}, {g['deals']} deals{moved}"
            )
    return "\n".join(lines)


FAMILY_NAMES = {"partners": "fixed partners", "friends": "find friends", "auction": "auctions"}


def _boards_text(boards: dict[str, list[dict[str, Any]]]) -> str:
    out = []
    for fam, rows in boards.items():
        out.append(f"{FAMILY_NAMES[fam]}:")
        if not rows:
            out.append("  nobody rated yet")
        for k, r in enumerate(rows, start=1):
            said = "a fixed anchor" if r["bot"] else _matches(r["matches"])
            out.append(f"  {k:2}. {r['shown']:6.1f}  {r['name']}  ({said})")
    return "\n".join(out)


def _matches(n: int) -> str:
    return "1 match" if n == 1 else f"{n} matches"


# ------------------------------------------------------------------ backup


def backup(data_dir: Path, dest: Path) -> list[Path]:
    """Copy the data directory's store (SQLite's online backup: consistent while
    a server writes), lobby file and host key into `dest` (made 0700). Returns
    the files written. OSError / sqlite3.Error / ValueError with a sentence."""
    from ..server.hostkey import HOST_KEY_NAME
    from ..store import DB_NAME
    from ..store.files import private_dir, private_file

    src_db = data_dir / DB_NAME
    if not src_db.exists():
        raise ValueError(f"there is no game store in {data_dir}")
    if dest.exists() and any(dest.iterdir()):
        raise ValueError(f"{dest} is not empty: choose a new directory")
    private_dir(dest)
    written = []
    out_db = private_file(dest / DB_NAME)
    src = sqlite3.connect(src_db, timeout=10.0)
    try:
        dst = sqlite3.connect(out_db)
        try:
            src.backup(dst)
        finally:
            dst.close()
    finally:
        src.close()
    written.append(out_db)
    for name in ("lobby.json", "play.json", HOST_KEY_NAME, HOST_KEY_NAME + ".pub"):
        f = data_dir / name
        if f.exists():
            private_file(dest / name)
            shutil.copyfile(f, dest / name)
            written.append(dest / name)
    return written


def _backup(args: argparse.Namespace) -> int:
    data = _data_dir(args)
    dest = Path(args.dest).expanduser()
    try:
        written = backup(data, dest)
    except (OSError, sqlite3.Error, ValueError) as e:
        return _fail(f"cannot back up {data}: {e}")
    print(f"backed up {data} into {dest}: " + ", ".join(p.name for p in written))
    print(f"(to restore: stop the server, copy them back into {data}, start it)")
    return 0
