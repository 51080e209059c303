"""Solo and hotseat games kept in the store, so that a game quit (or killed) can
be resumed: new tables, the list of unfinished ones, resuming one.

No Textual here (the `play` command and the tests use it without an app; the
app is given a `Saves` and asks it whether a table is one of its games).

- A game of `shengji play` is a `Table` whose id starts with `play-`, stored in
  the store of the data directory (`Store(db_path(data_dir))`); the SSH
  server's and `shengji autoplay`'s tables in the same store are left alone.
- It is made from a `TableSettings` (`table_settings(options, cat)`): the store
  keeps its bots as `BotSpec`s (level, seed), so a resumed game seats the same
  bots, which play exactly as they would have (a bot decides from its seed and
  the view only). A bot of a level this version does not have is a sentence
  when resuming, never another bot.
- The list of games reads the store's per-deal summaries (the deal, the levels),
  not the log; a game from a store without them gets them by one replay.
- When each game was last played is kept beside the store, in `play.json` (the
  store has no time per move); a game that is not in it shows when it was made.
- The player's own settings that outlive a game (language, bell, card style,
  theme, card counter, hand estimate, the assists) are in the local player's
  record in the store (`players.PlayerBook`, identity "local:USER"), the same
  kind of record an SSH player has; a damaged one is the defaults (logged).
  A `settings.json` of an older version is taken into the record once and
  removed.
- A finished game's results and ratings (`players.results`) are recorded
  when it ends (`record_finished`) and, for any game that ended unrecorded,
  when the store is opened. A hotseat game is recorded without moving a
  rating (one player on several seats).
"""

from __future__ import annotations

import contextlib
import getpass
import json
import logging
import random
import time
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ..bots import LEVELS, BotLevel, BotSpec
from ..engine.state import teams_for
from ..players.book import Player, PlayerBook
from ..players.results import UNKNOWN, Recorded, record_match, recorded
from ..players.settings import PlayerSettings, settings_from_json
from ..rules import RuleSet
from ..store import Store, StoreError, TableSummary, UnknownTable, backfill_deals, db_path
from ..store.files import write_atomic
from ..text import Catalogue

if TYPE_CHECKING:
    from ..table import Table, TableSettings
    from ..tui.contract import GameOptions

log = logging.getLogger("shengji_tui.tui")

PLAY_PREFIX = "play-"
SIDECAR = "play.json"
OLD_SETTINGS = "settings.json"  # (an older version's: taken into the record once)
LIST_LIMIT = 8  # games shown in the start menu (the most recently played)
TOUCH_EVERY = 5.0  # seconds between two writes of the last-played time
DEFAULT_BOT_LEVEL: BotLevel = "normal"


# ---------------------------------------------------------------- seats


def hotseat_seats(humans: int, players: int, teams: Sequence[int] | None = None) -> list[int]:
    """Where the humans sit: alone at the bottom; more fill the first human's team
    first (partners play together: two at four seats sit across, three at six
    make a whole team), then the other seats in turn. `teams`: each seat's team
    (None: two teams on alternate seats; every seat its own: no partners)."""
    humans = max(1, min(humans, players))
    team = list(teams) if teams is not None else [s % 2 for s in range(players)]
    ours = [s for s in range(players) if team[s] == team[0]]
    others = [s for s in range(players) if team[s] != team[0]]
    return sorted((ours + others)[:humans])


def hotseat_problem(humans: int, rs: RuleSet) -> str:
    """Why `humans` cannot share a keyboard at a table of `rs` (English, for the
    command line), "" when they can."""
    if humans < 1:
        return f"--hotseat {humans}: at least one human plays (choose 2 to {rs.players})"
    if humans > rs.players:
        return (
            f"--hotseat {humans}: the {rs.name} preset has {rs.players} seats, so at most "
            f"{rs.players} humans share a keyboard (choose 2 to {rs.players})"
        )
    return ""


def human_name(cat: Catalogue, humans: Sequence[int], seat: int) -> str:
    if len(humans) == 1:
        return cat.t("names.you")
    return cat.t("names.player", n=list(humans).index(seat) + 1)


def table_settings(options: GameOptions, cat: Catalogue) -> TableSettings:
    """A new table's settings for the start menu's `options`: the humans where
    `hotseat_seats` puts them (named in `cat`'s language), bots of
    `options.bots` at the other seats (named from the catalogue, seeded from the
    table's seed), the options' pacing."""
    from ..table import Pacing, SeatSettings, TableSettings, bot_seed

    rs = options.rules or RuleSet.preset(options.preset)
    problem = hotseat_problem(options.humans, rs)
    if problem:
        raise ValueError(problem)
    seed = options.seed if options.seed is not None else random.randrange(2**31)
    humans = hotseat_seats(options.humans, rs.players, teams_for(rs))
    bot_names = [n.strip() for n in cat.t("names.bots").split(",")]
    seats = []
    for s in range(rs.players):
        if s in humans:
            seats.append(SeatSettings.human(human_name(cat, humans, s)))
            continue
        name = bot_names[(s - sum(1 for h in humans if h < s)) % len(bot_names)]
        spec = BotSpec(level=options.bots, seed=bot_seed(seed, s), name=name)
        seats.append(SeatSettings.of_bot(spec))
    return TableSettings(
        rules=rs,
        seed=seed,
        seats=tuple(seats),
        pacing=Pacing.taken_from(options),
        card_counter=options.card_counter,
    )


