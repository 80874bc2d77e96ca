-- A table's visibility: see postgres/0006_table_visibility.sql. unlisted is
-- 0 (public) or 1 (unlisted).

ALTER TABLE games ADD COLUMN unlisted INTEGER NOT NULL DEFAULT 0 CHECK (unlisted IN (0, 1));

DROP INDEX games_open_idx;
CREATE INDEX games_open_idx ON games (rules, created_at, id)
    WHERE finished_at IS NULL AND seats_taken < players AND unlisted = 0;
CREATE INDEX games_listed_idx ON games (created_at, id) WHERE unlisted = 0;
CREATE INDEX games_listed_rules_idx ON games (rules, created_at, id) WHERE unlisted = 0;
