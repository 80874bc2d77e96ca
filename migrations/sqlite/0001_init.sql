-- Moonshine event store, SQLite schema 1.
-- Forward only: once released, a migration is never edited; add the next file.
-- Times are microseconds since the Unix epoch, UTC.

CREATE TABLE games (
    id              TEXT    PRIMARY KEY,
    rules           TEXT    NOT NULL,
    config          BLOB    NOT NULL,
    seed            BLOB    NOT NULL,
    seed_commitment BLOB    NOT NULL,
    created_at      INTEGER NOT NULL,
    version         INTEGER NOT NULL DEFAULT 0 CHECK (version >= 0)
);
CREATE INDEX games_created_idx ON games (created_at, id);
CREATE INDEX games_rules_created_idx ON games (rules, created_at, id);

-- position is the rowid: one writer at a time, so positions follow commit
-- order and no reader can pass over a later-committing event.
CREATE TABLE events (
    position    INTEGER PRIMARY KEY,
    game_id     TEXT    NOT NULL REFERENCES games (id),
    seq         INTEGER NOT NULL CHECK (seq > 0),
    data        BLOB    NOT NULL,
    recorded_at INTEGER NOT NULL,
    UNIQUE (game_id, seq)
);

CREATE TRIGGER events_no_update BEFORE UPDATE ON events
BEGIN
    SELECT RAISE(ABORT, 'events are append-only: UPDATE refused');
END;
CREATE TRIGGER events_no_delete BEFORE DELETE ON events
BEGIN
    SELECT RAISE(ABORT, 'events are append-only: DELETE refused');
END;

CREATE TABLE commands (
    game_id     TEXT    NOT NULL REFERENCES games (id),
    command_id  TEXT    NOT NULL,
    seat        INTEGER NOT NULL,
    data        BLOB    NOT NULL,
    first_seq   INTEGER NOT NULL,
    last_seq    INTEGER NOT NULL,
    recorded_at INTEGER NOT NULL,
    PRIMARY KEY (game_id, command_id)
) WITHOUT ROWID;
CREATE INDEX commands_game_seq_idx ON commands (game_id, first_seq);

CREATE TABLE seats (
    game_id    TEXT    NOT NULL REFERENCES games (id),
    seat       INTEGER NOT NULL,
    token_hash BLOB    NOT NULL UNIQUE,
    name       TEXT    NOT NULL,
    claimed_at INTEGER NOT NULL,
    PRIMARY KEY (game_id, seat)
) WITHOUT ROWID;