def new_table(
    options: GameOptions, cat: Catalogue, store: Store | None = None
) -> tuple[Table, list[int]]:
    """A new table for `options` (`table_settings`): the humans' seats, bots at
    the others; kept in `store` (None: in memory only)."""
    from ..table import Table

    settings = table_settings(options, cat)
    table = Table(settings, table_id=f"{PLAY_PREFIX}{uuid.uuid4().hex[:10]}", store=store)
    return table, settings.human_seats()


# ---------------------------------------------------------------- stored games


@dataclass(frozen=True)
class SavedGame:
    """One unfinished game of the store, as the start menu lists it."""

    table_id: str
    preset: str
    deal: int  # the deal in play: 1, 2, ... (once a deal is scored: the next one)
    levels: tuple[str, str]  # fixed partners: the first human's side, the other side
    seat_levels: tuple[str, ...]  # every seat's level (no fixed partners: each its own)
    partners: bool  # fixed partners (two teams), so `levels` says both sides
    humans: tuple[int, ...]
    moves: int
    last_played: float
    bots: str  # the bots' level ("" when there is none)


def local_identity() -> tuple[str, str]:
    """The identity and name of the person at this terminal (`shengji play`)."""
    try:
        user = getpass.getuser()
    except (KeyError, OSError):  # no user name (a container's uid)
        user = ""
    return "local:" + (user or "me"), user or "me"


