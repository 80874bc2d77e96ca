// Package pgstore is the PostgreSQL [eventstore.Store], for running more
// than one server against one database.
//
// It sits beside memstore and sqlitestore under service/eventstore and
// passes the same conformance suite (storetest). Its schema lives in
// migrations/postgres; [Open] applies it, and [Migrate] applies it alone
// (for `moonshined migrate`).
//
// Shape (see migrations/postgres):
//
//   - games holds each stream's version. An append compare-and-sets it
//     (UPDATE ... WHERE version = expected), so the row lock serialises the
//     writers of one game and nobody else, and a losing writer writes
//     nothing.
//   - commands is keyed by (game, seat, command id): a command id belongs
//     to the seat that sent it. An append inserts its command
//     with ON CONFLICT DO NOTHING and, when that inserts nothing, rolls back
//     and returns the stored result: a repeat appends nothing.
//   - games also holds each game's read model (players, variant, seats
//     taken, finished_at, the talk stream's version), kept by the same
//     statements that write, so that ListGames is one indexed query.
//   - talk is each game's table talk, a stream of its own keyed by (game,
//     seq), with its message ids unique per seat.
//   - A trigger refuses UPDATE, DELETE and TRUNCATE on events and talk.
//
// OnChange is served by one dedicated LISTEN connection per Store, fanned
// out in memory to the listeners. Appends NOTIFY after their commit; see
// [Store.Append].
package pgstore
