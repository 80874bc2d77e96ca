-- Changes of a table before its game starts: see
-- postgres/0007_table_changes.sql.

ALTER TABLE games ADD COLUMN creator_hash BLOB;
ALTER TABLE games ADD COLUMN cancelled INTEGER NOT NULL DEFAULT 0 CHECK (cancelled IN (0, 1));
