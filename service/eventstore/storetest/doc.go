// Package storetest is the one conformance suite every [eventstore.Store]
// passes: memstore, sqlitestore and pgstore each call [Run] from a test.
//
// It asserts behaviour only (results, errors, ordering, atomicity under
// concurrency); it never times anything, and its timeouts only keep a broken
// store from hanging the test binary.
package storetest
