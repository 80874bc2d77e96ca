-- Command ids belong to their seat: the key of commands becomes
-- (game, seat, command id), so one seat's id never refuses another seat's
-- command. Every row already satisfies it (the old key was stricter).

-- Table talk is recorded under ids "chat:<seat>:<message id>" and used to
-- carry seat 0; give those rows their sender's seat, the one the service
-- looks them up by from now on.
UPDATE commands SET seat = split_part(command_id, ':', 2)::integer
WHERE command_id ~ '^chat:[0-9]+:';

ALTER TABLE commands DROP CONSTRAINT commands_pkey;
ALTER TABLE commands ADD CONSTRAINT commands_pkey PRIMARY KEY (game_id, seat, command_id);
