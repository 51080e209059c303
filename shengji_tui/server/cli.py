"""`shengji serve`: its arguments (no heavy imports here: the CLI builds every
command's parser) and its main."""

from __future__ import annotations

import argparse
import dataclasses
import sys
from pathlib import Path
from typing import Any, TextIO

from ..entered import (
    MOST_BOT_DELAY,
    MOST_DEAL_DELAY,
    MOST_DECLARE_DELAY,
    MOST_GRACE,
    MOST_TURN_CLOCK,
    number_arg,
    seconds_arg,
    seed_arg,
)
from .limits import Limits
from .workers import cores


def add_serve_arguments(p: argparse.ArgumentParser) -> None:
    where = p.add_argument_group("where")
    where.add_argument("--host", default="0.0.0.0", help="address to listen on")
    where.add_argument("--port", type=int, default=2222, help="port to listen on")
    where.add_argument(
        "--data-dir",
        help="host key, lobby and game store (default: $SHENGJI_DATA_DIR or "
        "~/.local/share/shengji-tui)",
    )
    auth = p.add_argument_group("who may log in (README: Playing over SSH)")
    auth.add_argument(
        "--authorized-keys",
        metavar="FILE",
        help="public keys allowed in (default ~/.ssh/authorized_keys of this user, "
        "unless --passwords or --open is given)",
    )
    auth.add_argument("--passwords", metavar="FILE", help="name:scrypt-hash lines")
    auth.add_argument(
        "--open",
        action="store_true",
        help="trusted LAN: anyone may join (identity: key fingerprint, else user name)",
    )
    auth.add_argument(
        "--invites",
        action="store_true",
        help="friends join with a code from `shengji invite` (a key is asked for it once; "
        "without a key, at the login prompt with a password they choose); combines with "
        "--authorized-keys and --passwords",
    )
    auth.add_argument(
        "--add-password",
        metavar="NAME",
        help="add NAME to the --passwords file (the password is read from the terminal "
        "or the first line of standard input) and exit",
    )
    lim = p.add_argument_group("limits (README: Playing over SSH; docs/security.md)")
    d = Limits()
    for f in dataclasses.fields(Limits):
        if f.name == "max_width":  # (width and height: one flag)
            lim.add_argument(
                "--max-size",
                type=_size,
                default=(d.max_width, d.max_height),
                metavar="WxH",
                help=f"largest terminal rendered (default {d.max_width}x{d.max_height})",
            )
        elif "flag" in f.metadata:
            lim.add_argument(
                f.metadata["flag"],
                type=number_arg(
                    int if isinstance(f.default, int) else float,
                    f.metadata["least"],
                    f.metadata["most"],
                ),
                default=f.default,
                dest=f.name,
                metavar=f.metadata["flag"].lstrip("-").replace("-", "_").upper(),
                help=f.metadata["help"],
            )
    tab = p.add_argument_group("new tables")
    tab.add_argument(
        "--grace",
        type=seconds_arg(MOST_GRACE),
        default=60.0,
        help="seconds a dropped player's seat waits before a bot plays",
    )
    tab.add_argument(
        "--turn-clock",
        type=seconds_arg(MOST_TURN_CLOCK),
        default=0.0,
        metavar="SECONDS",
        help="seconds per decision at a new table (half for a single legal play, twice for "
        "burying); when they run out a bot moves for the player; 0: no clock (the "
        "new-table dialog may still choose one)",
    )
    tab.add_argument(
        "--turn-clock-limit",
        type=int,
        default=2,
        metavar="N",
        help="timeouts in a row before a bot plays the seat (托管) until its player presses a key",
    )
    tab.add_argument(
        "--bot-delay", type=seconds_arg(MOST_BOT_DELAY), default=0.6, help="seconds a bot waits"
    )
    tab.add_argument(
        "--deal-delay",
        type=seconds_arg(MOST_DEAL_DELAY),
        default=None,
        help="seconds between cards (default 0.2: a pace people can follow)",
    )
    tab.add_argument(
        "--declare-delay",
        type=seconds_arg(MOST_DECLARE_DELAY),
        default=None,
        help="seconds a bot takes to declare once it can (default 1.5, as a person; 0: at once)",
    )
    tab.add_argument(
        "--max-tables",
        type=int,
        default=32,
        help="unfinished tables on the server at once (0: no limit)",
    )
    tab.add_argument(
        "--max-tables-per-client",
        type=int,
        default=3,
        help="unfinished tables made by one client, counted by identity and by network "
        "address (a table left to bots plays on by itself; 0: no limit)",
    )
    tab.add_argument(
        "--max-watchers",
        type=int,
        default=16,
        help="spectators at one table at once (each is a screen drawn at every move; 0: no limit)",
    )
    tab.add_argument(
        "--external-bot",
        action="append",
        default=[],
        metavar="COMMAND",
        help="offer this program as a bot in the lobby (docs/bot-protocol.md); repeatable. "
        "Only the server's own flags name programs: players choose among them",
    )
    run = p.add_argument_group("the server's processes and log")
    run.add_argument(
        "--workers",
        type=number_arg(int, 1, MAX_WORKERS, "a number of front ends"),
        default=cores(),
        metavar="N",
        help="front ends serving SSH (each a process: sessions, screens); one more "
        "process keeps the tables, bots and store; 1: all in this one process "
        "(default: %(default)s, this machine's cores)",
    )
    # a child of --workers (workers.py): its role, the host's socket, the socket
    # its connections are handed on (handoff.py), its name
    p.add_argument("--role", choices=("host", "front"), help=argparse.SUPPRESS)
    p.add_argument("--host-link", help=argparse.SUPPRESS)
    p.add_argument("--handoff-fd", type=int, help=argparse.SUPPRESS)
    p.add_argument("--front-id", default="", help=argparse.SUPPRESS)
    # the benchmark's floor (`shengji bench ssh --floor`): a minimal app at the tables
    p.add_argument("--bench-floor", action="store_true", help=argparse.SUPPRESS)
    # the benchmark's deals (`shengji bench ssh`): the lobby's n-th table has seed N + n,
    # so that two runs (the table's and the floor's, old code and new) play the same cards
    p.add_argument("--bench-seed", type=seed_arg, help=argparse.SUPPRESS)
    run.add_argument("--log-file", help="write the server log here (default: standard error)")
    run.add_argument("-v", "--verbose", action="store_true", help="log debug messages too")