class Saves:
    """The games of `shengji play` in one store (and when each was last played),
    and the player's settings kept beside it."""

    def __init__(self, store: Store, data_dir: str | Path | None = None) -> None:
        self.store = store
        self.data_dir = Path(data_dir) if data_dir is not None else store.path.parent
        self.sidecar = self.data_dir / SIDECAR
        self._touched: dict[str, float] = {}
        self.book = PlayerBook(store)
        self.identity, name = local_identity()
        self.player: Player | None = None
        try:
            self.player = self.book.arrive(self.identity, name, "local")
            self._take_old_settings()
        except StoreError as e:  # (the games still play; only the settings are not kept)
            log.error("the local player's record cannot be kept: %s", e)

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

    # ------------------------------------------------------------ settings

    def settings(self) -> PlayerSettings:
        """The local player's settings (the defaults when none were kept, or for
        what in the record is damaged: logged)."""
        try:
            p = self.book.get(self.identity)
        except StoreError as e:
            log.error("the local player's settings cannot be read: %s", e)
            return PlayerSettings()
        return PlayerSettings() if p is None else p.settings

    def keep_settings(self, settings: PlayerSettings) -> None:
        """Keep `settings` for the next games (a store that refuses loses only them)."""
        try:
            self.book.keep_settings(self.identity, settings)
        except StoreError as e:
            log.error("the local player's settings cannot be kept: %s", e)

    def _take_old_settings(self) -> None:
        """An older version's `settings.json` into the record (unless the record
        already holds settings of its own), then removed."""
        path = self.data_dir / OLD_SETTINGS
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return
        except (OSError, UnicodeDecodeError) as e:
            text = ""
            log.warning("%s cannot be read (%s): the settings start from the defaults", path, e)
        old, problems = settings_from_json(text)
        if problems:
            log.warning("%s: %s; defaults used for them", path, "; ".join(problems))
        if self.settings() == PlayerSettings():
            self.keep_settings(old)
        with contextlib.suppress(OSError):
            path.unlink()
        log.info("%s was taken into the local player's record in the store", path)

    # ------------------------------------------------------------ results

    def identities(self, table_id: str) -> list[str] | None:
        """Each seat's player at a game of this store (the local player at the
        humans' seats, "bot:LEVEL" at the bots'); None: not one of its games."""
        from ..table import SettingsError, seats_from

        try:
            stored = self.store.load(table_id)
            seats = seats_from(
                stored.settings, stored.names, stored.rules.players, table_id, stored.seed
            )
        except (StoreError, SettingsError) as e:
            log.warning("the game %s cannot be read for its results: %s", table_id, e)
            return None
        out = []
        for seat in seats:
            if seat.humans_seat:  # (a stand-in bot plays for a human too)
                out.append(self.identity)
            elif seat.bot is not None:
                out.append("bot:" + seat.bot.level)
            else:
                out.append(UNKNOWN + seat.name)
        return out

    def record_finished(self, table_id: str) -> Recorded | None:
        """A game that ended: its results and the local player's rating (None:
        recorded before, or not one of these games). Slow-ish: on a thread."""
        ids = self.identities(table_id)
        if ids is None:
            return None
        try:
            return record_match(self.store, table_id, ids)
        except StoreError as e:
            log.error("the game %s: its results cannot be recorded: %s", table_id, e)
            return None

    def record_older(self) -> int:
        """The games of this store that ended without their results recorded."""
        done = 0
        try:
            ended = [
                t.table_id
                for t in self.store.finished()
                if t.table_id.startswith(PLAY_PREFIX) and not recorded(self.store, t.table_id)
            ]
        except StoreError as e:
            log.error("the finished games cannot be listed: %s", e)
            return 0
        for tid in ended:
            done += self.record_finished(tid) is not None
        return done

    # ------------------------------------------------------------ listing

    def _open(self) -> list[tuple[TableSummary, float]]:
        """The unfinished games and when each was last played, the latest first."""
        played = self._read_sidecar()
        out = [
            (s, played.get(s.table_id, s.created_at))
            for s in self.store.tables()
            if s.finished_at is None and s.set_aside is None and s.table_id.startswith(PLAY_PREFIX)
        ]
        out.sort(key=lambda x: x[1], reverse=True)
        return out

    def games(self, limit: int | None = LIST_LIMIT) -> list[SavedGame]:
        """The unfinished games, the most recently played first."""
        out: list[SavedGame] = []
        for s, last_played in self._open():
            if limit is not None and len(out) >= limit:
                break
            try:
                game = self._summary(s, last_played)
            except StoreError as e:
                log.warning("the saved game %s cannot be listed: %s", s.table_id, e)
                continue
            if game is not None:
                out.append(game)
        return out

    def _summary(self, s: TableSummary, last_played: float) -> SavedGame | None:
        """The menu's line of a game: its seats from the stored settings, its deal
        and levels from the last deal's summary (filled in by one replay for a
        game from a store that did not keep them). StoreError when it cannot
        be read; None when nobody plays it from a terminal."""
        from ..table import SettingsError, seats_from

        if s.rules is None:
            return None
        try:
            seats = seats_from(s.settings, s.names, s.rules.players, s.table_id, s.seed)
        except SettingsError as e:  # a bot of a level this version lacks: resuming says so
            log.warning("%s", e)
            return None
        humans = [k for k, seat in enumerate(seats) if seat.humans_seat]
        if not humans:
            return None
        last = s.last_deal
        if not s.deals_kept:
            deals = backfill_deals(self.store, s.table_id)
            last = deals[-1] if deals else None
        n = s.rules.players
        levels = list(last.levels) if last is not None else [s.rules.levels[0]] * n
        me = humans[0]
        them = (me + 1) % n
        bot = next((seat.bot for seat in seats if seat.bot is not None), None)
        return SavedGame(
            table_id=s.table_id,
            preset=s.preset,
            deal=1 if last is None else last.deal_no + 2,
            levels=(levels[me], levels[them]),
            seat_levels=tuple(levels),
            partners=s.rules.partnership == "fixed",
            humans=tuple(humans),
            moves=s.commands,
            last_played=last_played,
            bots="" if bot is None else bot.level,
        )

    def resolve(self, wanted: str | None) -> str:
        """The id of the unfinished game `wanted` names (its id or the start of it;
        None or "": the most recently played). UnknownTable with a sentence."""
        ids = [s.table_id for s, _ in self._open()]
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
        """The stored table rebuilt from its log with its bots seated again (as the
        store records them), the humans' seats and their names in `cat`'s
        language (set them with `Table.set_human`, on the event loop); the pacing
        is `options`'. Slow for a long game: may run in a thread. StoreError
        with a sentence (a bot of a level this version does not have...)."""
        from ..table import SeatSettings, Table

        def adjust(st: TableSettings) -> TableSettings:
            humans = st.human_seats()
            if not humans:
                raise StoreError(f"nobody plays at table {table_id!r} from this terminal")
            seats = list(st.seats)
            for s in humans:
                seats[s] = SeatSettings.human(human_name(cat, humans, s))
            return st.replace(seats=tuple(seats), pacing=st.pacing.updated_from(options))

        if table_id in self.store.unfinished():
            table = Table.restore(self.store, table_id, adjust=adjust)
        elif self.store.has_table(table_id):
            raise StoreError(f"the game {table_id!r} is over: there is nothing to resume")
        else:
            raise UnknownTable(f"there is no game {table_id!r} in {self.data_dir}")
        humans = table.settings.human_seats()
        return table, humans, [table.settings.seats[s].name for s in humans]

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
    "DEFAULT_BOT_LEVEL",
    "LEVELS",
    "PLAY_PREFIX",
    "PlayerSettings",
    "SavedGame",
    "Saves",
    "hotseat_problem",
    "hotseat_seats",
    "human_name",
    "new_table",
    "table_settings",
]
