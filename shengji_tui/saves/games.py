"""Solo and hotseat games kept in the store, so that a game quit (or killed) can
be resumed: new tables, the list of unfinished ones, resuming one.

No Textual here (the `play` command and the tests use it without an app; the
app is given a `Saves` and asks it whether a table is one of its games).

- A game of `shengji play` is a `Table` whose id starts with `play-`, stored in
  the store of the data directory (`Store(db_path(data_dir))`); the SSH
  server's and `shengji autoplay`'s tables in the same store are left alone.
- Its bots are `LevelBot`s: the store records their level and seed (the bot's
  `spec`), so a resumed game seats the same bots, which play exactly as they
  would have (a bot decides from its seed and the view only).
- When each game was last played is kept beside the store, in `play.json` (the
  store has no time per move); a game that is not in it shows when it was made.
"""

from __future__ import annotations

import contextlib
import json
import random
import time
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..bots import Bot, RandomBot
from ..engine import SeatView
from ..rules import RuleSet
from ..store import Store, StoreError, UnknownTable, db_path
from ..store.files import write_atomic
from ..text import Catalogue

if TYPE_CHECKING:
    from ..engine import Command
    from ..table import Table
    from ..tui.contract import GameOptions

PLAY_PREFIX = "play-"
SIDECAR = "play.json"
LIST_LIMIT = 8  # games shown in the start menu (the most recently played)
TOUCH_EVERY = 5.0  # seconds between two writes of the last-played time


# ---------------------------------------------------------------- bots


def bot_levels() -> tuple[str, ...]:
    """The bot levels there are (`bots.levels.LEVELS` when it exists)."""
    try:
        from ..bots.levels import LEVELS
    except ImportError:
        return ("random",)
    return tuple(str(x) for x in LEVELS) or ("random",)


def default_bot_level() -> str:
    levels = bot_levels()
    return "normal" if "normal" in levels else levels[0]


def new_bot(level: str, seed: int, name: str) -> Bot:
    """`bots.levels.make_bot(level, seed, name)`, else a random bot."""
    if level != "random":
        try:
            from ..bots.levels import make_bot
        except ImportError:
            pass
        else:
            try:
                return make_bot(level, seed, name)
            except ValueError:
                pass
    return RandomBot(seed=seed, name=name)


class LevelBot:
    """A bot of a level that the store remembers by its level and seed."""

    def __init__(self, level: str, seed: int, name: str) -> None:
        self.level = level
        self.seed = seed
        self.bot = new_bot(level, seed, name)

    @property
    def name(self) -> str:
        return self.bot.name

    @name.setter
    def name(self, value: str) -> None:
        self.bot.name = value

    def decide(self, view: SeatView) -> Command | None:
        return self.bot.decide(view)

    def spec(self) -> dict[str, Any]:
        """How the table records this bot (`table.bot_spec`)."""
        return {"type": "level", "level": self.level, "seed": self.seed, "name": self.name}

    def __repr__(self) -> str:
        return f"LevelBot({self.level!r}, seed={self.seed}, name={self.name!r})"


def bot_seed(seed: int, seat: int) -> int:
    return seed * 8 + seat


def stored_bot(spec: object, table_seed: int, seat: int, name: str, level: str) -> Bot:
    """The bot a stored seat records; `level` for a record it does not understand."""
    if isinstance(spec, dict):
        seed = spec.get("seed")
        seed = int(seed) if isinstance(seed, int) else bot_seed(table_seed, seat)
        if spec.get("type") == "level":
            return LevelBot(str(spec.get("level") or level), seed, name)
        if spec.get("type") == "random":
            return LevelBot("random", seed, name)
    return LevelBot(level, bot_seed(table_seed, seat), name)


# ---------------------------------------------------------------- seats


def hotseat_seats(humans: int, players: int) -> list[int]:
    """Where the humans sit: alone at the bottom; two humans as partners; more in turn."""
    humans = max(1, min(humans, players))
    if humans == 1:
        return [0]
    if humans == 2 and players == 4:
        return [0, 2]
    return list(range(humans))


def human_name(cat: Catalogue, humans: Sequence[int], seat: int) -> str:
    if len(humans) == 1:
        return cat.t("names.you")
    return cat.t("names.player", n=list(humans).index(seat) + 1)


