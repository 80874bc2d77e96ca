-- The games read model: see postgres/0003_games_read_model.sql.
-- finished_at is microseconds since the Unix epoch, UTC; NULL while the
-- game goes on.

ALTER TABLE games ADD COLUMN players INTEGER NOT NULL DEFAULT 0 CHECK (players >= 0);
ALTER TABLE games ADD COLUMN variant TEXT NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN seats_taken INTEGER NOT NULL DEFAULT 0 CHECK (seats_taken >= 0);
ALTER TABLE games ADD COLUMN finished_at INTEGER;

UPDATE games SET seats_taken = (SELECT count(*) FROM seats s WHERE s.game_id = games.id);

CREATE INDEX games_open_idx ON games (rules, created_at, id)
    WHERE finished_at IS NULL AND seats_taken < players;
