-- A table's visibility: an unlisted table is never listed in the lobby and
-- is reached only by its id. Written once at creation; games created before
-- this migration are public.
--
-- The lobby's listings (ListGames as a client asks it) keep only public
-- tables: the partial indexes below serve them, newest first, walked
-- backwards. games_created_idx and games_rules_created_idx still serve the
-- server's own listings of every game (bots, summaries, audits).

ALTER TABLE games ADD COLUMN unlisted boolean NOT NULL DEFAULT false;

DROP INDEX games_open_idx;
CREATE INDEX games_open_idx ON games (rules, created_at, id)
    WHERE finished_at IS NULL AND seats_taken < players AND NOT unlisted;
CREATE INDEX games_listed_idx ON games (created_at, id) WHERE NOT unlisted;
CREATE INDEX games_listed_rules_idx ON games (rules, created_at, id) WHERE NOT unlisted;
