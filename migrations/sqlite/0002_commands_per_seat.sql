-- Command ids belong to their seat: the key of commands becomes
-- (game, seat, command id), so one seat's id never refuses another seat's
-- command. Every row already satisfies it (the old key was stricter).
-- SQLite cannot change a primary key in place: the table is rebuilt.

CREATE TABLE commands_per_seat (
    game_id     TEXT    NOT NULL REFERENCES games (id),
    command_id  TEXT    NOT NULL,
    seat        INTEGER NOT NULL,
    data        BLOB    NOT NULL,
    first_seq   INTEGER NOT NULL,
    last_seq    INTEGER NOT NULL,
    recorded_at INTEGER NOT NULL,
    PRIMARY KEY (game_id, seat, command_id)
) WITHOUT ROWID;

-- Table talk is recorded under ids "chat:<seat>:<message id>" and used to
-- carry seat 0; those rows get their sender's seat, the one the service
-- looks them up by from now on.
INSERT INTO commands_per_seat (game_id, command_id, seat, data, first_seq, last_seq, recorded_at)
SELECT game_id, command_id,
    CASE WHEN command_id GLOB 'chat:[0-9]*:*'
        THEN CAST(substr(command_id, 6, instr(substr(command_id, 6), ':') - 1) AS INTEGER)
        ELSE seat END,
    data, first_seq, last_seq, recorded_at
FROM commands;

DROP TABLE commands;
ALTER TABLE commands_per_seat RENAME TO commands;
CREATE INDEX commands_game_seq_idx ON commands (game_id, first_seq);