def new_table(
    options: GameOptions, cat: Catalogue, store: Store | None = None
) -> tuple[Table, list[int]]:
    """A new table for `options`: the humans' seats, bots of `options.bots` at the
    others; kept in `store` (None: in memory only)."""
    from ..table import Table

    rs = RuleSet.preset(options.preset)
    seed = options.seed if options.seed is not None else random.randrange(2**31)
    humans = hotseat_seats(options.humans, rs.players)
    level = options.bots or default_bot_level()
    bot_names = [n.strip() for n in cat.t("names.bots").split(",")]
    names: list[str] = []
    bots: dict[int, Bot] = {}
    b = 0
    for s in range(rs.players):
        if s in humans:
            names.append(human_name(cat, humans, s))
        else:
            name = bot_names[b % len(bot_names)]
            b += 1
            names.append(name)
            bots[s] = LevelBot(level, bot_seed(seed, s), name)
    table = Table(
        rs,
        seed,
        table_id=f"{PLAY_PREFIX}{uuid.uuid4().hex[:10]}",
        store=store,
        names=names,
        bots=bots,
        bot_delay=options.bot_delay,
        deal_delay=options.deal_delay,
        declare_window=options.declare_window,
    )
    return table, humans


# ---------------------------------------------------------------- stored games


@dataclass(frozen=True)
class SavedGame:
    """One unfinished game of the store, as the start menu lists it."""

    table_id: str
    preset: str
    deal: int  # 1, 2, ...
    levels: tuple[str, str]  # the first human's side, the other side
    humans: tuple[int, ...]
    moves: int
    last_played: float
    bots: str  # the bots' level ("" when there is none)


def _humans_of(settings: dict[str, Any]) -> list[int]:
    seats = settings.get("seats")
    if not isinstance(seats, list):
        return []
    return [
        s
        for s, spec in enumerate(seats)
        if isinstance(spec, dict)
        and (
            spec.get("kind") == "human" or (spec.get("kind") == "bot" and spec.get("stand_in_for"))
        )
    ]


