-- Table talk gets a stream of its own: it no longer takes sequence numbers
-- in the game's events (whose dice are derived from them), and a message id
-- is its own key rather than a command id with a prefix.

ALTER TABLE games ADD COLUMN talk_version bigint NOT NULL DEFAULT 0 CHECK (talk_version >= 0);

-- Messages, dense per game (seq from 1). An append moves talk_version and
-- inserts in one statement; a repeated (game, seat, message id) aborts it
-- with talk_message_key's unique violation, which undoes the move.
CREATE TABLE talk (
    game_id     text        NOT NULL REFERENCES games (id),
    seq         bigint      NOT NULL CHECK (seq > 0),
    seat        integer     NOT NULL,
    message_id  text,
    data        bytea       NOT NULL,
    recorded_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT talk_pkey PRIMARY KEY (game_id, seq),
    CONSTRAINT talk_message_key UNIQUE (game_id, seat, message_id)
);

CREATE TRIGGER talk_no_update_delete BEFORE UPDATE OR DELETE ON talk
    FOR EACH ROW EXECUTE FUNCTION events_append_only();
CREATE TRIGGER talk_no_truncate BEFORE TRUNCATE ON talk
    FOR EACH STATEMENT EXECUTE FUNCTION events_append_only();

-- Messages sent before this migration stay where they were written, in
-- their game's events. Their ids were recorded as commands
-- "chat:<seat>:<id>"; those rows guarded retries of messages of the old
-- stream only, and would keep a seat from using such a command id.
DELETE FROM commands WHERE command_id LIKE 'chat:%';
