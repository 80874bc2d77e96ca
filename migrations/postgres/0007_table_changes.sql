-- Changes of a table before its game starts (CancelGame, LeaveSeat).
-- creator_hash is SHA-256 of the creator credential CreateGame returns
-- (NULL for games created before it: they have no creator credential);
-- cancelled marks a game that its creator ended unplayed (finished_at is
-- set with it).

ALTER TABLE games
    ADD COLUMN creator_hash bytea,
    ADD COLUMN cancelled    boolean NOT NULL DEFAULT false;
