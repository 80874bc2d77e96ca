// Package limits holds the service's limits: request rates (token buckets
// from golang.org/x/time/rate) and a count of open streams, each per key.
//
// It sits beside service/auth: gameservice asks it before it does the
// work, keyed by what each limit counts (the caller's credential, or the
// client's address), and maps its errors to RESOURCE_EXHAUSTED (with a
// google.rpc.RetryInfo for a rate).
package limits
