-- Turn timers: deadline_at is a game's earliest pending turn deadline, as
-- the last append that set one left it (NULL: none). The deadlines
-- themselves are events in the game's log; this copy, with its partial
-- index, lets a server find the games whose timers are due at startup and
-- while it runs without folding any.

ALTER TABLE games ADD COLUMN deadline_at timestamptz;

CREATE INDEX games_deadline_at ON games (deadline_at) WHERE deadline_at IS NOT NULL;
