// Package migrations holds the event store's SQL schema as numbered,
// forward-only migration files embedded in the binary, and applies them.
//
//	postgres/NNNN_name.sql   PostgreSQL (pgstore), applied with tern
//	sqlite/NNNN_name.sql     SQLite (sqlitestore), applied by a small runner
//
// Stores apply them when they open, and `moonshined migrate` applies them on
// demand. Applying twice is a no-op. Concurrent starts are safe: PostgreSQL
// migrations run under tern's advisory lock, SQLite ones inside one
// BEGIN IMMEDIATE transaction (the database's single write lock). A
// database whose schema is newer than the binary's migrations is refused.
//
// Once a file is released it is never edited: a change is a new file with
// the next number.
package migrations
