// Package limits holds the service's per-credential limits: a command rate
// (token buckets from golang.org/x/time/rate) and a count of open streams.
//
// It sits beside service/auth: gameservice asks it, keyed by the caller's
// credential, before it does the work, and maps its errors to
// RESOURCE_EXHAUSTED (with a google.rpc.RetryInfo for the rate).
package limits
