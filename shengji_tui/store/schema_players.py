"""The store's tables of players (schema 5), made with a new store and by the
upgrade of an older one. Read and written by `shengji_tui.players`.

    players(identity, name, name_key, via, password, settings_json,
            first_seen, last_seen, removed_at)
        -- one per identity: "key:SHA256:...", "user:NAME", "local:USER";
        -- `name_key` (`server.names.name_key`) is unique among the players
        -- not removed; `password` an scrypt hash (a keyless invited player)
    invites(code_hash, uses_left, used, expires_at, created_at)
        -- an invite code, kept as its SHA-256 only
    results(table_id, seat, identity, preset, family, finished_at, won, deals,
            dealer_wins, levels, takeovers, kitty, rating_before, rating_after)
        -- a finished match, one row per seat ("bot:LEVEL" for a bot's);
        -- the ratings are the seat's shown rating (μ − 3σ) before and after it
    ratings(identity, family, mu, sigma, matches, updated_at)
        -- a player's rating per family of presets
"""

from __future__ import annotations

PLAYER_TABLES = ("players", "invites", "results", "ratings")

PLAYERS_SCHEMA = """
CREATE TABLE IF NOT EXISTS players (
    identity TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL,
    via TEXT NOT NULL,
    password TEXT,
    settings_json TEXT NOT NULL DEFAULT '{}',
    first_seen REAL NOT NULL,
    last_seen REAL NOT NULL,
    removed_at REAL
) WITHOUT ROWID;
CREATE UNIQUE INDEX IF NOT EXISTS players_name ON players(name_key) WHERE removed_at IS NULL;
CREATE TABLE IF NOT EXISTS invites (
    code_hash TEXT PRIMARY KEY,
    uses_left INTEGER NOT NULL,
    used INTEGER NOT NULL DEFAULT 0,
    expires_at REAL,
    created_at REAL NOT NULL
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS results (
    table_id TEXT NOT NULL REFERENCES tables(table_id),
    seat INTEGER NOT NULL,
    identity TEXT NOT NULL,
    preset TEXT NOT NULL,
    family TEXT NOT NULL,
    finished_at REAL NOT NULL,
    won INTEGER NOT NULL,
    deals INTEGER NOT NULL,
    dealer_wins INTEGER NOT NULL,
    levels INTEGER NOT NULL,
    takeovers INTEGER NOT NULL,
    kitty INTEGER NOT NULL,
    rating_before REAL,
    rating_after REAL,
    PRIMARY KEY (table_id, seat)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS results_identity ON results(identity, finished_at);
CREATE TABLE IF NOT EXISTS ratings (
    identity TEXT NOT NULL,
    family TEXT NOT NULL,
    mu REAL NOT NULL,
    sigma REAL NOT NULL,
    matches INTEGER NOT NULL,
    updated_at REAL NOT NULL,
    PRIMARY KEY (identity, family)
) WITHOUT ROWID;
"""
