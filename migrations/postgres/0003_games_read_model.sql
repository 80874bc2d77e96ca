-- The games read model: each game's row keeps what listing games needs, so
-- that ListGames is one indexed query that folds nothing. players and
-- variant are written at creation; seats_taken by every seat claim;
-- finished_at by the append that ends the game.
--
-- Rows of games created before this migration get seats_taken here; their
-- players, variant and finished_at can be read only from their
-- configuration and log, which the server does at start (players stays 0
-- until then: see eventstore.Store.Summarise).

ALTER TABLE games
    ADD COLUMN players     integer     NOT NULL DEFAULT 0 CHECK (players >= 0),
    ADD COLUMN variant     text        NOT NULL DEFAULT '',
    ADD COLUMN seats_taken integer     NOT NULL DEFAULT 0 CHECK (seats_taken >= 0),
    ADD COLUMN finished_at timestamptz;

UPDATE games g SET seats_taken = (SELECT count(*) FROM seats s WHERE s.game_id = g.id);

-- Newest first walks games_created_idx and games_rules_created_idx
-- backwards. The lobby (games with seats to claim, newest first) has its
-- own partial index.
CREATE INDEX games_open_idx ON games (rules, created_at, id)
    WHERE finished_at IS NULL AND seats_taken < players;