def _size(text: str) -> tuple[int, int]:
    w, sep, h = text.lower().partition("x")
    try:
        size = (int(w), int(h))
    except ValueError:
        size = (0, 0)
    if not sep or min(size) < 1:
        raise argparse.ArgumentTypeError(f"expected WIDTHxHEIGHT, e.g. 500x200, not {text!r}")
    return size


MAX_WORKERS = 64  # past the cores, more front ends only cost memory


def _read_password() -> str:
    import getpass

    if sys.stdin.isatty():
        pw = getpass.getpass("password: ")
        if getpass.getpass("again: ") != pw:
            raise SystemExit("shengji: the two passwords differ")
        return pw
    return sys.stdin.readline().rstrip("\r\n")


def main(args: argparse.Namespace) -> int:
    import asyncio
    import faulthandler
    import logging
    import signal

    from ..store import StoreError, default_data_dir
    from ..store.files import private_dir, private_file
    from ..table import HUMAN_DEAL_DELAY, HUMAN_DECLARE_DELAY, Pacing, TableSettings, TurnClock
    from .auth import AuthError, AuthPolicy, add_password, default_authorized_keys
    from .hostkey import HostKeyError
    from .registry import TableLimits
    from .server import ServerConfig, ShengjiServer

    data_dir = Path(args.data_dir).expanduser() if args.data_dir else default_data_dir()
    if args.deal_delay is None:
        args.deal_delay = HUMAN_DEAL_DELAY
    if args.declare_delay is None:
        args.declare_delay = HUMAN_DECLARE_DELAY
    if not 1 <= args.turn_clock_limit <= 100:
        print("shengji: --turn-clock-limit is a count of timeouts: 1 to 100", file=sys.stderr)
        return 2
    clock = (
        TurnClock.of_seconds(args.turn_clock, args.turn_clock_limit) if args.turn_clock else None
    )
    if args.add_password:
        if not args.passwords:
            print("shengji: --add-password needs --passwords FILE", file=sys.stderr)
            return 2
        try:
            add_password(Path(args.passwords).expanduser(), args.add_password, _read_password())
        except (AuthError, OSError) as e:
            print(f"shengji: {e}", file=sys.stderr)
            return 2
        print(f"added {args.add_password} to {args.passwords}")
        return 0

    if args.log_file:
        try:
            log_path = Path(args.log_file).expanduser()
            # its directory made like the data directory (0700), which is made
            # first when the log sits inside a --data-dir that does not exist yet
            if log_path.resolve().is_relative_to(data_dir.resolve()):
                private_dir(data_dir)
            private_dir(log_path.parent)
            private_file(log_path)  # 0600: it names players
        except OSError as e:
            print(f"shengji: cannot write the log file {args.log_file}: {e}", file=sys.stderr)
            return 2
    handler: logging.Handler = (
        logging.FileHandler(Path(args.log_file).expanduser())
        if args.log_file
        else logging.StreamHandler(sys.__stderr__)
    )
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(message)s"))
    stream = getattr(handler, "stream", None)
    if stream is not None and hasattr(signal, "SIGUSR1"):
        # `kill -USR1 PID`: every thread's stack into the log, for a server that
        # hangs (what an operator, or a test about to SIGKILL it, can ask for)
        faulthandler.register(signal.SIGUSR1, file=stream, all_threads=True)
    root = logging.getLogger("shengji_tui")
    root.addHandler(handler)
    root.setLevel(logging.DEBUG if args.verbose else logging.INFO)

    try:
        if args.open:
            policy = AuthPolicy(open_mode=True)
        else:
            keys = Path(args.authorized_keys).expanduser() if args.authorized_keys else None
            pw = Path(args.passwords).expanduser() if args.passwords else None
            if keys is None and pw is None and not args.invites:
                keys = default_authorized_keys()
            policy = AuthPolicy(authorized_keys=keys, passwords=pw, invites=args.invites)
    except AuthError as e:
        print(
            f"shengji: {e} (or use --passwords FILE, or --open on a trusted LAN)", file=sys.stderr
        )
        return 2

    config = ServerConfig(
        data_dir=data_dir,
        host=args.host,
        port=args.port,
        auth=policy,
        limits=Limits(
            **{
                f.name: getattr(args, f.name)
                for f in dataclasses.fields(Limits)
                if "flag" in f.metadata
            },
            input_events_burst=max(1, int(2 * args.input_events)),
            max_width=args.max_size[0],
            max_height=args.max_size[1],
        ),
        table_options=TableSettings(
            pacing=Pacing(
                grace=args.grace,
                bot_delay=args.bot_delay,
                deal_delay=args.deal_delay,
                turn_clock=clock,
                declare_delay=args.declare_delay,
            )
        ),
        floor=args.bench_floor,
        bench_seed=args.bench_seed,
        host_link=Path(args.host_link) if args.host_link and args.role == "front" else None,
        handoff_fd=args.handoff_fd if args.role == "front" else None,
        front_id=args.front_id,
        table_limits=TableLimits(
            max_tables=max(0, args.max_tables),
            max_per_client=max(0, args.max_tables_per_client),
            max_watchers=max(0, args.max_watchers),
        ),
        external_bots=tuple(args.external_bot),
    )

    if args.role == "host":
        return _run_host(config, Path(args.host_link))
    if args.workers > 1 and args.role is None:
        return _run_workers(config, policy, args, getattr(args, "serve_argv", sys.argv[2:]))

    async def run() -> int:
        server = ShengjiServer(config)
        try:
            await server.start()
        except (OSError, StoreError, HostKeyError) as e:
            print(f"shengji: cannot start the server: {e}", file=sys.stderr)
            return 2
        out = sys.__stdout__
        assert out is not None
        made = "generated" if server.host_key_created else "reused"
        out.write(
            f"shengji: serving on {config.host} port {server.port}\n"
            f"  host key ({made}) {server.host_key_path}\n"
            f"  fingerprint {server.fingerprint}\n"
            f"  log in: {policy.describe()}\n"
            f"  data: {data_dir}\n"
        )
        for m in server.messages:
            out.write(f"  {m}\n")
        if args.role == "front":  # (the workers' process says the rest)
            from .workers import orphaned, say_ready

            say_ready()
            stop = asyncio.Event()
            loop = asyncio.get_running_loop()

            def stopping() -> None:
                server.stopping()
                stop.set()

            for sig in (signal.SIGINT, signal.SIGTERM):
                loop.add_signal_handler(sig, stopping)
            parent = loop.create_task(orphaned())
            parent.add_done_callback(lambda _: stopping())
            await stop.wait()
            await server.close()
            return 0
        if policy.invites:
            import socket

            from ..players.cli import invite_line

            line = invite_line(server.port, socket.gethostname(), server.fingerprint)
            out.write(
                f"  invites: `shengji invite` makes a code; give it to friends with:\n    {line}\n"
            )
        out.write(f"  players connect with: ssh -t -p {server.port} NAME@THIS-HOST\n")
        out.flush()
        await _until_stopped(out)
        await server.close()
        return 0

    return asyncio.run(run())


