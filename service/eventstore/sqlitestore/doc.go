// Package sqlitestore is the embedded [eventstore.Store]: one durable SQLite
// file, no server, pure Go (modernc.org/sqlite, no cgo). It is the default
// for a single moonshined.
//
// It sits beside memstore and pgstore under service/eventstore and passes
// the same conformance suite (storetest). Its schema lives in
// migrations/sqlite; [Open] applies it.
//
// The file is in WAL mode with synchronous=FULL (a commit is on disk when
// Append returns) and a busy timeout. Writes go through one connection and
// each runs in a BEGIN IMMEDIATE transaction, so there is one writer at a
// time (in this process and across processes sharing the file); event
// positions are therefore assigned in commit order. Appends that arrive
// while another transaction commits are written together, each in a
// savepoint of one transaction (group commit): one fsync for all of them,
// and each Append returns only once that transaction is on disk, so an
// acknowledged append is never lost; a refused one changes nothing and
// does not disturb the others. Reads use a separate pool and run
// alongside writes.
//
// OnChange tells of each commit in process. While anyone listens a poller
// also watches the file for events appended by other processes.
package sqlitestore
