"""The players' records in the store (`players.book`): names unique on the
server, invites (hashed, used up, expired), removal, settings read field by
field (a damaged record is defaults and a logged sentence)."""

from __future__ import annotations

import logging
import sqlite3
from pathlib import Path

import pytest

from shengji_tui.players.book import InviteRefused, PlayerBook, code_hash, normal_code
from shengji_tui.players.settings import PlayerSettings, settings_from_json
from shengji_tui.store import SCHEMA_VERSION, Store, StoreError


@pytest.fixture
def book(tmp_path: Path) -> PlayerBook:
    return PlayerBook(Store(tmp_path / "shengji.db"))


def test_a_store_of_schema_4_gets_the_players_tables(tmp_path: Path) -> None:
    path = tmp_path / "shengji.db"
    Store(path).close()
    db = sqlite3.connect(path)
    for t in ("players", "invites", "results", "ratings"):
        db.execute(f"DROP TABLE {t}")
    db.execute("PRAGMA user_version=4")
    db.commit()
    db.close()
    store = Store(path)
    assert store.path == path
    assert PlayerBook(store).players() == []
    store.close()
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 6


@pytest.mark.parametrize(
    ("arrivals", "shown"),
    [
        # (identity, typed name) in the order they come -> the names they keep
        ([("key:a", "ann"), ("key:b", "ann")], ["ann", "ann (2)"]),
        ([("key:a", "ann"), ("user:ANN", "ANN"), ("key:c", "аnn")], ["ann", "ANN (2)", "аnn (3)"]),
        ([("key:a", "ann"), ("key:a", "bob")], ["ann", "ann"]),  # a record keeps its name
    ],
)
def test_names_are_unique_on_the_server(
    book: PlayerBook, arrivals: list[tuple[str, str]], shown: list[str]
) -> None:
    got = [book.arrive(ident, name, "keys").name for ident, name in arrivals]
    assert got == shown


def test_an_invite_registers_a_key_once_and_is_kept_hashed(book: PlayerBook) -> None:
    code = book.add_invite(uses=2)
    assert book.code_usable(code.lower().replace("-", " ")) is None  # as typed
    p = book.redeem(code, "key:SHA256:abc", "kim")
    assert (p.name, p.via, p.fingerprint) == ("kim", "invite", "SHA256:abc")
    [inv] = book.invites()
    assert (inv.uses_left, inv.used, inv.code_hash) == (1, 1, code_hash(code))
    raw = book.store.path.read_bytes() + book.store.path.with_name("shengji.db-wal").read_bytes()
    assert normal_code(code).encode() not in raw and code.encode() not in raw
    with pytest.raises(InviteRefused) as e:
        book.redeem(code, "key:SHA256:abc", "kim2")
    assert e.value.key == "registered"
    with pytest.raises(InviteRefused) as e:
        book.redeem(code, "key:SHA256:def", "KIM")  # a name taken (another case)
    assert e.value.key == "name_taken"
    book.redeem(code, "user:lee", "lee", password="scrypt$...")
    assert book.password_of("user:lee") == "scrypt$..."
    with pytest.raises(InviteRefused) as e:
        book.redeem(code, "key:SHA256:ghi", "max")
    assert e.value.key == "used_up"
    assert book.code_usable(code) == "used_up"


@pytest.mark.parametrize(
    ("code", "expires", "why"),
    [("NOPE-NOPE-NOPE", None, "unknown"), (None, 99.0, "expired"), (None, 101.0, None)],
)
def test_codes_refused(
    book: PlayerBook, code: str | None, expires: float | None, why: str | None
) -> None:
    made = book.add_invite(expires_at=expires, now=0.0)
    assert book.code_usable(code or made, now=100.0) == why
    if why is None:
        assert book.redeem(made, "key:x", "x", now=100.0).name == "x"
    else:
        with pytest.raises(InviteRefused) as e:
            book.redeem(code or made, "key:x", "x", now=100.0)
        assert e.value.key == why
        assert book.get("key:x") is None


def test_a_removed_player_is_marked_and_frees_the_name(book: PlayerBook) -> None:
    book.arrive("key:a", "ann", "keys", now=10.0)
    gone = book.remove("ANN", now=20.0)
    assert gone.removed and gone.identity == "key:a"
    assert book.removed_since(15.0) == [("key:a", 20.0)] and book.removed_since(20.0) == []
    assert book.arrive("key:a", "ann", "keys").removed  # (the server refuses it)
    assert book.name_free("ann")
    with pytest.raises(StoreError):
        book.remove("ann")
    assert [p.identity for p in book.players(removed=False)] == []


def test_settings_are_kept(book: PlayerBook) -> None:
    book.arrive("key:a", "ann", "keys")
    s = PlayerSettings(lang="zh", bell=True, ascii=True, theme="shengji-light", estimate=False)
    book.keep_settings("key:a", s)
    p = book.get("key:a")
    assert p is not None and p.settings == s


@pytest.mark.parametrize(
    ("text", "want", "problems"),
    [
        ('{"lang": "zh", "bell": true}', PlayerSettings(lang="zh", bell=True), 0),
        ('{"lang": "klingon", "bell": true}', PlayerSettings(bell=True), 1),
        ('{"bell": "yes", "ascii": 1, "theme": null}', PlayerSettings(), 2),
        (
            '{"theme": "' + "x" * 500 + '", "auto_forced": true}',
            PlayerSettings(auto_forced=True),
            1,
        ),
        ("[1, 2]", PlayerSettings(), 1),
        ("{not json", PlayerSettings(), 1),
        ('{"future_option": 3}', PlayerSettings(), 0),
    ],
)
def test_settings_are_read_field_by_field(text: str, want: PlayerSettings, problems: int) -> None:
    got, said = settings_from_json(text)
    assert (got, len(said)) == (want, problems)


def test_a_damaged_record_is_defaults_and_a_logged_sentence(
    book: PlayerBook, caplog: pytest.LogCaptureFixture
) -> None:
    book.arrive("key:a", "ann", "keys")
    book.arrive("key:b", "bob", "keys")
    book.keep_settings("key:b", PlayerSettings(bell=True))
    with book.store.sql("damage a record") as db:
        db.execute("UPDATE players SET settings_json = '{\"lang\": 7' WHERE identity = 'key:a'")
    with caplog.at_level(logging.WARNING, "shengji_tui.players"):
        a = book.arrive("key:a", "ann", "keys")
        book.get("key:a")
    assert a.settings == PlayerSettings() and a.name == "ann"
    assert [r.getMessage() for r in caplog.records if "damaged settings" in r.getMessage()] == [
        "player 'ann' (key:a): damaged settings record, defaults used for: "
        "the settings are not JSON"
    ]
    b = book.get("key:b")
    assert b is not None and b.settings.bell


def test_a_damaged_row_is_read_not_refused(book: PlayerBook) -> None:
    book.arrive("key:a", "ann", "keys")
    with book.store.sql("damage a row") as db:
        db.execute("UPDATE players SET first_seen = 'yesterday', last_seen = x'00'")
    p = book.arrive("key:a", "ann", "keys")
    assert (p.name, p.first_seen) == ("ann", 0.0) and not p.removed
