-- Turn timers: see postgres/0008_turn_deadlines.sql. deadline_at is in
-- microseconds since the Unix epoch, as the other times are.

ALTER TABLE games ADD COLUMN deadline_at INTEGER;

CREATE INDEX games_deadline_at ON games (deadline_at) WHERE deadline_at IS NOT NULL;
