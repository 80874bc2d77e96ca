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
//     writers of one game and nobody else, and a losing writer fails before
//     it draws an event position: positions have no gaps from conflicts.
//   - commands is keyed by (game, seat, command id): a command id belongs
//     to the seat that sent it. An append inserts its command
//     with ON CONFLICT DO NOTHING and, when that inserts nothing, rolls back
//     and returns the stored result: a repeat appends nothing.
//   - events carry a store-wide position (identity) and the writing
//     transaction's id (xid8). ReadAll reads only below the oldest running
//     transaction, in (tx_id, position) order, so a transaction that drew an
//     earlier position but commits later is never passed over.
//   - A trigger refuses UPDATE, DELETE and TRUNCATE on events.
//
// Subscribe is served by one dedicated LISTEN connection per Store, fanned
// out in memory by game id. Appends NOTIFY after their commit; see
// [Store.Append].
package pgstore
