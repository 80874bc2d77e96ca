// Package limits holds the service's limits: request rates (token buckets
// from golang.org/x/time/rate) and a count of open streams, each per key,
// and the trusted API keys with their own creation rates ([Keys]).
//
// It sits beside service/auth: gameservice asks it before it does the
// work, keyed by what each limit counts (the caller's credential, the
// client's API key, or the client's address), and maps its errors to RESOURCE_EXHAUSTED (with a
// google.rpc.RetryInfo for a rate).
package limits
