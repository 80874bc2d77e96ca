-- Table talk gets a stream of its own: see postgres/0004_talk_stream.sql.
-- position is the rowid, in commit order (one writer), for the poll that
-- wakes this process's watchers of another process's messages.

ALTER TABLE games ADD COLUMN talk_version INTEGER NOT NULL DEFAULT 0 CHECK (talk_version >= 0);

CREATE TABLE talk (
    position    INTEGER PRIMARY KEY,
    game_id     TEXT    NOT NULL REFERENCES games (id),
    seq         INTEGER NOT NULL CHECK (seq > 0),
    seat        INTEGER NOT NULL,
    message_id  TEXT,
    data        BLOB    NOT NULL,
    recorded_at INTEGER NOT NULL,
    UNIQUE (game_id, seq),
    UNIQUE (game_id, seat, message_id)
);

CREATE TRIGGER talk_no_update BEFORE UPDATE ON talk
BEGIN
    SELECT RAISE(ABORT, 'talk is append-only: UPDATE refused');
END;
CREATE TRIGGER talk_no_delete BEFORE DELETE ON talk
BEGIN
    SELECT RAISE(ABORT, 'talk is append-only: DELETE refused');
END;

DELETE FROM commands WHERE command_id GLOB 'chat:*';
