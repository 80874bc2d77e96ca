-- Events lose their store-wide order (the position identity and the writing
-- transaction's id): nothing reads across games in commit order, and every
-- append paid for both. A reader across games would bring them back.

DROP INDEX events_tx_position_idx;
ALTER TABLE events DROP COLUMN tx_id, DROP COLUMN position;