async def _until_stopped(out: TextIO) -> None:
    """Wait for SIGINT or SIGTERM, then say the server stops."""
    import asyncio
    import signal

    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    await stop.wait()
    out.write("shengji: stopping (seats and games are kept)\n")
    out.flush()


def _run_host(config: Any, path: Path) -> int:
    """`--role host`: the house and the front ends' socket, until SIGTERM or
    the workers' process is gone."""
    import asyncio
    import signal

    from .authguard import FailureLog
    from .host import Host
    from .house import House
    from .workers import orphaned, say_ready

    async def run() -> int:
        lim = config.limits
        house = House(
            config.data_dir,
            use_store=config.use_store,
            table_options=config.table_options,
            table_limits=config.table_limits,
            external_bots=config.external_bots,
            seed_base=config.bench_seed,
        )
        failures = FailureLog(lim.auth_failures_per_minute, lim.auth_delay, lim.auth_delay_max)
        host = Host(house, path, failures)
        await host.start()
        out = sys.__stdout__
        assert out is not None
        for m in host.messages:
            out.write(f"  {m}\n")
        say_ready()
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, stop.set)
        parent = loop.create_task(orphaned())
        parent.add_done_callback(lambda _: stop.set())
        await stop.wait()
        await host.close()
        return 0

    return asyncio.run(run())


