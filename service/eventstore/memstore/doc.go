// Package memstore is the in-memory [eventstore.Store]: fast, safe for
// concurrent use, and gone when the process ends.
//
// It sits beside sqlitestore and pgstore under service/eventstore and passes
// the same conformance suite (storetest). Tests of service/ use it; nothing
// durable should. OnChange tells of this process's appends only.
package memstore
