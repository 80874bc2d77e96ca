-- The append path writes no more than it must. Each append (appendSQL in
-- service/eventstore/pgstore) moves the game's version, records the command
-- and writes the events in one statement; measured against a bare
-- single-row INSERT (docs/benchmarks.md), most of its extra cost was the
-- foreign key checks, one query per event and command row, and an index
-- no query needs.
--
-- The foreign keys of events and commands go: both tables are written
-- only by the statements that create the game row (createSQL) or update
-- it (appendSQL) in the same statement, which writes the rows only when
-- that game row exists, and game rows are never deleted. seats and talk
-- keep theirs (their writes are rare, and seats reports an unknown game by
-- its violation).
ALTER TABLE events DROP CONSTRAINT IF EXISTS events_game_id_fkey;
ALTER TABLE commands DROP CONSTRAINT IF EXISTS commands_game_id_fkey;

-- Every read of commands names the game (and the seat and id, or orders
-- one game's commands by first_seq): the primary key (game_id, seat,
-- command_id) serves them all, sorting a game's few thousand commands.
DROP INDEX IF EXISTS commands_game_seq_idx;
