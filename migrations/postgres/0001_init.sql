-- Moonshine event store, PostgreSQL schema 1.
-- Forward only: once released, a migration is never edited; add the next file.

-- One row per game stream. version is the seq of the stream's last event;
-- appends compare-and-set it, so its row lock serialises writers of one game
-- and nobody else.
CREATE TABLE games (
    id              text        PRIMARY KEY,
    rules           text        NOT NULL,
    config          bytea       NOT NULL,
    seed            bytea       NOT NULL,
    seed_commitment bytea       NOT NULL,
    created_at      timestamptz NOT NULL,
    version         bigint      NOT NULL DEFAULT 0 CHECK (version >= 0)
);
CREATE INDEX games_created_idx ON games (created_at, id);
CREATE INDEX games_rules_created_idx ON games (rules, created_at, id);

-- Events, dense per game (seq from 1). position is drawn only after the
-- version check has passed, so a losing writer never burns one; tx_id (the
-- writing transaction's xid8) lets ReadAll order by commit visibility:
-- (tx_id, position) below the oldest running transaction never changes.
CREATE TABLE events (
    game_id     text        NOT NULL REFERENCES games (id),
    seq         bigint      NOT NULL CHECK (seq > 0),
    position    bigint      GENERATED ALWAYS AS IDENTITY,
    tx_id       xid8        NOT NULL DEFAULT pg_current_xact_id(),
    data        bytea       NOT NULL,
    recorded_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT events_pkey PRIMARY KEY (game_id, seq)
);
CREATE INDEX events_tx_position_idx ON events (tx_id, position);

-- The log is append-only.
CREATE FUNCTION events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'events are append-only: % refused', TG_OP
        USING ERRCODE = 'restrict_violation';
END
$$;
CREATE TRIGGER events_no_update_delete BEFORE UPDATE OR DELETE ON events
    FOR EACH ROW EXECUTE FUNCTION events_append_only();
CREATE TRIGGER events_no_truncate BEFORE TRUNCATE ON events
    FOR EACH STATEMENT EXECUTE FUNCTION events_append_only();

-- Accepted commands, one per (game, client command id): idempotency and the
-- log that verify re-runs.
CREATE TABLE commands (
    game_id     text        NOT NULL REFERENCES games (id),
    command_id  text        NOT NULL,
    seat        integer     NOT NULL,
    data        bytea       NOT NULL,
    first_seq   bigint      NOT NULL,
    last_seq    bigint      NOT NULL,
    recorded_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT commands_pkey PRIMARY KEY (game_id, command_id)
);
CREATE INDEX commands_game_seq_idx ON commands (game_id, first_seq);

-- An append runs as one statement (one implicit transaction). When its
-- command turns out to be recorded already, after the version moved, it
-- calls this to abort the whole statement with the command key's unique
-- violation, which pgstore maps to "duplicate: return the stored result".
CREATE FUNCTION moonshine_duplicate_command(game text, command text) RETURNS bigint
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
    RAISE EXCEPTION 'command % of game % is already recorded', command, game
        USING ERRCODE = 'unique_violation', CONSTRAINT = 'commands_pkey';
END
$$;

-- Seat claims: a seat is claimed once; a credential binds one seat.
CREATE TABLE seats (
    game_id    text        NOT NULL REFERENCES games (id),
    seat       integer     NOT NULL,
    token_hash bytea       NOT NULL,
    name       text        NOT NULL,
    claimed_at timestamptz NOT NULL,
    CONSTRAINT seats_pkey PRIMARY KEY (game_id, seat),
    CONSTRAINT seats_token_hash_key UNIQUE (token_hash)
);