class Saves:
    """The games of `shengji play` in one store (and when each was last played)."""

    def __init__(self, store: Store, data_dir: str | Path | None = None) -> None:
        self.store = store
        self.data_dir = Path(data_dir) if data_dir is not None else store.path.parent
        self.sidecar = self.data_dir / SIDECAR
        self._touched: dict[str, float] = {}

    @classmethod
    def open(cls, data_dir: str | Path) -> Saves:
        """The store of `data_dir` (made on first use). StoreError with a sentence."""
        return cls(Store(db_path(data_dir)), data_dir)

    def close(self) -> None:
        self.store.close()

    # ------------------------------------------------------------ new

    def new_table(self, options: GameOptions, cat: Catalogue) -> tuple[Table, list[int]]:
        table, humans = new_table(options, cat, self.store)
        self.touch(table.table_id, force=True)
        return table, humans

    def owns(self, table_id: str) -> bool:
        """Whether the table `table_id` is one of these games (kept in this store)."""
        if not table_id.startswith(PLAY_PREFIX):
            return False
        try:
            return self.store.has_table(table_id)
        except StoreError:
            return False

    # ------------------------------------------------------------ last played

    def _read_sidecar(self) -> dict[str, float]:
        try:
            data = json.loads(self.sidecar.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        played = data.get("last_played") if isinstance(data, dict) else None
        if not isinstance(played, dict):
            return {}
        return {str(k): float(v) for k, v in played.items() if isinstance(v, (int, float))}

    def touch(self, table_id: str, *, force: bool = False) -> None:
        """Remember that `table_id` was played now (at most every few seconds)."""
        now = time.time()
        if not force and now - self._touched.get(table_id, 0.0) < TOUCH_EVERY:
            return
        self._touched[table_id] = now
        played = self._read_sidecar()
        played[table_id] = now
        with contextlib.suppress(StoreError):
            open_ids = set(self.store.unfinished())
            played = {k: v for k, v in played.items() if k in open_ids or k == table_id}
        with contextlib.suppress(OSError):  # only the menu's "last played" column suffers
            write_atomic(self.sidecar, json.dumps({"last_played": played}, indent=1).encode())

    # ------------------------------------------------------------ listing

    def games(self, limit: int | None = LIST_LIMIT) -> list[SavedGame]:
        """The unfinished games, the most recently played first."""
        summaries = [
            s
            for s in self.store.tables()
            if s.finished_at is None and s.table_id.startswith(PLAY_PREFIX)
        ]
        played = self._read_sidecar()
        order = sorted(summaries, key=lambda s: played.get(s.table_id, s.created_at), reverse=True)
        out: list[SavedGame] = []
        for s in order:
            if limit is not None and len(out) >= limit:
                break
            try:
                game = self._summary(s.table_id, played.get(s.table_id, s.created_at))
            except StoreError:
                continue
            if game is not None:
                out.append(game)
        return out

    def _summary(self, table_id: str, last_played: float) -> SavedGame | None:
        from ..engine import new_game

        stored = self.store.load(table_id)
        humans = _humans_of(stored.settings)
        if not humans:
            return None
        try:
            levels = list(new_game(stored.rules, stored.seed).levels)
        except ValueError:
            return None
        deal = 0
        for entry in stored.log:
            text = entry.events_json
            if (
                '"deal_started"' not in text
                and '"level_up"' not in text
                and ('"jack_rule"' not in text)
            ):
                continue
            try:
                events = json.loads(text)
            except ValueError:
                continue
            for e in events:
                kind = e.get("type") if isinstance(e, dict) else None
                if kind == "deal_started":
                    deal = int(e.get("deal_no", deal))
                elif kind in ("level_up", "jack_rule"):
                    for seat in e.get("seats", ()):
                        if 0 <= seat < len(levels):
                            levels[seat] = str(e.get("new_level"))
        me = humans[0]
        them = (me + 1) % len(levels)
        seats = stored.settings.get("seats") or []
        bot_level = ""
        for spec in seats:
            bot = spec.get("bot") if isinstance(spec, dict) else None
            if isinstance(bot, dict):
                bot_level = str(bot.get("level") or bot.get("type") or "")
                break
        return SavedGame(
            table_id=table_id,
            preset=stored.rules.name,
            deal=deal + 1,
            levels=(levels[me], levels[them]),
            humans=tuple(humans),
            moves=len(stored.log),
            last_played=last_played,
            bots=bot_level,
        )

    def resolve(self, wanted: str | None) -> str:
        """The id of the unfinished game `wanted` names (its id or the start of it;
        None or "": the most recently played). UnknownTable with a sentence."""
        ids = [s.table_id for s in self.games(limit=None)]
        if not wanted:
            if not ids:
                raise UnknownTable(f"there is no unfinished game to resume in {self.data_dir}")
            return ids[0]
        if wanted in ids:
            return wanted
        matches = [
            i for i in ids if i.startswith(wanted) or i[len(PLAY_PREFIX) :].startswith(wanted)
        ]
        if len(matches) == 1:
            return matches[0]
        if matches:
            raise UnknownTable(f"{wanted!r} names several unfinished games: {', '.join(matches)}")
        raise UnknownTable(
            f"there is no unfinished game {wanted!r} in {self.data_dir}"
            + (f" (there are: {', '.join(ids)})" if ids else "")
        )

    # ------------------------------------------------------------ resuming

    def restore(
        self, table_id: str, options: GameOptions, cat: Catalogue
    ) -> tuple[Table, list[int], list[str]]:
        """The stored table rebuilt from its log with its bots seated again, the
        humans' seats and their names (set them with `Table.set_human`, on the
        event loop). Slow for a long game: may run in a thread."""
        from ..table import Table

        stored = self.store.load(table_id)
        if stored.finished_at is not None:
            raise StoreError(f"the game {table_id!r} is over: there is nothing to resume")
        humans = _humans_of(stored.settings)
        if not humans:
            raise StoreError(f"nobody plays at table {table_id!r} from this terminal")
        level = options.bots or default_bot_level()
        seats = stored.settings.get("seats") or []
        names = list(stored.names)
        bots: dict[int, Bot] = {}
        for s in range(stored.rules.players):
            if s in humans:
                names[s] = human_name(cat, humans, s)
                continue
            spec = seats[s] if s < len(seats) and isinstance(seats[s], dict) else {}
            bots[s] = stored_bot(spec.get("bot"), stored.seed, s, names[s], level)
        table = Table.restore(
            self.store,
            table_id,
            names=names,
            bots=bots,
            bot_delay=options.bot_delay,
            deal_delay=options.deal_delay,
            declare_window=options.declare_window,
        )
        return table, humans, [names[s] for s in humans]

    def resume(
        self, table_id: str, options: GameOptions, cat: Catalogue
    ) -> tuple[Table, list[int]]:
        """`restore`, the humans seated (call it on the event loop, or before it runs)."""
        table, humans, names = self.restore(table_id, options, cat)
        for s, name in zip(humans, names, strict=True):
            table.set_human(s, name)
        self.touch(table_id, force=True)
        return table, humans


__all__ = [
    "PLAY_PREFIX",
    "LevelBot",
    "SavedGame",
    "Saves",
    "bot_levels",
    "default_bot_level",
    "hotseat_seats",
    "new_bot",
    "new_table",
]