def _run_workers(config: Any, policy: Any, args: argparse.Namespace, argv: list[str]) -> int:
    """`--workers N`: the host and N front ends (workers.py), until SIGINT or SIGTERM."""
    import asyncio

    from .hostkey import HostKeyError, fingerprint, load_or_create_host_key
    from .workers import Workers, serve_argv

    async def run() -> int:
        from ..store.files import private_dir

        private_dir(config.data_dir)  # 0700: the store holds every hand
        try:
            key, key_path, created = load_or_create_host_key(config.data_dir)
        except HostKeyError as e:
            print(f"shengji: cannot start the server: {e}", file=sys.stderr)
            return 2
        workers = Workers(serve_argv(argv), args.workers, config.host, config.port)
        out = sys.__stdout__
        assert out is not None
        try:
            port = workers.listen()
            out.write(f"shengji: starting a host process and {args.workers} front ends\n")
            out.flush()
            # (the children bind nothing: they accept on this socket)
            await workers.start()
        except (OSError, RuntimeError) as e:
            print(f"shengji: cannot start the server: {e}", file=sys.stderr)
            await workers.stop()
            return 2
        made = "generated" if created else "reused"
        out.write(
            f"shengji: serving on {config.host} port {port} "
            f"({args.workers} front ends and a host process)\n"
            f"  host key ({made}) {key_path}\n"
            f"  fingerprint {fingerprint(key)}\n"
            f"  log in: {policy.describe()}\n"
            f"  data: {config.data_dir}\n"
        )
        for m in workers.children[0].said:
            out.write(f"{m}\n")
        pids = ", ".join(f"{name} {pid}" for name, pid in workers.pids().items())
        out.write(f"  processes: {pids}\n")
        out.write(f"  players connect with: ssh -t -p {port} NAME@THIS-HOST\n")
        out.flush()
        await _until_stopped(out)
        await workers.stop()
        return 0

    return asyncio.run(run())
